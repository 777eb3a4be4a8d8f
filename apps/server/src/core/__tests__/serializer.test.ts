import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { declaredRoutes } from '../routes.js';
import { createSerializerCompiler, responseJsonSchema } from '../serializer.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const compile = createSerializerCompiler({ check: false });
const checked = createSerializerCompiler({ check: true });

/** The compiled serializer of a route's 200 answer, as the app uses it. */
function serializerOf(method: string, url: string): (data: unknown) => string {
  const route = declaredRoutes(t.app).find((r) => r.method === method && r.url === url);
  if (!route) throw new Error(`no route ${method} ${url}`);
  const schema = (route.schema?.response as Record<string, unknown>)[200];
  return compile({ schema, method, url, httpStatus: '200' } as never) as (data: unknown) => string;
}

/** The same value with `passwordHash` and `tenantSecret` added to every object in it. */
function withExtras(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withExtras);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = { passwordHash: 'scrypt$leak', tenantSecret: 42 };
  for (const [k, v] of Object.entries(value)) out[k] = withExtras(v);
  return out;
}

/**
 * One real answer of each area, serialized again with columns the schema does not name added at every level:
 * the compiled serializer writes exactly the original answer.
 */
const AREAS: { area: string; method: 'GET' | 'POST'; route: string; url?: string; body?: unknown }[] = [
  { area: 'identity', method: 'GET', route: '/api/admin/client/user/front/info' },
  { area: 'vehicles', method: 'POST', route: '/api/ccwadmin/rentCar/list', body: { pageSize: 5 } },
  { area: 'organisation', method: 'GET', route: '/api/ccwadmin/employee/list' },
  { area: 'organisation (rents)', method: 'GET', route: '/api/ccwadmin/rent/list' },
  { area: 'roles', method: 'GET', route: '/api/ccwadmin/role/list' },
  { area: 'settings', method: 'GET', route: '/api/ccwadmin/setting/company' },
  { area: 'sms notices', method: 'GET', route: '/api/ccwadmin/smsNotice/template/list' },
  { area: 'tasks', method: 'GET', route: '/api/ccwadmin/task/progress/list' },
  { area: 'areas', method: 'GET', route: '/api/ccwadmin/commonArea/province' },
];

describe('the compiled serializer', () => {
  it.each(AREAS)('$area: writes only the fields of the schema ($method $route)', async ({ method, route, body }) => {
    const res = await t.request(method, route, { as: 'admin', ...(body ? { body } : {}) });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    const text = serializerOf(method, route)(withExtras(answer));
    expect(text).not.toContain('passwordHash');
    expect(text).not.toContain('tenantSecret');
    expect(JSON.parse(text)).toEqual(answer);
  });

  it('writes a nullable field as its value or null, without branching at run time', () => {
    const schema = z.object({ a: z.string().nullable(), b: z.number().int().nullable(), c: z.array(z.string()) });
    expect(responseJsonSchema(schema).properties).toMatchObject({
      a: { type: ['string', 'null'] },
      b: { type: ['integer', 'null'] },
    });
    const s = compile({ schema, method: 'GET', url: '/x', httpStatus: '200' } as never) as (d: unknown) => string;
    expect(JSON.parse(s({ a: null, b: 3, c: ['x'], d: 'extra' }))).toEqual({ a: null, b: 3, c: ['x'] });
  });

  it('in the test suite, refuses an answer zod refuses, or one the two serializers would write differently', () => {
    const schema = z.object({ n: z.number().int(), s: z.string() });
    const s = checked({ schema, method: 'GET', url: '/x', httpStatus: '200' } as never) as (d: unknown) => string;
    expect(s({ n: 1, s: 'a' })).toBe('{"n":1,"s":"a"}');
    expect(() => s({ n: 1.5, s: 'a' })).toThrow();
    expect(() => s({ n: 1, s: 2 })).toThrow();
  });
});
