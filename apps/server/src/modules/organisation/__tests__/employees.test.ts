import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_BASIC, createTestApp, type TestApp } from '../../../test/harness.js';
import { createCode } from '../../identity/codes.service.js';
import { invitationCode, lastLog, O, seedIds } from './fixtures.js';

let t: TestApp;
let ids: Awaited<ReturnType<typeof seedIds>>;

beforeAll(async () => {
  t = await createTestApp();
  ids = await seedIds(t);
});
afterAll(async () => t.close());

interface EmployeeRow {
  id: number;
  username: string;
  status: string;
  administrator: boolean;
  departmentId: number | null;
  roles: { id: number; name: string }[];
  labels: { id: number; name: string }[];
  rentIds: number[];
  leftAt: string | null;
}

const list = async (query: Record<string, string | number> = {}, as = 'admin') => {
  const res = await t.request('GET', `${O}/employee/list`, { as, query });
  expect(res.statusCode).toBe(200);
  return res.json().data as { rows: EmployeeRow[]; total: number };
};

let phoneSerial = 13_600_000_100;
const input = (extra: Record<string, unknown> = {}) => {
  phoneSerial++;
  return {
    name: '新同事',
    username: `staff${phoneSerial}`,
    phone: String(phoneSerial),
    title: '车管专员',
    departmentId: ids.dept('杭州车管组'),
    rentIds: [ids.hz],
    roleIds: [ids.officeRole],
    labelIds: [ids.label('值班')],
    ...extra,
  };
};

/** Adds an employee and signs them in with the invitation code; answers the employee and the token answer. */
async function addAndSignIn(extra: Record<string, unknown> = {}) {
  const body = input(extra);
  const res = await t.request('POST', `${O}/employee/add`, { as: 'admin', body });
  expect(res.statusCode).toBe(200);
  const code = await invitationCode(t, body.phone);
  const signIn = await t.signIn(body.username, '', { verify: code });
  expect(signIn.statusCode).toBe(200);
  return { employee: res.json().data as EmployeeRow & { phone: string }, body, tokens: signIn.json() };
}

describe('employee/list and employee/:id', () => {
  it('pages the tenant employees and filters by keyword, department (with sub-departments), status, role, label', async () => {
    const all = await list({ pageSize: 5 });
    expect(all.rows).toHaveLength(5);
    // admin, clerk, ten staff, the own workshop's sign-in (xiuli, maintenance), the CRM's sales1, sales2 and the
    // fleet leader fleet1 (teams)
    expect(all.total).toBe(16);
    expect((await list({ keyword: '刘洋' })).rows.map((e) => e.username)).toEqual(['liuyang']);
    expect((await list({ keyword: '13800000013' })).rows.map((e) => e.username)).toEqual(['zhaolei']);
    const ops = await list({ departmentId: ids.dept('运营部') });
    expect(ops.rows.map((e) => e.username).sort()).toEqual(['chenjing', 'clerk', 'heqiang', 'liuyang', 'zhengkai']);
    expect((await list({ status: 'left' })).rows.map((e) => e.username)).toEqual(['majun']);
    expect((await list({ status: 'disabled' })).rows.map((e) => e.username)).toEqual(['heqiang']);
    expect((await list({ roleId: ids.adminRole })).rows.map((e) => e.username)).toEqual(['admin']);
    const duty = await list({ labelId: ids.label('值班') });
    expect(duty.rows.map((e) => e.username).sort()).toEqual(['chenjing', 'liuyang', 'zhoujie']);
  });

  it('marks administrators and shows the leaving date', async () => {
    const admin = (await list({ keyword: 'admin' })).rows[0]!;
    expect(admin.administrator).toBe(true);
    const majun = (await list({ keyword: 'majun' })).rows[0]!;
    expect(majun).toMatchObject({ status: 'left', administrator: false });
    expect(majun.leftAt).not.toBeNull();
  });

  it('validates the query, refuses the clerk, and keeps tenants apart', async () => {
    const bad = await t.request('GET', `${O}/employee/list`, { as: 'admin', query: { status: 'gone' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('status');
    expect((await t.request('GET', `${O}/employee/list`, { as: 'clerk' })).statusCode).toBe(403);
    expect((await list({}, 'other')).rows.map((e) => e.username)).toEqual(['other']);
  });

  it('answers one employee; another tenant gets 404', async () => {
    const id = ids.user('zhaolei');
    const res = await t.request('GET', `${O}/employee/${id}`, { as: 'admin' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id, username: 'zhaolei', rentIds: [ids.hz, ids.sh].sort((a, b) => a - b) });
    expect((await t.request('GET', `${O}/employee/${id}`, { as: 'other' })).statusCode).toBe(404);
    expect((await t.request('GET', `${O}/employee/${id}`, { as: 'clerk' })).statusCode).toBe(403);
  });
});

describe('employee/add', () => {
  it('creates the user without a usable password and invites them: the code signs in on the code sign-in', async () => {
    const { employee, body, tokens } = await addAndSignIn();
    expect(employee).toMatchObject({
      username: body.username,
      status: 'active',
      administrator: false,
      invite: { sent: true, sandbox: true, validHours: 72 },
    });
    expect(tokens.username).toBe(body.username);
    const { rows } = await t.deps.database.query<{ expires_at: Date; created_at: Date }>(
      `select expires_at, created_at from verify_codes where target = $1 order by id desc limit 1`,
      [body.phone],
    );
    expect(new Date(rows[0]!.expires_at).getTime() - new Date(rows[0]!.created_at).getTime()).toBe(72 * 3600_000);
    // No password signs them in.
    expect((await t.signIn(body.username, 'Staff@123')).statusCode).toBe(400);
    expect((await lastLog(t, 'employee.add'))?.target_id).toBe(String(employee.id));
  });

  it('refuses a username or phone that any tenant uses (any case): 400 at username / phone', async () => {
    const name = await t.request('POST', `${O}/employee/add`, { as: 'admin', body: input({ username: 'OTHER' }) });
    expect(name.statusCode).toBe(400);
    expect(name.json().errors[0].path).toBe('username');
    const phone = await t.request('POST', `${O}/employee/add`, { as: 'admin', body: input({ phone: '13900000001' }) });
    expect(phone.statusCode).toBe(400);
    expect(phone.json().errors[0].path).toBe('phone');
  });

  it("refuses another tenant's roles, rents, labels and department, and labels of another kind", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ roleIds: [ids.otherAdminRole] }, 'roleIds'],
      [{ rentIds: [ids.bj] }, 'rentIds'],
      [{ labelIds: [ids.label('网约车')] }, 'labelIds'],
      [{ departmentId: 999_999 }, 'departmentId'],
    ];
    for (const [extra, path] of cases) {
      const res = await t.request('POST', `${O}/employee/add`, { as: 'admin', body: input(extra) });
      expect(res.statusCode, path).toBe(400);
      expect(res.json().errors[0].path).toBe(path);
    }
  });

  it('validates the body (400 with paths) and refuses the clerk', async () => {
    const res = await t.request('POST', `${O}/employee/add`, {
      as: 'admin',
      body: input({ phone: '123', username: '9x', rentIds: [], defaultRentId: ids.sh }),
    });
    expect(res.statusCode).toBe(400);
    const paths = res.json().errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['phone', 'username', 'rentIds']));
    expect((await t.request('POST', `${O}/employee/add`, { as: 'clerk', body: input() })).statusCode).toBe(403);
  });
});

describe('employee/update', () => {
  it('changes the data and links, logging before and after', async () => {
    const id = ids.user('sunli');
    const before = (await t.request('GET', `${O}/employee/${id}`, { as: 'admin' })).json().data;
    const res = await t.request('PUT', `${O}/employee/update/${id}`, {
      as: 'admin',
      body: {
        name: before.name,
        username: before.username,
        phone: before.phone,
        title: '会计',
        departmentId: ids.dept('财务部'),
        rentIds: [ids.hz, ids.sh],
        defaultRentId: ids.sh,
        roleIds: [ids.officeRole],
        labelIds: [ids.label('新员工')],
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ title: '会计', defaultRentId: ids.sh, labels: [{ name: '新员工' }] });
    expect((await lastLog(t, 'employee.update'))?.summary).toMatchObject({
      before: { title: '出纳', defaultRentId: ids.hz },
      after: { title: '会计', defaultRentId: ids.sh },
    });
  });

  it('applies the same checks, and answers 404 across tenants and 403 to the clerk', async () => {
    const id = ids.user('sunli');
    const body = input({ username: 'sunli', phone: '13800000014', roleIds: [ids.otherAdminRole] });
    const res = await t.request('PUT', `${O}/employee/update/${id}`, { as: 'admin', body });
    expect(res.json().errors[0].path).toBe('roleIds');
    const taken = await t.request('PUT', `${O}/employee/update/${id}`, {
      as: 'admin',
      body: input({ username: 'sunli', phone: '13800000013' }),
    });
    expect(taken.json().errors[0].path).toBe('phone');
    expect((await t.request('PUT', `${O}/employee/update/${id}`, { as: 'other', body: input() })).statusCode).toBe(404);
    expect((await t.request('PUT', `${O}/employee/update/${id}`, { as: 'clerk', body: input() })).statusCode).toBe(403);
  });

  it('refuses to change an employee who left', async () => {
    const res = await t.request('PUT', `${O}/employee/update/${ids.user('majun')}`, {
      as: 'admin',
      body: input({ username: 'majun', phone: '13800000020' }),
    });
    expect(res.statusCode).toBe(409);
  });
});

describe('employee/status', () => {
  it('disabling revokes every token at once (next call 401); a disabled employee can come back', async () => {
    const token = (await t.signIn('zhengkai', 'Staff@123')).json().access_token as string;
    const signedIn = await t.signIn('zhengkai', 'Staff@123');
    const second = signedIn.json().access_token as string;
    expect((await t.request('GET', `${O}/dept/list`, { token: second })).statusCode).toBe(200);
    const id = ids.user('zhengkai');
    const off = await t.request('PUT', `${O}/employee/status/${id}`, { as: 'admin', body: { status: 'disabled' } });
    expect(off.statusCode).toBe(200);
    expect(off.json().data.status).toBe('disabled');
    for (const tk of [token, second]) {
      expect((await t.request('GET', `${O}/dept/list`, { token: tk })).statusCode).toBe(401);
    }
    const { rows } = await t.deps.database.query(
      `select 1 from oauth_tokens where user_id = ${id} and revoked_at is null`,
    );
    expect(rows).toHaveLength(0);
    expect((await t.signIn('zhengkai', 'Staff@123')).statusCode).toBe(401);
    expect((await lastLog(t, 'employee.status'))?.summary).toEqual({
      before: { status: 'active' },
      after: { status: 'disabled' },
    });
    const on = await t.request('PUT', `${O}/employee/status/${id}`, { as: 'admin', body: { status: 'active' } });
    expect(on.json().data.status).toBe('active');
    expect((await t.signIn('zhengkai', 'Staff@123')).statusCode).toBe(200);
  });

  it('left is final: tokens and refresh die, neither password nor code signs in, no re-activation', async () => {
    const { employee, body, tokens } = await addAndSignIn();
    const res = await t.request('PUT', `${O}/employee/status/${employee.id}`, {
      as: 'admin',
      body: { status: 'left' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('left');
    expect(res.json().data.leftAt).not.toBeNull();
    expect((await t.request('GET', `${O}/dept/list`, { token: tokens.access_token })).statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/oauth/token',
      headers: {
        authorization: CLIENT_BASIC,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token }).toString(),
    });
    expect(refresh.statusCode).toBe(401);
    // A code sent now (the login page's checkPhone) proves the phone but the account is refused.
    const code = await createCode(t.deps.db, t.deps, 'login', body.phone);
    const byCode = await t.signIn(body.username, '', { verify: code });
    expect(byCode.statusCode).toBe(401);
    expect(byCode.json().status).toBe(40001);
    expect((await t.signIn('majun', 'Staff@123')).statusCode).toBe(401);
    const back = await t.request('PUT', `${O}/employee/status/${employee.id}`, {
      as: 'admin',
      body: { status: 'active' },
    });
    expect(back.statusCode).toBe(409);
    // The records stay: the user row and the log entries about them.
    const { rows } = await t.deps.database.query(`select 1 from operation_logs where target_id = '${employee.id}'`);
    expect(rows.length).toBeGreaterThanOrEqual(2);
  });

  it('nobody disables or removes themselves', async () => {
    const self = await t.request('PUT', `${O}/employee/status/${ids.user('admin')}`, {
      as: 'admin',
      body: { status: 'disabled' },
    });
    expect(self.statusCode).toBe(409);
  });

  it('keeps the last active administrator: not disabled, not left, not stripped of the role', async () => {
    // A deputy who holds every code of the plan through an ordinary role, not an all-permissions one (an editor
    // holding less may not touch the administrator at all: see "no escalation over people").
    const everything = (await t.request('GET', `${O}/role/${ids.adminRole}`, { as: 'admin' })).json().data.grants;
    const deputyRole = await t.request('POST', `${O}/role/add`, {
      as: 'admin',
      body: { name: '副总', dataScope: 'all', grants: everything },
    });
    expect(deputyRole.statusCode, deputyRole.body).toBe(200);
    const { tokens } = await addAndSignIn({ roleIds: [deputyRole.json().data.id] });
    const hr = { token: tokens.access_token as string };
    const adminId = ids.user('admin');
    for (const status of ['disabled', 'left']) {
      const res = await t.request('PUT', `${O}/employee/status/${adminId}`, { ...hr, body: { status }, lang: 'en-US' });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/last active administrator/);
    }
    const admin = (await t.request('GET', `${O}/employee/${adminId}`, { as: 'admin' })).json().data;
    const strip = {
      name: admin.name,
      username: admin.username,
      phone: admin.phone,
      rentIds: admin.rentIds,
      roleIds: [ids.officeRole],
    };
    expect((await t.request('PUT', `${O}/employee/update/${adminId}`, { ...hr, body: strip })).statusCode).toBe(409);
    // With a second administrator, the first may go.
    const second = await addAndSignIn({ roleIds: [ids.adminRole] });
    expect(second.employee.administrator).toBe(true);
    const ok = await t.request('PUT', `${O}/employee/update/${adminId}`, {
      ...hr,
      body: { ...strip, roleIds: [ids.adminRole, ids.officeRole] },
    });
    expect(ok.statusCode).toBe(200);
    const off = await t.request('PUT', `${O}/employee/status/${second.employee.id}`, {
      ...hr,
      body: { status: 'disabled' },
    });
    expect(off.statusCode).toBe(200);
  });

  it('validates the status and answers 404 across tenants and 403 to the clerk', async () => {
    const id = ids.user('wuting');
    const bad = await t.request('PUT', `${O}/employee/status/${id}`, { as: 'admin', body: { status: 'x' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('status');
    expect(
      (await t.request('PUT', `${O}/employee/status/${id}`, { as: 'other', body: { status: 'disabled' } })).statusCode,
    ).toBe(404);
    expect(
      (await t.request('PUT', `${O}/employee/status/${id}`, { as: 'clerk', body: { status: 'disabled' } })).statusCode,
    ).toBe(403);
  });
});

/** The newest SMS code sent to `phone` (sandbox outbox). */
async function smsCode(phone: string): Promise<string> {
  const { rows } = await t.deps.database.query<{ content: string }>(
    `select content from sms_messages where phone = $1 order by id desc limit 1`,
    [phone],
  );
  const m = /(\d{6})/.exec(rows[0]?.content ?? '');
  if (!m) throw new Error(`no code sent to ${phone}`);
  return m[1]!;
}

describe('no escalation over people (Hardening 2, item 2)', () => {
  /** A role of the address book's view and edit only, and an employee holding it, signed in. */
  async function addressBookEditor() {
    const role = await t.request('POST', `${O}/role/add`, {
      as: 'admin',
      body: { name: `通讯录编辑${phoneSerial}`, dataScope: 'all', grants: ['oaDepart:view', 'oaDepart:edit'] },
    });
    expect(role.statusCode, role.body).toBe(200);
    const roleId = role.json().data.id as number;
    const editor = await addAndSignIn({ roleIds: [roleId], labelIds: [] });
    return { roleId, editor, token: editor.tokens.access_token as string };
  }

  it('an address-book editor cannot change, disable, reset or invite the administrator (403)', async () => {
    const { token, editor } = await addressBookEditor();
    const adminId = ids.user('admin');
    const admin = (await t.request('GET', `${O}/employee/${adminId}`, { as: 'admin' })).json().data;
    const takeOver = {
      name: admin.name,
      username: admin.username,
      phone: editor.body.phone.replace(/\d$/, (d) => String((Number(d) + 5) % 10)),
      departmentId: admin.departmentId,
      rentIds: admin.rentIds,
      roleIds: admin.roles.map((r: { id: number }) => r.id),
      labelIds: [],
    };
    const update = await t.request('PUT', `${O}/employee/update/${adminId}`, { token, body: takeOver });
    expect(update.statusCode).toBe(403);
    expect(update.json().message).toContain('您没有的权限');
    const en = await t.request('PUT', `${O}/employee/update/${adminId}`, { token, body: takeOver, lang: 'en-US' });
    expect(en.json().message).toBe(
      'This employee holds permissions or a data scope you do not hold: you cannot change, disable, reset or invite them',
    );
    const disable = await t.request('PUT', `${O}/employee/status/${adminId}`, { token, body: { status: 'disabled' } });
    expect(disable.statusCode).toBe(403);
    expect((await t.request('POST', `${O}/employee/invite/${adminId}`, { token })).statusCode).toBe(403);
    const code = await t.request('POST', `${O}/employee/phoneCode/${adminId}`, {
      token,
      body: { phone: takeOver.phone },
    });
    expect(code.statusCode).toBe(403);
    const after = (await t.request('GET', `${O}/employee/${adminId}`, { as: 'admin' })).json().data;
    expect(after).toMatchObject({ phone: admin.phone, status: 'active' });
    // Nor anyone else holding a right he lacks (the office staff read the SMS notices).
    const staff = await t.request('PUT', `${O}/employee/status/${ids.user('wanghui')}`, {
      token,
      body: { status: 'disabled' },
    });
    expect(staff.statusCode).toBe(403);
  });

  it('an editor still manages his peers; other tenants and users without the right are refused', async () => {
    const { token, roleId } = await addressBookEditor();
    const peer = input({ roleIds: [roleId], labelIds: [] });
    const added = await t.request('POST', `${O}/employee/add`, { as: 'admin', body: peer });
    const id = added.json().data.id as number;
    // Never signed in: the phone changes without a code, and an invitation may go.
    const phone = String(++phoneSerial);
    const res = await t.request('PUT', `${O}/employee/update/${id}`, {
      token,
      body: { ...peer, phone, title: '前台' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ phone, title: '前台' });
    expect((await t.request('POST', `${O}/employee/invite/${id}`, { token })).statusCode).toBe(200);
    expect(
      (await t.request('PUT', `${O}/employee/status/${id}`, { token, body: { status: 'disabled' } })).statusCode,
    ).toBe(200);
    const body = { phone: String(++phoneSerial) };
    expect((await t.request('POST', `${O}/employee/phoneCode/${id}`, { as: 'other', body })).statusCode).toBe(404);
    expect((await t.request('POST', `${O}/employee/phoneCode/${id}`, { as: 'clerk', body })).statusCode).toBe(403);
    const bad = await t.request('POST', `${O}/employee/phoneCode/${id}`, { as: 'admin', body: { phone: '123' } });
    expect(bad.statusCode).toBe(400);
  });

  it("changing the phone of an account in use needs the new phone's code, and signs the account out", async () => {
    const { employee, body, tokens } = await addAndSignIn({ labelIds: [] });
    const phone = String(++phoneSerial);
    const change = { ...body, phone };
    const missing = await t.request('PUT', `${O}/employee/update/${employee.id}`, { as: 'admin', body: change });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0].path).toBe('phoneCode');
    const en = await t.request('PUT', `${O}/employee/update/${employee.id}`, {
      as: 'admin',
      body: change,
      lang: 'en-US',
    });
    expect(en.json().errors[0].message).toBe(
      'This account is in use: changing its phone needs the code sent to the new phone',
    );
    // A phone someone has is refused before any SMS goes.
    const taken = await t.request('POST', `${O}/employee/phoneCode/${employee.id}`, {
      as: 'admin',
      body: { phone: '13800000013' },
    });
    expect(taken.json().errors[0].path).toBe('phone');
    const sent = await t.request('POST', `${O}/employee/phoneCode/${employee.id}`, { as: 'admin', body: { phone } });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data).toEqual({ sandbox: true });
    // A code of its own purpose: it confirms the phone and opens nothing else (sign-in, registration).
    const { rows: stored } = await t.deps.database.query<{ purpose: string }>(
      'select purpose from verify_codes where target = $1 order by id desc limit 1',
      [phone],
    );
    expect(stored[0]!.purpose).toBe('phoneChange');
    const code = await smsCode(phone);
    const wrong = await t.request('PUT', `${O}/employee/update/${employee.id}`, {
      as: 'admin',
      body: { ...change, phoneCode: code === '000000' ? '111111' : '000000' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0].path).toBe('phoneCode');
    const ok = await t.request('PUT', `${O}/employee/update/${employee.id}`, {
      as: 'admin',
      body: { ...change, phoneCode: code },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.phone).toBe(phone);
    expect((await t.request('GET', `${O}/dept/list`, { token: tokens.access_token })).statusCode).toBe(401);
  });
});

describe('employee/invite', () => {
  it('sends a new code to an employee who never signed in; refused once he has, and for a disabled employee', async () => {
    const body = input();
    const added = await t.request('POST', `${O}/employee/add`, { as: 'admin', body });
    const id = added.json().data.id as number;
    const res = await t.request('POST', `${O}/employee/invite/${id}`, { as: 'admin' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ sent: true, sandbox: true, validHours: 72 });
    const code = await invitationCode(t, body.phone);
    expect((await t.signIn(body.username, '', { verify: code })).statusCode).toBe(200);
    // Signed in once: a sign-in code sent on anyone's click would take the account over.
    const again = await t.request('POST', `${O}/employee/invite/${id}`, { as: 'admin', lang: 'en-US' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('has signed in before');
    expect((await t.request('POST', `${O}/employee/invite/${ids.user('heqiang')}`, { as: 'admin' })).statusCode).toBe(
      409,
    );
    expect((await t.request('POST', `${O}/employee/invite/${id}`, { as: 'other' })).statusCode).toBe(404);
    expect((await t.request('POST', `${O}/employee/invite/${id}`, { as: 'clerk' })).statusCode).toBe(403);
  });

  it('sends at most 5 new invitations a day to one phone (429 past it)', async () => {
    const id = ids.user('wanghui');
    for (let i = 0; i < 5; i++) {
      expect((await t.request('POST', `${O}/employee/invite/${id}`, { as: 'admin' })).statusCode).toBe(200);
    }
    const sixth = await t.request('POST', `${O}/employee/invite/${id}`, { as: 'admin' });
    expect(sixth.statusCode).toBe(429);
  });

  it('an invitation code is good for 72 hours, not longer', async () => {
    const body = input();
    expect((await t.request('POST', `${O}/employee/add`, { as: 'admin', body })).statusCode).toBe(200);
    const code = await invitationCode(t, body.phone);
    const other = input();
    expect((await t.request('POST', `${O}/employee/add`, { as: 'admin', body: other })).statusCode).toBe(200);
    const late = await invitationCode(t, other.phone);
    t.clock.advance(71 * 3600_000);
    expect((await t.signIn(body.username, '', { verify: code })).statusCode).toBe(200);
    t.clock.advance(2 * 3600_000);
    expect((await t.signIn(other.username, '', { verify: late })).statusCode).toBe(400);
  });
});
