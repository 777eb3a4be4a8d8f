import type { TeamDetail, TeamMember, TeamMove, TeamNode } from '@fleetdesk/contracts/teams';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { addUser, seedIds } from '../../../test/users.js';

const A = '/api/ccwadmin';
const T = `${A}/team`;
let t: TestApp;
let r: Awaited<ReturnType<typeof seedIds>>;
let drivers: number[];
let cars: number[];
let shDriver: number;

const q = async <R>(text: string, params: unknown[] = []) => (await t.deps.database.query<R>(text, params)).rows;

async function create(body: Record<string, unknown>, token?: string) {
  return t.request('POST', `${T}/create`, {
    ...(token ? { token } : { as: 'admin' }),
    body: { rentId: r.hz, ...body },
  });
}
async function node(body: Record<string, unknown>): Promise<TeamDetail> {
  const res = await create(body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as TeamDetail;
}
const fieldsOf = (res: { json(): { errors?: { path: string }[] } }) => (res.json().errors ?? []).map((e) => e.path);

/** A role of the demo tenant with data scope `team` and the given grants. */
async function teamRole(code: string, grants: string[]): Promise<number> {
  const [role] = await q<{ id: number }>(
    `insert into roles (tenant_id, code, name, data_scope) values ($1, $2, $2, 'team') returning id`,
    [r.demo, code],
  );
  for (const g of grants) {
    await q(`insert into role_grants (tenant_id, role_id, code) values ($1, $2, $3)`, [r.demo, role!.id, g]);
  }
  return Number(role!.id);
}

beforeAll(async () => {
  t = await createTestApp();
  r = await seedIds(t);
  drivers = (
    await q<{ id: number }>(
      `select id from drivers where tenant_id = $1 and rent_id = $2 and deleted_at is null
        and state in ('prospect', 'active') order by id limit 6`,
      [r.demo, r.hz],
    )
  ).map((x) => Number(x.id));
  cars = (
    await q<{ id: number }>(
      `select id from cars where tenant_id = $1 and rent_id = $2 and deleted_at is null
        and status not in ('sold', 'scrapped') order by id limit 4`,
      [r.demo, r.hz],
    )
  ).map((x) => Number(x.id));
  const [sh] = await q<{ id: number }>(
    `select id from drivers where tenant_id = $1 and rent_id = $2 and deleted_at is null order by id limit 1`,
    [r.demo, r.sh],
  );
  shDriver = Number(sh!.id);
  expect(drivers).toHaveLength(6);
  expect(cars).toHaveLength(4);
});
afterAll(async () => t.close());

describe('the demo', () => {
  it('has fleets with drivers, cars and moves, and a leader who sees only his fleet', async () => {
    const all = (await t.request('GET', `${T}/tree`, { as: 'admin' })).json().data as TeamNode[];
    expect(all.map((n) => n.name)).toEqual(['网约车一队', '早班组', '夜班组', '商务车队', '浦东车队']);
    for (const n of all.filter((x) => x.kind === 'team' || x.name === '商务车队')) expect(n.members).toBeGreaterThan(0);
    expect(all.reduce((sum, n) => sum + n.cars, 0)).toBeGreaterThan(0);
    expect(all.find((n) => n.name === '早班组')!.leader).toMatchObject({ kind: 'driver' });

    const mine = (await t.request('GET', `${T}/tree`, { as: 'fleet1' })).json().data as TeamNode[];
    expect(mine.map((n) => n.name)).toEqual(['网约车一队', '早班组', '夜班组']);
    const ride = mine[0]!;
    const detail = (await t.request('GET', `${T}/get/${ride.id}`, { as: 'fleet1' })).json().data as TeamDetail;
    const drivers = await t.request('POST', `${A}/rentDriver/list`, { as: 'fleet1', body: { pageSize: 500 } });
    expect(drivers.json().data.total).toBe(detail.membersTotal);
    const carList = await t.request('POST', `${A}/rentCar/list`, { as: 'fleet1', body: { pageSize: 500 } });
    expect(carList.json().data.total).toBe(detail.carsTotal);

    const moves = (
      await t.request('GET', `${T}/moves`, { as: 'fleet1', query: { teamId: ride.id, pageSize: 500 } })
    ).json().data.rows as TeamMove[];
    expect(moves.filter((m) => m.leaveReason === '调整班次').length).toBeGreaterThan(0);
    const theirs = (await t.request('GET', `${T}/tree`, { as: 'other' })).json().data as TeamNode[];
    expect(theirs.map((n) => n.name)).toEqual(['朝阳车队']);

    // forty days of platform figures: last week's month ranks every driver of his fleet
    const month = new Date(t.clock.now().getTime() - 7 * 86_400_000).toISOString().slice(0, 7);
    const ranking = await t.request('GET', `${A}/teamPerf/drivers`, {
      as: 'fleet1',
      query: { month, teamId: ride.id, pageSize: 100 },
    });
    expect(ranking.statusCode, ranking.body).toBe(200);
    const rows = ranking.json().data.rows as { flow: number; rank: number }[];
    expect(rows).toHaveLength(detail.membersTotal);
    expect(rows.filter((x) => x.flow > 0).length).toBeGreaterThan(0);
    expect(rows[0]!.rank).toBe(1);

    // its commission rule and last month's statement, a draft to check and send
    const statements = await t.request('GET', `${A}/teamStatement/list`, { as: 'fleet1', query: { teamId: ride.id } });
    expect((statements.json().data.rows as { state: string; drivers: number }[]).map((s) => s.state)).toEqual([
      'draft',
    ]);
  });
});

describe('the tree', () => {
  it('holds fleets under a company and teams under a fleet, with their checks', async () => {
    const [clerk] = await q<{ id: number }>(`select id from users where username = 'clerk'`);
    const fleet = await node({ name: '测试一队', leaderKind: 'employee', leaderUserId: Number(clerk!.id) });
    expect(fleet).toMatchObject({ kind: 'fleet', parentId: null, rentId: r.hz, members: 0, children: 0 });
    expect(fleet.leader).toMatchObject({ kind: 'employee', name: expect.any(String) });
    const team = await node({ name: '甲组', parentId: fleet.id, leaderKind: 'driver', leaderDriverId: drivers[0] });
    expect(team).toMatchObject({ kind: 'team', parentId: fleet.id, parentName: '测试一队' });

    const tree = (await t.request('GET', `${T}/tree`, { as: 'admin', query: { keyword: '甲组' } })).json()
      .data as TeamNode[];
    // the match and its fleet
    expect(tree.map((n) => n.id)).toEqual([fleet.id, team.id]);

    // refusals, each at its field
    const mismatch = await create({ name: 'x', leaderKind: 'employee' });
    expect(mismatch.statusCode).toBe(400);
    expect(fieldsOf(mismatch)).toContain('leaderKind');
    const taken = await create({ name: '测试一队' });
    expect(taken.statusCode).toBe(400);
    expect(fieldsOf(taken)).toEqual(['name']);
    const underTeam = await create({ name: '乙组', parentId: team.id });
    expect(fieldsOf(underTeam)).toEqual(['parentId']);
    const otherRent = await create({ name: '乙组', parentId: fleet.id, rentId: r.sh });
    expect(fieldsOf(otherRent)).toEqual(['parentId']);
    const driverOfSh = await create({
      name: '乙组',
      parentId: fleet.id,
      leaderKind: 'driver',
      leaderDriverId: shDriver,
    });
    expect(fieldsOf(driverOfSh)).toEqual(['leaderDriverId']);
    const [left] = await q<{ id: number }>(`select id from users where status = 'left' limit 1`);
    if (left) {
      const gone = await create({ name: '乙组', parentId: fleet.id, leaderKind: 'employee', leaderUserId: left.id });
      expect(fieldsOf(gone)).toEqual(['leaderUserId']);
    }

    // update at its version; a second writer at the old one is stale
    const body = {
      id: team.id,
      version: team.version,
      rentId: r.hz,
      parentId: fleet.id,
      name: '甲组（夜班）',
      leaderKind: 'none',
      enabled: true,
      sort: 1,
    };
    const upd = await t.request('PUT', `${T}/update`, { as: 'admin', body });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(upd.json().data).toMatchObject({ name: '甲组（夜班）', leader: null, version: team.version + 1 });
    expect((await t.request('PUT', `${T}/update`, { as: 'admin', body })).statusCode).toBe(409);
    const moveRent = await t.request('PUT', `${T}/update`, {
      as: 'admin',
      body: { ...body, version: team.version + 1, rentId: r.sh },
    });
    expect(fieldsOf(moveRent)).toEqual(['rentId']);
    const toFleet = await t.request('PUT', `${T}/update`, {
      as: 'admin',
      body: { ...body, version: team.version + 1, parentId: null },
    });
    expect(fieldsOf(toFleet)).toEqual(['parentId']);

    // a fleet with a team is not deleted; the empty team is
    expect((await t.request('POST', `${T}/delete/${fleet.id}`, { as: 'admin' })).statusCode).toBe(409);
    expect((await t.request('POST', `${T}/delete/${team.id}`, { as: 'admin' })).statusCode).toBe(200);
    expect((await t.request('GET', `${T}/get/${team.id}`, { as: 'admin' })).statusCode).toBe(404);
    // its name is free again
    expect((await create({ name: '甲组（夜班）', parentId: fleet.id })).statusCode).toBe(200);
  });
});

describe('members and cars', () => {
  it('moves drivers between nodes with their history, and cars', async () => {
    const fleet = await node({ name: '调度二队' });
    const a = await node({ name: 'A组', parentId: fleet.id });
    const b = await node({ name: 'B组', parentId: fleet.id });
    const add = (teamId: number, driverIds: number[], reason?: string) =>
      t.request('POST', `${T}/members/add`, { as: 'admin', body: { teamId, driverIds, reason } });

    const first = await add(a.id, drivers.slice(1, 4), '新人分组');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toEqual({ moved: 3, unchanged: 0 });
    expect((await add(a.id, drivers.slice(1, 4))).json().data).toEqual({ moved: 0, unchanged: 3 });
    expect((await add(b.id, [drivers[1]!], '调班')).json().data).toEqual({ moved: 1, unchanged: 0 });

    const members = async (teamId: number, withSubteams = true) =>
      (await t.request('GET', `${T}/members`, { as: 'admin', query: { teamId, withSubteams } })).json().data as {
        rows: TeamMember[];
        total: number;
      };
    expect((await members(a.id)).total).toBe(2);
    expect((await members(fleet.id)).total).toBe(3);
    expect((await members(fleet.id, false)).total).toBe(0);
    const detail = (await t.request('GET', `${T}/get/${fleet.id}`, { as: 'admin' })).json().data as TeamDetail;
    expect(detail).toMatchObject({ membersTotal: 3, members: 0, children: 2 });

    const moves = (await t.request('GET', `${T}/moves`, { as: 'admin', query: { driverId: drivers[1]! } })).json().data
      .rows as TeamMove[];
    // (the demo may have placed this driver before: only this test's nodes)
    const ours = moves.filter((m) => m.teamId === a.id || m.teamId === b.id);
    expect(ours.map((m) => [m.teamName, m.leftAt === null, m.joinReason])).toEqual([
      ['B组', true, '调班'],
      ['A组', false, '新人分组'],
    ]);
    expect(ours[1]).toMatchObject({ leaveReason: '调班', leftBy: expect.any(String) });
    // one open stay per driver, held by the database
    const open = await q<{ n: number }>(
      `select count(*)::int as n from team_members where driver_id = $1 and left_at is null`,
      [drivers[1]],
    );
    expect(open[0]!.n).toBe(1);

    // refusals: another rent's driver (400 at driverIds), a blacklisted one (409), a disabled node (409)
    const sh = await add(a.id, [shDriver]);
    expect(sh.statusCode).toBe(400);
    expect(fieldsOf(sh)).toEqual(['driverIds']);
    await q(`update drivers set state = 'blacklisted' where id = $1`, [drivers[5]]);
    const black = await add(a.id, [drivers[5]!]);
    expect(black.statusCode).toBe(409);
    await q(`update drivers set state = 'active' where id = $1`, [drivers[5]]);
    const twice = await add(a.id, [drivers[4]!, drivers[4]!]);
    expect(twice.statusCode).toBe(400);

    // remove: only those in the node (or its teams) leave
    const removed = await t.request('POST', `${T}/members/remove`, {
      as: 'admin',
      body: { teamId: fleet.id, driverIds: [drivers[2]!, drivers[5]!], reason: '离队' },
    });
    expect(removed.json().data).toEqual({ moved: 1, unchanged: 1 });
    const [gone] = await q<{ team_id: number | null }>(`select team_id from drivers where id = $1`, [drivers[2]]);
    expect(gone!.team_id).toBeNull();

    // a driver who leaves (the drivers' own call) leaves his team: his stay ends at that moment
    const [free] = await q<{ id: number }>(
      `select d.id from drivers d where d.tenant_id = $1 and d.rent_id = $2 and d.state = 'active'
        and d.deleted_at is null and not exists (select 1 from rental_contracts k where k.tenant_id = d.tenant_id
          and k.driver_id = d.id and k.state in ('pending', 'signed')) order by d.id desc limit 1`,
      [r.demo, r.hz],
    );
    const leaver = Number(free!.id);
    expect((await add(a.id, [leaver])).json().data.moved).toBe(1);
    t.clock.advance(60_000);
    const leave = await t.request('PUT', `${A}/rentDriver/leave/${leaver}`, { as: 'admin', body: {} });
    expect(leave.statusCode, leave.body).toBe(200);
    const [stay] = await q<{ left_at: Date; team_id: number | null }>(
      `select m.left_at, d.team_id from team_members m join drivers d on d.id = m.driver_id
        where m.driver_id = $1 and m.team_id = $2`,
      [leaver, a.id],
    );
    expect(stay!.team_id).toBeNull();
    expect(new Date(stay!.left_at).getTime()).toBe(t.clock.now().getTime());
    await t.request('PUT', `${A}/rentDriver/activate/${leaver}`, { as: 'admin', body: {} });

    // cars
    const addCars = await t.request('POST', `${T}/cars/add`, { as: 'admin', body: { teamId: b.id, carIds: cars } });
    expect(addCars.json().data).toEqual({ moved: 4, unchanged: 0 });
    const carList = (await t.request('GET', `${T}/cars`, { as: 'admin', query: { teamId: fleet.id } })).json().data;
    expect(carList.total).toBe(4);
    expect(carList.rows[0]).toMatchObject({ teamName: 'B组', plate: expect.any(String) });
    const leaveCars = await t.request('POST', `${T}/cars/remove`, {
      as: 'admin',
      body: { teamId: b.id, carIds: [cars[3]!] },
    });
    expect(leaveCars.json().data).toEqual({ moved: 1, unchanged: 0 });
    await q(`update cars set status = 'sold' where id = $1`, [cars[3]]);
    const sold = await t.request('POST', `${T}/cars/add`, { as: 'admin', body: { teamId: b.id, carIds: [cars[3]!] } });
    expect(sold.statusCode).toBe(409);
    await q(`update cars set status = 'idle' where id = $1`, [cars[3]]);

    // a node with drivers or cars is not deleted; a disabled one takes nobody
    expect((await t.request('POST', `${T}/delete/${b.id}`, { as: 'admin' })).statusCode).toBe(409);
    await q(`update teams set enabled = false where id = $1`, [b.id]);
    expect((await add(b.id, [drivers[4]!])).statusCode).toBe(409);
  });
});

describe("a fleet leader's data scope", () => {
  it('sees only the nodes he leads, their drivers and cars, and gives no wider scope', async () => {
    const roleId = await teamRole('testLeader', [
      'teams',
      'teams:view',
      'teams:add',
      'teams:edit',
      'rentDriver',
      'rentDriver:view',
      'rentCar',
      'rentCar:view',
      'oaSetting',
      'oaSetting:role',
    ]);
    const leader = await addUser(t, 'leader3', { roleIds: [roleId], rentIds: [r.hz] });
    const fleet = await node({ name: '三队', leaderKind: 'employee', leaderUserId: leader.id });
    const team = await node({ name: '三队一组', parentId: fleet.id });
    const elsewhere = await node({ name: '四队' });
    await t.request('POST', `${T}/members/add`, { as: 'admin', body: { teamId: team.id, driverIds: [drivers[4]!] } });
    await t.request('POST', `${T}/members/add`, {
      as: 'admin',
      body: { teamId: elsewhere.id, driverIds: [drivers[5]!] },
    });
    await t.request('POST', `${T}/cars/add`, { as: 'admin', body: { teamId: fleet.id, carIds: [cars[0]!] } });
    await t.deps.sessions.settled();
    const token = leader.token;

    const tree = (await t.request('GET', `${T}/tree`, { token })).json().data as TeamNode[];
    expect(tree.map((n) => n.name)).toEqual(['三队', '三队一组']);
    expect((await t.request('GET', `${T}/get/${elsewhere.id}`, { token })).statusCode).toBe(404);

    const driverList = await t.request('POST', `${A}/rentDriver/list`, { token, body: { pageSize: 100 } });
    expect(driverList.statusCode, driverList.body).toBe(200);
    expect((driverList.json().data.rows as { id: number }[]).map((d) => d.id)).toEqual([drivers[4]]);
    expect((await t.request('GET', `${A}/rentDriver/${drivers[5]}`, { token })).statusCode).toBe(404);
    const carList = await t.request('POST', `${A}/rentCar/list`, { token, body: { pageSize: 100 } });
    expect((carList.json().data.rows as { id: number }[]).map((c) => c.id)).toEqual([cars[0]]);

    // he adds teams under his fleet, not fleets; he moves only his own drivers
    expect((await create({ name: '五队' }, token)).statusCode).toBe(403);
    const mine = await t.request('POST', `${T}/create`, {
      token,
      body: { rentId: r.hz, parentId: fleet.id, name: '三队二组' },
    });
    expect(mine.statusCode, mine.body).toBe(200);
    await t.deps.sessions.settled();
    const move = await t.request('POST', `${T}/members/add`, {
      token,
      body: { teamId: mine.json().data.id, driverIds: [drivers[4]!] },
    });
    expect(move.json().data).toEqual({ moved: 1, unchanged: 0 });
    const foreign = await t.request('POST', `${T}/members/add`, {
      token,
      body: { teamId: team.id, driverIds: [drivers[5]!] },
    });
    expect(fieldsOf(foreign)).toEqual(['driverIds']);

    // no escalation: a role of his may only have scope `team`
    const role = await t.request('POST', `${A}/role/add`, {
      token,
      body: { name: '越权角色', dataScope: 'assigned', grants: ['teams', 'teams:view'] },
    });
    expect(role.statusCode).toBe(400);
    expect(fieldsOf(role)).toContain('dataScope');

    // no longer the leader: the session follows at once (trigger of migration 0042)
    await q(`update teams set leader_user_id = null where id = $1`, [fleet.id]);
    await t.deps.sessions.settled();
    expect((await t.request('GET', `${T}/tree`, { token })).json().data).toEqual([]);
    expect((await t.request('POST', `${A}/rentDriver/list`, { token, body: {} })).json().data.total).toBe(0);
  });
});

describe('permissions and tenants', () => {
  it('refuses callers without the grant and hides another tenant', async () => {
    const roleId = await teamRole('teamViewer', ['teams', 'teams:view']);
    const viewer = await addUser(t, 'viewer3', { roleIds: [roleId], rentIds: [r.hz] });
    await q(`update roles set data_scope = 'assigned' where id = $1`, [roleId]);
    await t.deps.sessions.settled();
    const fleet = await node({ name: '六队' });
    const token = viewer.token;
    expect((await t.request('GET', `${T}/get/${fleet.id}`, { token })).statusCode).toBe(200);
    expect((await t.request('POST', `${T}/create`, { token, body: { rentId: r.hz, name: '七队' } })).statusCode).toBe(
      403,
    );
    expect(
      (await t.request('POST', `${T}/members/add`, { token, body: { teamId: fleet.id, driverIds: [drivers[0]!] } }))
        .statusCode,
    ).toBe(403);
    expect((await t.request('POST', `${T}/delete/${fleet.id}`, { token })).statusCode).toBe(403);
    // a rent he does not see: 403 on the filter, 404 on its node
    const sh = await node({ name: '沪一队', rentId: r.sh });
    expect((await t.request('GET', `${T}/tree`, { token, query: { rentId: r.sh } })).statusCode).toBe(403);
    expect((await t.request('GET', `${T}/get/${sh.id}`, { token })).statusCode).toBe(404);

    // the other tenant sees none of ours, and cannot touch them
    expect((await t.request('GET', `${T}/get/${fleet.id}`, { as: 'other' })).statusCode).toBe(404);
    const theirs = (await t.request('GET', `${T}/tree`, { as: 'other' })).json().data as TeamNode[];
    expect(theirs.some((n) => n.id === fleet.id || n.id === sh.id)).toBe(false);
    const steal = await t.request('POST', `${T}/members/add`, {
      as: 'other',
      body: { teamId: fleet.id, driverIds: [drivers[0]!] },
    });
    expect(steal.statusCode).toBe(404);
  });
});
