import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DriverDetail, DriverListRow } from '@fleetdesk/contracts/drivers';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { upload } from '../../../test/multipart.js';
import { remindDriverDocuments } from '../drivers.reminders.js';
import { act, addDriver, driverInput, nextIdNumber, nextPhone, P, rentsOf } from './fixtures.js';

let t: TestApp;
let rents: Awaited<ReturnType<typeof rentsOf>>;

beforeAll(async () => {
  t = await createTestApp();
  rents = await rentsOf(t);
});
afterAll(async () => t.close());

const list = async (body: Record<string, unknown> = {}, as = 'admin') => t.request('POST', `${P}/list`, { as, body });
const fieldOf = (res: { json: () => { errors?: { path: string; message: string }[] } }) =>
  res.json().errors?.map((e) => e.path);

describe('list', () => {
  it('pages the seeded drivers of the caller with names, labels and document flags', async () => {
    const res = await list({ pageSize: 50, rentId: rents.hz });
    expect(res.statusCode).toBe(200);
    const rows = res.json().data.rows.map((r: unknown) => DriverListRow.parse(r));
    const wang = rows.find((r: DriverListRow) => r.name === '王建国')!;
    expect(wang).toMatchObject({ rentName: '杭州公司', state: 'active', licenceDue: 'valid', certificateDue: 'valid' });
    expect(wang.labels.map((l: { name: string }) => l.name)).toEqual(['金牌司机']);
    expect(rows.find((r: DriverListRow) => r.name === '李明')!.licenceDue).toBe('soon');
    expect(rows.find((r: DriverListRow) => r.name === '张伟')!.licenceDue).toBe('expired');
  });

  it('filters by name, phone, ID number, state, label, rent, expiry range and documents due', async () => {
    const names = async (body: Record<string, unknown>) =>
      (await list({ pageSize: 100, ...body }))
        .json()
        .data.rows.map((r: { name: string }) => r.name)
        .sort();
    expect(await names({ name: '建国' })).toEqual(['王建国']);
    expect(await names({ phone: '13957100013' })).toEqual(['马秀英']);
    expect(await names({ keyword: '13957100020' })).toEqual(['高建华']);
    expect(await names({ state: ['blacklisted'] })).toEqual(['周杰', '高建华']);
    const { rows } = await t.deps.database.query<{ id: number }>(`select id from labels where name = '金牌司机'`);
    expect(await names({ labelId: [Number(rows[0]!.id)] })).toEqual(['刘洋', '王建国', '马秀英']);
    expect(await names({ rentId: rents.sh, state: ['prospect'] })).toEqual(['林涛']);
    const soon = await names({ documentDue: 'soon', rentId: rents.hz });
    expect(soon).toEqual(expect.arrayContaining(['李明', '刘洋', '吴敏']));
    expect(soon).not.toContain('张伟');
    expect(await names({ documentDue: 'expired', rentId: rents.sh })).toEqual(['胡娜', '郭军']);
    const today = t.clock.now().toISOString().slice(0, 10);
    const in10 = new Date(t.clock.now().getTime() + 10 * 86_400_000).toISOString().slice(0, 10);
    expect(await names({ licenceExpiryFrom: today, licenceExpiryTo: in10 })).toEqual(['朱志强']);
    const idPart = (
      await t.deps.database.query<{ id_number: string }>(`select id_number from drivers where phone = '13957100001'`)
    ).rows[0]!.id_number;
    expect(await names({ idNumber: idPart.slice(6, 14) })).toContain('王建国');
    expect((await list({ licenceExpiryFrom: '2030-01-01', licenceExpiryTo: '2029-01-01' })).statusCode).toBe(400);
  });

  it('sums states and documents for the header', async () => {
    const res = await t.request('GET', `${P}/summary?rentId=${rents.sh}`, { as: 'admin' });
    expect(res.json().data).toMatchObject({
      byState: { active: 4, prospect: 1, left: 2, blacklisted: 1 },
      licenceSoon: 1,
      licenceExpired: 1,
      certificateExpired: 1,
      leadDays: 30,
    });
  });
});

describe('validation', () => {
  it('refuses a wrong ID check digit, a gender or birth date the number contradicts, and bad phones', async () => {
    const good = driverInput();
    const wrongDigit = `${good.idNumber.slice(0, 17)}${good.idNumber[17] === '1' ? '2' : '1'}`;
    const cases: [Record<string, unknown>, string][] = [
      [{ idNumber: wrongDigit }, 'idNumber'],
      [{ idNumber: '33010619900101123' }, 'idNumber'],
      [{ gender: 'female' }, 'gender'],
      [{ birthDate: '1990-01-02' }, 'birthDate'],
      [{ phone: '1234567' }, 'phone'],
      [{ emergencyPhone: '0571-8888' }, 'emergencyPhone'],
      [{ licenceFirstIssue: '2099-01-01' }, 'licenceFirstIssue'],
      [{ licenceFirstIssue: '2005-01-01' }, 'licenceFirstIssue'],
      [{ licenceExpiry: '2011-01-01' }, 'licenceExpiry'],
      [{ certificateExpiry: null }, 'certificateExpiry'],
      [{ bankName: null }, 'bankName'],
      [{ licenceClass: 'Z9' }, 'licenceClass'],
      [{ name: '王' }, 'name'],
    ];
    for (const [patch, field] of cases) {
      const res = await t.request('POST', `${P}/add`, { as: 'admin', body: { ...driverInput(), ...patch } });
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      expect(fieldOf(res), JSON.stringify(patch)).toContain(field);
    }
  });

  it('answers the messages in the caller language', async () => {
    const body = { ...driverInput(), gender: 'female' };
    const zh = await t.request('POST', `${P}/add`, { as: 'admin', body, headers: { 'accept-language': 'zh-CN' } });
    expect(zh.json().errors[0].message).toContain('性别与身份证号不符');
    const en = await t.request('POST', `${P}/add`, { as: 'admin', body, headers: { 'accept-language': 'en-US' } });
    expect(en.json().errors[0].message).toContain('does not match the ID card number');
  });

  it('derives the birth date and gender from the ID number and keeps a unique phone per tenant', async () => {
    const idNumber = nextIdNumber('female', '19950520');
    const created = await addDriver(t, {
      idNumber,
      gender: 'female',
      birthDate: null,
      licenceNumber: idNumber,
      licenceFirstIssue: '2015-06-01',
    });
    const detail = DriverDetail.parse((await t.request('GET', `${P}/${created.id}`, { as: 'admin' })).json().data);
    expect(detail).toMatchObject({ birthDate: '1995-05-20', gender: 'female', state: 'prospect', deletable: true });
    expect(detail.actions).toEqual(['activate', 'blacklist']);
    const again = await t.request('POST', `${P}/add`, { as: 'admin', body: driverInput({ phone: created.phone }) });
    expect(again.statusCode).toBe(400);
    expect(fieldOf(again)).toContain('phone');
  });

  it('checks an ID number for the form: facts, the active driver and the blacklist', async () => {
    const bad = (await t.request('GET', `${P}/check/idNumber?idNumber=330106199001011234`, { as: 'admin' })).json();
    expect(bad.data.valid).toBe(false);
    const { rows } = await t.deps.database.query<{ id_number: string }>(
      `select id_number from drivers where name = '周杰' and state = 'blacklisted'`,
    );
    const res = await t.request('GET', `${P}/check/idNumber?idNumber=${rows[0]!.id_number}`, { as: 'admin' });
    expect(res.json().data).toMatchObject({ valid: true, birthDate: '1989-04-06', gender: 'male' });
    expect(res.json().data.blacklist[0]).toMatchObject({
      rentName: '杭州公司',
      reason: expect.stringContaining('拖欠'),
    });
  });
});

describe('states', () => {
  it('follows the transition table and refuses the rest with 409', async () => {
    const d = await addDriver(t);
    expect((await act(t, d.id, 'leave')).statusCode).toBe(409);
    expect((await act(t, d.id, 'lift', 'x')).statusCode).toBe(409);
    const active = await act(t, d.id, 'activate');
    expect(active.json().data).toMatchObject({ state: 'active', actions: ['leave', 'blacklist'], deletable: false });
    expect((await act(t, d.id, 'activate')).json().message).toContain('不能执行');
    expect((await act(t, d.id, 'blacklist')).statusCode).toBe(400);
    const black = (await act(t, d.id, 'blacklist', '恶意损坏车辆')).json().data;
    expect(black).toMatchObject({ state: 'blacklisted', stateReason: '恶意损坏车辆', blacklistedBy: '张伟' });
    expect((await act(t, d.id, 'activate')).statusCode).toBe(409);
    const lifted = (await act(t, d.id, 'lift', '已赔偿')).json().data;
    expect(lifted).toMatchObject({ state: 'left', stateReason: '已赔偿', blacklistedBy: null });
    expect((await act(t, d.id, 'activate')).json().data.state).toBe('active');
    const ops = (await t.request('GET', `${P}/operations?driverId=${d.id}&kind=state`, { as: 'admin' })).json().data;
    expect(ops.rows.map((o: { action: string }) => o.action)).toEqual(['activate', 'lift', 'blacklist', 'activate']);
    expect(ops.rows[1]).toMatchObject({
      fromState: 'blacklisted',
      toState: 'left',
      reason: '已赔偿',
      userName: '张伟',
    });
  });

  it('refuses a second active driver with the same ID number in the tenant, whatever the rent', async () => {
    const first = await addDriver(t, {}, rents.hz);
    await act(t, first.id, 'activate');
    const twin = await addDriver(t, { idNumber: first.idNumber, licenceNumber: first.idNumber }, rents.sh);
    const refused = await act(t, twin.id, 'activate');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('在职司机');
    await act(t, first.id, 'leave');
    expect((await act(t, twin.id, 'activate')).json().data.state).toBe('active');
  });

  it('shows a blacklisting to every rent of the tenant and refuses activating that ID elsewhere', async () => {
    const hz = await addDriver(t, {}, rents.hz);
    await act(t, hz.id, 'blacklist', '骗租');
    const sh = await addDriver(t, { idNumber: hz.idNumber, licenceNumber: hz.idNumber }, rents.sh);
    const detail = (await t.request('GET', `${P}/${sh.id}`, { as: 'admin' })).json().data;
    expect(detail.blacklistHits).toEqual([
      expect.objectContaining({ driverId: hz.id, rentName: '杭州公司', reason: '骗租' }),
    ]);
    const refused = await act(t, sh.id, 'activate');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('骗租');
  });

  it('counts the list again after any write, from this process or another (the version triggers)', async () => {
    const total = async () => (await list({ state: ['prospect'] })).json().data.total as number;
    const before = await total();
    expect(await total()).toBe(before);
    const d = await addDriver(t);
    expect(await total()).toBe(before + 1);
    await t.deps.database.query(`update drivers set state = 'left' where id = ${d.id}`);
    expect(await total()).toBe(before);
  });

  it('deletes only a prospect with no history, lists the deleted and restores them', async () => {
    const d = await addDriver(t);
    const active = await addDriver(t);
    await act(t, active.id, 'activate');
    expect((await t.request('DELETE', `${P}/delete/${active.id}`, { as: 'admin' })).statusCode).toBe(409);
    expect((await t.request('DELETE', `${P}/delete/${d.id}`, { as: 'admin' })).statusCode).toBe(200);
    expect((await t.request('GET', `${P}/${d.id}`, { as: 'admin' })).json().data.deletedAt).not.toBeNull();
    const deleted = (await list({ deleted: 'only', phone: d.phone })).json().data;
    expect(deleted.rows.map((r: { id: number }) => r.id)).toEqual([d.id]);
    expect((await list({ phone: d.phone })).json().data.total).toBe(0);
    const restored = await t.request('POST', `${P}/restore/${d.id}`, { as: 'admin' });
    expect(restored.json().data).toMatchObject({ id: d.id, deletedAt: null });
    expect((await t.request('POST', `${P}/restore/${d.id}`, { as: 'admin' })).statusCode).toBe(409);
  });
});

describe('permissions and isolation', () => {
  it('lets the clerk read but not write', async () => {
    expect((await list({}, 'clerk')).statusCode).toBe(200);
    const d = await addDriver(t, {}, rents.hz);
    const calls: [string, string, unknown][] = [
      ['POST', `${P}/add`, driverInput()],
      ['PUT', `${P}/update/${d.id}`, driverInput()],
      ['PUT', `${P}/activate/${d.id}`, {}],
      ['PUT', `${P}/blacklist/${d.id}`, { reason: 'x' }],
      ['PUT', `${P}/labels/${d.id}`, { labelIds: [] }],
      ['DELETE', `${P}/delete/${d.id}`, undefined],
      ['POST', `${P}/restore/${d.id}`, undefined],
      ['POST', `${P}/exportDriver`, {}],
    ];
    for (const [method, url, body] of calls) {
      const res = await t.request(method as 'POST', url, { as: 'clerk', ...(body !== undefined ? { body } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('keeps other tenants apart', async () => {
    const { rows } = await t.deps.database.query<{ id: number }>(
      `select d.id from drivers d join tenants t on t.id = d.tenant_id where t.code = 'OTHER' limit 1`,
    );
    const otherId = Number(rows[0]!.id);
    expect((await t.request('GET', `${P}/${otherId}`, { as: 'admin' })).statusCode).toBe(404);
    expect((await act(t, otherId, 'blacklist', 'x')).statusCode).toBe(404);
    expect((await t.request('PUT', `${P}/update/${otherId}`, { as: 'admin', body: driverInput() })).statusCode).toBe(
      404,
    );
    const mine = (await list({ pageSize: 100 }, 'other')).json().data;
    expect(mine.rows.map((r: { name: string }) => r.name).sort()).toEqual(['Qian Li', 'Zhao Qiang']);
    // A phone and an active ID number of another tenant are no clash here.
    const otherDriver = (await t.request('GET', `${P}/${otherId}`, { as: 'other' })).json().data;
    const same = await addDriver(t, {
      phone: otherDriver.phone,
      idNumber: otherDriver.idNumber,
      gender: otherDriver.gender,
      birthDate: null,
      licenceNumber: null,
      licenceFirstIssue: null,
    });
    expect((await act(t, same.id, 'activate')).statusCode).toBe(200);
    // Another tenant's label is unknown here.
    const { rows: otherLabels } = await t.deps.database.query<{ id: number }>(
      `insert into labels (tenant_id, kind, name) select id, 'driver', '外部' from tenants where code = 'OTHER' returning id`,
    );
    const res = await t.request('PUT', `${P}/labels/${same.id}`, {
      as: 'admin',
      body: { labelIds: [Number(otherLabels[0]!.id)] },
    });
    expect(res.statusCode).toBe(400);
  });

  it('refuses a rent the caller may not act in', async () => {
    expect((await list({ rentId: rents.bj })).statusCode).toBe(403);
    const res = await t.request('POST', `${P}/add`, { as: 'admin', body: driverInput({ rentId: rents.bj }) });
    expect(res.statusCode).toBe(400);
    expect(fieldOf(res)).toContain('rentId');
  });
});

describe('images, labels and updates', () => {
  it('keeps uploaded card images with signed addresses and refuses foreign addresses', async () => {
    const front = await upload(t, 'admin', 'license', 'id-front.png');
    const d = await addDriver(t, { idCardFrontUrl: front, licenceFrontUrl: front });
    const detail = (await t.request('GET', `${P}/${d.id}`, { as: 'admin' })).json().data;
    expect(detail.idCardFront).toMatchObject({ url: front, signedUrl: expect.stringContaining('sig') });
    const res = await t.request('POST', `${P}/add`, {
      as: 'admin',
      body: driverInput({ idCardBackUrl: 'https://example.com/x.png' }),
    });
    expect(res.statusCode).toBe(400);
    expect(fieldOf(res)).toContain('idCardBackUrl');
  });

  it('updates a driver, sets labels and logs both in the history and the operation log', async () => {
    const d = await addDriver(t);
    const { rows } = await t.deps.database.query<{ id: number }>(`select id from labels where name = '重点关注'`);
    const labelId = Number(rows[0]!.id);
    const upd = await t.request('PUT', `${P}/update/${d.id}`, {
      as: 'admin',
      body: driverInput({
        idNumber: d.idNumber,
        licenceNumber: d.idNumber,
        phone: nextPhone(),
        name: '改名司机',
        labelIds: [labelId],
      }),
    });
    expect(upd.json().data).toMatchObject({ name: '改名司机', labels: [{ id: labelId, name: '重点关注' }] });
    const cleared = await t.request('PUT', `${P}/labels/${d.id}`, { as: 'admin', body: { labelIds: [] } });
    expect(cleared.json().data.labels).toEqual([]);
    const kinds = (await t.request('GET', `${P}/operations?driverId=${d.id}`, { as: 'admin' })).json().data.rows;
    expect(kinds.map((k: { kind: string }) => k.kind)).toEqual(['labels', 'update', 'create']);
    const log = await t.request('GET', `/api/ccwadmin/operationLog/list?target=driver:${d.id}`, { as: 'admin' });
    expect(log.statusCode).toBe(200);
    expect(log.json().data.total).toBeGreaterThanOrEqual(3);
  });

  it('counts driver labels as used', async () => {
    const res = await t.request('GET', '/api/ccwadmin/label/list?kind=driver', { as: 'admin' });
    expect(res.statusCode).toBe(200);
    const vip = res.json().data.find((l: { name: string }) => l.name === '金牌司机');
    expect(vip.used).toBeGreaterThanOrEqual(3);
  });
});

describe('reminders', () => {
  it('pushes one message per expiring document to the users who see the driver, once per expiry', async () => {
    const before = await t.deps.database.query<{ n: number }>(
      `select count(*)::int as n from push_records where category = 7`,
    );
    const sent = await remindDriverDocuments(t.deps);
    expect(sent).toBeGreaterThanOrEqual(6);
    const pushed = await t.deps.database.query<{ content: string; username: string }>(
      `select p.content, u.username from push_records p join users u on u.tenant_id = p.tenant_id and u.id = p.user_id
       where p.category = 7`,
    );
    expect(pushed.rows.length).toBeGreaterThan(before.rows[0]!.n);
    expect(pushed.rows.some((r) => r.username === 'admin' && r.content.includes('李明'))).toBe(true);
    // The clerk reads drivers of his rent only: a Shanghai driver is not his news.
    expect(pushed.rows.some((r) => r.username === 'clerk' && r.content.includes('朱志强'))).toBe(false);
    // Nobody of the other tenant hears of these drivers, and a second run sends nothing new.
    expect(pushed.rows.some((r) => r.username === 'other')).toBe(false);
    expect(await remindDriverDocuments(t.deps)).toBe(0);
    // Stored as keys: the message list shows them in the reader's language, the document by its own title.
    const list = async (lang: 'zh-CN' | 'en-US') =>
      (
        await t.request('GET', '/api/ccwmc/pushRecord/list', {
          as: 'admin',
          lang,
          query: { category: '7', pageSize: '500' },
        })
      ).json().data.rows as { title: string; content: string }[];
    const zh = (await list('zh-CN')).find((m) => m.content.includes('李明') && m.content.includes('驾驶证'))!;
    expect(zh.title).toMatch(/^驾驶证(已过期|即将到期)$/);
    const en = (await list('en-US')).find((m) => m.content.includes("Driver 李明's driving licence"))!;
    expect(en.title).toMatch(/^(Expired|Expiring soon): driving licence$/);
    expect(en.content).toMatch(/^Driver 李明's driving licence (expired on|expires on) \d{4}-\d{2}-\d{2};/);
  });
});
