import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Device } from '@fleetdesk/contracts/gps';
import type { GpsReceipt, GpsReceiptDetail } from '@fleetdesk/contracts/gps-receipts';
import { setLanguage } from '../../../../lib/i18n';
import { ok, type FakeRequest } from '../../../../test/fake-server';
import { ADMIN, sessionServer, signedIn } from '../../../../test/fixtures';
import { renderApp } from '../../../../test/render-app';
import type { Rent } from '@fleetdesk/contracts/organisation';

const FIRST = { timeout: 60_000 };
const G = '/api/ccwgps';

const receipt = (patch: Partial<GpsReceiptDetail> = {}): GpsReceiptDetail => ({
  id: 31,
  number: 'JJ202611260001',
  kind: 'a2b',
  state: 'pending',
  fromRentId: 7,
  fromRentName: 'Demo Rentals Hangzhou',
  toRentId: 8,
  toRentName: 'Demo Rentals Shanghai',
  sourceId: null,
  sourceNumber: null,
  deviceCount: 1,
  note: null,
  expressNo: 'SF1234567890',
  createdByName: 'Zhang Wei',
  createdAt: '2026-11-26T02:00:00Z',
  receivedByName: null,
  receivedAt: null,
  cancelledByName: null,
  cancelledAt: null,
  devices: [{ deviceId: 5, imei: '644960770007', model: 'JT-W100', rentName: 'Demo Rentals Hangzhou' }],
  canReceive: true,
  canCancel: true,
  ...patch,
});
const RENT_ROWS = [7, 8].map((id) => ({
  id,
  name: id === 7 ? 'Demo Rentals Hangzhou' : 'Demo Rentals Shanghai',
  status: 'active',
})) as Rent[];
const device = (id: number, imei: string) => ({ id, imei, model: 'JT-W100', rentId: 7 }) as Device;

/** A modal by its title. */
const dialog = async (title: string) =>
  (await screen.findByText(title, { selector: '.ant-modal-title' })).closest<HTMLElement>('[role="dialog"]')!;
const option = async (text: string | RegExp) =>
  (await screen.findAllByText(text, { selector: '.ant-select-item-option-content' })).at(-1)!;

describe('/riskGpsMap/receipts', () => {
  it('lists receipts with their filters, creates one from picked devices, receives it in the drawer', async () => {
    await setLanguage('en-US');
    signedIn();
    let rows: GpsReceiptDetail[] = [receipt({ id: 30, number: 'JJ202611250001', state: 'received' })];
    const lists: FakeRequest[] = [];
    const created: FakeRequest[] = [];
    const server = sessionServer(ADMIN, {
      [`GET ${G}/receipt/list`]: (req) => {
        lists.push(req);
        return ok({ rows: rows as GpsReceipt[], total: rows.length, pageNum: 1, pageSize: 20 });
      },
      'GET /api/ccwadmin/rent/list': () => ok(RENT_ROWS),
      [`POST ${G}/device/all`]: () =>
        ok({ rows: [device(5, '644960770007'), device(6, '644960770008')], total: 2, pageNum: 1, pageSize: 500 }),
      [`POST ${G}/receipt/create`]: (req) => {
        created.push(req);
        const r = receipt();
        rows = [r, ...rows];
        return ok(r);
      },
      [`GET ${G}/receipt/detail/:id`]: (req) => ok(rows.find((r) => req.path.endsWith(`/${r.id}`))!),
      [`PUT ${G}/receipt/b/receive/:id`]: () => {
        rows = rows.map((r) =>
          r.id === 31
            ? { ...r, state: 'received', receivedByName: 'Zhang Wei', canReceive: false, canCancel: false }
            : r,
        );
        return ok(rows[0]);
      },
      [`GET ${G}/alarm/alarmCount/unHandle`]: () => ok(0),
    });
    renderApp('/riskGpsMap/receipts?state=received');
    const page = await screen.findByTestId('gps-receipts-page', {}, FIRST);
    expect(await within(page).findByText('JJ202611250001', {}, FIRST)).toBeInTheDocument();
    expect(lists[0]!.query.get('state')).toBe('received');
    expect(within(page).getByRole('tab', { name: 'Receipts' })).toBeInTheDocument();

    // Create: the receiver, two devices moved to the right, a courier number.
    const user = userEvent.setup();
    await user.click(within(page).getByRole('button', { name: 'New receipt' }));
    const form = await dialog('New receipt');
    await user.click(within(form).getByRole('button', { name: 'Submit' }));
    expect(await within(form).findByText('Choose the receiving company')).toBeInTheDocument();
    expect(await within(form).findByText('Choose 1 to 200 devices')).toBeInTheDocument();
    expect(created).toHaveLength(0);

    await user.click(within(form).getByRole('combobox', { name: 'Receiving company' }));
    await user.click(await option('Demo Rentals Shanghai'));
    await user.click(await within(form).findByText('644960770007 · JT-W100'));
    await user.click(within(form).getByRole('button', { name: /right/ }));
    await user.type(within(form).getByLabelText('Courier number'), 'SF1234567890');
    await user.click(within(form).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]!.body).toEqual({
      kind: 'a2b',
      fromRentId: 7,
      toRentId: 8,
      deviceIds: [5],
      expressNo: 'SF1234567890',
      note: null,
    });

    // The new receipt opens in the drawer; receiving it is confirmed first.
    const drawer = await screen.findByTestId('gps-receipt-detail');
    expect(within(drawer).getByText('644960770007')).toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: 'Receive' }));
    await user.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(server.calls('PUT', `${G}/receipt/b/receive/31`)).toHaveLength(1));
    await waitFor(() => expect(within(drawer).queryByRole('button', { name: 'Receive' })).toBeNull());
    expect(within(drawer).getAllByText('Received').length).toBeGreaterThan(0);
  }, 120_000);

  it('shows no create button without riskGpsMap:receipt (Chinese)', async () => {
    await setLanguage('zh-CN');
    signedIn();
    sessionServer(
      { menus: ['riskGpsMap'], elements: ['riskGpsMap:view'] },
      {
        [`GET ${G}/receipt/list`]: () => ok({ rows: [receipt()], total: 1, pageNum: 1, pageSize: 20 }),
        [`GET ${G}/receipt/detail/:id`]: () => ok(receipt({ canReceive: false, canCancel: false })),
        [`GET ${G}/alarm/alarmCount/unHandle`]: () => ok(0),
      },
    );
    renderApp('/riskGpsMap/receipts');
    const page = await screen.findByTestId('gps-receipts-page', {}, FIRST);
    expect(await within(page).findByText('JJ202611260001', {}, FIRST)).toBeInTheDocument();
    expect(within(page).getByText('待接收')).toBeInTheDocument();
    expect(within(page).queryByRole('button', { name: '新建交接单' })).toBeNull();
    const user = userEvent.setup();
    await user.click(within(page).getByRole('button', { name: '详情' }));
    const drawer = await screen.findByTestId('gps-receipt-detail');
    expect(within(drawer).queryByRole('button', { name: '确认接收' })).toBeNull();
    expect(within(drawer).queryByRole('button', { name: '取消交接' })).toBeNull();
  });
});
