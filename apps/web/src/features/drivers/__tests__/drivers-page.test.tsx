import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { ok } from '../../../test/fake-server';
import { ADMIN, CLERK, sessionServer, signedIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { driver, driverRoutes, LIST, SLOW } from './driver-fixtures';

const WANG = driver();
const LI = driver({
  id: 12,
  name: '李明',
  phone: '13957100002',
  state: 'prospect',
  actions: ['activate', 'blacklist'],
  deletable: true,
  licenceDue: 'expired',
  licenceExpiry: '2026-01-01',
});
const GONE = driver({
  id: 13,
  name: '杨帆',
  phone: '13957100006',
  state: 'prospect',
  deletedAt: '2026-11-20T02:00:00Z',
});
const ALL = [WANG, LI, GONE];

beforeEach(async () => {
  await setLanguage('en-US');
});

describe('the drivers list', () => {
  it('shows the drivers with their state and documents, and blacklists with a required reason', async () => {
    signedIn();
    const server = sessionServer(
      ADMIN,
      driverRoutes(ALL, {
        'PUT /api/ccwadmin/rentDriver/:action/:id': () => ok(driver({ id: 12, state: 'blacklisted' })),
      }),
    );
    renderApp('/rentDriver');
    expect(await screen.findByText('王建国', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText('李明')).toBeInTheDocument();
    expect(screen.queryByText('杨帆')).toBeNull();
    expect(screen.getByText(/2026-01-01 · Expired/)).toBeInTheDocument();
    expect(screen.getByText(/Active 1/)).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'More for 李明' }));
    await user.click(await screen.findByText('Blacklist', { selector: '.ant-dropdown-menu-title-content' }));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    await user.click(within(dialog).getByRole('button', { name: 'Blacklist' }));
    expect(await within(dialog).findByText('Required')).toBeInTheDocument();
    expect(server.calls('PUT', /blacklist/)).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox'), '拖欠租金');
    await user.click(within(dialog).getByRole('button', { name: 'Blacklist' }));
    await waitFor(() => expect(server.calls('PUT', '/api/ccwadmin/rentDriver/blacklist/12')).toHaveLength(1));
    expect(server.calls('PUT', '/api/ccwadmin/rentDriver/blacklist/12')[0]!.body).toEqual({ reason: '拖欠租金' });
  }, 60_000);

  it('exports only the selected rows, and restores a deleted driver from the deleted view', async () => {
    signedIn();
    const server = sessionServer(
      ADMIN,
      driverRoutes(ALL, {
        'POST /api/ccwadmin/rentDriver/exportDriver': () => ({ file: 'xlsx', contentType: 'application/octet-stream' }),
        'POST /api/ccwadmin/rentDriver/restore/:id': () => ok(driver({ id: 13 })),
      }),
    );
    renderApp('/rentDriver');
    await screen.findByText('王建国', {}, SLOW);
    const user = userEvent.setup();
    const rowOf = (name: string) => screen.getByText(name).closest('tr')!;
    await user.click(within(rowOf('李明')).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: /Export the 1 selected/ }));
    await waitFor(() => expect(server.calls('POST', '/api/ccwadmin/rentDriver/exportDriver')).toHaveLength(1));
    expect(server.calls('POST', '/api/ccwadmin/rentDriver/exportDriver')[0]!.body).toEqual({ ids: [12] });

    await user.click(screen.getByRole('switch', { name: 'Deleted' }));
    expect(await screen.findByText('杨帆', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText('Showing deleted records')).toBeInTheDocument();
    expect(server.calls('POST', LIST).at(-1)!.body).toMatchObject({ deleted: 'only' });
    await user.click(within(rowOf('杨帆')).getByRole('button', { name: 'Restore' }));
    await user.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(server.calls('POST', '/api/ccwadmin/rentDriver/restore/13')).toHaveLength(1));
  }, 60_000);

  it('renames a saved filter', async () => {
    signedIn();
    const server = sessionServer(
      ADMIN,
      driverRoutes(ALL, {
        'GET /api/ccwadmin/filter/list/:id': () =>
          ok([
            {
              id: 3,
              screen: 'rentDriver',
              name: 'Due soon',
              filter: { documentDue: 'soon' },
              isDefault: false,
              createdAt: '2026-11-01T00:00:00Z',
              updatedAt: '2026-11-01T00:00:00Z',
            },
          ]),
        'PUT /api/ccwadmin/filter/rename/:id': (req) =>
          ok({
            id: 3,
            screen: 'rentDriver',
            name: (req.body as { name: string }).name,
            filter: {},
            isDefault: false,
            createdAt: '2026-11-01T00:00:00Z',
            updatedAt: '2026-11-01T00:00:00Z',
          }),
      }),
    );
    renderApp('/rentDriver');
    await screen.findByText('王建国', {}, SLOW);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Saved filters/ }));
    await user.click(await screen.findByRole('button', { name: 'Rename saved filter Due soon' }));
    const dialog = (await screen.findByText('Rename saved filter', { selector: '.ant-modal-title' }, SLOW)).closest(
      '.ant-modal',
    ) as HTMLElement;
    const input = within(dialog).getByRole('textbox');
    await user.clear(input);
    await user.type(input, 'Licences to renew');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.calls('PUT', '/api/ccwadmin/filter/rename/3')).toHaveLength(1));
    expect(server.calls('PUT', '/api/ccwadmin/filter/rename/3')[0]!.body).toEqual({ name: 'Licences to renew' });
  }, 60_000);

  it('shows a reader the list without any write button', async () => {
    signedIn();
    sessionServer(CLERK, driverRoutes(ALL));
    renderApp('/rentDriver');
    expect(await screen.findByText('王建国', {}, SLOW)).toBeInTheDocument();
    for (const text of ['Add a driver', 'Import drivers', 'Export', 'Edit', 'More', 'Deleted']) {
      expect(screen.queryByText(text), text).toBeNull();
    }
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
  }, 60_000);
});
