import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ConflictError, invalidField, NotFoundError, TooManyRequestsError, UpstreamTimeoutError } from '../errors.js';
import { registerErrorHandler } from '../error-handler.js';
import { defineMessages } from '../i18n.js';

defineMessages({ 'test.fieldMax': { 'zh-CN': '最多 {max} 天', 'en-US': 'At most {max} days' } });

async function appThrowing(err: unknown) {
  const app = Fastify();
  app.decorateRequest('lang', 'zh-CN');
  registerErrorHandler(app);
  app.get('/x', async () => {
    throw err;
  });
  await app.ready();
  return app.inject({ method: 'GET', url: '/x' });
}

describe('error handler', () => {
  it('maps typed errors to their HTTP status and body status', async () => {
    const conflict = await appThrowing(new ConflictError('error.badRequest'));
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toEqual({ status: 30101, message: '请求参数有误' });
    expect((await appThrowing(new NotFoundError())).json()).toEqual({ status: 404, message: '数据不存在' });
    const timeout = await appThrowing(new UpstreamTimeoutError());
    expect(timeout.statusCode).toBe(504);
    expect(timeout.json().status).toBe(504);
    const many = await appThrowing(new TooManyRequestsError(42));
    expect(many.statusCode).toBe(429);
    expect(many.headers['retry-after']).toBe('42');
    expect(many.json().message).toBe('操作过于频繁，请 42 秒后再试');
  });

  it("fills a field error's text with its parameters, as the message's", async () => {
    const res = await appThrowing(invalidField('days', 'test.fieldMax', { max: 31 }));
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.errors).toEqual([{ path: 'days', message: body.message }]);
    expect(body.message).toBe('最多 31 天');
  });

  it('hides the internals of an unknown failure', async () => {
    const res = await appThrowing(new Error('password=hunter2 at db.ts:12'));
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ status: 500, message: '服务器内部错误' });
  });

  it('answers 503 with Retry-After when the database cannot be reached, wrapped or not', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const shutdown = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    const wrapped = Object.assign(new Error('Failed query: select 1'), { cause: shutdown });
    const ended = new Error('Connection terminated unexpectedly');
    for (const err of [refused, wrapped, ended]) {
      const res = await appThrowing(err);
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({ status: 503, message: '数据库暂时无法连接，请稍后重试' });
    }
    // A statement's own failure (a constraint, a syntax error) stays a 500.
    const unique = Object.assign(new Error('duplicate key'), { code: '23505' });
    expect((await appThrowing(unique)).statusCode).toBe(500);
  });

  it('answers 507 when the disk is full', async () => {
    const full = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    const res = await appThrowing(full);
    expect(res.statusCode).toBe(507);
    expect(res.json()).toEqual({ status: 507, message: '文件存储空间已满，文件未保存，请联系管理员' });
  });
});
