import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { ok } from '../../../test/fake-server';
import { ADMIN, sessionServer, signedIn } from '../../../test/fixtures';
import { order as makeOrder } from '../../../test/payment-fixtures';
import { renderApp } from '../../../test/render-app';

const SLOW = { timeout: 20_000 };
/** The first test of the file also loads the route table and the list page (cold on a busy machine). */
const COLD = { timeout: 40_000 };
const order = (id: number, status: 'unpaid' | 'paid' | 'cancelled', over = {}) =>
  makeOrder({
    id,
    orderNo: `M00${id}`,
    years: 1,
    amount: 3980,
    status,
    createdAt: '2026-11-21T04:00:00Z',
    paidAt: status === 'paid' ? '2026-11-21T04:10:00Z' : null,
    payMethod: status === 'paid' ? 'wechat' : null,
    expiresAt: '2026-11-21T04:30:00Z',
    ...over,
  });
const READER = {
  menus: ['billing'],
  elements: ['billing:view'],
};

beforeEach(async () => {
  await setLanguage('en-US');
});

describe('/order/{type}', () => {
  it('lists the orders of the type, filters by status, and cancels an unpaid one', async () => {
    signedIn();
    let rows = [order(1, 'unpaid'), order(2, 'paid')];
    const server = sessionServer(ADMIN, {
      'GET /api/ccwadmin/order/list': () => ok({ rows, total: rows.length, pageNum: 1, pageSize: 20 }),
      'PUT /api/ccwadmin/order/cancel/:id': () => {
        rows = [order(1, 'cancelled'), order(2, 'paid')];
        return ok(rows[0]);
      },
    });
    renderApp('/order/membership?status=unpaid');
    const row = (await screen.findByText('M001', {}, COLD)).closest('tr')!;
    expect(server.calls('GET', '/api/ccwadmin/order/list')[0]!.query.get('type')).toBe('membership');
    expect(server.calls('GET', '/api/ccwadmin/order/list')[0]!.query.get('status')).toBe('unpaid');
    expect(within(row).getByText('12:30', { exact: false })).toBeInTheDocument();
    expect(within(row).getByText('Standard × 1 year')).toBeInTheDocument();
    expect(within(screen.getByText('M002').closest('tr')!).getByText('WeChat Pay')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(row).getByRole('button', { name: 'Cancel' }));
    await user.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(server.calls('PUT', '/api/ccwadmin/order/cancel/1')).toHaveLength(1));
    expect(await within(screen.getByText('M001').closest('tr')!).findByText('Cancelled')).toBeInTheDocument();
    expect(within(screen.getByText('M002').closest('tr')!).queryByRole('button', { name: 'Cancel' })).toBeNull();
  }, 60_000);

  it('lists every type with the filters of the URL (type, order number, pay method, dates)', async () => {
    signedIn();
    const rows = [
      order(1, 'paid', { type: 'topUp', planCode: null, planName: null }),
      order(3, 'paid', { type: 'service', serviceCode: 'S10', serviceName: 'Violation query', count: 12 }),
    ];
    const server = sessionServer(ADMIN, {
      'GET /api/ccwadmin/order/list': () => ok({ rows, total: rows.length, pageNum: 1, pageSize: 20 }),
    });
    renderApp('/order/list?type=topUp&orderNo=M00&payMethod=wechat&from=2026-11-01&to=2026-11-30');
    const row = (await screen.findByText('M001', {}, SLOW)).closest('tr')!;
    const query = server.calls('GET', '/api/ccwadmin/order/list')[0]!.query;
    expect(Object.fromEntries(query)).toMatchObject({
      type: 'topUp',
      orderNo: 'M00',
      payMethod: 'wechat',
      from: '2026-11-01',
      to: '2026-11-30',
    });
    expect(within(row).getByText('Balance top-up')).toBeInTheDocument();
    expect(within(row).getByText('Top-up')).toBeInTheDocument();
    expect(within(screen.getByText('M003').closest('tr')!).getByText('Violation query × 12')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'M001' })).toHaveAttribute('href', '/order/detail/1');
  });

  it('shows no pay, cancel or order buttons to a user who may only look', async () => {
    signedIn();
    sessionServer(READER, {
      'GET /api/ccwadmin/order/list': () => ok({ rows: [order(1, 'unpaid')], total: 1, pageNum: 1, pageSize: 20 }),
    });
    renderApp('/order/list');
    const row = (await screen.findByText('M001', {}, SLOW)).closest('tr')!;
    expect(within(row).queryByRole('button', { name: 'Pay' })).toBeNull();
    expect(within(row).queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Order a plan' })).toBeNull();
  });
});
