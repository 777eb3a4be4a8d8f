import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SavedFilter } from '@fleetdesk/contracts/saved-filters';
import { setLanguage } from '../../../lib/i18n';
import { ok } from '../../../test/fake-server';
import { ADMIN, CLERK, sessionServer, signedIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { CARS, LIST, vehicleRoutes, XLSX } from './vehicles-fixtures';

const SLOW = { timeout: 20_000 };
const where = () => screen.getByTestId('location').textContent ?? '';
/** The open modal whose title is this text. */
const modal = async (title: string) =>
  (await screen.findByText(title, { selector: '.ant-modal-title' })).closest<HTMLElement>('.ant-modal')!;

beforeEach(async () => {
  await setLanguage('en-US');
});

function captureDownloads() {
  const saved: Blob[] = [];
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: (b: Blob) => (saved.push(b), 'blob:x'),
      revokeObjectURL: () => undefined,
    }),
  );
  return saved;
}

function savedFilter(patch: Partial<SavedFilter>): SavedFilter {
  return {
    id: 1,
    screen: 'rentCar',
    name: 'Rented EVs',
    filter: { status: ['rented'], energy: ['electric'] },
    isDefault: false,
    createdAt: '2026-11-01T02:00:00Z',
    updatedAt: '2026-11-01T02:00:00Z',
    ...patch,
  };
}

describe('the cars list', () => {
  it('sends the filters of its address, searches by plate, and exports what it filters', async () => {
    signedIn();
    const saved = captureDownloads();
    const server = sessionServer(
      ADMIN,
      vehicleRoutes({
        'POST /api/ccwadmin/rentCar/exportCarInspection': () => ({ file: 'PK-not-really', contentType: XLSX }),
      }),
    );
    renderApp(
      '/rentCar?plate=AD1&status=idle,rented&carTypeId=4&inspectionDueFrom=2026-12-01&inspectionDueTo=2026-12-31&pageNum=2',
    );
    expect(await screen.findByText('浙A·D12345', {}, SLOW)).toBeInTheDocument();
    expect(server.calls('POST', LIST)[0]!.body).toEqual({
      plate: 'AD1',
      status: ['idle', 'rented'],
      carTypeId: [4],
      inspectionDueFrom: '2026-12-01',
      inspectionDueTo: '2026-12-31',
      pageNum: 2,
      pageSize: 20,
    });
    // An advanced filter is set: the advanced ones show.
    expect(screen.getByText('Inspection due', { selector: 'label' })).toBeInTheDocument();
    const row = screen.getByText('浙A·D22222').closest('tr')!;
    expect(within(row).getByText('Rented')).toBeInTheDocument();
    expect(within(row).getByText('BYD Qin PLUS 2024 EV 510km')).toBeInTheDocument();

    const user = userEvent.setup();
    // The filter form is drawn again (its fields reset to the address) when the car types arrive with their options,
    // which on a loaded machine can be after the list: act on the field as it is then.
    await waitFor(async () => {
      await user.clear(screen.getByLabelText('Plate'));
      await user.type(screen.getByLabelText('Plate'), '沪B');
      expect(screen.getByLabelText('Plate')).toHaveValue('沪B');
    }, SLOW);
    await user.click(screen.getByText('Search', { selector: 'button span' }));
    await waitFor(() => expect(where()).toContain('plate=%E6%B2%AAB'), SLOW);
    expect(where()).not.toContain('pageNum');
    await waitFor(
      () => expect(server.calls('POST', LIST).at(-1)!.body).toMatchObject({ plate: '沪B', pageNum: 1 }),
      SLOW,
    );

    await user.click(screen.getByText('Export', { selector: 'button span' }));
    await user.click(await screen.findByText('Inspections'));
    await waitFor(() => expect(saved).toHaveLength(1), SLOW);
    expect(server.calls('POST', '/api/ccwadmin/rentCar/exportCarInspection')[0]!.body).toEqual({
      plate: '沪B',
      status: ['idle', 'rented'],
      carTypeId: [4],
      inspectionDueFrom: '2026-12-01',
      inspectionDueTo: '2026-12-31',
    });
  }, 90_000);

  it('saves the filters on screen by name, applies a saved one, deletes one, and opens with the default', async () => {
    signedIn();
    let filters: SavedFilter[] = [savedFilter({ id: 1 })];
    const server = sessionServer(
      ADMIN,
      vehicleRoutes({
        'GET /api/ccwadmin/filter/list/rentCar': () => ok(filters),
        'POST /api/ccwadmin/filter/save/rentCar': (req) => {
          const input = req.body as Pick<SavedFilter, 'name' | 'filter' | 'isDefault'>;
          const created = savedFilter({ id: 2, ...input });
          filters = [...filters, created];
          return ok(created);
        },
        'DELETE /api/ccwadmin/filter/delete/:id': (req) => {
          filters = filters.filter((f) => `/api/ccwadmin/filter/delete/${f.id}` !== req.path);
          return ok(true);
        },
      }),
    );
    renderApp('/rentCar?plate=AD&brandId=3');
    expect(await screen.findByText('浙A·D12345', {}, SLOW)).toBeInTheDocument();
    const user = userEvent.setup();

    await user.click(screen.getByText('Saved filters (1)'));
    await user.click(await screen.findByText('Save the current filters…'));
    const dialog = await modal('Save the filters');
    await user.click(within(dialog).getByText('Save'));
    expect(await within(dialog).findByText('Required')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Name'), 'BYD in Hangzhou');
    await user.click(within(dialog).getByText(/Make it the default/));
    await user.click(within(dialog).getByText('Save'));
    await waitFor(() => expect(server.calls('POST', '/api/ccwadmin/filter/save/rentCar')).toHaveLength(1), SLOW);
    expect(server.calls('POST', '/api/ccwadmin/filter/save/rentCar')[0]!.body).toEqual({
      name: 'BYD in Hangzhou',
      filter: { plate: 'AD', brandId: 3 },
      isDefault: true,
    });

    // Applying a saved filter replaces the filters on screen.
    await user.click(await screen.findByText('Saved filters (2)'));
    await user.click(await screen.findByText('Rented EVs'));
    await waitFor(() => expect(where()).toBe('/rentCar?status=rented&energy=electric'), SLOW);
    await waitFor(
      () =>
        expect(server.calls('POST', LIST).at(-1)!.body).toEqual({
          status: ['rented'],
          energy: ['electric'],
          pageNum: 1,
          pageSize: 20,
        }),
      SLOW,
    );

    await user.click(screen.getByText('Saved filters (2)'));
    await user.click(await screen.findByLabelText('Delete the filter Rented EVs'));
    await user.click(await screen.findByText('OK'));
    await waitFor(() => expect(server.calls('DELETE', '/api/ccwadmin/filter/delete/1')).toHaveLength(1), SLOW);
    expect(await screen.findByText('Saved filters (1)')).toBeInTheDocument();
  }, 90_000);

  it('applies the default saved filter when it opens without filters', async () => {
    signedIn();
    const server = sessionServer(
      ADMIN,
      vehicleRoutes({
        'GET /api/ccwadmin/filter/list/rentCar': () =>
          ok([savedFilter({ id: 3, name: 'Idle', filter: { status: ['idle'] }, isDefault: true })]),
      }),
    );
    renderApp('/rentCar');
    await waitFor(() => expect(where()).toBe('/rentCar?status=idle'), SLOW);
    await waitFor(() => expect(server.calls('POST', LIST).at(-1)!.body).toMatchObject({ status: ['idle'] }), SLOW);
  }, 60_000);

  it('changes the status of selected cars and lists the refused ones with the reason', async () => {
    signedIn();
    const server = sessionServer(
      ADMIN,
      vehicleRoutes({
        'PUT /api/ccwadmin/rentCar/batch/:action': () =>
          ok({
            done: [1],
            refused: [{ id: 2, plate: '浙AD22222', message: 'A rented car cannot be sent to repair' }],
          }),
        'PUT /api/ccwadmin/rentCar/:action/:id': () => ({
          status: 409,
          body: { status: 30101, message: 'The compulsory insurance of 浙AD12345 has expired' },
        }),
      }),
    );
    renderApp('/rentCar');
    expect(await screen.findByText('浙A·D12345', {}, SLOW)).toBeInTheDocument();
    const user = userEvent.setup();
    for (const plate of ['浙A·D12345', '浙A·D22222']) {
      await user.click(within(screen.getByText(plate).closest('tr')!).getByRole('checkbox'));
    }
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    await user.click(screen.getByText('Change status'));
    await user.click(await screen.findByText('Send to repair (1 of 2 allowed)'));
    const dialog = await modal('Send to repair: 2 selected cars');
    expect(within(dialog).getByText(/By their status, 1 of the 2 cars allow this action/)).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox'), 'Brakes');
    await user.click(within(dialog).getByRole('button', { name: 'Send to repair' }));
    await waitFor(() => expect(server.calls('PUT', '/api/ccwadmin/rentCar/batch/repair')).toHaveLength(1), SLOW);
    expect(server.calls('PUT', '/api/ccwadmin/rentCar/batch/repair')[0]!.body).toEqual({
      ids: [1, 2],
      remark: 'Brakes',
    });
    const result = await modal('Status change results');
    expect(within(result).getByText('1 done, 1 refused')).toBeInTheDocument();
    const refused = within(result).getByText('A rented car cannot be sent to repair').closest('tr')!;
    expect(within(refused).getByText('浙A·D22222')).toBeInTheDocument();
    await user.click(within(result).getByText('OK'));
    await waitFor(() => expect(screen.queryByText('2 selected')).toBeNull(), SLOW);

    // One car: the actions its status allows; a refusal is told by the request layer.
    await user.click(screen.getByLabelText('More actions for 浙AD12345'));
    await screen.findByText('Rent out');
    const menu = screen.getAllByRole('menu').at(-1)!;
    expect(within(menu).queryByText('Return')).toBeNull();
    expect(within(menu).getByText('Transfer')).toBeInTheDocument();
    await user.click(within(menu).getByText('Rent out'));
    const one = await modal('Rent out: 浙A·D12345');
    await user.click(within(one).getByRole('button', { name: 'Rent out' }));
    expect(await screen.findByText('The compulsory insurance of 浙AD12345 has expired', {}, SLOW)).toBeInTheDocument();
    expect(server.calls('PUT', '/api/ccwadmin/rentCar/rentOut/1')[0]!.body).toEqual({ remark: null });
  }, 90_000);

  it('shows a user who may only look no write button', async () => {
    signedIn();
    sessionServer(CLERK, vehicleRoutes());
    renderApp('/rentCar');
    expect(await screen.findByText('浙A·D12345', {}, SLOW)).toBeInTheDocument();
    for (const text of ['Add a car', 'Import cars', 'Export', 'Edit', 'More']) {
      expect(screen.queryByText(text), text).toBeNull();
    }
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
    expect(screen.getAllByText('View')).toHaveLength(CARS.length);
    // Saved filters are the user's own: offered to a reader too.
    expect(screen.getByText('Saved filters')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Car types' }));
    expect(await screen.findByText('Economy', {}, SLOW)).toBeInTheDocument();
    expect(where()).toBe('/rentCar/carTypes');
    expect(screen.queryByText('New car type')).toBeNull();
    expect(screen.queryByText('Delete')).toBeNull();
    expect(screen.queryByText('Edit')).toBeNull();
  }, 60_000);
});
