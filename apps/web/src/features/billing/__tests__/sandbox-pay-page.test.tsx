import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SandboxTrade } from '@fleetdesk/contracts/payments';
import { setLanguage } from '../../../lib/i18n';
import { fakeServer, ok } from '../../../test/fake-server';
import { renderApp } from '../../../test/render-app';

const SLOW = { timeout: 20_000 };
const NO = 'M20261126104400000001';
const trade = (state: SandboxTrade['state']): SandboxTrade => ({
  orderNo: NO,
  merchant: 'Fleetdesk',
  description: 'Standard × 2 years',
  amount: 7960,
  state,
  expiresAt: '2026-11-26T03:14:00Z',
});

beforeEach(async () => {
  await setLanguage('en-US');
});

describe('/pay/sandbox/{orderNo}', () => {
  it('shows the trade to a visitor, approves it and returns to /paySuccess', async () => {
    const server = fakeServer({
      'GET /api/pay/sandbox/trade/:orderNo': () => ok(trade('scanned')),
      'POST /api/pay/sandbox/trade/:orderNo/decide': () => ok(trade('approved')),
    });
    renderApp(`/pay/sandbox/${NO}?token=tk-1`);
    expect(await screen.findByText('Standard × 2 years', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByTestId('sandbox-amount')).toHaveTextContent('¥7,960.00');
    expect(screen.getByTestId('sandbox-state')).toHaveTextContent('Scanned');
    const get = server.calls('GET', `/api/pay/sandbox/trade/${NO}`)[0]!;
    expect(get.query.get('token')).toBe('tk-1');
    // Not signed in: the public client's credential, no user token.
    expect(get.headers.get('Authorization')).toMatch(/^Basic /);
    await userEvent.click(screen.getByRole('button', { name: 'Confirm payment' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(`/paySuccess?orderNo=${NO}`));
    expect(server.calls('POST', `/api/pay/sandbox/trade/${NO}/decide`)[0]!.body).toEqual({
      token: 'tk-1',
      action: 'approve',
    });
    expect(await screen.findByText(`Order number ${NO}`, {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('offers the tester actions, and shows the outcome instead of the buttons', async () => {
    const server = fakeServer({
      'GET /api/pay/sandbox/trade/:orderNo': () => ok(trade('waiting')),
      'POST /api/pay/sandbox/trade/:orderNo/decide': () => ok(trade('approved')),
    });
    renderApp(`/pay/sandbox/${NO}?token=tk-1`);
    const tester = await screen.findByRole('region', { name: 'Tester' }, SLOW);
    await userEvent.click(within(tester).getByRole('button', { name: 'Notify a wrong amount' }));
    await waitFor(() => expect(server.calls('POST', `/api/pay/sandbox/trade/${NO}/decide`)).toHaveLength(1));
    expect(server.calls('POST', `/api/pay/sandbox/trade/${NO}/decide`)[0]!.body).toMatchObject({
      action: 'approveWrongAmount',
    });
    expect(await screen.findByText('This trade is paid. You can close this page.', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm payment' })).toBeNull();
    // Only the payer's own approval returns to the merchant.
    expect(screen.getByTestId('location').textContent).toBe(`/pay/sandbox/${NO}?token=tk-1`);
  });

  it('declines, and refuses a link without a valid token', async () => {
    fakeServer({
      'GET /api/pay/sandbox/trade/:orderNo': (req) =>
        req.query.get('token') === 'good'
          ? ok(trade('waiting'))
          : { status: 404, body: { status: 404, message: 'not found' } },
      'POST /api/pay/sandbox/trade/:orderNo/decide': () => ok(trade('declined')),
    });
    const first = renderApp(`/pay/sandbox/${NO}?token=good`);
    await userEvent.click(await screen.findByRole('button', { name: 'Decline' }, SLOW));
    expect(await screen.findByText('This payment was declined.', {}, SLOW)).toBeInTheDocument();
    first.unmount();
    renderApp(`/pay/sandbox/${NO}?token=bad`);
    expect(await screen.findByText('This payment link cannot be used', {}, SLOW)).toBeInTheDocument();
  });

  it('says on every screen that it is the sandbox and not a real payment', async () => {
    const notice = /Sandbox: not a real payment\. No money moves, yet an approved order counts as paid\./;
    for (const state of ['waiting', 'scanned', 'approved', 'declined', 'closed'] as const) {
      fakeServer({ 'GET /api/pay/sandbox/trade/:orderNo': () => ok(trade(state)) });
      const view = renderApp(`/pay/sandbox/${NO}?token=tk-1`);
      expect(await screen.findByTestId('sandbox-state', {}, SLOW)).toBeInTheDocument();
      expect(screen.getByTestId('sandbox-notice'), state).toHaveTextContent(notice);
      view.unmount();
    }
    fakeServer({ 'GET /api/pay/sandbox/trade/:orderNo': () => ({ status: 404, body: { status: 404, message: 'x' } }) });
    renderApp(`/pay/sandbox/${NO}?token=bad`);
    expect(await screen.findByText('This payment link cannot be used', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByTestId('sandbox-notice')).toHaveTextContent(notice);
  });
});
