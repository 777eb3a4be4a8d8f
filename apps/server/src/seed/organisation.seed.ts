import { and, eq } from 'drizzle-orm';
import { hashPassword } from '../core/password.js';
import { departments, roleGrants, roles, userRents, userRoles, users } from '../db/schema/identity.js';
import { labels, userLabels } from '../db/schema/organisation.js';
import { rents } from '../db/schema/tenancy.js';
import type { DemoContext } from './context.js';

const DEPARTMENTS = [
  { key: 'gm', name: '总经办', parent: null },
  { key: 'ops', name: '运营部', parent: null },
  { key: 'ops-hz', name: '杭州车管组', parent: 'ops' },
  { key: 'ops-sh', name: '上海车管组', parent: 'ops' },
  { key: 'risk', name: '风控部', parent: null },
  { key: 'fin', name: '财务部', parent: null },
  { key: 'cs', name: '客服部', parent: null },
];

const LABELS = [
  { key: 'duty', name: '值班', color: 'orange', kind: 'employee' },
  { key: 'collect', name: '催收专员', color: 'red', kind: 'employee' },
  { key: 'new', name: '新员工', color: 'green', kind: 'employee' },
  { key: 'd-vip', name: '金牌司机', color: 'gold', kind: 'driver' },
  { key: 'd-watch', name: '重点关注', color: 'red', kind: 'driver' },
  { key: 'c-ride', name: '网约车', color: 'blue', kind: 'car' },
  { key: 'c-new', name: '新车', color: 'green', kind: 'car' },
  { key: 'c-gps', name: '待装 GPS', color: 'orange', kind: 'car' },
  { key: 'u-fleet', name: '车队客户', color: 'purple', kind: 'customer' },
  { key: 'u-repeat', name: '回头客', color: 'cyan', kind: 'customer' },
];

/** The rents' contacts and business licences (unified social credit codes with valid check characters). */
const RENT_DETAILS: Record<string, { contactName: string; licenceNo: string }> = {
  HZ: { contactName: '刘洋', licenceNo: '91330106MA2CFK7Q3M' },
  SH: { contactName: '陈静', licenceNo: '91310112MA1GBX5N20' },
};

const STAFF = [
  {
    username: 'liuyang',
    name: '刘洋',
    phone: '13800000011',
    dept: 'ops-hz',
    title: '车管专员',
    labels: ['duty'],
    rents: ['HZ'],
  },
  {
    username: 'chenjing',
    name: '陈静',
    phone: '13800000012',
    dept: 'ops-sh',
    title: '车管专员',
    labels: ['duty', 'new'],
    rents: ['SH'],
  },
  {
    username: 'zhaolei',
    name: '赵磊',
    phone: '13800000013',
    dept: 'risk',
    title: '风控主管',
    labels: ['collect'],
    rents: ['HZ', 'SH'],
  },
  { username: 'sunli', name: '孙丽', phone: '13800000014', dept: 'fin', title: '出纳', labels: [], rents: ['HZ'] },
  {
    username: 'zhoujie',
    name: '周杰',
    phone: '13800000015',
    dept: 'risk',
    title: '催收专员',
    labels: ['collect', 'duty'],
    rents: ['HZ'],
  },
  {
    username: 'wuting',
    name: '吴婷',
    phone: '13800000016',
    dept: 'cs',
    title: '客服',
    labels: ['new'],
    rents: ['HZ', 'SH'],
  },
  {
    username: 'zhengkai',
    name: '郑凯',
    phone: '13800000017',
    dept: 'ops-hz',
    title: '整备员',
    labels: [],
    rents: ['HZ'],
  },
  {
    username: 'wanghui',
    name: '王慧',
    phone: '13800000018',
    dept: 'gm',
    title: '总经理助理',
    labels: [],
    rents: ['HZ', 'SH'],
  },
  // Not every account is in use: one disabled (may come back), one who left (history kept, no sign-in).
  {
    username: 'heqiang',
    name: '何强',
    phone: '13800000019',
    dept: 'ops-sh',
    title: '整备员',
    labels: [],
    rents: ['SH'],
    status: 'disabled',
  },
  {
    username: 'majun',
    name: '马军',
    phone: '13800000020',
    dept: 'risk',
    title: '催收专员',
    labels: ['collect'],
    rents: ['HZ'],
    status: 'left',
    leftDaysAgo: 45,
  },
];

/**
 * The demo company's organisation: departments, labels of every kind, the rents' contacts and licences, and
 * ten staff with an office role (the eight active ones sign in with Staff@123; one is disabled, one left), so
 * that SMS to staff by department or label has people to reach.
 */
export async function seedOrganisation({ tx, clock, demo, passwordLogN }: DemoContext): Promise<void> {
  const tenantId = demo.tenantId;
  const deptIds: Record<string, number> = {};
  for (const [i, d] of DEPARTMENTS.entries()) {
    const [row] = await tx
      .insert(departments)
      .values({ tenantId, name: d.name, parentId: d.parent ? deptIds[d.parent]! : null, sort: i })
      .returning({ id: departments.id });
    deptIds[d.key] = row!.id;
  }
  const labelIds: Record<string, number> = {};
  for (const l of LABELS) {
    const [row] = await tx
      .insert(labels)
      .values({ tenantId, kind: l.kind, name: l.name, color: l.color })
      .returning({ id: labels.id });
    labelIds[l.key] = row!.id;
  }
  for (const [code, detail] of Object.entries(RENT_DETAILS)) {
    await tx
      .update(rents)
      .set(detail)
      .where(and(eq(rents.tenantId, tenantId), eq(rents.id, demo.rentIds[code]!)));
  }
  await tx
    .update(users)
    .set({ departmentId: deptIds.gm!, title: '总经理' })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, demo.adminId)));
  await tx
    .update(users)
    .set({ departmentId: deptIds['ops-hz']!, title: '车务专员' })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, demo.clerkId)));

  const [office] = await tx
    .insert(roles)
    .values({ tenantId, code: 'office', name: '办公人员', description: '通讯录与短信通知', dataScope: 'assigned' })
    .returning({ id: roles.id });
  await tx.insert(roleGrants).values(
    ['oa', 'oa:view', 'oaDepart', 'oaDepart:view', 'oaMessage', 'oaMessage:view'].map((code) => ({
      tenantId,
      roleId: office!.id,
      code,
    })),
  );
  const passwordHash = await hashPassword('Staff@123', passwordLogN);
  for (const s of STAFF) {
    const rentIds = s.rents.map((r) => demo.rentIds[r]!);
    const [u] = await tx
      .insert(users)
      .values({
        tenantId,
        username: s.username,
        phone: s.phone,
        name: s.name,
        title: s.title,
        passwordHash,
        departmentId: deptIds[s.dept]!,
        defaultRentId: rentIds[0]!,
        ...('status' in s ? { status: s.status } : {}),
        ...('leftDaysAgo' in s && s.leftDaysAgo
          ? { leftAt: new Date(clock.now().getTime() - s.leftDaysAgo * 86_400_000) }
          : {}),
      })
      .returning({ id: users.id });
    await tx.insert(userRents).values(rentIds.map((rentId) => ({ tenantId, userId: u!.id, rentId })));
    await tx.insert(userRoles).values({ tenantId, userId: u!.id, roleId: office!.id });
    if (s.labels.length)
      await tx.insert(userLabels).values(s.labels.map((l) => ({ tenantId, userId: u!.id, labelId: labelIds[l]! })));
  }
}
