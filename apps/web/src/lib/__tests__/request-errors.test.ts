import { beforeEach, describe, expect, it } from 'vitest';
import { i18n, setLanguage } from '../i18n';
import { RequestError } from '../request';
import { presentFailure } from '../request-errors';

const t = i18n.t.bind(i18n);
const http = (status: number, body: unknown) => new RequestError('http', '', status, body);

describe('the error catalogue of spec section 8 (zh-CN)', () => {
  beforeEach(async () => {
    await setLanguage('zh-CN');
  });

  it('no answer within the timeout: the request timed out, 3 s', () => {
    expect(presentFailure(new RequestError('timeout', 'timeout'), t)).toEqual({
      kind: 'message',
      level: 'error',
      text: '服务请求超时',
      duration: 3,
    });
  });

  it('a request that failed at once (no connection): connection lost, not a timeout', () => {
    expect(presentFailure(new RequestError('network', 'Failed to fetch'), t)).toEqual({
      kind: 'message',
      level: 'error',
      text: '网络连接已断开，请检查网络后重试',
      duration: 3,
    });
  });

  it('an HTTP reason phrase from a proxy or a default answer is never shown', () => {
    for (const [status, phrase] of [
      [500, 'Internal Server Error'],
      [502, 'Bad Gateway'],
      [503, 'Service Unavailable'],
    ] as const) {
      expect(presentFailure(http(status, { statusCode: status, error: phrase, message: phrase }), t)).toEqual({
        kind: 'message',
        level: 'warning',
        text: '服务异常，请联系管理员！',
        duration: 3,
      });
    }
    expect(presentFailure(http(418, { message: 'Not Found' }), t)).toMatchObject({ text: '请求失败，请稍后重试' });
  });

  it('HTTP 500: the service is abnormal, contact the administrator, followed by the server message', () => {
    expect(presentFailure(http(500, { status: 500, message: '数据库不可用' }), t)).toEqual({
      kind: 'message',
      level: 'warning',
      text: '服务异常，请联系管理员！数据库不可用',
      duration: 3,
    });
  });

  it('HTTP 400 with error_description 40402: wrong username or password', () => {
    expect(presentFailure(http(400, { error: 'invalid_grant', error_description: '40402' }), t)).toEqual({
      kind: 'message',
      level: 'warning',
      text: '用户名或密码错误',
      duration: 3,
    });
  });

  it('any other HTTP 400: a system error, contact the administrator', () => {
    expect(presentFailure(http(400, { status: 400, message: 'bad', errors: [] }), t)).toEqual({
      kind: 'message',
      level: 'warning',
      text: '系统错误，请联系管理员！',
      duration: 3,
    });
  });

  it('HTTP 401 with 40101: the relogin confirm box (timeout reminder, relogin button)', () => {
    expect(presentFailure(http(401, { status: 40101, message: 'token expired' }), t)).toEqual({
      kind: 'relogin',
      title: '超时提醒',
      text: '登录超时，请重新登录',
      okText: '重新登录',
      cancelText: '取消',
    });
  });

  it('HTTP 401 with 40001, and any HTTP 403: the forbidden notification with the server message, 2 s', () => {
    for (const [status, body] of [
      [401, { status: 40001, message: '账号已停用' }],
      [403, { status: 40301, message: '你没有相应权限，请联系管理员开通权限！' }],
      [403, { status: 40302, message: '会员已到期' }],
    ] as const) {
      expect(presentFailure(http(status, body), t)).toEqual({
        kind: 'notification',
        level: 'error',
        title: '禁止访问',
        text: body.message,
        duration: 2,
      });
    }
  });

  it('body status 30101: the failed notification with the server message, 2 s', () => {
    expect(presentFailure(http(409, { status: 30101, message: '订单已支付，不能取消' }), t)).toEqual({
      kind: 'notification',
      level: 'error',
      title: '失败',
      text: '订单已支付，不能取消',
      duration: 2,
    });
  });

  it('HTTP 504: the backend service is abnormal, 5 s', () => {
    expect(presentFailure(http(504, { status: 504, message: 'upstream' }), t)).toEqual({
      kind: 'message',
      level: 'error',
      text: '后端服务异常',
      duration: 5,
    });
  });

  it('every other failure shows the body message for 3 s (404, 429, a 200 whose body status is not 200)', () => {
    expect(presentFailure(http(404, { status: 404, message: '车辆不存在' }), t)).toMatchObject({
      kind: 'message',
      text: '车辆不存在',
      duration: 3,
    });
    expect(presentFailure(http(429, { status: 429, message: '尝试次数过多，请 60 秒后再试' }), t)).toMatchObject({
      kind: 'message',
      text: '尝试次数过多，请 60 秒后再试',
      duration: 3,
    });
    expect(presentFailure(http(200, { status: 500123, message: '旧接口错误' }), t)).toMatchObject({
      kind: 'message',
      text: '旧接口错误',
      duration: 3,
    });
  });

  it('a call the caller cancelled shows nothing', () => {
    expect(presentFailure(new RequestError('aborted', 'aborted'), t)).toBeNull();
  });
});

describe('the error catalogue in en-US', () => {
  it('uses the English texts', async () => {
    await setLanguage('en-US');
    expect(presentFailure(new RequestError('timeout', 'timeout'), t)).toMatchObject({
      text: 'The service request timed out',
    });
    expect(presentFailure(http(401, { status: 40101, message: '' }), t)).toMatchObject({
      title: 'Session timed out',
      okText: 'Sign in again',
    });
    await setLanguage('zh-CN');
  });
});
