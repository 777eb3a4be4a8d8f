import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES } from '@fleetdesk/contracts/validation';
import type { Rent } from '@fleetdesk/contracts/organisation';
import { setLanguage } from '../../../lib/i18n';
import { ok } from '../../../test/fake-server';
import { ADMIN, sessionServer, signedIn, type Account } from '../../../test/fixtures';
import { searchFor } from '../../../test/filter-form';
import { renderApp } from '../../../test/render-app';
import { API, orgRoutes, rent, RENTS, FIRST, SLOW } from './org-fixtures';

const ADD = `${API}/rent/add`;
const UPLOAD = '/api/tool/oss/upload/license';

beforeEach(async () => {
  await setLanguage('en-US');
});

const dialog = async (title: string) =>
  (await screen.findByText(title, { selector: '.ant-modal-title' }, SLOW)).closest<HTMLElement>('.ant-modal')!;

describe('subsidiaries', () => {
  it('lists the rents, checks the credit code, uploads the licence and sends the form', async () => {
    signedIn();
    let rents: Rent[] = [...RENTS];
    const server = sessionServer(
      ADMIN,
      orgRoutes({
        [`GET ${API}/rent/list`]: () => ok(rents),
        [UPLOAD.replace('/api', 'POST /api')]: () =>
          ok({
            url: 'oss://licences/ningbo.png',
            signedUrl: 'https://files.example/ningbo.png?sig=1',
            name: 'ningbo.png',
            size: 3,
            contentType: 'image/png',
          }),
        [`POST ${ADD}`]: (req) => {
          const created = rent({ id: 10, code: 'NB', employees: 0, cars: 0, ...(req.body as Partial<Rent>) });
          rents = [...rents, created];
          return ok(created);
        },
      }),
    );
    renderApp('/oa/companySetting');
    const user = userEvent.setup();
    const table = await screen.findByTestId('subsidiaries', {}, FIRST);
    expect(await within(table).findByText('Demo Rentals Shanghai', {}, SLOW)).toBeInTheDocument();
    const hz = within(table).getByText('Demo Rentals Hangzhou').closest('tr')!;
    expect(within(hz).getByText('91330100MA2B3C4D5E')).toBeInTheDocument();
    expect(within(hz).getByText('Wang Fang 13800000002')).toBeInTheDocument();
    expect(within(hz).getByText('40')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Add subsidiary/ }));
    const box = await dialog('Add a subsidiary');
    await user.click(within(box).getByRole('button', { name: 'Save' }));
    expect(await within(box).findAllByText('Required')).not.toHaveLength(0);
    fireEvent.change(within(box).getByLabelText('Name'), { target: { value: 'Demo Rentals Ningbo' } });
    fireEvent.change(within(box).getByLabelText('Short name'), { target: { value: 'Ningbo' } });
    fireEvent.change(within(box).getByLabelText('City'), { target: { value: 'Ningbo' } });
    fireEvent.change(within(box).getByLabelText('Credit code'), { target: { value: '91330200OOO' } });
    await user.click(within(box).getByRole('button', { name: 'Save' }));
    expect(await within(box).findByText(VALIDATION_MESSAGES['v.creditCode']!['en-US'])).toBeInTheDocument();
    expect(server.calls('POST', ADD)).toHaveLength(0);

    fireEvent.change(within(box).getByLabelText('Credit code'), { target: { value: '91330200ma2b3c4d5x' } });
    const input = box.querySelector<HTMLInputElement>('input[type=file]')!;
    await user.upload(input, new File(['png'], 'ningbo.png', { type: 'image/png' }));
    expect(await within(box).findByRole('img', { name: 'Business licence' }, SLOW)).toHaveAttribute(
      'src',
      'https://files.example/ningbo.png?sig=1',
    );
    expect(server.calls('POST', UPLOAD)).toHaveLength(1);
    await user.click(within(box).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.calls('POST', ADD)).toHaveLength(1));
    expect(server.calls('POST', ADD)[0]!.body).toEqual({
      name: 'Demo Rentals Ningbo',
      shortName: 'Ningbo',
      city: 'Ningbo',
      address: null,
      contactName: null,
      contactPhone: null,
      licenceNo: '91330200MA2B3C4D5X',
      licenceImage: 'oss://licences/ningbo.png',
    });
    expect(await within(table).findByText('Demo Rentals Ningbo', {}, SLOW)).toBeInTheDocument();
  }, 120_000);

  it('disables a rent after saying its records stay readable', async () => {
    signedIn();
    const server = sessionServer(
      ADMIN,
      orgRoutes({ [`PUT ${API}/rent/status/:id`]: (req) => ok(rent({ id: 8, ...(req.body as object) })) }),
    );
    renderApp('/oa/companySetting');
    const user = userEvent.setup();
    const row = (await screen.findByText('Demo Rentals Shanghai', {}, FIRST)).closest('tr')!;
    await user.click(within(row).getByText('Disable'));
    const confirm = (
      await screen.findByText('Disable Demo Rentals Shanghai?', { selector: '.ant-modal-confirm-title' })
    ).closest<HTMLElement>('.ant-modal')!;
    expect(within(confirm).getByText(/stay readable, but nothing new can be created/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(server.calls('PUT', `${API}/rent/status/8`)).toHaveLength(1));
    expect(server.calls('PUT', `${API}/rent/status/8`)[0]!.body).toEqual({ status: 'disabled' });
    // The disabled Suzhou rent offers enabling.
    const suzhou = screen.getByText('Demo Rentals Suzhou').closest('tr')!;
    expect(within(suzhou).getByText('Enable')).toBeInTheDocument();
  }, 90_000);

  it('filters the rents by keyword and status in the filter form, the URL keeping them, with one call', async () => {
    signedIn();
    const server = sessionServer(ADMIN, orgRoutes());
    renderApp('/oa/companySetting');
    const user = userEvent.setup();
    const page = await screen.findByTestId('subsidiaries', {}, FIRST);
    expect(await within(page).findByText('Demo Rentals Suzhou', {}, SLOW)).toBeInTheDocument();
    expect(within(page).getByText('3 records')).toBeInTheDocument();

    // The keyword is any part of the name, short name, code, city, contact or credit code.
    await searchFor(user, page, 'Keyword', 'shang');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/oa/companySetting?keyword=shang'));
    await waitFor(() => expect(within(page).queryByText('Demo Rentals Hangzhou')).not.toBeInTheDocument());
    expect(within(page).getByText('Demo Rentals Shanghai')).toBeInTheDocument();
    expect(within(page).getByText('1 record')).toBeInTheDocument();
    await searchFor(user, page, 'Keyword', 'wang fang');
    expect(await within(page).findByText('3 records')).toBeInTheDocument();

    // The whole list was asked for once: filtering happens on the page.
    expect(server.calls('GET', `${API}/rent/list`)).toHaveLength(1);
  }, 90_000);

  it('opens on the status in the URL and says so when no rent passes the filters', async () => {
    signedIn();
    sessionServer(ADMIN, orgRoutes());
    renderApp('/oa/companySetting?status=disabled');
    const page = await screen.findByTestId('subsidiaries', {}, FIRST);
    expect(await within(page).findByText('Demo Rentals Suzhou', {}, SLOW)).toBeInTheDocument();
    expect(within(page).queryByText('Demo Rentals Hangzhou')).not.toBeInTheDocument();
    expect(within(page).getByText('1 record')).toBeInTheDocument();

    const user = userEvent.setup();
    await searchFor(user, page, 'Keyword', 'Hangzhou');
    expect(await within(page).findByText('No subsidiaries')).toBeInTheDocument();
    expect(within(page).queryByText('Demo Rentals Suzhou')).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/oa/companySetting?status=disabled&keyword=Hangzhou');
  }, 90_000);

  it('says so when the tenant has no rent', async () => {
    signedIn();
    sessionServer(ADMIN, orgRoutes({ [`GET ${API}/rent/list`]: () => ok([]) }));
    renderApp('/oa/companySetting');
    const page = await screen.findByTestId('subsidiaries', {}, FIRST);
    expect(await within(page).findByText('No subsidiaries', {}, SLOW)).toBeInTheDocument();
  }, 90_000);

  it('shows a user who may only look no write button', async () => {
    signedIn();
    const READER: Account = { menus: ['oa', 'oaCompany'], elements: ['oaCompany:view'] };
    sessionServer(READER, orgRoutes());
    renderApp('/oa/companySetting');
    expect(await screen.findByText('Demo Rentals Shanghai', {}, FIRST)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add subsidiary/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Disable' })).not.toBeInTheDocument();
  }, 90_000);
});
