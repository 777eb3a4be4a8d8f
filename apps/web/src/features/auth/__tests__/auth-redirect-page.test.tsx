import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import AuthRedirectPage from '../pages/auth-redirect-page';

describe('/authredirect', () => {
  it('stores the tokens of the hash, takes them out of the address bar, and goes to the redirect', async () => {
    window.history.replaceState(null, '', '/authredirect#access_token=tok-1&refresh_token=ref-1&redirect=%2FoaLog');
    renderWithProviders(<AuthRedirectPage />, { route: '/authredirect', path: '/authredirect' });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/oaLog'));
    expect(localStorage.getItem('AccessToken')).toBe('tok-1');
    expect(localStorage.getItem('Authorization')).toBe('Bearer tok-1');
    expect(localStorage.getItem('RefreshToken')).toBe('ref-1');
    expect(window.location.hash).toBe('');
  });

  it('refuses a redirect outside the app, and goes to /login without a token', async () => {
    window.history.replaceState(null, '', '/authredirect#access_token=tok-2&redirect=https%3A%2F%2Fevil.example');
    const first = renderWithProviders(<AuthRedirectPage />, { route: '/authredirect', path: '/authredirect' });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
    first.unmount();
    window.history.replaceState(null, '', '/authredirect#redirect=%2FoaLog');
    renderWithProviders(<AuthRedirectPage />, { route: '/authredirect', path: '/authredirect' });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login'));
  });
});
