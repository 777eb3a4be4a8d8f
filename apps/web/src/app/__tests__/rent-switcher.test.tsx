import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { clearSession, session, type SessionUser } from '../../lib/session';
import { RENTS } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { RentSwitcher } from '../layout/rent-switcher';

const user = (patch: Partial<SessionUser> = {}): SessionUser => ({
  id: 1,
  name: 'Zhang Wei',
  username: 'admin',
  phone: '13800000001',
  email: null,
  avatar: null,
  roles: ['admin'],
  menus: [],
  elements: {},
  tenantId: 3,
  tenantName: 'Demo Rentals',
  rentCode: 'SH',
  rentId: 8,
  rentName: 'Demo Rentals Shanghai',
  rentCity: 'Shanghai',
  shortRentName: 'Shanghai',
  rents: RENTS,
  ...patch,
});

beforeEach(async () => {
  await setLanguage('en-US');
});
afterEach(() => clearSession());

/**
 * The switcher offers exactly the rents of the session (the ones the user may act in), nothing else, and says what
 * the choice does on the server: it is the rent a call acts in (`X-Rent-Id`: where new records go), while lists
 * show every rent of the user's data scope (server `core/access.ts`, tested there by the lists' scope tests).
 */
describe('the rent switcher', () => {
  it("lists exactly the session's rents, with the current one selected, under what the choice does", async () => {
    session.set({ user: user() });
    renderWithProviders(<RentSwitcher />);
    const button = screen.getByRole('button', { name: 'Switch company' });
    expect(button).toHaveTextContent('Shanghai');
    expect(button).toHaveAttribute('title', expect.stringContaining('New records go to Demo Rentals Shanghai'));
    await userEvent.setup().click(button);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('New records go to')).toBeInTheDocument();
    const rents = within(menu)
      .getAllByRole('menuitem')
      .filter((i) => !i.getAttribute('aria-disabled'));
    expect(rents.map((i) => i.textContent)).toEqual(['Hangzhou · Hangzhou', 'Shanghai · Shanghai']);
    expect(rents[1]).toHaveClass('ant-dropdown-menu-item-selected');
    // Lists are not narrowed by it: the switcher says so.
    expect(within(menu).getByTestId('rent-note')).toHaveTextContent(
      "Only chooses the company new records go to; lists still show every company you can see (use a list's company filter).",
    );
  });

  it('shows a single rent without a menu, saying where new records go, and nothing without rents', () => {
    session.set({ user: user({ rents: [RENTS[0]!], rentId: 7 }) });
    const { unmount } = renderWithProviders(<RentSwitcher />);
    expect(screen.queryByRole('button', { name: 'Switch company' })).toBeNull();
    expect(screen.getByText('Hangzhou')).toBeInTheDocument();
    expect(screen.getByLabelText(/^New records go to /)).toHaveTextContent('Hangzhou');
    unmount();
    session.set({ user: user({ rents: [] }) });
    renderWithProviders(<RentSwitcher />);
    expect(screen.queryByText('Hangzhou')).toBeNull();
  });
});
