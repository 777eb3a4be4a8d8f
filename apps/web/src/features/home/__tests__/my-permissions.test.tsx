import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { MENUS } from '@fleetdesk/contracts/permissions';
import { screenMenuCodes } from '../../../app/routes';
import { setLanguage } from '../../../lib/i18n';
import { registerScreens } from '../../../lib/screen-registry';
import { ADMIN, CLERK, sessionServer, signedIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

const SLOW = { timeout: 20_000 };
const tags = () => [...screen.getByTestId('home-access').querySelectorAll('.ant-tag')].map((n) => n.textContent);

beforeEach(async () => {
  await setLanguage('en-US');
});

/** "My permissions" on the home page names the granted modules that lead somewhere (a screen in the route table). */
describe('my permissions', () => {
  it('names every granted module with a screen', async () => {
    signedIn();
    sessionServer(ADMIN);
    renderApp('/');
    await screen.findByTestId('home-access', {}, SLOW);
    await waitFor(() => expect(tags()).toContain('Vehicles'));
    // Every top-level module with a screen, the office group through its screens.
    expect(tags()).toEqual(
      expect.arrayContaining([
        'Vehicles',
        'Maintenance',
        'Drivers',
        'Customers',
        'Contracts',
        'GPS risk map',
        'Office',
        'Company settings',
        'Time-share rental',
        'Rental management',
        'Fleet operations',
        'Notarization',
      ]),
    );
  });

  it('leaves out a granted module without a screen', async () => {
    // Every module of the catalogue has a screen today (notarization's came last): one is taken out of the route
    // table's registration, as a module that has not landed yet.
    registerScreens(screenMenuCodes().filter((code) => code !== 'notarization'));
    try {
      signedIn();
      sessionServer(ADMIN);
      renderApp('/');
      await screen.findByTestId('home-access', {}, SLOW);
      await waitFor(() => expect(tags()).toContain('Vehicles'));
      expect(tags()).toContain('Contracts');
      expect(tags()).not.toContain('Notarization');
      // The catalogue has it: only the screens decide.
      expect(MENUS.map((m) => m.title['en-US'])).toContain('Notarization');
    } finally {
      registerScreens(screenMenuCodes());
    }
  });

  it('shows exactly the clerk’s two modules', async () => {
    signedIn();
    sessionServer(CLERK);
    renderApp('/');
    const access = await screen.findByTestId('home-access', {}, SLOW);
    await waitFor(() => expect(tags()).toEqual(['Vehicles', 'Drivers']));
    expect(within(access).queryByText('Financing')).toBeNull();
  });
});
