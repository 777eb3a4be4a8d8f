import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { MessageItem } from '@fleetdesk/contracts/auth';
import { setLanguage } from '../../../lib/i18n';
import { ok, type FakeAnswer, type FakeRequest } from '../../../test/fake-server';
import { ADMIN, sessionServer, signedIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

const FIRST = { timeout: 60_000 };
const SLOW = { timeout: 20_000 };
const M = '/api/ccwmc/pushRecord';

const message = (patch: Partial<MessageItem>): MessageItem => ({
  id: 1,
  category: 2,
  title: 'Rent overdue',
  content: 'Contract HT202600001 (Li Ming): rent of period 11, 4800.00 yuan, is overdue',
  link: '/rentContract/detail/7?tab=bills&bill=70',
  read: false,
  readAt: null,
  archived: false,
  createdAt: '2026-11-20T02:00:00Z',
  ...patch,
});

/**
 * A small message centre behind the fake API: two unread bills and a read system message; reads change the
 * counts the bell and the side list show.
 */
function centre(more: Record<string, (req: FakeRequest) => FakeAnswer> = {}) {
  const rows = [
    message({ id: 1 }),
    message({ id: 2, title: 'Payment received', content: 'Contract HT202600002: 1200.00 yuan received', link: null }),
    message({
      id: 3,
      category: 1,
      title: 'Welcome to Fleetdesk',
      content: 'The demo data is ready',
      link: '/',
      read: true,
    }),
  ];
  const count = () => [
    { category: 1, name: 'System', num: rows.filter((r) => r.category === 1 && !r.read).length },
    { category: 2, name: 'Bills', num: rows.filter((r) => r.category === 2 && !r.read).length },
  ];
  const pick = (req: FakeRequest, category?: number) => {
    const state = req.query.get('state') ?? 'all';
    const keyword = req.query.get('keyword');
    const found = rows.filter(
      (r) =>
        (category === undefined || r.category === category) &&
        (state === 'all' || (state === 'unread' ? !r.read : state === 'read' ? r.read : false)) &&
        (!keyword || r.title.includes(keyword) || r.content.includes(keyword)),
    );
    return ok({ rows: found, total: found.length, pageNum: 1, pageSize: 20 });
  };
  const server = sessionServer(ADMIN, {
    [`GET ${M}/count`]: () => ok(count()),
    [`GET ${M}/list`]: (req) => pick(req),
    [`GET ${M}/list/category/:channel/:category`]: (req) => pick(req, Number(req.path.split('/').pop())),
    [`PUT ${M}/read/:id`]: (req) => {
      const row = rows.find((r) => r.id === Number(req.path.split('/').pop()))!;
      row.read = true;
      return ok(row);
    },
    [`PUT ${M}/readAll`]: (req) => {
      const { category } = req.body as { category?: number };
      const marked = rows.filter((r) => !r.read && (category === undefined || r.category === category));
      for (const r of marked) r.read = true;
      return ok({ count: marked.length });
    },
    [`GET ${M}/smsCategories`]: () => ok({ categories: [4], phone: null }),
    [`PUT ${M}/smsCategories`]: (req) => ok({ ...(req.body as object), phone: null }),
    'GET /api/ccwadmin/rentContract/detail/:id': () => ({ status: 404, body: { status: 404, message: 'x' } }),
    ...more,
  });
  return { server, rows };
}

describe('the message centre', () => {
  beforeEach(() => signedIn());

  it('shows a category from the bell, opens a message (read, then its record) and the bell falls, in English', async () => {
    await setLanguage('en-US');
    const { server } = centre();
    renderApp('/');
    const user = userEvent.setup();
    const bell = await screen.findByRole('button', { name: 'Message centre, 2 unread' }, FIRST);
    await user.click(bell);
    const popover = await screen.findByTestId('message-bell-list');
    expect(within(popover).getByRole('link', { name: 'Open Bills messages' })).toHaveAttribute(
      'href',
      '/messageCenter?category=2',
    );
    expect(within(popover).getByRole('link', { name: 'View all messages' })).toHaveAttribute('href', '/messageCenter');
    await user.click(within(popover).getByRole('link', { name: 'Open Bills messages' }));
    const page = await screen.findByTestId('message-centre', {}, FIRST);
    expect(await within(page).findByText('Rent overdue', {}, SLOW)).toBeInTheDocument();
    // The category's own call (spec section 3), newest first from the server.
    expect(server.calls('GET', `${M}/list/category/rent_m/2`).length).toBeGreaterThan(0);
    expect(within(page).queryByText('Welcome to Fleetdesk')).not.toBeInTheDocument();
    expect(within(page).getAllByTestId('message-unread')).toHaveLength(2);
    await user.click(within(page).getByText('Rent overdue'));
    await waitFor(() => expect(server.calls('PUT', `${M}/read/1`)).toHaveLength(1));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/rentContract/detail/7?tab=bills&bill=70'),
    );
    expect(await screen.findByRole('button', { name: 'Message centre, 1 unread' }, SLOW)).toBeInTheDocument();
  }, 90_000);

  it('filters by read state, marks a category read, shows the empty state, in Chinese', async () => {
    await setLanguage('zh-CN');
    const { server } = centre();
    renderApp('/messageCenter');
    const user = userEvent.setup();
    const page = await screen.findByTestId('message-centre', {}, FIRST);
    expect(await within(page).findByText('Welcome to Fleetdesk', {}, SLOW)).toBeInTheDocument();
    const side = within(page).getByRole('navigation', { name: '消息类别' });
    expect(within(side).getByRole('button', { name: /全部消息\s*2/ })).toHaveAttribute('aria-current', 'page');
    await user.click(within(page).getByText('未读'));
    await waitFor(() =>
      expect(server.calls('GET', `${M}/list`).some((c) => c.query.get('state') === 'unread')).toBe(true),
    );
    await waitFor(() => expect(within(page).queryByText('Welcome to Fleetdesk')).not.toBeInTheDocument());
    await user.click(within(side).getByRole('button', { name: /账单提醒/ }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('category=2'));
    await user.click(await within(page).findByRole('button', { name: /「账单提醒」全部标为已读/ }));
    await waitFor(() => expect(server.calls('PUT', `${M}/readAll`)).toHaveLength(1));
    expect(server.calls('PUT', `${M}/readAll`)[0]!.body).toEqual({ channel: 'rent_m', category: 2 });
    expect(await screen.findByText('已将 2 条消息标为已读', {}, SLOW)).toBeInTheDocument();
    expect(await within(page).findByText('没有未读消息', {}, SLOW)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: '消息中心，0 条未读' }, SLOW)).toBeInTheDocument();
  }, 90_000);

  it('searches the title and text, and offers a retry when the list fails', async () => {
    await setLanguage('en-US');
    let fail = true;
    const { server } = centre({
      [`GET ${M}/list`]: (req) =>
        fail
          ? { status: 500, body: { status: 500, message: 'boom' } }
          : ok({
              rows: req.query.get('keyword') === 'HT202600002' ? [message({ id: 2, title: 'Payment received' })] : [],
              total: 1,
              pageNum: 1,
              pageSize: 20,
            }),
    });
    renderApp('/messageCenter?keyword=HT202600002');
    const page = await screen.findByTestId('message-centre', {}, FIRST);
    const retry = await within(page).findByRole('button', { name: /Try again/ }, SLOW);
    fail = false;
    await userEvent.setup().click(retry);
    expect(await within(page).findByText('Payment received', {}, SLOW)).toBeInTheDocument();
    expect(server.calls('GET', `${M}/list`).at(-1)!.query.get('keyword')).toBe('HT202600002');
  }, 90_000);

  it('chooses the SMS categories and says when the user has no phone', async () => {
    await setLanguage('en-US');
    const { server } = centre();
    renderApp('/messageCenter');
    const user = userEvent.setup();
    const page = await screen.findByTestId('message-centre', {}, FIRST);
    await user.click(await within(page).findByRole('button', { name: /SMS alerts/ }, SLOW));
    const panel = await screen.findByTestId('message-sms-settings', {}, SLOW);
    expect(within(panel).getByText(/Your account has no mobile number/)).toBeInTheDocument();
    expect(within(panel).getByRole('checkbox', { name: 'Risk alarms' })).toBeChecked();
    await user.click(within(panel).getByRole('checkbox', { name: 'Approvals' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.calls('PUT', `${M}/smsCategories`)).toHaveLength(1));
    expect(server.calls('PUT', `${M}/smsCategories`)[0]!.body).toEqual({ categories: [4, 6] });
    expect(await screen.findByText('SMS alerts saved', {}, SLOW)).toBeInTheDocument();
  }, 90_000);
});
