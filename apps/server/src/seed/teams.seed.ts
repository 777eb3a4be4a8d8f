import { sql } from 'drizzle-orm';
import { rawNumber, rowsOf, type RawNumber, type Tx } from '../core/db.js';
import { addMonths } from '@fleetdesk/contracts/dates';
import { localDate } from '../core/tenant-time.js';
import { approvalFlows, approvalFlowVersions } from '../db/schema/office.js';
import { ensureRole } from '../modules/roles/roles.service.js';
import { computeInTx } from '../modules/teams/commission.service.js';
import { DEFAULT_TEAM_RULES } from '@fleetdesk/contracts/team-performance';
import { tenantSettings } from '../db/schema/organisation.js';
import type { DemoContext } from './context.js';
import { seedUser } from './tenant-seed.js';

/** The fleet leader's role of the demo (data scope team: the fleets he leads, their drivers and cars). */
export const FLEET_LEADER_ROLE = {
  code: 'fleetLeader',
  name: '车队长',
  description: '车队运营：只看本人担任队长的车队和小组，以及其中的司机和车辆',
  dataScope: 'team' as const,
  grants: [
    'teams',
    'teams:view',
    'teams:add',
    'teams:edit',
    'rentDriver',
    'rentDriver:view',
    'rentCar',
    'rentCar:view',
  ],
};

const DAY = 86_400_000;

/** A small deterministic generator (the demo is the same on every run). */
function generator(seed: number) {
  let x = seed;
  return (min: number, max: number) => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return min + (x % (max - min + 1));
  };
}

/**
 * Forty days of platform figures for every driver in a fleet (DiDi for most, Amap for every third driver, both for
 * some), about one day off a week, as the `driver_flow` import would have written them.
 */
async function seedFlows(tx: Tx, tenantId: number, by: number, now: Date): Promise<void> {
  const drivers = await rowsOf<{ id: RawNumber; rent_id: RawNumber; time_zone: string }>(
    tx,
    sql`select d.id, d.rent_id, t.time_zone from drivers d join tenants t on t.id = d.tenant_id
      where d.tenant_id = ${tenantId} and d.team_id is not null order by d.id`,
  );
  const values: ReturnType<typeof sql>[] = [];
  for (const d of drivers) {
    const id = rawNumber(d.id);
    const rand = generator(id * 7919);
    const skill = rand(70, 130) / 100;
    for (let back = 40; back >= 1; back--) {
      if (rand(1, 7) === 1) continue;
      const day = new Intl.DateTimeFormat('en-CA', { timeZone: d.time_zone }).format(
        new Date(now.getTime() - back * DAY),
      );
      const platforms = id % 3 === 0 ? ['gaode'] : id % 5 === 0 ? ['didi', 'gaode'] : ['didi'];
      for (const platform of platforms) {
        const share = platforms.length === 2 ? 0.5 : 1;
        const minutes = Math.round(rand(360, 720) * share);
        const orders = Math.round((minutes / 60) * rand(20, 32) * skill * 0.1);
        const flowFen = orders * rand(2600, 4200);
        values.push(
          sql`(${tenantId}, ${id}, ${rawNumber(d.rent_id)}, ${day}::date, ${platform}, ${minutes}, ${orders}, ${flowFen},
            'import', ${by}, ${now}, ${now})`,
        );
      }
    }
  }
  for (let i = 0; i < values.length; i += 500) {
    await tx.execute(
      sql`insert into driver_flow_days (tenant_id, driver_id, rent_id, day, platform, online_minutes, orders, flow_fen,
          source, created_by, created_at, updated_at)
        values ${sql.join(values.slice(i, i + 500), sql`, `)}`,
    );
  }
}

async function addNode(
  tx: Tx,
  tenantId: number,
  n: {
    rentId: number;
    parentId?: number;
    name: string;
    leaderUserId?: number;
    leaderDriverId?: number;
    sort: number;
    remark?: string;
    createdBy: number;
    at: Date;
  },
): Promise<number> {
  const [row] = await rowsOf<{ id: RawNumber }>(
    tx,
    sql`insert into teams (tenant_id, rent_id, parent_id, kind, name, leader_user_id, leader_driver_id, sort, remark,
        created_by, created_at, updated_at)
      values (${tenantId}, ${n.rentId}, ${n.parentId ?? null}, ${n.parentId ? 'team' : 'fleet'}, ${n.name},
        ${n.leaderUserId ?? null}, ${n.leaderDriverId ?? null}, ${n.sort}, ${n.remark ?? null}, ${n.createdBy},
        ${n.at}, ${n.at})
      returning id`,
  );
  return rawNumber(row!.id);
}

/** Puts drivers in a node since `at` (their stay), and the car of each one's latest signed contract with them. */
async function join(
  tx: Tx,
  tenantId: number,
  teamId: number,
  driverIds: number[],
  at: Date,
  by: number,
  reason: string,
) {
  if (!driverIds.length) return;
  const ids = `{${driverIds.join(',')}}`;
  await tx.execute(
    sql`insert into team_members (tenant_id, team_id, driver_id, joined_at, join_reason, joined_by)
      select ${tenantId}, ${teamId}, x, ${at}, ${reason}, ${by} from unnest(${ids}::bigint[]) as x`,
  );
  await tx.execute(
    sql`update drivers set team_id = ${teamId} where tenant_id = ${tenantId} and id = any(${ids}::bigint[])`,
  );
  // The car of each driver's latest signed contract (a driver drives one car).
  await tx.execute(
    sql`update cars c set team_id = ${teamId} from (
        select distinct on (k.driver_id) k.car_id, k.rent_id from rental_contracts k
        where k.tenant_id = ${tenantId} and k.driver_id = any(${ids}::bigint[]) and k.state = 'signed'
        order by k.driver_id, k.id desc) k
      where c.tenant_id = ${tenantId} and c.id = k.car_id and c.rent_id = k.rent_id`,
  );
}

/**
 * 网约车一队's commission rule (8 % of the flow above 6,000 yuan a month, 200 yuan for a month paid on time, 100 per
 * violation, 500 per accident, the leader 1.5 % posted to the first cost centre), the `teamStatement` approval flow
 * (the finance manager 孙丽 decides) and last month's statement computed as a draft.
 */
async function seedCommission(tx: Tx, tenantId: number, adminId: number, teamId: number, now: Date): Promise<void> {
  const [centre] = await rowsOf<{ id: RawNumber }>(
    tx,
    sql`select id from cost_centres where tenant_id = ${tenantId} and enabled order by id limit 1`,
  );
  await tx.execute(
    sql`insert into team_commission_rules (tenant_id, team_id, enabled, flow_target_fen, flow_share_permille,
        on_time_bonus_fen, violation_penalty_fen, accident_penalty_fen, leader_permille, cost_centre_id, updated_by,
        updated_at)
      values (${tenantId}, ${teamId}, true, 600000, 80, 20000, 10000, 50000, 15, ${centre ? rawNumber(centre.id) : null},
        ${adminId}, ${now})`,
  );
  // The finance manager (孙丽) approves them, as she does expense claims.
  const [finance] = await rowsOf<{ id: RawNumber }>(
    tx,
    sql`select id from users where tenant_id = ${tenantId} and username = 'sunli'`,
  );
  const approverId = finance ? rawNumber(finance.id) : adminId;
  const name = '车队月度结算审批';
  const [flow] = await tx
    .insert(approvalFlows)
    .values({ tenantId, businessType: 'teamStatement', name, version: 1, updatedBy: adminId })
    .returning({ id: approvalFlows.id });
  await tx.insert(approvalFlowVersions).values({
    tenantId,
    flowId: flow!.id,
    version: 1,
    name,
    definition: {
      steps: [
        {
          name: '财务审核',
          kind: 'user',
          userIds: [approverId],
          roleId: null,
          mode: 'any',
          amountAbove: null,
          amountUpTo: null,
        },
      ],
      copyUserIds: [],
    },
    createdBy: adminId,
  });
  const [tz] = await rowsOf<{ time_zone: string }>(tx, sql`select time_zone from tenants where id = ${tenantId}`);
  const month = addMonths(`${localDate(tz!.time_zone, now).slice(0, 7)}-01`, -1).slice(0, 7);
  await computeInTx(tx, tenantId, teamId, month, now);
}

/**
 * The fleets demo (docs/teams.md, "Demo"): the role 车队长 (data scope team) and its sign-in `fleet1` (刘建国,
 * Hangzhou), who leads 网约车一队 with its teams 早班组 (led by a driver, 车队长) and 夜班组; 商务车队 in Hangzhou and
 * 浦东车队 in Shanghai led by nobody yet. The rents' active drivers are spread over them (the car of each one's
 * latest signed contract goes with him), one or two drivers moved from 夜班组 to 早班组 ten days ago (their history), a few drivers
 * and every idle car stay outside any fleet. Every fleet driver has forty days of platform figures (`seedFlows`).
 * The other tenant has one fleet.
 */
export async function seedTeams({ tx, clock, passwordLogN, demo, other }: DemoContext): Promise<void> {
  const { tenantId, adminId } = demo;
  const hz = demo.rentIds.HZ!;
  const sh = demo.rentIds.SH!;
  const now = clock.now();
  const ago = (days: number) => new Date(now.getTime() - days * DAY);

  // The fleet's accounts at DiDi and Amap, synced daily through the platform adapter (the sandbox in the demo).
  await tx
    .insert(tenantSettings)
    .values({
      tenantId,
      rules: {
        teams: {
          ...DEFAULT_TEAM_RULES,
          platformAccounts: [
            { platform: 'didi', partnerId: 'HZ-FLEET-0571', enabled: true },
            { platform: 'gaode', partnerId: 'AMAP-330100-88', enabled: true },
          ],
        },
      },
    })
    .onConflictDoUpdate({
      target: tenantSettings.tenantId,
      set: { rules: sql`${tenantSettings.rules} || excluded.rules` },
    });

  const roleId = await ensureRole(tx, tenantId, FLEET_LEADER_ROLE);
  const fleet1 = await seedUser(tx, passwordLogN, {
    tenantId,
    username: 'fleet1',
    password: 'Admin@123',
    phone: '13800000043',
    name: '刘建国',
    email: 'fleet1@demo-rentals.cn',
    rentIds: [hz],
    roleId,
  });

  const activeOf = async (rentId: number) =>
    (
      await rowsOf<{ id: RawNumber }>(
        tx,
        sql`select id from drivers where tenant_id = ${tenantId} and rent_id = ${rentId} and state = 'active'
          and deleted_at is null order by id`,
      )
    ).map((r) => rawNumber(r.id));
  const hzDrivers = await activeOf(hz);
  const shDrivers = await activeOf(sh);

  const ride = await addNode(tx, tenantId, {
    rentId: hz,
    name: '网约车一队',
    leaderUserId: fleet1,
    sort: 1,
    remark: '滴滴、高德双平台运营',
    createdBy: adminId,
    at: ago(120),
  });
  // Hangzhou's active drivers: 30 % to each team of 网约车一队, 20 % to 商务车队, the rest outside any fleet.
  const share = (pct: number) => Math.ceil((hzDrivers.length * pct) / 100);
  const morningDrivers = hzDrivers.slice(0, share(30));
  const nightDrivers = hzDrivers.slice(share(30), share(60));
  const businessDrivers = hzDrivers.slice(share(60), share(80));
  const morning = await addNode(tx, tenantId, {
    rentId: hz,
    parentId: ride,
    name: '早班组',
    leaderDriverId: morningDrivers[0],
    sort: 1,
    createdBy: adminId,
    at: ago(118),
  });
  const night = await addNode(tx, tenantId, {
    rentId: hz,
    parentId: ride,
    name: '夜班组',
    sort: 2,
    remark: '22:00 至次日 06:00',
    createdBy: fleet1,
    at: ago(90),
  });
  const business = await addNode(tx, tenantId, {
    rentId: hz,
    name: '商务车队',
    sort: 2,
    remark: '企业长租与商务接送',
    createdBy: adminId,
    at: ago(100),
  });
  const pudong = await addNode(tx, tenantId, {
    rentId: sh,
    name: '浦东车队',
    sort: 1,
    createdBy: adminId,
    at: ago(60),
  });

  // One or two drivers started in 夜班组 and moved to 早班组 ten days ago (one stays in 夜班组 at least).
  const movers = nightDrivers.slice(0, Math.min(2, nightDrivers.length - 1));
  await join(tx, tenantId, night, movers, ago(80), fleet1, '新人入队');
  await tx.execute(
    sql`update team_members set left_at = ${ago(10)}, leave_reason = '调整班次', left_by = ${fleet1}
      where tenant_id = ${tenantId} and driver_id = any(${`{${movers.join(',')}}`}::bigint[]) and left_at is null`,
  );
  await join(tx, tenantId, morning, morningDrivers, ago(115), adminId, '组建早班组');
  await join(tx, tenantId, morning, movers, ago(10), fleet1, '调整班次');
  await join(tx, tenantId, night, nightDrivers.slice(movers.length), ago(85), fleet1, '新人入队');
  await join(tx, tenantId, business, businessDrivers, ago(95), adminId, '企业客户专属');
  await join(tx, tenantId, pudong, shDrivers.slice(0, Math.ceil(shDrivers.length / 2)), ago(55), adminId, '浦东片区');

  await seedFlows(tx, tenantId, adminId, now);
  await seedCommission(tx, tenantId, adminId, ride, now);

  await addNode(tx, other.tenantId, {
    rentId: other.rentIds.BJ!,
    name: '朝阳车队',
    sort: 1,
    createdBy: other.userId,
    at: ago(30),
  });
}
