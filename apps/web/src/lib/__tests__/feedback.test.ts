import { screen, waitFor } from '@testing-library/react';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../test/fake-server';
import { setLanguage } from '../i18n';
import { installFailureReporting } from '../report-failure';
import { request } from '../request';

// What main.tsx does at app start: the request layer announces failures, the catalogue shows them.
installFailureReporting();

/** The catalogue reaches the user through antd (not mocked): what shows up in the page. */
describe('failures on screen', () => {
  beforeEach(async () => {
    await setLanguage('zh-CN');
  });

  // antd's static message, notification and modal render in React roots of their own, which the test cleanup
  // does not unmount: closed here, and given time to finish, before jsdom goes away under them.
  afterAll(async () => {
    const [message, notification, modal] = await Promise.all([
      import('antd/es/message'),
      import('antd/es/notification'),
      import('antd/es/modal'),
    ]);
    message.default.destroy();
    notification.default.destroy();
    modal.default.destroyAll();
    // Under load their closing takes longer than any fixed pause: wait (up to 10 s) until their nodes are gone,
    // then let React's scheduler run once more.
    const open = () => document.querySelectorAll('.ant-message-notice, .ant-notification-notice, .ant-modal').length;
    for (let waited = 0; open() > 0 && waited < 10_000; waited += 100) await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 500));
  }, 20_000);

  it('a wrong password shows the warning message', async () => {
    fakeServer({
      'POST /api/auth/oauth/token': () => ({
        status: 400,
        body: { error: 'invalid_grant', error_description: '40402' },
      }),
    });
    await request('/api/auth/oauth/token', { method: 'POST', envelope: false, noToken: true }).catch(() => undefined);
    // The first failure fetches antd's feedback chunk.
    expect(await screen.findByText('用户名或密码错误', {}, { timeout: 20_000 })).toBeInTheDocument();
  });

  it('a refused write shows the forbidden notification with the server message', async () => {
    fakeServer({
      'POST /api/x': () => ({
        status: 403,
        body: { status: 40301, message: '你没有相应权限，请联系管理员开通权限！' },
      }),
    });
    await request('/api/x', { method: 'POST' }).catch(() => undefined);
    expect(await screen.findByText('禁止访问', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.getByText('你没有相应权限，请联系管理员开通权限！')).toBeInTheDocument();
  });

  it('a dead session shows one relogin box however many calls fail; its button signs out and reloads', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    localStorage.setItem('AccessToken', 'dead');
    localStorage.setItem('TenantId', '3');
    const server = fakeServer({
      'GET /api/x': () => ({ status: 401, body: { status: 40101, message: '' } }),
      'DELETE /api/auth/oauth/token': () => ({ body: { status: 200, message: 'ok', data: true } }),
    });
    await Promise.all([request('/api/x'), request('/api/x')].map((p) => p.catch(() => undefined)));
    expect(await screen.findByText('登录超时，请重新登录', {}, { timeout: 20_000 })).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.getAllByText('登录超时，请重新登录')).toHaveLength(1);
    screen.getByRole('button', { name: '重新登录' }).click();
    await waitFor(() => expect(reload).toHaveBeenCalled());
    expect(localStorage.getItem('AccessToken')).toBeNull();
    expect(localStorage.getItem('TenantId')).toBeNull();
    expect(server.calls('DELETE', '/api/auth/oauth/token')[0]!.query.get('access_token')).toBe('dead');
  });
});
