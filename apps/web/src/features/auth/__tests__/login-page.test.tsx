import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { ok } from '../../../test/fake-server';
import { sessionServer, tokenAnswer } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import LoginPage from '../pages/login-page';

const where = () => screen.getByTestId('location').textContent;
const form = (body: unknown) => new URLSearchParams(body as URLSearchParams);

beforeEach(async () => {
  await setLanguage('en-US');
});

describe('password sign-in', () => {
  it('trims the username, sends the sign-in payload, records the client, stores the session and goes back', async () => {
    const server = sessionServer(undefined, { 'POST /api/auth/oauth/token': () => ({ body: tokenAnswer() }) });
    renderWithProviders(<LoginPage />, { route: '/login?redirect=%2FoaLog%3Ftab%3Dlogins', path: '/login' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Username'), '  admin ');
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'Admin@123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(where()).toBe('/oaLog?tab=logins'));
    const sent = form(server.calls('POST', '/api/auth/oauth/token')[0]!.body);
    expect(Object.fromEntries(sent)).toEqual({
      username: 'admin',
      password: 'Admin@123',
      grant_type: 'password',
      type: '1',
    });
    const save = server.calls('POST', '/api/admin/client/user/saveLoginInfo')[0]!;
    expect(save.headers.get('platform')).toBe('Web');
    expect(save.headers.get('version')).toBe('2.4');
    expect(save.headers.get('Authorization')).toBe('Bearer access-1');
    expect(localStorage.getItem('AccessToken')).toBe('access-1');
    expect(localStorage.getItem('RefreshToken')).toBe('refresh-1');
    expect(localStorage.getItem('TenantId')).toBe('3');
    expect(localStorage.getItem('RentId')).toBe('7');
  });

  it('goes to / when no page was asked for', async () => {
    sessionServer(undefined, { 'POST /api/auth/oauth/token': () => ({ body: tokenAnswer() }) });
    renderWithProviders(<LoginPage />, { route: '/login', path: '/login' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Username'), 'admin');
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'Admin@123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(where()).toBe('/'));
  });

  it('asks for both fields before calling anyone', async () => {
    const server = sessionServer();
    renderWithProviders(<LoginPage />, { route: '/login', path: '/login' });
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Enter your username')).toBeInTheDocument();
    expect(screen.getByText('Enter your password')).toBeInTheDocument();
    expect(server.requests).toHaveLength(0);
  });

  it("rejects an answer without an access token as 'error' and stays", async () => {
    sessionServer(undefined, {
      'POST /api/auth/oauth/token': () => ({ body: { ...tokenAnswer(), access_token: '' } }),
    });
    renderWithProviders(<LoginPage />, { route: '/login', path: '/login' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Username'), 'admin');
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'Admin@123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(
      await screen.findByText('The request failed, please try again later', {}, { timeout: 20_000 }),
    ).toBeInTheDocument();
    expect(where()).toBe('/login');
    expect(localStorage.getItem('AccessToken')).toBeNull();
  });
});

describe('code sign-in', () => {
  it('sends a code through checkPhone (scene login), counts down, and signs in with the code', async () => {
    const server = sessionServer(undefined, {
      'POST /api/admin/client/user/checkPhone/:phone': () => ok({ sent: true, resendIn: 60, sandbox: true }),
      'POST /api/auth/oauth/token': () => ({ body: tokenAnswer() }),
    });
    renderWithProviders(<LoginPage />, { route: '/login', path: '/login' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'SMS code' }));
    await user.type(screen.getByLabelText('Username or mobile number'), 'admin');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('button', { name: 'Resend in 60 s' })).toBeDisabled();
    expect(screen.getByText(/sandbox SMS/)).toBeInTheDocument();
    const check = server.calls('POST', '/api/admin/client/user/checkPhone/admin')[0]!;
    expect(check.query.get('scene')).toBe('login');
    await user.type(screen.getByLabelText('Code'), '12a3456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(where()).toBe('/'));
    const sent = form(server.calls('POST', '/api/auth/oauth/token')[0]!.body);
    expect(Object.fromEntries(sent)).toEqual({
      username: 'admin',
      password: '',
      verify: '123456',
      grant_type: 'password',
      type: '1',
    });
  });

  it('does not tell whether the account exists: the notice says "if"', async () => {
    sessionServer(undefined, {
      'POST /api/admin/client/user/checkPhone/:phone': () => ok({ sent: true, resendIn: 60, sandbox: false }),
    });
    renderWithProviders(<LoginPage />, { route: '/login', path: '/login' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'SMS code' }));
    await user.type(screen.getByLabelText('Username or mobile number'), 'nobody');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText(/^If this account exists, a code was sent/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend in 60 s' })).toBeDisabled();
  });
});

describe('QR sign-in', () => {
  it('shows the QR, follows the phone (scanned, confirmed) and exchanges the one-time code', async () => {
    let state = 'waiting';
    const server = sessionServer(undefined, {
      'GET /api/admin/client/qr': () =>
        ok({
          id: 'qr-session-0001',
          url: 'http://localhost/qr/qr-session-0001',
          image: 'data:image/png;base64,iVBORw0KGgo=',
          expiresAt: new Date(Date.now() + 120_000).toISOString(),
          expiresIn: 120,
        }),
      'GET /api/admin/client/qr/login/:id': () =>
        ok(state === 'confirmed' ? { state, username: 'admin', verify: '654321' } : { state }),
      'POST /api/auth/oauth/token': () => ({ body: tokenAnswer() }),
    });
    renderWithProviders(<LoginPage />, { route: '/login', path: '/login' });
    await userEvent.click(screen.getByRole('tab', { name: 'QR code' }));
    expect(await screen.findByRole('img', { name: 'Sign-in QR code' })).toHaveAttribute(
      'data-qr-id',
      'qr-session-0001',
    );
    expect(screen.getByText('Scan with a phone that is signed in to Fleetdesk')).toBeInTheDocument();
    state = 'scanned';
    expect(
      await screen.findByText('Scanned: confirm the sign-in on your phone', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    state = 'confirmed';
    await waitFor(() => expect(where()).toBe('/'), { timeout: 15_000 });
    const sent = form(server.calls('POST', '/api/auth/oauth/token')[0]!.body);
    expect(sent.get('username')).toBe('admin');
    expect(sent.get('verify')).toBe('654321');
    expect(sent.get('password')).toBe('');
  }, 40_000);

  it('offers a new QR once the old one has expired', async () => {
    let n = 0;
    sessionServer(undefined, {
      'GET /api/admin/client/qr': () =>
        ok({
          id: `qr-session-000${++n}`,
          url: 'u',
          image: 'data:image/png;base64,AA==',
          expiresAt: '',
          expiresIn: 120,
        }),
      'GET /api/admin/client/qr/login/:id': (req) => ok({ state: req.path.endsWith('1') ? 'expired' : 'waiting' }),
    });
    renderWithProviders(<LoginPage />, { route: '/login', path: '/login' });
    await userEvent.click(screen.getByRole('tab', { name: 'QR code' }));
    await userEvent.click(await screen.findByRole('button', { name: 'New QR code' }, { timeout: 15_000 }));
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Sign-in QR code' })).toHaveAttribute('data-qr-id', 'qr-session-0002'),
    );
    expect(screen.queryByRole('button', { name: 'New QR code' })).toBeNull();
  }, 40_000);
});

describe('registration at /register/{id}', () => {
  it('validates with the contracts schema, sends the referral code, and signs the new company in', async () => {
    const server = sessionServer(undefined, {
      'POST /api/admin/client/user/checkPhone/:phone': () => ok({ sent: true, resendIn: 60, sandbox: true }),
      'POST /api/admin/client/register': () => ({ body: tokenAnswer('new-company') }),
    });
    renderWithProviders(<LoginPage />, { route: '/register/partner-42', path: '/register/:id' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Register and start the trial' }, { timeout: 15_000 }));
    expect(screen.getByText('Enter a valid mobile number')).toBeInTheDocument();
    expect(screen.getByText('Please read and accept the user agreement and the privacy policy')).toBeInTheDocument();
    expect(server.calls('POST', '/api/admin/client/register')).toHaveLength(0);

    await user.type(screen.getByLabelText('Company name'), 'Westlake Cars');
    await user.type(screen.getByLabelText('City'), 'Hangzhou');
    await user.type(screen.getByLabelText('Contact person'), 'Li Lei');
    await user.type(screen.getByLabelText('Mobile number'), '13912345678');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(server.calls('POST', '/api/admin/client/user/checkPhone/13912345678')[0]!.query.get('scene')).toBe(
      'register',
    );
    await user.type(screen.getByLabelText('Code'), '123456');
    await user.type(screen.getByLabelText('Administrator username'), 'lilei');
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'Westlake2026');
    await user.type(screen.getByLabelText('Repeat the password'), 'Westlake2026');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Register and start the trial' }));
    await waitFor(() => expect(where()).toBe('/'));
    expect(server.calls('POST', '/api/admin/client/register')[0]!.body).toEqual({
      companyName: 'Westlake Cars',
      city: 'Hangzhou',
      contactName: 'Li Lei',
      phone: '13912345678',
      verify: '123456',
      username: 'lilei',
      password: 'Westlake2026',
      referral: 'partner-42',
    });
    expect(localStorage.getItem('AccessToken')).toBe('new-company');
  });
});

describe('forgotten password', () => {
  it('sends a code (scene reset), resets with the query parameters, and returns to sign-in', async () => {
    const server = sessionServer(undefined, {
      'POST /api/admin/client/user/checkPhone/:phone': () => ok({ sent: true, resendIn: 60, sandbox: false }),
      'POST /api/admin/client/user/forgetPassword': () => ok(true),
    });
    renderWithProviders(<LoginPage />, { route: '/login', path: '/login' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Forgot your password?' }));
    await user.type(await screen.findByLabelText('Mobile number', {}, { timeout: 15_000 }), '13800000001');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(server.calls('POST', '/api/admin/client/user/checkPhone/13800000001')[0]!.query.get('scene')).toBe('reset');
    await user.type(screen.getByLabelText('Code'), '111222');
    await user.type(screen.getByLabelText('New password'), 'Newpass2026');
    await user.type(screen.getByLabelText('Repeat the password'), 'Newpass2027');
    await user.click(screen.getByRole('button', { name: 'Reset the password' }));
    expect(screen.getByText('The two passwords differ')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Repeat the password'));
    await user.type(screen.getByLabelText('Repeat the password'), 'Newpass2026');
    await user.click(screen.getByRole('button', { name: 'Reset the password' }));
    expect(await screen.findByText('Your password was reset. Sign in with the new one.')).toBeInTheDocument();
    const reset = server.calls('POST', '/api/admin/client/user/forgetPassword')[0]!;
    expect(Object.fromEntries(reset.query)).toEqual({
      phone: '13800000001',
      verify: '111222',
      password: 'Newpass2026',
    });
  });
});
