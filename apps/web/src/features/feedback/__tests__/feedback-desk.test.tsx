import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { FeedbackAnswer, FeedbackRow } from '@fleetdesk/contracts/feedback';
import { setLanguage } from '../../../lib/i18n';
import { ok, type FakeRequest } from '../../../test/fake-server';
import { ADMIN, sessionServer, signedIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { DESK, feedback, FIRST, paged, SLOW, userInfo } from './fixtures';

const where = () => screen.getByTestId('location').textContent;
const drawer = async () => screen.findByTestId('feedback-detail', {}, SLOW);

/** The desk behind the fake API: two tenants' notes; answers change them. */
function desk() {
  const rows: FeedbackRow[] = [
    feedback({
      id: 1,
      content: 'The driver list loses its filters after a reload',
      images: ['/api/tool/oss/file/t3/feedback/a.png?sig=1'],
    }),
    feedback({
      id: 2,
      tenantId: 5,
      tenantName: 'Other Rentals',
      userName: 'Wang Fang',
      content: 'Can the contract PDF show our logo?',
      contact: null,
      page: null,
    }),
  ];
  const list = (req: FakeRequest) => {
    const state = req.query.get('state');
    const tenant = req.query.get('tenantId');
    const keyword = req.query.get('keyword');
    return paged(
      rows.filter(
        (r) =>
          (!state || r.state === state) &&
          (!tenant || String(r.tenantId) === tenant) &&
          (!keyword || r.content.includes(keyword) || r.tenantName.includes(keyword)),
      ),
      req,
    );
  };
  const answer = (req: FakeRequest) => {
    const row = rows.find((r) => r.id === Number(req.path.split('/').pop()))!;
    Object.assign(row, req.body as FeedbackAnswer, { answeredAt: '2026-11-21T03:30:00Z' });
    return ok(row);
  };
  return { rows, routes: { [`GET ${DESK}`]: list, [`PUT ${DESK}/:id`]: answer } };
}

describe("the platform operator's feedback desk", () => {
  beforeEach(() => signedIn());

  it("is in an operator's account menu; lists every tenant's notes, filters by company, answers and closes, in English", async () => {
    await setLanguage('en-US');
    const d = desk();
    const s = sessionServer(ADMIN, { ...userInfo(true), ...d.routes });
    renderApp('/rentCar');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Account menu' }, FIRST));
    await user.click(await screen.findByText('Feedback desk', { selector: '.ant-dropdown-menu-title-content' }, SLOW));
    await waitFor(() => expect(where()).toBe('/platform/feedback'));
    const page = await screen.findByTestId('feedback-desk', {}, FIRST);
    expect(await within(page).findByText('Can the contract PDF show our logo?', {}, SLOW)).toBeInTheDocument();
    expect(within(page).getByRole('heading', { name: 'Feedback desk' })).toBeInTheDocument();
    expect(within(page).getByText('The driver list loses its filters after a reload')).toBeInTheDocument();

    // A click on a company keeps its notes only.
    await user.click(within(page).getByRole('button', { name: 'Other Rentals' }));
    await waitFor(() => expect(s.calls('GET', DESK).at(-1)!.query.get('tenantId')).toBe('5'));
    expect(await within(page).findByText('Company: Other Rentals', {}, SLOW)).toBeInTheDocument();
    await waitFor(() =>
      expect(within(page).queryByText('The driver list loses its filters after a reload')).not.toBeInTheDocument(),
    );

    // Closing needs a note for the sender.
    await user.click(within(page).getByText('Can the contract PDF show our logo?'));
    let detail = await drawer();
    expect(detail).toHaveTextContent('Other Rentals');
    expect(detail).toHaveTextContent('Wang Fang');
    expect(detail).toHaveTextContent('None given');
    expect(detail).toHaveTextContent('No screenshots');
    await user.click(within(detail).getByRole('button', { name: 'Close' }));
    expect(await within(detail).findByText('Required', {}, SLOW)).toBeInTheDocument();
    expect(s.calls('PUT', `${DESK}/2`)).toHaveLength(0);
    await user.type(within(detail).getByRole('textbox'), 'Not planned: the PDF follows the contract template');
    await user.click(within(detail).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(s.calls('PUT', `${DESK}/2`)).toHaveLength(1), SLOW);
    expect(s.calls('PUT', `${DESK}/2`)[0]!.body).toEqual({
      answer: 'Not planned: the PDF follows the contract template',
      state: 'closed',
    });
    expect(await screen.findByText('Closed #2', {}, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('feedback-detail')).not.toBeInTheDocument());

    // Back to every company; the first note is answered.
    const tag = within(page).getByText('Company: Other Rentals').closest<HTMLElement>('.ant-tag')!;
    await user.click(tag.querySelector<HTMLElement>('.ant-tag-close-icon')!);
    await waitFor(() => expect(s.calls('GET', DESK).at(-1)!.query.get('tenantId')).toBeNull());
    await user.click(await within(page).findByText('The driver list loses its filters after a reload', {}, SLOW));
    detail = await drawer();
    expect(detail).toHaveTextContent('13800000001');
    expect(detail).toHaveTextContent('/rentDriver');
    expect(within(detail).getAllByRole('img', { name: /Screenshot 1/ })).toHaveLength(1);
    await user.type(within(detail).getByRole('textbox'), 'Fixed in 2.5; thank you!');
    await user.click(within(detail).getByRole('button', { name: 'Answer' }));
    await waitFor(() => expect(s.calls('PUT', `${DESK}/1`)).toHaveLength(1), SLOW);
    expect(s.calls('PUT', `${DESK}/1`)[0]!.body).toEqual({ answer: 'Fixed in 2.5; thank you!', state: 'answered' });
    expect(await screen.findByText('Answered #1', {}, SLOW)).toBeInTheDocument();
    // The list is asked again: the note now says so.
    const row = (await within(page).findByText('The driver list loses its filters after a reload')).closest('tr')!;
    await waitFor(() => expect(row).toHaveTextContent('Answered'));
  }, 120_000);

  it("shows anyone else the no-permission page, never the desk's call, and no desk entry", async () => {
    await setLanguage('en-US');
    const d = desk();
    const s = sessionServer(ADMIN, d.routes);
    renderApp('/platform/feedback');
    expect(await screen.findByText('No access', {}, FIRST)).toBeInTheDocument();
    expect(
      screen.getByText('You do not have this permission. Please ask your administrator to grant it!'),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('feedback-desk')).not.toBeInTheDocument();
    expect(s.calls('GET', DESK)).toHaveLength(0);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    const entry = await screen.findByText('Feedback', { selector: '.ant-dropdown-menu-title-content' }, SLOW);
    expect(screen.queryByText('Feedback desk', { selector: '.ant-dropdown-menu-title-content' })).toBeNull();
    // The feedback entry names the screen it was opened on.
    await user.click(entry);
    await waitFor(() => expect(where()).toBe('/feedback?from=%2Fplatform%2Ffeedback'));
  }, 120_000);

  it("says the server's refusal (403) when the desk's call is refused, in Chinese", async () => {
    await setLanguage('zh-CN');
    sessionServer(ADMIN, {
      ...userInfo(true),
      [`GET ${DESK}`]: () => ({
        status: 403,
        body: { status: 40301, message: '你没有相应权限，请联系管理员开通权限！' },
      }),
    });
    renderApp('/platform/feedback');
    const page = await screen.findByTestId('feedback-desk', {}, FIRST);
    expect(await screen.findByText('你没有相应权限，请联系管理员开通权限！', {}, SLOW)).toBeInTheDocument();
    expect(within(page).queryByRole('row', { name: /Demo Rentals/ })).toBeNull();
  }, 120_000);
});
