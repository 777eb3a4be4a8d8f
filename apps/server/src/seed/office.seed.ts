import { and, eq, sql } from 'drizzle-orm';
import type { FlowInput } from '@fleetdesk/contracts/approvals';
import type { Clock } from '../core/clock.js';
import { departments, roleGrants, roles, userRoles, users } from '../db/schema/identity.js';
import {
  approvalFlows,
  approvalFlowVersions,
  attendanceRecords,
  attendanceShifts,
  costCentres,
  costPostings,
  departmentHeads,
} from '../db/schema/office.js';
import { decideInTx, saveDraft, submitInTx, withdrawRequestInTx } from '../modules/approvals/approvals.service.js';
import { registerAreaTypes } from '../modules/approvals/approvals.registry.js';
import { registerExpenseClaimType } from '../modules/cost-centres/expense-claims.js';
import { registerLeaveTypes } from '../modules/attendance/leave-types.js';
import { tenantSettings } from '../db/schema/organisation.js';
import type { DemoContext } from './context.js';

const DAY = 86_400_000;

/** Department heads by department name and username. */
const HEADS: [string, string][] = [
  ['总经办', 'admin'],
  ['运营部', 'admin'],
  ['杭州车管组', 'liuyang'],
  ['上海车管组', 'chenjing'],
  ['风控部', 'zhaolei'],
  ['财务部', 'sunli'],
  ['客服部', 'wuting'],
];

type StepSeed = FlowInput['steps'][number];
const head = (name = '部门负责人'): StepSeed => ({
  name,
  kind: 'deptHead',
  userIds: [],
  roleId: null,
  mode: 'any',
  amountAbove: null,
  amountUpTo: null,
});
const person = (name: string, userIds: number[], amountAbove: number | null = null): StepSeed => ({
  name,
  kind: 'user',
  userIds,
  roleId: null,
  mode: 'any',
  amountAbove,
  amountUpTo: null,
});
const role = (
  name: string,
  roleId: number,
  mode: 'any' | 'all' = 'any',
  amountAbove: number | null = null,
): StepSeed => ({
  name,
  kind: 'role',
  userIds: [],
  roleId,
  mode,
  amountAbove,
  amountUpTo: null,
});

/**
 * The office area's demo: a finance role, department heads, a flow for every business type, a cost-centre
 * tree with half a year of costs, and requests in every state, three of them waiting for `admin`.
 */
export async function seedOffice({ tx, clock, demo }: DemoContext): Promise<void> {
  // The requests below need their types (the seed runs before, or without, an app's `registerAll`).
  registerAreaTypes();
  registerExpenseClaimType();
  registerLeaveTypes();
  const tenantId = demo.tenantId;
  const userRows = await tx
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(eq(users.tenantId, tenantId));
  const uid = (username: string) => userRows.find((u) => u.username === username)!.id;
  const deptRows = await tx
    .select({ id: departments.id, name: departments.name })
    .from(departments)
    .where(eq(departments.tenantId, tenantId));
  const did = (name: string) => deptRows.find((d) => d.name === name)!.id;

  await tx
    .insert(departmentHeads)
    .values(HEADS.map(([dept, user]) => ({ tenantId, departmentId: did(dept), userId: uid(user) })));

  // Staff use the approval centre and clock in; the finance role also approves money and reads the costs.
  const [office] = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.tenantId, tenantId), eq(roles.code, 'office')));
  const staffCodes = ['oaApproval', 'oaApproval:view', 'oaApproval:add', 'oaApproval:audit'];
  await tx
    .insert(roleGrants)
    .values(
      [...staffCodes, 'oaAttendance', 'oaAttendance:view'].map((code) => ({ tenantId, roleId: office!.id, code })),
    );
  const [finance] = await tx
    .insert(roles)
    .values({ tenantId, code: 'finance', name: '财务审核', description: '费用审批与成本中心', dataScope: 'all' })
    .returning({ id: roles.id });
  await tx.insert(roleGrants).values(
    [...staffCodes, 'oa', 'oa:view', 'oaCostCenter', 'oaCostCenter:view', 'oaCostCenter:export'].map((code) => ({
      tenantId,
      roleId: finance!.id,
      code,
    })),
  );
  await tx.insert(userRoles).values({ tenantId, userId: uid('sunli'), roleId: finance!.id });
  // A fuel cut is never decided by its proposer: the finance head (孙丽) is the company's second approver.
  await tx
    .insert(tenantSettings)
    .values({ tenantId, rules: { approvalSecondApproverId: uid('sunli') } })
    .onConflictDoUpdate({
      target: tenantSettings.tenantId,
      set: { rules: sql`${tenantSettings.rules} || excluded.rules` },
    });

  const admin = uid('admin');
  const flows: FlowInput[] = [
    { businessType: 'leave', name: '请假审批', enabled: true, steps: [head()], copyUserIds: [uid('wanghui')] },
    {
      businessType: 'trip',
      name: '出差审批',
      enabled: true,
      steps: [head(), person('总经理', [admin])],
      copyUserIds: [],
    },
    {
      businessType: 'expense',
      name: '费用报销审批',
      enabled: true,
      steps: [head(), role('财务审核', finance!.id), person('总经理审批', [admin], 5000)],
      copyUserIds: [uid('wanghui')],
    },
    {
      businessType: 'purchase',
      name: '采购审批',
      enabled: true,
      steps: [head(), person('总经理审批', [admin], 5000), role('财务付款', finance!.id)],
      copyUserIds: [],
    },
    {
      businessType: 'contractDiscount',
      name: '合同优惠审批',
      enabled: true,
      steps: [head('门店负责人'), person('总经理审批', [admin], 2000)],
      copyUserIds: [uid('sunli')],
    },
    {
      businessType: 'depositRefund',
      name: '退押金审批',
      enabled: true,
      steps: [role('财务审核', finance!.id)],
      copyUserIds: [],
    },
    {
      businessType: 'settlement',
      name: '退租结算审批',
      enabled: true,
      steps: [head('门店负责人'), role('财务复核', finance!.id), person('总经理审批', [admin], 10000)],
      copyUserIds: [],
    },
    {
      businessType: 'carTransfer',
      name: '车辆调拨审批',
      enabled: true,
      steps: [person('运营负责人', [admin])],
      copyUserIds: [uid('liuyang'), uid('chenjing')],
    },
    {
      businessType: 'financing',
      name: '融资申请审批',
      enabled: true,
      steps: [role('财务审核', finance!.id), person('总经理审批', [admin])],
      copyUserIds: [],
    },
  ];
  const now = clock.now().getTime();
  for (const f of flows) {
    const [flow] = await tx
      .insert(approvalFlows)
      .values({ tenantId, businessType: f.businessType, name: f.name, version: 1, updatedBy: admin })
      .returning({ id: approvalFlows.id });
    await tx.insert(approvalFlowVersions).values({
      tenantId,
      flowId: flow!.id,
      version: 1,
      name: f.name,
      definition: { steps: f.steps, copyUserIds: f.copyUserIds },
      createdBy: admin,
      createdAt: new Date(now - 60 * DAY),
    });
  }

  // Cost centres: the company, its rents, departments and car groups.
  const centre = async (code: string, name: string, kind: string, parentId: number | null, sort: number) => {
    const [row] = await tx
      .insert(costCentres)
      .values({ tenantId, code, name, kind, parentId, sort })
      .returning({ id: costCentres.id });
    return row!.id;
  };
  const hq = await centre('HQ', '演示租车总部', 'company', null, 0);
  const hz = await centre('HZ', '杭州分公司', 'rent', hq, 1);
  const sh = await centre('SH', '上海分公司', 'rent', hq, 2);
  const gm = await centre('GM', '总经办', 'department', hq, 3);
  const ops = await centre('OPS-HZ', '杭州车管组', 'department', hz, 1);
  const ride = await centre('CAR-HZ-RIDE', '杭州网约车组', 'carGroup', hz, 2);
  const long = await centre('CAR-SH-LONG', '上海长租车组', 'carGroup', sh, 1);
  await centre('OPS-SH', '上海车管组', 'department', sh, 2);

  // Six months of the costs later areas will post (maintenance, insurance, violations, GPS fees).
  const month = (back: number, day: number) => {
    const d = new Date(now);
    d.setUTCDate(1);
    d.setUTCMonth(d.getUTCMonth() - back);
    d.setUTCDate(day);
    return d.toISOString().slice(0, 10);
  };
  const postings: (typeof costPostings.$inferInsert)[] = [];
  for (let back = 5; back >= 0; back--) {
    const k = 6 - back;
    postings.push(
      {
        tenantId,
        centreId: ride,
        category: 'maintenance',
        sourceType: 'demo',
        sourceId: `m-ride-${back}`,
        amountFen: (3200 + k * 410) * 100,
        occurredOn: month(back, 8),
        description: '网约车组月度保养',
      },
      {
        tenantId,
        centreId: long,
        category: 'maintenance',
        sourceType: 'demo',
        sourceId: `m-long-${back}`,
        amountFen: (2100 + k * 260) * 100,
        occurredOn: month(back, 12),
        description: '长租车维修',
      },
      {
        tenantId,
        centreId: ride,
        category: 'gps',
        sourceType: 'demo',
        sourceId: `g-ride-${back}`,
        amountFen: 1680 * 100,
        occurredOn: month(back, 1),
        description: 'GPS 服务费 (42 台)',
      },
      {
        tenantId,
        centreId: long,
        category: 'gps',
        sourceType: 'demo',
        sourceId: `g-long-${back}`,
        amountFen: 1040 * 100,
        occurredOn: month(back, 1),
        description: 'GPS 服务费 (26 台)',
      },
      {
        tenantId,
        centreId: ride,
        category: 'violation',
        sourceType: 'demo',
        sourceId: `v-ride-${back}`,
        amountFen: (400 + (k % 3) * 200) * 100,
        occurredOn: month(back, 18),
        description: '违章罚款代缴',
      },
    );
    if (back % 3 === 0) {
      postings.push({
        tenantId,
        centreId: long,
        category: 'insurance',
        sourceType: 'demo',
        sourceId: `i-long-${back}`,
        amountFen: 18600 * 100,
        occurredOn: month(back, 20),
        description: '商业险续保',
      });
    }
  }
  await tx.insert(costPostings).values(postings);

  // Requests in every state; the engine itself runs them, so tasks, messages and history are what users make.
  const at = (daysAgo: number): Pick<DemoContext, 'clock'> => ({ clock: { now: () => new Date(now - daysAgo * DAY) } });
  const as = (username: string) => ({
    tenantId,
    userId: uid(username),
    lang: 'zh-CN' as const,
    rentId: demo.rentIds.HZ!,
  });
  const depsAt = (daysAgo: number) => ({ db: tx as never, clock: at(daysAgo).clock as Clock });
  const start = async (
    username: string,
    daysAgo: number,
    businessType: string,
    summary: string,
    form: Record<string, string | number>,
  ) => {
    const draft = await saveDraft(depsAt(daysAgo), as(username), { businessType, summary, form, attachments: [] }, tx);
    return submitInTx(tx, at(daysAgo), as(username), draft.id);
  };
  const decide = (username: string, daysAgo: number, id: number, decision: 'approved' | 'rejected', comment = '') =>
    decideInTx(tx, at(daysAgo), as(username), id, { decision, comment });
  const day = (daysAgo: number) => new Date(now - daysAgo * DAY).toISOString().slice(0, 10);

  // Approved claims, posted to their centres.
  const fuel = await start('zhengkai', 20, 'expense', '9 月网约车充电费', {
    costCentreId: ride,
    category: 'fuel',
    amount: 1286.5,
    spentOn: day(22),
    reason: '杭州网约车组 12 台车充电',
  });
  await decide('liuyang', 19, fuel.id, 'approved', '情况属实');
  await decide('sunli', 18, fuel.id, 'approved', '票据齐全');
  const trip = await start('zhoujie', 12, 'expense', '上海催收差旅费', {
    costCentreId: sh,
    category: 'travel',
    amount: 2360,
    spentOn: day(14),
  });
  await decide('zhaolei', 11, trip.id, 'approved');
  await decide('sunli', 10, trip.id, 'approved');
  const parts = await start('liuyang', 8, 'expense', '事故车维修配件', {
    costCentreId: ops,
    category: 'repair',
    amount: 6800,
    spentOn: day(9),
    reason: '浙A·D12345 前保险杠与大灯',
  });
  await decide('admin', 7, parts.id, 'approved', '同意');
  await decide('sunli', 6, parts.id, 'approved');
  await decide('admin', 6, parts.id, 'approved', '超 5000 元，已核对');
  // Rejected and withdrawn.
  const dinner = await start('wuting', 9, 'expense', '客户答谢餐费', {
    costCentreId: gm,
    category: 'entertainment',
    amount: 960,
    spentOn: day(10),
  });
  // wuting heads 客服部 herself: her department-head step is skipped and finance decides.
  await decide('sunli', 8, dinner.id, 'rejected', '请附上客户名单后重新提交');
  const leave = await start('zhengkai', 5, 'leave', '家中有事请假一天', {
    leaveType: 'personal',
    startsOn: day(3),
    endsOn: day(3),
  });
  await decide('liuyang', 4, leave.id, 'approved');
  const sick = await start('chenjing', 4, 'leave', '感冒请病假', {
    leaveType: 'sick',
    startsOn: day(2),
    endsOn: day(1),
  });
  await withdrawRequestInTx(tx, at(3), as('chenjing'), sick.id);

  // Waiting for admin: as head of 总经办 and 运营部 (the heads of the groups below ask him), and as GM.
  await start('wanghui', 2, 'expense', '会议室投影仪维修', {
    costCentreId: gm,
    category: 'office',
    amount: 820,
    spentOn: day(3),
  });
  await start('liuyang', 1, 'leave', '年假 3 天', {
    leaveType: 'annual',
    startsOn: day(-3),
    endsOn: day(-5),
    reason: '回老家',
  });
  await start('chenjing', 0, 'purchase', '上海门店采购洗车设备', {
    item: '高压洗车机',
    quantity: 2,
    amount: 7600,
    neededOn: day(-10),
  });
  await start('zhaolei', 1, 'trip', '赴宁波处置逾期车辆', { destination: '宁波', startsOn: day(-1), endsOn: day(-2) });
  await seedAttendance(tx, tenantId, now, did('客服部'), userRows);

  // A draft of admin's own.
  await saveDraft(
    depsAt(0),
    as('admin'),
    {
      businessType: 'purchase',
      summary: '总部办公电脑更换',
      form: { item: '笔记本电脑', quantity: 3 },
      attachments: [],
    },
    tx,
  );
}

const local = (at: number) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(at));
/** An instant at a Beijing wall-clock time of a day. */
const beijing = (day: string, minutes: number) => new Date(Date.parse(`${day}T00:00:00+08:00`) + minutes * 60_000);

const PLACES = [
  { lat: '30.274085', lng: '120.155070', address: '浙江省杭州市西湖区文三路 398 号' },
  { lat: '30.259244', lng: '120.219375', address: '浙江省杭州市上城区钱江路 639 号' },
  { lat: '31.230416', lng: '121.473701', address: '上海市黄浦区人民大道 200 号' },
];

/** Shifts (the default and customer service's) and thirty days of clocking with a few late and early days. */
async function seedAttendance(
  tx: DemoContext['tx'],
  tenantId: number,
  now: number,
  serviceDept: number,
  userRows: { id: number; username: string }[],
) {
  await tx.insert(attendanceShifts).values([
    {
      tenantId,
      departmentId: null,
      name: '标准班',
      workDays: [1, 2, 3, 4, 5],
      startTime: '09:00',
      endTime: '18:00',
      graceMinutes: 5,
    },
    {
      tenantId,
      departmentId: serviceDept,
      name: '客服早班',
      workDays: [1, 2, 3, 4, 5, 6],
      startTime: '08:30',
      endTime: '17:30',
      graceMinutes: 5,
    },
  ]);
  const people = [
    'admin',
    'clerk',
    'liuyang',
    'chenjing',
    'zhaolei',
    'sunli',
    'zhoujie',
    'wuting',
    'zhengkai',
    'wanghui',
  ];
  const rows: (typeof attendanceRecords.$inferInsert)[] = [];
  for (const [p, username] of people.entries()) {
    const userId = userRows.find((u) => u.username === username)!.id;
    const service = username === 'wuting';
    const start = service ? 8 * 60 + 30 : 9 * 60;
    const end = service ? 17 * 60 + 30 : 18 * 60;
    for (let back = 30; back >= 1; back--) {
      const day = local(now - back * DAY);
      const wd = new Date(`${day}T12:00:00Z`).getUTCDay();
      if (wd === 0 || (wd === 6 && !service)) continue;
      const k = (back * 7 + p * 13) % 29;
      if (k === 3 && username !== 'admin') continue; // absent
      const place = PLACES[(back + p) % PLACES.length]!;
      const mobile = k % 4 === 0;
      const inAt = start - 12 + ((k * 5) % 15) + (k === 5 || k === 17 ? 25 : 0); // late twice a month or so
      const outAt = k === 9 ? end - 25 : end + ((k * 11) % 50); // about one early leave a month
      const geo = mobile ? { latitude: place.lat, longitude: place.lng, address: place.address } : {};
      rows.push({
        tenantId,
        userId,
        kind: 'in',
        at: beijing(day, inAt),
        day,
        source: mobile ? 'mobile' : 'web',
        createdBy: userId,
        ...geo,
      });
      if (k !== 11)
        rows.push({
          tenantId,
          userId,
          kind: 'out',
          at: beijing(day, outAt),
          day,
          source: mobile ? 'mobile' : 'web',
          createdBy: userId,
          ...geo,
        });
    }
  }
  await tx.insert(attendanceRecords).values(rows);
}
