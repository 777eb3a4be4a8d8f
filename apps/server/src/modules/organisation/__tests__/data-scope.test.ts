import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { invitationCode, O, seedIds } from './fixtures.js';

/**
 * Data scope in this area: a user whose role sees only the rents he is assigned to lists and reads no
 * employee and no rent of another rent (the rule is applied once, in the session; this area filters by it).
 */
let t: TestApp;
let ids: Awaited<ReturnType<typeof seedIds>>;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  ids = await seedIds(t);
  const role = await t.request('POST', `${O}/role/add`, {
    as: 'admin',
    body: {
      name: '上海人事',
      dataScope: 'assigned',
      grants: ['oa', 'oa:view', 'oaDepart', 'oaDepart:view', 'oaDepart:add', 'oaCompany', 'oaCompany:view'],
    },
  });
  expect(role.statusCode, role.body).toBe(200);
  const body = {
    name: '上海人事',
    username: 'sh.hr',
    phone: '13700001234',
    rentIds: [ids.sh],
    roleIds: [role.json().data.id],
  };
  expect((await t.request('POST', `${O}/employee/add`, { as: 'admin', body })).statusCode).toBe(200);
  const signIn = await t.signIn(body.username, '', { verify: await invitationCode(t, body.phone) });
  expect(signIn.statusCode).toBe(200);
  token = signIn.json().access_token as string;
});
afterAll(async () => t.close());

const employeesOf = async (as: { token?: string; as?: string }) => {
  const res = await t.request('GET', `${O}/employee/list`, { ...as, query: { pageSize: 100 } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.rows as { id: number; username: string; rentIds: number[] }[];
};

describe('data scope in the organisation area', () => {
  it('lists only the employees who may act in one of his rents, and reads no other', async () => {
    const all = await employeesOf({ as: 'admin' });
    const mine = await employeesOf({ token });
    expect(mine.length).toBeGreaterThan(1);
    expect(mine.length).toBeLessThan(all.length);
    expect(mine.every((e) => e.rentIds.includes(ids.sh))).toBe(true);
    const clerk = all.find((e) => e.username === 'clerk')!;
    expect(clerk.rentIds).not.toContain(ids.sh);
    expect((await t.request('GET', `${O}/employee/${clerk.id}`, { token })).statusCode).toBe(404);
    expect((await t.request('GET', `${O}/employee/${clerk.id}`, { as: 'admin' })).statusCode).toBe(200);
  });

  it('lists only his rents, and may not give a new employee a rent outside them', async () => {
    const rents = (await t.request('GET', `${O}/rent/list`, { token })).json().data as { id: number }[];
    expect(rents.map((r) => r.id)).toEqual([ids.sh]);
    const outside = await t.request('POST', `${O}/employee/add`, {
      token,
      body: { name: '越权', username: 'sh.hr2', phone: '13700001235', rentIds: [ids.hz], roleIds: [ids.officeRole] },
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().errors[0].path).toBe('rentIds');
  });

  it('may not give a role that grants more than he holds (no one makes himself an administrator)', async () => {
    for (const roleId of [ids.adminRole, ids.officeRole]) {
      const res = await t.request('POST', `${O}/employee/add`, {
        token,
        body: { name: '越权', username: 'sh.hr3', phone: '13700001236', rentIds: [ids.sh], roleIds: [roleId] },
      });
      expect(res.statusCode, String(roleId)).toBe(400);
      expect(res.json().errors[0].path).toBe('roleIds');
    }
  });
});
