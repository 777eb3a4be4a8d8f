import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { ok } from '../../../test/fake-server';
import { ADMIN, sessionServer, signedIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

// The first render of this screen (table, date picker, tabs) is slow in jsdom.
const SLOW = { timeout: 30_000 };

beforeEach(async () => {
  await setLanguage('en-US');
});

describe('the operation log', () => {
  it('sends its filters (days as instants of the tenant zone), filters by a user from the table, and lists sign-ins', async () => {
    signedIn();
    const server = sessionServer(ADMIN, {
      'GET /api/ccwadmin/operationLog/list': () =>
        ok({
          rows: [
            {
              id: 1,
              userId: 4,
              username: 'clerk',
              rentId: 7,
              action: 'order.create',
              actionTitle: null,
              method: 'POST',
              path: '/api/ccwadmin/order/membership',
              targetType: 'order',
              targetId: '5',
              summary: { orderNo: 'M1' },
              ip: '10.0.0.8',
              createdAt: '2026-11-21T04:00:00Z',
            },
            {
              id: 2,
              userId: 4,
              username: 'clerk',
              rentId: 7,
              action: 'rentCar.update',
              actionTitle: 'Vehicles · Edit',
              method: 'PUT',
              path: '/api/ccwadmin/rentCar/update/12',
              targetType: 'car',
              targetId: '12',
              summary: { color: 'red' },
              ip: '10.0.0.8',
              createdAt: '2026-11-21T05:00:00Z',
            },
          ],
          total: 1,
          pageNum: 1,
          pageSize: 20,
        }),
      'GET /api/ccwadmin/loginRecord/list': () =>
        ok({
          rows: [
            {
              id: 9,
              userId: 1,
              username: 'admin',
              method: 'qr',
              platform: 'Web',
              version: '2.4',
              ip: '10.0.0.1',
              userAgent: 'Chromium',
              createdAt: '2026-11-21T03:00:00Z',
            },
          ],
          total: 1,
          pageNum: 1,
          pageSize: 20,
        }),
    });
    renderApp('/oaLog?action=order&from=2026-11-01&to=2026-11-21');
    expect(await screen.findByText('Create order', {}, SLOW)).toBeInTheDocument();
    const first = server.calls('GET', '/api/ccwadmin/operationLog/list')[0]!.query;
    expect(first.get('action')).toBe('order');
    expect(first.get('from')).toBe('2026-11-01T00:00:00.000+08:00');
    expect(first.get('to')).toBe('2026-11-21T23:59:59.999+08:00');
    expect(screen.getByText('Order #5').closest('a')?.getAttribute('href')).toBe('/order/detail/5');
    // The action by name, the record linked to its page; no API path until the technical details are asked for.
    expect(screen.getByText('Vehicles · Edit')).toBeInTheDocument();
    expect(screen.getByText('Car #12').closest('a')?.getAttribute('href')).toBe('/rentCar/car/12');
    expect(screen.queryByText('/api/ccwadmin/rentCar/update/12')).toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByTestId('log-technical'));
    expect(await screen.findByText('/api/ccwadmin/rentCar/update/12')).toBeInTheDocument();
    await user.click(screen.getByTestId('log-technical'));
    await waitFor(() => expect(screen.queryByText('/api/ccwadmin/rentCar/update/12')).toBeNull());
    // getByRole walks the whole accessibility tree of this large screen: far too slow in jsdom.
    await user.click(screen.getAllByText('clerk')[0]!);
    await waitFor(() =>
      expect(server.calls('GET', '/api/ccwadmin/operationLog/list').at(-1)!.query.get('userId')).toBe('4'),
    );
    expect(screen.getByText('User ID: 4')).toBeInTheDocument();
    await user.click(screen.getByText('Sign-ins'));
    expect(await screen.findByText('QR code')).toBeInTheDocument();
    expect(screen.getByText('Web 2.4')).toBeInTheDocument();
    expect(screen.getByTestId('location').textContent).toBe('/oaLog?tab=logins');
  }, 60_000);
});
