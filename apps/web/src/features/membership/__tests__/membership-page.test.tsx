import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { ok } from '../../../test/fake-server';
import { ADMIN, CLERK, sessionServer, signedIn } from '../../../test/fixtures';
import { order, payInfo, payStatus } from '../../../test/payment-fixtures';
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
  it('orders a plan, shows its QR code until paid, then loads the membership again and lands on /paySuccess', async () => {
    signedIn();
    let paid = false;
    const server = sessionServer(
      { ...ADMIN, days: -1 },
      {
        'GET /api/ccwadmin/associatorTenant/plans': () => ok(PLANS),
        'POST /api/ccwadmin/order/membership': () => ok(order()),
        'POST /api/ccwadmin/order/pay/:id': () => ok(payInfo()),
        'GET /api/ccwadmin/order/pay/status/:id': () => {
          const s = server.calls('GET', '/api/ccwadmin/order/pay/status/5').length;
          paid = s >= 2;
          return ok(payStatus(paid ? 'paid' : 'unpaid', paid ? null : 'scanned'));
        },
      },
    );
    // Once paid, the membership runs again.
    server.on({
      'GET /api/ccwadmin/associatorTenant/info': () =>
        ok({
          days: paid ? 730 : -1,
          date: paid ? '2028-11-26' : '2026-11-01',
          associatorLevel: 1,
          associatorCode: 'STANDARD',
          associatorName: 'Standard',
        }),
    });
    renderApp('/membership');
    const card = await screen.findByTestId('plan-STANDARD', {}, SLOW);
    expect(within(card).getByText('¥3,980.00')).toBeInTheDocument();
    expect(within(screen.getByTestId('plan-TRIAL')).queryByRole('button')).toBeNull();
    const user = userEvent.setup();
    await user.click(within(card).getByRole('combobox', { name: 'Years' }));
    await user.click(await screen.findByTitle('2 years'));
    expect(within(card).getByText('Total ¥7,960.00')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Order now' }));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    expect(await within(dialog).findByRole('img', { name: /QR code to pay order/ }, SLOW)).toBeInTheDocument();
    expect(within(dialog).getByText('Standard × 2 years')).toBeInTheDocument();
    expect(server.calls('POST', '/api/ccwadmin/order/membership')[0]!.body).toEqual({ planCode: 'STANDARD', years: 2 });
    await waitFor(
      () => expect(screen.getByTestId('location').textContent).toBe('/paySuccess?order=5&type=membership'),
      SLOW,
    );
    expect(await screen.findByText(/Your Standard membership now runs until 2028-11-26/, {}, SLOW)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to the home page' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
    expect(await screen.findByTestId('home-membership', {}, SLOW)).toBeInTheDocument();
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
