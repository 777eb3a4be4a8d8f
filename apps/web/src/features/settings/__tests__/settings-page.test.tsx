import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { ok } from '../../../test/fake-server';
import { ADMIN, sessionServer, signedIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

const SLOW = { timeout: 20_000 };

beforeEach(async () => {
  await setLanguage('en-US');
});

describe('/setting/{type}', () => {
  it('saves the profile, and the header shows the new name', async () => {
    signedIn();
    const server = sessionServer(ADMIN, {
      'PUT /api/admin/client/user/profile': (req) =>
        ok({ ...(req.body as object), id: 1, username: 'admin', mobilePhone: '13800000001', rents: [] }),
    });
    renderApp('/setting/profile');
    const name = await screen.findByLabelText('Name', {}, SLOW);
    const user = userEvent.setup();
    await user.clear(name);
    await user.type(name, 'Zhang Wei Jr');
    await user.clear(screen.getByLabelText('E-mail'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.calls('PUT', '/api/admin/client/user/profile')).toHaveLength(1));
    expect(server.calls('PUT', '/api/admin/client/user/profile')[0]!.body).toEqual({
      name: 'Zhang Wei Jr',
      email: null,
      profilePhoto: null,
    });
    expect(await screen.findByText('Profile saved', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Account menu' })).toHaveTextContent('Zhang Wei Jr');
  });

  it('changes the password after checking the rule and the repetition', async () => {
    signedIn();
    const server = sessionServer(ADMIN, { 'POST /api/admin/client/user/changePassword': () => ok(true) });
    renderApp('/setting/password');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Current password', {}, SLOW), 'Admin@123');
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.type(screen.getByLabelText('Repeat the new password'), 'other');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The password needs at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('The two passwords differ')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'Better2026');
    await user.clear(screen.getByLabelText('Repeat the new password'));
    await user.type(screen.getByLabelText('Repeat the new password'), 'Better2026');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expect(server.calls('POST', '/api/admin/client/user/changePassword')[0]!.body).toEqual({
        oldPassword: 'Admin@123',
        newPassword: 'Better2026',
      }),
    );
    expect(await screen.findByText('Password changed', {}, SLOW)).toBeInTheDocument();
  });
});
