import { and, eq, notInArray, sql } from 'drizzle-orm';
import { rowsOf } from '../core/db.js';
import { tenantPermissions } from '../db/schema/tenancy.js';
import { addDays, localDate } from '../core/tenant-time.js';
import { computeDays } from '../modules/dashboard/daily-report.service.js';
import type { DemoContext } from './context.js';
import { seedTenant, seedUser } from './tenant-seed.js';

/** How far back the demo's daily reports go: a year and a month, so that a year-on-year view has its months. */
export const DEMO_REPORT_DAYS = 400;

/**
 * The dashboard's demo (docs/dashboard.md): the daily reports of both demo tenants up to yesterday, as the nightly
 * job would have stored them from the records the other areas seeded (so last, after every area).
 */
export async function seedDashboard({ tx, clock, demo, other }: DemoContext): Promise<void> {
  for (const tenantId of [demo.tenantId, other.tenantId]) {
    const [tz] = await rowsOf<{ time_zone: string }>(tx, sql`select time_zone from tenants where id = ${tenantId}`);
    const today = localDate(tz!.time_zone, clock.now());
    await computeDays(
      { db: tx, clock },
      tenantId,
      addDays(today, -DEMO_REPORT_DAYS),
      addDays(today, -1),
      tz!.time_zone,
    );
  }
}

/** The demo's platform operator (docs/dashboard.md, "Feedback"): Fleetdesk's own company and its sign-in. */
export const OPERATOR = {
  code: 'FLEETDESK',
  name: 'Fleetdesk 平台运营',
  user: { username: 'operator', password: 'Admin@123', phone: '13900000091', name: '孙悦' },
};

/** What the operator's tenant runs: its office, nothing of a rental company's. */
const OPERATOR_MENUS = ['oa', 'oaDepart', 'oaLog', 'oaSetting'];

const HOUR = 3_600_000;

/**
 * The platform operator's tenant, listed in `platform_operators`, with its user `operator`, and feedback of the
 * demo company's users: one answered, two new (one with its contact).
 */
export async function seedFeedback({ tx, clock, passwordLogN, demo }: DemoContext): Promise<void> {
  const tenant = await seedTenant(tx, clock, {
    code: OPERATOR.code,
    name: OPERATOR.name,
    shortName: 'Fleetdesk',
    contactName: OPERATOR.user.name,
    contactPhone: '400-820-0000',
    plan: 'ENTERPRISE',
    expiresInDays: 3650,
    rents: [
      {
        code: 'FD_HQ',
        name: 'Fleetdesk 平台运营中心',
        shortName: '运营中心',
        city: '杭州',
        address: '浙江省杭州市滨江区网商路 699 号',
        contactPhone: '400-820-0000',
      },
    ],
  });
  await tx
    .delete(tenantPermissions)
    .where(and(eq(tenantPermissions.tenantId, tenant.tenantId), notInArray(tenantPermissions.code, OPERATOR_MENUS)));
  await tx.execute(sql`insert into platform_operators (tenant_id) values (${tenant.tenantId})`);
  await seedUser(tx, passwordLogN, {
    tenantId: tenant.tenantId,
    ...OPERATOR.user,
    email: 'sunyue@fleetdesk.cn',
    rentIds: [tenant.rentIds.FD_HQ!],
    roleId: tenant.adminRoleId,
  });
  const now = clock.now().getTime();
  const rows = [
    {
      user: demo.adminId,
      content: '合同列表导出时希望可以选择导出哪些列，目前导出的列太多，财务每次都要手动删除。',
      page: '/rentContract',
      contact: '13800000001',
      hoursAgo: 75,
      answer: '感谢建议！导出列的选择已列入下个版本的计划，上线后会在消息中心通知您。',
    },
    {
      user: demo.clerkId,
      content: '车辆列表按年检到期日排序时，没有年检日期的车排在最前面，能否放到最后？',
      page: '/rentCar',
      contact: null,
      hoursAgo: 20,
      answer: null,
    },
    {
      user: demo.adminId,
      content: '风控地图在手机浏览器上打开时，围栏的编辑按钮被遮挡了，附截图。',
      page: '/riskGpsMap',
      contact: '微信 zhangwei_rent',
      hoursAgo: 3,
      answer: null,
    },
  ];
  for (const r of rows) {
    const at = new Date(now - r.hoursAgo * HOUR);
    await tx.execute(sql`insert into feedback (tenant_id, user_id, content, contact, page, state, answer, answered_by,
        answered_at, created_at, updated_at)
      values (${demo.tenantId}, ${r.user}, ${r.content}, ${r.contact}, ${r.page}, ${r.answer ? 'answered' : 'new'},
        ${r.answer}, ${r.answer ? OPERATOR.user.name : null}, ${r.answer ? new Date(at.getTime() + 5 * HOUR) : null},
        ${at}, ${at})`);
  }
}
