import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { DRIVER_TOKEN_KEY } from '@fleetdesk/contracts/driver-portal';
import { i18n, setLanguage } from '../../../lib/i18n';
import { ok } from '../../../test/fake-server';
import { renderApp } from '../../../test/render-app';
import { driverSignedIn, FIRST, ME, portalServer, SLOW } from './fixtures';

beforeEach(async () => {
  await setLanguage('en-US');
});

const TWO = {
  ...ME,
  companies: [
    { tenantId: 3, name: 'Demo Rentals', current: true },
    { tenantId: 4, name: 'Other Rentals', current: false },
  ],
};

describe('the driver’s own page', () => {
  it('switches company: the new token replaces the old and the portal reads the new company', async () => {
    driverSignedIn('token-a');
    const server = portalServer({
      'GET /api/driver/me': (req) =>
        ok(req.headers.get('Authorization') === 'Bearer token-b' ? { ...TWO, tenantName: 'Other Rentals' } : TWO),
      'POST /api/driver/auth/switch': () =>
        ok({
          token: 'token-b',
          expiresAt: '2026-12-15T00:00:00Z',
          me: {
            ...TWO,
            tenantName: 'Other Rentals',
            companies: TWO.companies.map((c) => ({ ...c, current: c.tenantId === 4 })),
          },
        }),
    });
    renderApp('/driver/me');
    const me = await screen.findByTestId('dp-me', {}, FIRST);
    expect(within(me).getByText('139****0001')).toBeInTheDocument();
    expect(within(me).getByText('Demo Rentals', { selector: 'dd' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(me).getByLabelText('Switch company'));
    await user.click(await screen.findByText('Other Rentals', { selector: '.ant-select-item-option-content' }));
    await waitFor(() => expect(server.calls('POST', '/api/driver/auth/switch')).toHaveLength(1));
    expect(server.calls('POST', '/api/driver/auth/switch')[0]!.body).toEqual({ tenantId: 4 });
    await waitFor(() => expect(localStorage.getItem(DRIVER_TOKEN_KEY)).toBe('token-b'));
    expect(await screen.findByText('Switched to Other Rentals', {}, SLOW)).toBeInTheDocument();
  });

  it('has no company switch with one company; switches the language; signs out to the sign-in', async () => {
    driverSignedIn();
    const server = portalServer({ 'POST /api/driver/auth/signOut': () => ok(null) });
    renderApp('/driver/me');
    const me = await screen.findByTestId('dp-me', {}, FIRST);
    expect(within(me).queryByLabelText('Switch company')).toBeNull();
    expect(screen.getByRole('link', { name: /My documents/ })).toHaveAttribute('href', '/driver/documents');
    const user = userEvent.setup();
    await user.click(screen.getByText('中文'));
    await waitFor(() => expect(i18n.language).toBe('zh-CN'));
    expect(await screen.findByRole('button', { name: '退出登录' })).toBeInTheDocument();
    expect(localStorage.getItem('fleetdesk.lang')).toBe('zh-CN');
    await user.click(screen.getByRole('button', { name: '退出登录' }));
    expect(await screen.findByRole('heading', { name: '司机登录' }, SLOW)).toBeInTheDocument();
    expect(localStorage.getItem(DRIVER_TOKEN_KEY)).toBeNull();
    expect(server.calls('POST', '/api/driver/auth/signOut')[0]!.headers.get('Authorization')).toBe(
      'Bearer driver-token-1',
    );
  });
});
