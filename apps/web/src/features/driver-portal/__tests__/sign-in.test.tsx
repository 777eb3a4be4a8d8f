import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { DRIVER_TOKEN_KEY } from '@fleetdesk/contracts/driver-portal';
import { setLanguage } from '../../../lib/i18n';
import { ok } from '../../../test/fake-server';
import { renderApp } from '../../../test/render-app';
import { driverSignedIn, fieldFailure, FIRST, HOME, ME, portalServer, SLOW } from './fixtures';

beforeEach(async () => {
  await setLanguage('en-US');
});

const phone = () => screen.getByLabelText('Phone');
const code = () => screen.getByLabelText('Code');
const submit = () => screen.getByRole('button', { name: 'Sign in' });
const location = () => screen.getByTestId('location').textContent;

describe('the driver portal’s sign-in', () => {
  it('sends a closed portal page to the portal’s sign-in, not the back office’s', async () => {
    portalServer();
    renderApp('/driver/bills');
    expect(await screen.findByRole('heading', { name: 'Driver sign-in' }, FIRST)).toBeInTheDocument();
    expect(location()).toBe('/driver/login');
    // The agreements open in a new tab.
    const personal = screen.getByRole('link', { name: 'Super Driver Personal Information Policy' });
    expect(personal).toHaveAttribute('href', '/superDriverPersonal');
    expect(personal).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'Super Driver Membership Agreement' })).toHaveAttribute(
      'href',
      '/superDriverMembers',
    );
  });

  it('checks the fields and the agreements before sending anything', async () => {
    const server = portalServer();
    renderApp('/driver/login');
    await screen.findByRole('heading', { name: 'Driver sign-in' }, FIRST);
    const user = userEvent.setup();
    await user.click(submit());
    expect(await screen.findByText('Enter your phone number')).toBeInTheDocument();
    expect(screen.getByText('Enter the 6-digit code')).toBeInTheDocument();
    expect(screen.getByText('Read and accept the agreements first')).toBeInTheDocument();

    await user.type(phone(), '12345');
    await user.click(screen.getByRole('button', { name: 'Get code' }));
    expect(await screen.findByText('Enter a valid mobile number')).toBeInTheDocument();

    await user.clear(phone());
    await user.type(phone(), '13900000001');
    await user.type(code(), '123456');
    await user.click(submit());
    // Phone and code are fine now; the agreements are still not accepted.
    expect(await screen.findByText('Read and accept the agreements first')).toBeInTheDocument();
    expect(screen.queryByText('Enter the 6-digit code')).not.toBeInTheDocument();
    expect(server.requests.filter((r) => r.path.startsWith('/api/driver/auth'))).toHaveLength(0);
  });

  it('asks for a code, counts down a minute and says where a sandbox code went', async () => {
    const server = portalServer({ 'POST /api/driver/auth/code': () => ok({ sandbox: true }) });
    renderApp('/driver/login');
    await screen.findByRole('heading', { name: 'Driver sign-in' }, FIRST);
    const user = userEvent.setup();
    await user.type(phone(), '13900000001');
    await user.click(screen.getByRole('button', { name: 'Get code' }));
    expect(await screen.findByText(/the code is in the server log/)).toBeInTheDocument();
    const counting = await screen.findByRole('button', { name: /Resend in (60|59) s/ });
    expect(counting).toBeDisabled();
    await waitFor(() => expect(screen.getByRole('button', { name: /Resend in 5[0-9] s/ })).toBeInTheDocument(), {
      timeout: 3000,
    });
    const sent = server.calls('POST', '/api/driver/auth/code')[0]!;
    expect(sent.body).toEqual({ phone: '13900000001' });
    expect(sent.headers.get('X-User-Type')).toBe('driver');
    expect(sent.headers.get('Accept-Language')).toBe('en-US');
    expect(sent.headers.get('Authorization')).toBeNull();
  });

  it('says the wait of a 429', async () => {
    portalServer({
      'POST /api/driver/auth/code': () => ({
        status: 429,
        body: { status: 429, message: 'Too many requests, try again in 42 seconds' },
      }),
    });
    renderApp('/driver/login');
    await screen.findByRole('heading', { name: 'Driver sign-in' }, FIRST);
    const user = userEvent.setup();
    await user.type(phone(), '13900000001');
    await user.click(screen.getByRole('button', { name: 'Get code' }));
    expect(await screen.findByText('Too many codes; try again in 42 seconds')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Resend in 4[12] s/ })).toBeDisabled();
  });

  it('signs in: keeps the driver token and opens the portal’s home, its calls carrying the token', async () => {
    const server = portalServer({
      'POST /api/driver/auth/signIn': () => ok({ token: 'driver-token-9', expiresAt: '2026-12-15T00:00:00Z', me: ME }),
    });
    renderApp('/driver/login');
    await screen.findByRole('heading', { name: 'Driver sign-in' }, FIRST);
    const user = userEvent.setup();
    await user.type(phone(), '13900000001');
    await user.type(code(), '123456');
    await user.click(screen.getByRole('checkbox'));
    await user.click(submit());
    expect(await screen.findByText(`Hello, ${HOME.me.name}`, {}, SLOW)).toBeInTheDocument();
    expect(location()).toBe('/driver');
    expect(localStorage.getItem(DRIVER_TOKEN_KEY)).toBe('driver-token-9');
    expect(server.calls('POST', '/api/driver/auth/signIn')[0]!.body).toEqual({ phone: '13900000001', code: '123456' });
    const home = server.calls('GET', '/api/driver/home')[0]!;
    expect(home.headers.get('Authorization')).toBe('Bearer driver-token-9');
    expect(home.headers.get('X-User-Type')).toBe('driver');
    expect(home.headers.get('X-Rent-Id')).toBeNull();
    // The back office's session is untouched.
    expect(localStorage.getItem('AccessToken')).toBeNull();
  });

  it('shows the server’s field errors under their fields', async () => {
    portalServer({
      'POST /api/driver/auth/signIn': () => fieldFailure([{ path: 'code', message: 'The code is wrong or used' }]),
    });
    renderApp('/driver/login');
    await screen.findByRole('heading', { name: 'Driver sign-in' }, FIRST);
    const user = userEvent.setup();
    await user.type(phone(), '13900000001');
    await user.type(code(), '654321');
    await user.click(screen.getByRole('checkbox'));
    await user.click(submit());
    expect(await screen.findByText('The code is wrong or used')).toBeInTheDocument();
    expect(localStorage.getItem(DRIVER_TOKEN_KEY)).toBeNull();
  });

  it('forgets a refused token and goes back to the sign-in on a 401', async () => {
    driverSignedIn('dead-token');
    portalServer({
      'GET /api/driver/home': () => ({ status: 401, body: { status: 40101, message: 'token expired' } }),
    });
    renderApp('/driver');
    expect(await screen.findByRole('heading', { name: 'Driver sign-in' }, FIRST)).toBeInTheDocument();
    expect(location()).toBe('/driver/login');
    expect(localStorage.getItem(DRIVER_TOKEN_KEY)).toBeNull();
    // Not the back office's relogin box.
    expect(screen.queryByText(/sign in again/i)).not.toBeInTheDocument();
  });
});
