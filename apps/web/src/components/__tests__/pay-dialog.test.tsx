import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { fakeServer, ok } from '../../test/fake-server';
import { payInfo, payStatus } from '../../test/payment-fixtures';
import { renderWithProviders } from '../../test/render';
import { PayDialog } from '../pay/pay-dialog';

const SLOW = { timeout: 10_000 };
const POLL = 50;

beforeEach(async () => {
  await setLanguage('en-US');
});

/** Answers the status poll from a list, the last answer repeated. */
function statuses(...answers: ReturnType<typeof payStatus>[]) {
  let i = 0;
  return () => ok(answers[Math.min(i++, answers.length - 1)]);
}

describe('PayDialog', () => {
  it('shows the QR code, amount, countdown and sandbox link, follows the payer, and reports paid once', async () => {
    const server = fakeServer({
      'POST /api/ccwadmin/order/pay/:id': () => ok(payInfo()),
      'GET /api/ccwadmin/order/pay/status/:id': statuses(
        payStatus('unpaid', 'waiting'),
        payStatus('unpaid', 'scanned'),
        payStatus('unpaid', 'scanned'),
        payStatus('paid'),
      ),
    });
    const onPaid = vi.fn();
    renderWithProviders(<PayDialog orderId={5} onClose={() => undefined} onPaid={onPaid} pollMs={POLL} />);
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    const qr = await within(dialog).findByRole('img', { name: 'QR code to pay order M20261126104400000001' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(within(dialog).getByText('¥7,960.00')).toBeInTheDocument();
    expect(within(dialog).getByTestId('pay-countdown').textContent).toMatch(/Closes in (29:0\d|28:5\d)/);
    expect(within(dialog).getByRole('link', { name: /Open the sandbox payment page/ })).toHaveAttribute(
      'href',
      'http://localhost/pay/sandbox/M20261126104400000001?token=tk',
    );
    expect(await within(dialog).findByText('Scanned: confirm the payment on the phone', {}, SLOW)).toBeInTheDocument();
    expect(await within(dialog).findByText('Payment received', {}, SLOW)).toBeInTheDocument();
    expect(onPaid).toHaveBeenCalledTimes(1);
    expect(onPaid.mock.calls[0]![0]).toMatchObject({ orderId: 5, status: 'paid' });
    const polls = server.calls('GET', '/api/ccwadmin/order/pay/status/5').length;
    expect(server.calls('POST', '/api/ccwadmin/order/pay/5')).toHaveLength(1);
    // Paid: the poll stops.
    await new Promise((r) => setTimeout(r, POLL * 4));
    expect(server.calls('GET', '/api/ccwadmin/order/pay/status/5').length).toBe(polls);
    expect(onPaid).toHaveBeenCalledTimes(1);
  });

  it('says when the payer declined, and offers a new order once the order closed', async () => {
    fakeServer({
      'POST /api/ccwadmin/order/pay/:id': () => ok(payInfo({ provider: 'wechat', sandbox: false, payUrl: null })),
      'GET /api/ccwadmin/order/pay/status/:id': statuses(
        payStatus('unpaid', 'declined'),
        payStatus('unpaid', 'declined'),
        payStatus('unpaid', 'declined'),
        payStatus('closed'),
      ),
    });
    const onNewOrder = vi.fn();
    renderWithProviders(
      <PayDialog orderId={5} onClose={() => undefined} onPaid={vi.fn()} onNewOrder={onNewOrder} pollMs={POLL} />,
    );
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    expect(await within(dialog).findByText(/The payment was declined/, {}, SLOW)).toBeInTheDocument();
    expect(within(dialog).getByText('Scan the code with WeChat Pay to pay')).toBeInTheDocument();
    expect(within(dialog).queryByRole('link', { name: /sandbox/ })).toBeNull();
    expect(await within(dialog).findByText('This order has closed unpaid.', {}, SLOW)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Order again' }));
    expect(onNewOrder).toHaveBeenCalledTimes(1);
  });

  it('stops offering the code once the time to pay is over', async () => {
    fakeServer({
      'POST /api/ccwadmin/order/pay/:id': () => ok(payInfo({ expiresAt: new Date(Date.now() - 1_000).toISOString() })),
      'GET /api/ccwadmin/order/pay/status/:id': () => ok(payStatus('unpaid', 'waiting')),
    });
    renderWithProviders(<PayDialog orderId={5} onClose={() => undefined} onPaid={vi.fn()} pollMs={POLL} />);
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    expect(await within(dialog).findByText('The time to pay this order is over.', {}, SLOW)).toBeInTheDocument();
    expect(within(dialog).queryByRole('img', { name: /QR code/ })).toBeNull();
  });

  it('offers to try again when the code cannot be prepared', async () => {
    let fail = true;
    fakeServer({
      'POST /api/ccwadmin/order/pay/:id': () =>
        fail ? { status: 500, body: { status: 500, message: 'provider down' } } : ok(payInfo()),
      'GET /api/ccwadmin/order/pay/status/:id': () => ok(payStatus('unpaid', 'waiting')),
    });
    renderWithProviders(<PayDialog orderId={5} onClose={() => undefined} onPaid={vi.fn()} pollMs={POLL} />);
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    expect(await within(dialog).findByText('The payment code could not be prepared.', {}, SLOW)).toBeInTheDocument();
    fail = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(within(dialog).getByRole('img', { name: /QR code/ })).toBeInTheDocument(), SLOW);
  });

  it('starts afresh for another order after one was paid', async () => {
    fakeServer({
      'POST /api/ccwadmin/order/pay/:id': (req) =>
        ok(
          payInfo({
            orderId: Number(req.path.split('/').pop()),
            orderNo: `M0000000000000000000${req.path.split('/').pop()}`,
          }),
        ),
      'GET /api/ccwadmin/order/pay/status/:id': (req) => {
        const id = Number(req.path.split('/').pop());
        return ok({ ...payStatus(id === 5 ? 'paid' : 'unpaid', 'waiting'), orderId: id });
      },
    });
    const onPaid = vi.fn();
    function Switcher() {
      const [id, setId] = useState(5);
      return (
        <>
          <button type="button" onClick={() => setId(6)}>
            next order
          </button>
          <PayDialog orderId={id} onClose={() => undefined} onPaid={onPaid} pollMs={POLL} />
        </>
      );
    }
    renderWithProviders(<Switcher />);
    expect(await screen.findByText('Payment received', {}, SLOW)).toBeInTheDocument();
    fireEvent.click(screen.getByText('next order'));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    expect(await within(dialog).findByRole('img', { name: /M00000000000000000006/ }, SLOW)).toBeInTheDocument();
    expect(within(dialog).queryByText('Payment received')).toBeNull();
    expect(onPaid).toHaveBeenCalledTimes(1);
  });
});
