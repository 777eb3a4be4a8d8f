import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { fakeServer, ok, type FakeAnswer, type FakeRequest } from '../../../test/fake-server';
import { signedIn } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import AuthRedirectPage from '../pages/auth-redirect-page';

const FRONT_INFO = '/api/admin/client/user/front/info';
const where = () => screen.getByTestId('location').textContent;

const account = (id: number, name: string, username: string, tenantId: number, tenantName: string) =>
  ok({ id, name, username, type: ['admin'], menus: [], elements: [], tenantId, tenantName, rentId: null });

/** The server knows three tokens: the session's (`access-1`), another company's, and a second one of the same user. */
function server(frontInfo?: (req: FakeRequest) => FakeAnswer) {
  return fakeServer({
    [`GET ${FRONT_INFO}`]: (req) => {
      if (frontInfo) return frontInfo(req);
      switch (req.headers.get('Authorization')) {
        case 'Bearer access-1':
        case 'Bearer tok-same':
          return account(1, 'Zhang Wei', 'admin', 3, 'Demo Rentals');
        case 'Bearer tok-other':
          return account(9, 'Li Na', 'lina', 4, 'Other Fleet Co.');
        default:
          return { status: 401, body: { status: 40101, message: 'invalid token' } };
      }
    },
    'DELETE /api/auth/oauth/token': () => ok(true),
  });
}

function open(hash: string, { strict = false } = {}) {
  window.history.replaceState(null, '', `/authredirect#${hash}`);
  const page = strict ? (
    <StrictMode>
      <AuthRedirectPage />
    </StrictMode>
  ) : (
    <AuthRedirectPage />
  );
  return renderWithProviders(page, { route: '/authredirect', path: '/authredirect' });
}

const storedSession = () => ({
  access: localStorage.getItem('AccessToken'),
  authorization: localStorage.getItem('Authorization'),
  refresh: localStorage.getItem('RefreshToken'),
  tenant: localStorage.getItem('TenantId'),
  rent: localStorage.getItem('RentId'),
});
const CURRENT = {
  access: 'access-1',
  authorization: 'Bearer access-1',
  refresh: 'refresh-1',
  tenant: '3',
  rent: '7',
};
const EMPTY = { access: null, authorization: null, refresh: null, tenant: null, rent: null };

beforeEach(async () => {
  await setLanguage('en-US');
});

describe('/authredirect', () => {
  it('asks a signed-in user before switching to the link account, naming both; nothing is stored until then', async () => {
    signedIn();
    const api = server();
    open('access_token=tok-other&refresh_token=ref-other&redirect=%2FoaLog');
    const title = await screen.findByRole('heading', { name: 'Switch to Li Na (lina) of Other Fleet Co.?' });
    // The tokens left the address bar at once; the session is untouched while the question is open.
    expect(window.location.hash).toBe('');
    expect(storedSession()).toEqual(CURRENT);
    expect(where()).toBe('/authredirect');
    const card = title.closest('section')!;
    expect(within(card).getByTestId('handover-next')).toHaveTextContent('Li Na (lina)Other Fleet Co.');
    expect(within(card).getByTestId('handover-current')).toHaveTextContent('Zhang Wei (admin)Demo Rentals');
    // The link's account was asked for with the link's token (without the session's rent), the current one with
    // the session's.
    const auths = api.calls('GET', FRONT_INFO).map((r) => r.headers.get('Authorization'));
    expect(auths.sort()).toEqual(['Bearer access-1', 'Bearer tok-other']);
    const linkCall = api.calls('GET', FRONT_INFO).find((r) => r.headers.get('Authorization') === 'Bearer tok-other')!;
    expect(linkCall.headers.get('X-Rent-Id')).toBeNull();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(where()).toBe('/oaLog'));
    // The switch: the link's tokens, nothing of the previous session (its rent and tenant) left.
    expect(storedSession()).toEqual({
      access: 'tok-other',
      authorization: 'Bearer tok-other',
      refresh: 'ref-other',
      tenant: null,
      rent: null,
    });
    expect(api.calls('DELETE', '/api/auth/oauth/token')).toHaveLength(0);
  });

  it('Cancel keeps the current session, revokes the link token, and goes home', async () => {
    signedIn();
    const api = server();
    open('access_token=tok-other&refresh_token=ref-other&redirect=%2FoaLog');
    await screen.findByRole('heading', { name: 'Switch to Li Na (lina) of Other Fleet Co.?' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(where()).toBe('/'));
    expect(storedSession()).toEqual(CURRENT);
    await waitFor(() => expect(api.calls('DELETE', '/api/auth/oauth/token')).toHaveLength(1));
    const revoke = api.calls('DELETE', '/api/auth/oauth/token')[0]!;
    expect(revoke.query.get('access_token')).toBe('tok-other');
    expect(revoke.headers.get('Authorization')).toMatch(/^Basic /);
  });

  it('asks a signed-out visitor too: Continue signs in, Cancel goes to /login with nothing stored', async () => {
    server();
    // As the app renders it (StrictMode runs effects twice): the hash is read once, before it is cleaned.
    const first = open('access_token=tok-other&refresh_token=ref-other&redirect=%2FoaLog', { strict: true });
    await screen.findByRole('heading', { name: 'Sign in as Li Na (lina) of Other Fleet Co.?' });
    expect(screen.queryByTestId('handover-current')).toBeNull();
    expect(storedSession()).toEqual(EMPTY);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(where()).toBe('/oaLog'));
    expect(localStorage.getItem('AccessToken')).toBe('tok-other');
    expect(localStorage.getItem('RefreshToken')).toBe('ref-other');
    first.unmount();

    localStorage.clear();
    open('access_token=tok-other&redirect=%2FoaLog');
    await screen.findByRole('heading', { name: 'Sign in as Li Na (lina) of Other Fleet Co.?' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(where()).toBe('/login'));
    expect(storedSession()).toEqual(EMPTY);
  });

  it('passes the same user through without asking, keeping the rent chosen', async () => {
    signedIn();
    server();
    open('access_token=tok-same&refresh_token=ref-same&redirect=%2FoaLog');
    await waitFor(() => expect(where()).toBe('/oaLog'));
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
    expect(storedSession()).toEqual({
      ...CURRENT,
      access: 'tok-same',
      authorization: 'Bearer tok-same',
      refresh: 'ref-same',
    });
  });

  it('says that an invalid or expired link cannot be used, and stores nothing of it', async () => {
    server();
    const first = open('access_token=tok-dead&refresh_token=ref-dead&redirect=%2FoaLog');
    expect(await screen.findByRole('heading', { name: 'This sign-in link cannot be used' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to sign-in' })).toHaveAttribute('href', '/login');
    expect(window.location.hash).toBe('');
    expect(storedSession()).toEqual(EMPTY);
    first.unmount();

    // Signed in: the session stays, the way back is home.
    signedIn();
    open('access_token=tok-dead&redirect=%2FoaLog');
    expect(await screen.findByRole('heading', { name: 'This sign-in link cannot be used' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
    expect(storedSession()).toEqual(CURRENT);
  });

  it('offers a retry when the account of the link cannot be checked', async () => {
    let down = true;
    server((req) =>
      down ? 'network-error' : account(9, 'Li Na', 'lina', 4, `Other Fleet Co. (${req.headers.get('Authorization')})`),
    );
    open('access_token=tok-other&redirect=%2FoaLog');
    expect(await screen.findByRole('heading', { name: 'The sign-in link could not be checked' })).toBeInTheDocument();
    expect(storedSession()).toEqual(EMPTY);
    down = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { name: 'Sign in as Li Na (lina) of Other Fleet Co. (Bearer tok-other)?' }),
    ).toBeInTheDocument();
  });

  it('refuses a redirect outside the app, and goes to /login without a token', async () => {
    server();
    const first = open('access_token=tok-other&redirect=https%3A%2F%2Fevil.example');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(where()).toBe('/'));
    first.unmount();
    open('redirect=%2FoaLog');
    await waitFor(() => expect(where()).toBe('/login'));
  });
});
