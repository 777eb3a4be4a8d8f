import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { session, type Membership } from '../../../lib/session';
import { renderWithProviders } from '../../../test/render';
import GameoverPage from '../pages/gameover-page';

const where = () => screen.getByTestId('location').textContent;
const membership = (days: number): Membership => ({
  days,
  date: '2026-10-01',
  level: 3,
  code: 'ENTERPRISE',
  name: 'Enterprise',
});
const open = () => renderWithProviders(<GameoverPage />, { route: '/gameover', path: '/gameover' });

beforeEach(async () => {
  await setLanguage('en-US');
});

describe('/gameover', () => {
  it('tells an expired tenant that the membership has expired, with the way to renew', async () => {
    session.set({ membership: membership(-1) });
    open();
    expect(await screen.findByText('The service has expired')).toBeInTheDocument();
    expect(screen.getByText(/Enterprise membership expired on 2026-10-01/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Renew the membership' })).toBeInTheDocument();
    expect(where()).toBe('/gameover');
  });

  it('sends a tenant whose membership is active to /, without saying it expired', async () => {
    session.set({ membership: membership(120) });
    open();
    await waitFor(() => expect(where()).toBe('/'));
    expect(screen.queryByText('The service has expired')).toBeNull();
  });

  it('sends on to / once the membership runs again (renewed while on the page)', async () => {
    session.set({ membership: membership(-1) });
    open();
    expect(await screen.findByText('The service has expired')).toBeInTheDocument();
    act(() => session.set({ membership: membership(365) }));
    await waitFor(() => expect(where()).toBe('/'));
  });
});
