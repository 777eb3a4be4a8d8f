import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { ok } from '../../../test/fake-server';
import { ADMIN, sessionServer, signedIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

const FIRST = { timeout: 60_000 };
const SETTING = '/api/ccwadmin/oa/approval/setting';

describe('approval settings', () => {
  it('turns the SMS to approvers on in Chinese', async () => {
    await setLanguage('zh-CN');
    signedIn();
    const s = sessionServer(ADMIN, {
      [`GET ${SETTING}`]: () => ok({ sms: false }),
      [`PUT ${SETTING}`]: (req) => ok(req.body),
    });
    renderApp('/oa/approval?tab=setting');
    const user = userEvent.setup();
    const toggle = await screen.findByRole('switch', { name: '审批短信提醒' }, FIRST);
    expect(toggle).not.toBeChecked();
    expect(screen.getByText(/除站内消息外，还会向其手机号发送一条短信提醒/)).toBeInTheDocument();
    await user.click(toggle);
    await waitFor(() => expect(s.calls('PUT', SETTING)).toHaveLength(1));
    expect(s.calls('PUT', SETTING)[0]!.body).toEqual({ sms: true });
    expect(await screen.findByText('已开启审批短信提醒')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: '审批短信提醒' })).toBeChecked();
  }, 120_000);

  it('shows the switch read-only in English without oaApprovalFlow:edit', async () => {
    await setLanguage('en-US');
    signedIn();
    sessionServer(
      { menus: ['oa', 'oaApprovalFlow'], elements: ['oaApprovalFlow:view'] },
      { [`GET ${SETTING}`]: () => ok({ sms: true }) },
    );
    renderApp('/oa/approval?tab=setting');
    const toggle = await screen.findByRole('switch', { name: 'SMS to approvers' }, FIRST);
    expect(toggle).toBeChecked();
    expect(toggle).toBeDisabled();
  }, 120_000);

  it('names the second approver (the SMS switch keeps him)', async () => {
    await setLanguage('en-US');
    signedIn();
    const s = sessionServer(ADMIN, {
      [`GET ${SETTING}`]: () => ok({ sms: false, secondApproverId: null }),
      [`PUT ${SETTING}`]: (req) => ok({ secondApproverId: null, ...(req.body as object) }),
      'GET /api/ccwadmin/employee/list': () =>
        ok({ rows: [{ id: 12, name: 'Sun Li', departmentName: 'Finance' }], total: 1, pageNum: 1, pageSize: 500 }),
    });
    renderApp('/oa/approval?tab=setting');
    const user = userEvent.setup();
    const select = await screen.findByRole('combobox', { name: 'Second approver' }, FIRST);
    expect(screen.getByText(/never decided by the person who proposed it/)).toBeInTheDocument();
    await user.click(select);
    await user.click(await screen.findByText('Sun Li · Finance'));
    await waitFor(() => expect(s.calls('PUT', SETTING)).toHaveLength(1));
    expect(s.calls('PUT', SETTING)[0]!.body).toEqual({ sms: false, secondApproverId: 12 });
    expect(await screen.findByText('The second approver is saved')).toBeInTheDocument();
  }, 120_000);
});
