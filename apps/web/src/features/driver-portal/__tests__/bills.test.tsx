import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PortalBill } from '@fleetdesk/contracts/driver-portal';
import { setLanguage } from '../../../lib/i18n';
import { ok } from '../../../test/fake-server';
import { renderApp } from '../../../test/render-app';
import { canPay, totalOf } from '../pages/bills-page';
import { bill, driverSignedIn, FIRST, PAY_INFO, portalServer, SLOW } from './fixtures';

beforeEach(async () => {
  await setLanguage('en-US');
});

describe('the bills’ sums', () => {
  it('adds the chosen open bills’ left amounts exactly, payable ones only', () => {
    const bills = [bill({ id: 1, left: 0.1 }), bill({ id: 2, left: 0.2 }), bill({ id: 3, state: 'paid', left: 0 })];
    expect(totalOf(bills, new Set([1, 2]))).toBe(0.3);
    expect(canPay(bills[2]!)).toBe(false);
    expect(canPay(bill({ id: 4, payable: false }))).toBe(false);
    expect(canPay(bill({ id: 5, state: 'partial', paid: 1000, left: 2200 }))).toBe(true);
  });
});

describe('paying bills in the driver portal', () => {
  it('chooses open bills, pays them by QR code, asks until paid, then reloads the bills', async () => {
    driverSignedIn();
    let paid = false;
    let polls = 0;
    const open: PortalBill[] = [
      bill({ id: 1, dueDate: '2026-11-01', overdueDays: 14, amount: 3200, paid: 2000, left: 1200, state: 'partial' }),
      bill({ id: 2, period: 4, dueDate: '2026-12-01', left: 3200 }),
      bill({ id: 3, period: 5, dueDate: '2027-01-01', payable: false }),
    ];
    const server = portalServer({
      'GET /api/driver/bills': (req) => {
        const list = paid
          ? open.map((b) =>
              b.id === 3 ? b : { ...b, state: 'paid' as const, paid: b.amount, left: 0, overdueDays: 0 },
            )
          : open;
        return ok(req.query.get('view') === 'open' ? list.filter((b) => b.state !== 'paid') : list);
      },
      'POST /api/driver/bills/pay': () => ok(PAY_INFO),
      'GET /api/driver/orders/:id/status': () => {
        polls++;
        if (polls >= 2) paid = true;
        return ok({ orderId: 77, status: paid ? 'paid' : 'unpaid', paidAt: paid ? '2026-11-15T02:10:00Z' : null });
      },
    });
    renderApp('/driver/bills');
    const first = await screen.findByTestId('dp-bill-1', {}, FIRST);
    expect(within(first).getByText('14 days overdue')).toHaveClass('fd-dp-danger');
    expect(within(first).getByText('Part paid')).toBeInTheDocument();
    // Not payable online: no box to tick.
    expect(within(screen.getByTestId('dp-bill-3')).queryByRole('checkbox')).toBeNull();
    const payButton = screen.getByRole('button', { name: 'Pay' });
    expect(payButton).toBeDisabled();

    const user = userEvent.setup();
    await user.click(within(first).getByRole('checkbox'));
    await user.click(within(screen.getByTestId('dp-bill-2')).getByRole('checkbox'));
    const bar = screen.getByTestId('dp-paybar');
    expect(within(bar).getByText('2 bills chosen, total')).toBeInTheDocument();
    expect(within(bar).getByText('¥4,400.00')).toBeInTheDocument();
    await user.click(payButton);

    const sheet = await screen.findByTestId('dp-pay-sheet', {}, SLOW);
    expect(server.calls('POST', '/api/driver/bills/pay')[0]!.body).toEqual({ lineIds: [1, 2] });
    expect(within(sheet).getByRole('img', { name: 'Payment QR code' })).toHaveAttribute('src', PAY_INFO.qrImage);
    expect(within(sheet).getByText('¥4,400.00')).toBeInTheDocument();
    expect(within(sheet).getByText('Sandbox Pay')).toBeInTheDocument();
    expect(within(sheet).getByText('2026-11-15 11:00')).toBeInTheDocument();
    const sandbox = within(sheet).getByRole('link', { name: /Pay in the sandbox/ });
    expect(sandbox).toHaveAttribute('href', PAY_INFO.payUrl);
    expect(sandbox).toHaveAttribute('target', '_blank');

    // Asked every two seconds until paid; then the bills are read again.
    expect(await within(sheet).findByText('Payment received', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(server.calls('GET', '/api/driver/orders/77/status').length).toBeGreaterThanOrEqual(2);
    await waitFor(() => expect(screen.queryByTestId('dp-bill-1')).toBeNull(), SLOW);
    expect(screen.getByTestId('dp-bill-3')).toBeInTheDocument();

    await user.click(within(sheet).getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('tab', { name: 'All' }));
    const paidRow = await screen.findByTestId('dp-bill-1', {}, SLOW);
    expect(within(paidRow).getByText('Paid', { selector: '.ant-tag' })).toBeInTheDocument();
  }, 60_000);

  it('stops asking when the sheet is closed', async () => {
    driverSignedIn();
    const server = portalServer({
      'GET /api/driver/bills': () => ok([bill({ id: 1 })]),
      'POST /api/driver/bills/pay': () => ok({ ...PAY_INFO, payUrl: null, provider: 'wechat', sandbox: false }),
      'GET /api/driver/orders/:id/status': () => ok({ orderId: 77, status: 'unpaid', paidAt: null }),
    });
    renderApp('/driver/bills');
    const row = await screen.findByTestId('dp-bill-1', {}, FIRST);
    const user = userEvent.setup();
    await user.click(within(row).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    const sheet = await screen.findByTestId('dp-pay-sheet', {}, SLOW);
    expect(within(sheet).getByText('WeChat Pay')).toBeInTheDocument();
    expect(within(sheet).queryByRole('link', { name: /Pay in the sandbox/ })).toBeNull();
    await waitFor(() => expect(server.calls('GET', '/api/driver/orders/77/status')).toHaveLength(1));
    await user.click(within(sheet).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('dp-pay-sheet')).toBeNull());
    const asked = server.calls('GET', '/api/driver/orders/77/status').length;
    await new Promise((r) => setTimeout(r, 2600));
    expect(server.calls('GET', '/api/driver/orders/77/status')).toHaveLength(asked);
  }, 60_000);

  it('says when there is nothing to pay, and offers a retry when the bills cannot be read', async () => {
    driverSignedIn();
    let fail = true;
    portalServer({
      'GET /api/driver/bills': () => (fail ? { status: 500, body: { status: 500, message: 'boom' } } : ok([])),
    });
    renderApp('/driver/bills');
    const retry = await screen.findByRole('button', { name: 'Try again' }, FIRST);
    fail = false;
    await userEvent.setup().click(retry);
    expect(await screen.findByText('Nothing to pay', {}, SLOW)).toBeInTheDocument();
  });
});
