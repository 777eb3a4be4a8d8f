import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { ok } from '../../../test/fake-server';
import { ADMIN, sessionServer, signedIn } from '../../../test/fixtures';
import { orderDetail, payInfo, payStatus } from '../../../test/payment-fixtures';
import { renderApp } from '../../../test/render-app';

const SLOW = { timeout: 20_000 };
const TOP_UP = { id: 5, orderNo: 'T20261126104400000005', type: 'topUp' as const, planCode: null, planName: null };

beforeEach(async () => {
  await setLanguage('en-US');
});

describe('/order/topUp', () => {
  it('checks the amount, orders the top-up, shows its QR code and lands on /paySuccess once paid', async () => {
    signedIn();
    let paid = false;
    const server = sessionServer(ADMIN, {
      'GET /api/ccwadmin/balance/info': () => ok({ balance: paid ? 1200 : 0, updatedAt: null }),
      'POST /api/ccwadmin/order/topUp': (req) =>
        ok(orderDetail({ ...TOP_UP, amount: (req.body as { amount: number }).amount })),
      'POST /api/ccwadmin/order/pay/:id': () => ok(payInfo({ orderNo: TOP_UP.orderNo, amount: 1200 })),
      'GET /api/ccwadmin/order/pay/status/:id': () => {
        paid = server.calls('GET', '/api/ccwadmin/order/pay/status/5').length >= 2;
        return ok(payStatus(paid ? 'paid' : 'unpaid', 'waiting'));
      },
    });
    renderApp('/order/topUp');
    expect(await within(await screen.findByTestId('top-up-balance', {}, SLOW)).findByText('¥0.00')).toBeInTheDocument();
    const amount = screen.getByRole('spinbutton', { name: 'Amount to top up (yuan)' });
    const user = userEvent.setup();
    await user.clear(amount);
    await user.type(amount, '5');
    await user.click(screen.getByRole('button', { name: 'Top up and pay' }));
    expect(await screen.findByText('A top-up is 10 to 50000 yuan', {}, SLOW)).toBeInTheDocument();
    expect(server.calls('POST', '/api/ccwadmin/order/topUp')).toHaveLength(0);
    await user.clear(amount);
    await user.type(amount, '1200');
    await user.click(screen.getByRole('button', { name: 'Top up and pay' }));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    expect(await within(dialog).findByText('¥1,200.00', {}, SLOW)).toBeInTheDocument();
    expect(server.calls('POST', '/api/ccwadmin/order/topUp')[0]!.body).toEqual({ amount: 1200 });
    await waitFor(
      () => expect(screen.getByTestId('location').textContent).toBe('/paySuccess?order=5&type=topUp'),
      SLOW,
    );
    expect(screen.getByText('The amount is on your balance.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'See the ledger' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/billing/ledger'));
  });
});

describe('/order/detail/{id}', () => {
  it('shows a paid top-up with its refunds, downloads the receipt and refunds unused money', async () => {
    signedIn();
    let detail = orderDetail({
      ...TOP_UP,
      amount: 1000,
      status: 'paid',
      payMethod: 'alipay',
      providerTradeNo: '2026112622001400000001',
      paidAt: '2026-11-26T02:50:00Z',
      refundable: 800,
      refunds: [],
    });
    const server = sessionServer(ADMIN, {
      'GET /api/ccwadmin/order/receipt/:id': () => ({ file: '%PDF-1.7', contentType: 'application/pdf' }),
      'POST /api/ccwadmin/order/refund/:id': (req) => {
        const body = req.body as { amount: number; reason: string };
        detail = {
          ...detail,
          status: 'partRefunded',
          refundedAmount: body.amount,
          refundable: 800 - body.amount,
          refunds: [
            {
              id: 1,
              refundNo: 'R20261126110000000001',
              channel: 'provider',
              amount: body.amount,
              count: null,
              reason: body.reason,
              status: 'processing',
              createdAt: '2026-11-26T03:00:00Z',
              finishedAt: null,
            },
          ],
        };
        return ok(detail);
      },
      'GET /api/ccwadmin/order/:id': () => ok(detail),
    });
    const createUrl = vi.fn(() => 'blob:receipt');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: createUrl, revokeObjectURL: vi.fn() }));
    renderApp('/order/detail/5');
    expect(await screen.findByText('Order T20261126104400000005', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText('2026112622001400000001')).toBeInTheDocument();
    expect(screen.getByText('Alipay')).toBeInTheDocument();
    expect(screen.getByText('No refund')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Receipt \(PDF\)/ }));
    await waitFor(() => expect(server.calls('GET', '/api/ccwadmin/order/receipt/5')).toHaveLength(1));
    await waitFor(() => expect(createUrl).toHaveBeenCalled());

    await user.click(screen.getByRole('button', { name: 'Refund unused money' }));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    const amount = within(dialog).getByRole('spinbutton', { name: 'Amount (yuan)' });
    await user.clear(amount);
    await user.type(amount, '900');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByText('At most ¥800.00 can be refunded', {}, SLOW)).toBeInTheDocument();
    expect(await within(dialog).findByText('Required')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '300');
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Closing the account');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(server.calls('POST', '/api/ccwadmin/order/refund/5')).toHaveLength(1));
    expect(server.calls('POST', '/api/ccwadmin/order/refund/5')[0]!.body).toEqual({
      amount: 300,
      reason: 'Closing the account',
    });
    const refund = (await screen.findByText('R20261126110000000001', {}, SLOW)).closest('tr')!;
    expect(within(refund).getByText('Processing')).toBeInTheDocument();
    expect(within(refund).getByText('To the payer')).toBeInTheDocument();
    expect(screen.getAllByText('Partly refunded').length).toBeGreaterThan(0);
  });

  it('offers pay and cancel for an unpaid order, and no receipt', async () => {
    signedIn();
    let detail = orderDetail();
    const server = sessionServer(ADMIN, {
      'PUT /api/ccwadmin/order/cancel/:id': () => {
        detail = { ...detail, status: 'cancelled' };
        return ok(detail);
      },
      'GET /api/ccwadmin/order/:id': () => ok(detail),
    });
    renderApp('/order/detail/5');
    expect(await screen.findByText('Standard × 2 years', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Receipt/ })).toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(server.calls('PUT', '/api/ccwadmin/order/cancel/5')).toHaveLength(1));
    expect((await screen.findAllByText('Cancelled', {}, SLOW)).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Pay' })).toBeNull();
  });

  it('says so when the order is not the tenant’s (404)', async () => {
    signedIn();
    sessionServer(ADMIN, {
      'GET /api/ccwadmin/order/:id': () => ({ status: 404, body: { status: 404, message: 'not found' } }),
    });
    renderApp('/order/detail/77');
    expect(await screen.findByText('This order was not found.', {}, SLOW)).toBeInTheDocument();
  });
});
