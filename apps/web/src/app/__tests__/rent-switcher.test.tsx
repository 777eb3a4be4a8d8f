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

/** The switcher offers exactly the rents of the session (the ones the user may act in), nothing else. */
describe('the rent switcher', () => {
  it("lists exactly the session's rents, with the current one selected", async () => {
    session.set({ user: user() });
    renderWithProviders(<RentSwitcher />);
    const button = screen.getByRole('button', { name: 'Switch company' });
    expect(button).toHaveTextContent('Shanghai');
    await userEvent.setup().click(button);
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['Hangzhou · Hangzhou', 'Shanghai · Shanghai']);
    expect(items[1]).toHaveClass('ant-dropdown-menu-item-selected');
  });

  it('shows a single rent without a menu, and nothing without rents', () => {
    session.set({ user: user({ rents: [RENTS[0]!], rentId: 7 }) });
    const { unmount } = renderWithProviders(<RentSwitcher />);
    expect(screen.queryByRole('button', { name: 'Switch company' })).toBeNull();
    expect(screen.getByText('Hangzhou')).toBeInTheDocument();
    unmount();
    session.set({ user: user({ rents: [] }) });
    renderWithProviders(<RentSwitcher />);
    expect(screen.queryByText('Hangzhou')).toBeNull();
  });
});
