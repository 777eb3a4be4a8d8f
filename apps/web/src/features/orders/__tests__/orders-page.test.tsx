import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { ok } from '../../../test/fake-server';
import { ADMIN, sessionServer, signedIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

const SLOW = { timeout: 20_000 };
const order = (id: number, status: string) => ({
  id,
  orderNo: `M00${id}`,
  type: 'membership',
  planCode: 'STANDARD',
  planName: 'Standard',
  years: 1,
  amount: 3980,
  status,
  createdAt: '2026-11-21T04:00:00Z',
  paidAt: status === 'paid' ? '2026-11-21T04:10:00Z' : null,
  expiresAt: '2026-11-21T04:30:00Z',
});

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
    const row = (await screen.findByText('M001', {}, SLOW)).closest('tr')!;
    expect(server.calls('GET', '/api/ccwadmin/order/list')[0]!.query.get('type')).toBe('membership');
    expect(server.calls('GET', '/api/ccwadmin/order/list')[0]!.query.get('status')).toBe('unpaid');
    expect(screen.getByText(/Online payment arrives with the orders area/)).toBeInTheDocument();
    expect(within(row).getByText('12:30', { exact: false })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(row).getByRole('button', { name: 'Cancel' }));
    await user.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(server.calls('PUT', '/api/ccwadmin/order/cancel/1')).toHaveLength(1));
    expect(await within(screen.getByText('M001').closest('tr')!).findByText('Cancelled')).toBeInTheDocument();
    expect(within(screen.getByText('M002').closest('tr')!).queryByRole('button', { name: 'Cancel' })).toBeNull();
  });
});
