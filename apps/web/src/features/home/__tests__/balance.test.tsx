import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { ok } from '../../../test/fake-server';
import { ADMIN, CLERK, sessionServer, signedIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

const SLOW = { timeout: 20_000 };
const BALANCE = { balance: 1234.5, updatedAt: '2026-11-26T02:00:00Z' };

beforeEach(async () => {
  await setLanguage('en-US');
});

describe('the balance on home and in the account menu', () => {
  it('shows the balance card with the ways to top up and to the ledger', async () => {
    signedIn();
    sessionServer(ADMIN, { 'GET /api/ccwadmin/balance/info': () => ok(BALANCE) });
    renderApp('/');
    const card = await screen.findByTestId('home-balance', {}, SLOW);
    expect(await within(card).findByText('¥1,234.50', {}, SLOW)).toBeInTheDocument();
    expect(within(card).getByText('Last movement 2026-11-26 10:00')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Top up' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/order/topUp'));
  });

  it('shows the balance in the account menu, leading to the ledger', async () => {
    signedIn();
    sessionServer(ADMIN, { 'GET /api/ccwadmin/balance/info': () => ok(BALANCE) });
    renderApp('/');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Account menu' }, SLOW));
    const item = await screen.findByTestId('menu-balance', {}, SLOW);
    await waitFor(() => expect(item).toHaveTextContent('Balance ¥1,234.50'));
    expect(screen.getByRole('menuitem', { name: 'My orders' })).toBeInTheDocument();
    await user.click(item);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/billing/ledger'));
  });

  it('shows neither to a user without the billing view, and does not ask for it', async () => {
    signedIn();
    const server = sessionServer(CLERK, { 'GET /api/ccwadmin/balance/info': () => ok(BALANCE) });
    renderApp('/');
    expect(await screen.findByTestId('home-membership', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByTestId('home-balance')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Profile' })).toBeInTheDocument();
    expect(screen.queryByTestId('menu-balance')).toBeNull();
    expect(server.calls('GET', '/api/ccwadmin/balance/info')).toHaveLength(0);
  });
});
