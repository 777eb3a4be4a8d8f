import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { ok } from '../../../test/fake-server';
import { ADMIN, CLERK, sessionServer, signedIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

const SLOW = { timeout: 20_000 };
const plan = (code: string, name: string, price: number, current = false) => ({
  code,
  level: price ? 1 : 0,
  name,
  price,
  days: price ? 365 : 15,
  menus: ['rentCar', 'rentDriver', 'oaLog'],
  purchasable: price > 0,
  current,
});
const PLANS = [
  plan('TRIAL', 'Trial', 0),
  plan('STANDARD', 'Standard', 3980),
  plan('ENTERPRISE', 'Enterprise', 19800, true),
];

beforeEach(async () => {
  await setLanguage('en-US');
});

describe('/membership', () => {
  it('orders a plan for some years and shows the unpaid order, leading to the orders', async () => {
    signedIn();
    const server = sessionServer(ADMIN, {
      'GET /api/ccwadmin/associatorTenant/plans': () => ok(PLANS),
      'POST /api/ccwadmin/order/membership': () =>
        ok({
          id: 5,
          orderNo: 'M202611210001',
          type: 'membership',
          planCode: 'STANDARD',
          planName: 'Standard',
          years: 2,
          amount: 7960,
          status: 'unpaid',
          createdAt: '2026-11-21T12:00:00Z',
          paidAt: null,
          expiresAt: '2026-11-21T12:30:00Z',
        }),
      'GET /api/ccwadmin/order/list': () => ok({ rows: [], total: 0, pageNum: 1, pageSize: 20 }),
    });
    renderApp('/membership');
    const card = await screen.findByTestId('plan-STANDARD', {}, SLOW);
    expect(within(card).getByText('¥3,980.00')).toBeInTheDocument();
    expect(within(screen.getByTestId('plan-ENTERPRISE')).getByText('Current plan')).toBeInTheDocument();
    expect(within(screen.getByTestId('plan-TRIAL')).queryByRole('button')).toBeNull();
    expect(screen.getByTestId('current-membership')).toHaveTextContent('Enterprise');
    const user = userEvent.setup();
    await user.click(within(card).getByRole('combobox', { name: 'Years' }));
    await user.click(await screen.findByTitle('2 years'));
    expect(within(card).getByText('Total ¥7,960.00')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Order now' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('M202611210001')).toBeInTheDocument();
    expect(within(dialog).getByText('Unpaid')).toBeInTheDocument();
    expect(within(dialog).getByText(/Online payment arrives with the orders area/)).toBeInTheDocument();
    expect(server.calls('POST', '/api/ccwadmin/order/membership')[0]!.body).toEqual({ planCode: 'STANDARD', years: 2 });
    await user.click(within(dialog).getByRole('button', { name: 'See my orders' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/order/membership'));
  });

  it('a user without the right to buy gets the forbidden notification from the server', async () => {
    signedIn();
    sessionServer(CLERK, {
      'GET /api/ccwadmin/associatorTenant/plans': () => ok(PLANS),
      'POST /api/ccwadmin/order/membership': () => ({
        status: 403,
        body: { status: 40301, message: 'You do not have this permission. Please ask your administrator to grant it!' },
      }),
    });
    renderApp('/membership');
    const card = await screen.findByTestId('plan-STANDARD', {}, SLOW);
    await userEvent.click(within(card).getByRole('button', { name: 'Order now' }));
    expect(await screen.findByText('Forbidden', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the plans from the catalogue to a visitor, with a way to sign in', async () => {
    const server = sessionServer();
    renderApp('/membership');
    const card = await screen.findByTestId('plan-PROFESSIONAL', {}, SLOW);
    expect(within(card).getByText('¥9,800.00')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Sign in to order' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login?redirect=%2Fmembership'));
    expect(server.calls('GET', '/api/ccwadmin/associatorTenant/plans')).toHaveLength(0);
  });
});
