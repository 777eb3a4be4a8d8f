import { and, eq } from 'drizzle-orm';
import { idCardFacts, withIdCardCheckDigit } from '@fleetdesk/contracts/identifiers';
import type { DriverSource, DriverState, LicenceClass } from '@fleetdesk/contracts/drivers';
import { driverEvents, driverLabels, drivers } from '../db/schema/drivers.js';
import { labels } from '../db/schema/organisation.js';
import type { DemoContext } from './context.js';

interface DemoDriver {
  name: string;
  /** The first 17 characters of the ID number; the check character is computed. */
  id17: string;
  phone: string;
  rent: string;
  state: DriverState;
  cls: LicenceClass;
  /** Days from today to the licence's expiry (negative: expired). */
  licenceDays: number;
  /** Days from today to the certificate's expiry; null: no certificate. */
  certDays: number | null;
  source: DriverSource;
  labels?: string[];
  reason?: string;
  emergency?: [string, string, 'spouse' | 'parent' | 'sibling' | 'friend'];
  bank?: [string, string];
}

/** The demo company's drivers: every state, licences valid, expiring and expired, one blacklisting seen by both rents. */
const DRIVERS: DemoDriver[] = [
  {
    name: '王建国',
    id17: '33010619850307441',
    phone: '13957100001',
    rent: 'HZ',
    state: 'active',
    cls: 'C1',
    licenceDays: 900,
    certDays: 400,
    source: 'referral',
    labels: ['d-vip'],
    emergency: ['李芳', '13957190001', 'spouse'],
    bank: ['中国工商银行杭州文三路支行', '6222021202001230001'],
  },
  {
    name: '李明',
    id17: '33010519900815231',
    phone: '13957100002',
    rent: 'HZ',
    state: 'active',
    cls: 'C1',
    licenceDays: 12,
    certDays: 300,
    source: 'platform',
    emergency: ['李国强', '13957190002', 'parent'],
  },
  {
    name: '张伟',
    id17: '33012719880122351',
    phone: '13957100003',
    rent: 'HZ',
    state: 'active',
    cls: 'B2',
    licenceDays: -20,
    certDays: 500,
    source: 'walkIn',
    labels: ['d-watch'],
  },
  {
    name: '刘洋',
    id17: '33010219921103121',
    phone: '13957100004',
    rent: 'HZ',
    state: 'active',
    cls: 'C1',
    licenceDays: 1400,
    certDays: 25,
    source: 'online',
    labels: ['d-vip'],
    bank: ['招商银行杭州分行', '6225881234560004'],
  },
  {
    name: '陈静',
    id17: '33010619950520762',
    phone: '13957100005',
    rent: 'HZ',
    state: 'active',
    cls: 'C2',
    licenceDays: 2100,
    certDays: -5,
    source: 'referral',
    emergency: ['陈伟', '13957190005', 'sibling'],
  },
  {
    name: '杨帆',
    id17: '33010819870714481',
    phone: '13957100006',
    rent: 'HZ',
    state: 'prospect',
    cls: 'C1',
    licenceDays: 600,
    certDays: null,
    source: 'online',
  },
  {
    name: '赵磊',
    id17: '33010619910909851',
    phone: '13957100007',
    rent: 'HZ',
    state: 'prospect',
    cls: 'C1',
    licenceDays: 45,
    certDays: null,
    source: 'agency',
  },
  {
    name: '黄勇',
    id17: '33018319830228191',
    phone: '13957100008',
    rent: 'HZ',
    state: 'left',
    cls: 'A1',
    licenceDays: 800,
    certDays: 200,
    source: 'walkIn',
  },
  {
    name: '周杰',
    id17: '33010619890406671',
    phone: '13957100009',
    rent: 'HZ',
    state: 'blacklisted',
    cls: 'C1',
    licenceDays: 700,
    certDays: 100,
    source: 'platform',
    labels: ['d-watch'],
    reason: '拖欠租金 3 个月，车辆私自转租',
  },
  {
    name: '吴敏',
    id17: '33010619930117282',
    phone: '13957100010',
    rent: 'HZ',
    state: 'active',
    cls: 'C1',
    licenceDays: 28,
    certDays: 28,
    source: 'referral',
  },
  {
    name: '徐涛',
    id17: '33010419860830351',
    phone: '13957100011',
    rent: 'HZ',
    state: 'active',
    cls: 'C1',
    licenceDays: 1800,
    certDays: 700,
    source: 'online',
  },
  {
    name: '孙超',
    id17: '33010619940612111',
    phone: '13957100012',
    rent: 'HZ',
    state: 'prospect',
    cls: 'C1',
    licenceDays: 1000,
    certDays: null,
    source: 'walkIn',
  },
  {
    name: '马秀英',
    id17: '31011219840214502',
    phone: '13957100013',
    rent: 'SH',
    state: 'active',
    cls: 'C1',
    licenceDays: 1300,
    certDays: 600,
    source: 'referral',
    labels: ['d-vip'],
    emergency: ['马志强', '13957190013', 'spouse'],
  },
  {
    name: '朱志强',
    id17: '31010419900925431',
    phone: '13957100014',
    rent: 'SH',
    state: 'active',
    cls: 'B2',
    licenceDays: 5,
    certDays: 360,
    source: 'agency',
  },
  {
    name: '胡娜',
    id17: '31011519960318262',
    phone: '13957100015',
    rent: 'SH',
    state: 'active',
    cls: 'C1',
    licenceDays: 950,
    certDays: -40,
    source: 'platform',
  },
  {
    name: '郭军',
    id17: '31011019820611591',
    phone: '13957100016',
    rent: 'SH',
    state: 'left',
    cls: 'C1',
    licenceDays: -100,
    certDays: null,
    source: 'walkIn',
  },
  {
    name: '林涛',
    id17: '31010719880101771',
    phone: '13957100017',
    rent: 'SH',
    state: 'prospect',
    cls: 'C2',
    licenceDays: 1500,
    certDays: null,
    source: 'online',
  },
  // The same person as 周杰 of Hangzhou, registered in Shanghai before: the blacklisting shows here too.
  {
    name: '周杰',
    id17: '33010619890406671',
    phone: '13957100018',
    rent: 'SH',
    state: 'left',
    cls: 'C1',
    licenceDays: 700,
    certDays: null,
    source: 'walkIn',
  },
  {
    name: '何丽',
    id17: '31010519920707842',
    phone: '13957100019',
    rent: 'SH',
    state: 'active',
    cls: 'C1',
    licenceDays: 400,
    certDays: 20,
    source: 'referral',
  },
  {
    name: '高建华',
    id17: '31011219790505113',
    phone: '13957100020',
    rent: 'SH',
    state: 'blacklisted',
    cls: 'B2',
    licenceDays: 300,
    certDays: null,
    source: 'agency',
    reason: '多次交通违法未处理，拒不配合',
  },
];

const dayFrom = (now: Date, days: number) => new Date(now.getTime() + days * 86_400_000).toISOString().slice(0, 10);

/** Demo drivers of the demo company in both rents, and two of the other tenant (for isolation tests). */
export async function seedDrivers({ tx, clock, demo, other }: DemoContext): Promise<void> {
  const now = clock.now();
  const labelRows = await tx
    .select({ id: labels.id, name: labels.name })
    .from(labels)
    .where(and(eq(labels.tenantId, demo.tenantId), eq(labels.kind, 'driver')));
  const labelId = (key: string) => labelRows.find((l) => l.name === (key === 'd-vip' ? '金牌司机' : '重点关注'))?.id;
  const all = [
    ...DRIVERS.map((d) => ({ ...d, tenantId: demo.tenantId, rentId: demo.rentIds[d.rent]!, userId: demo.adminId })),
    ...[
      { name: 'Zhao Qiang', id17: '11010519880808121', phone: '13957100101' },
      { name: 'Qian Li', id17: '11010819910214242', phone: '13957100102' },
    ].map((d) => ({
      ...d,
      rent: 'BJ',
      state: 'active' as DriverState,
      cls: 'C1' as LicenceClass,
      licenceDays: 800,
      certDays: null,
      source: 'walkIn' as DriverSource,
      tenantId: other.tenantId,
      rentId: other.rentIds.BJ!,
      userId: other.userId,
    })),
  ];
  for (const [i, d] of all.entries()) {
    const idNumber = withIdCardCheckDigit(d.id17);
    const facts = idCardFacts(idNumber)!;
    const expiry = dayFrom(now, d.licenceDays);
    // A licence runs six or ten years: the first one was issued at 20 or so, the current one began before expiry.
    const firstIssue = `${Number(facts.birthDate.slice(0, 4)) + 20}${facts.birthDate.slice(4)}`;
    const created = new Date(now.getTime() - (60 - i) * 86_400_000);
    const dd = d as DemoDriver & typeof d;
    const [row] = await tx
      .insert(drivers)
      .values({
        tenantId: d.tenantId,
        rentId: d.rentId,
        name: d.name,
        gender: facts.gender,
        phone: d.phone,
        idNumber,
        birthDate: facts.birthDate,
        address:
          d.rent === 'SH' ? `上海市闵行区七莘路 ${100 + i * 7} 号` : `浙江省杭州市西湖区文一路 ${100 + i * 9} 号`,
        licenceNumber: idNumber,
        licenceClass: d.cls,
        licenceFirstIssue: firstIssue < expiry ? firstIssue : null,
        licenceExpiry: expiry,
        certificateNumber: d.certDays === null ? null : `${idNumber.slice(0, 6)}${String(202300000 + i * 137)}`,
        certificateExpiry: d.certDays === null ? null : dayFrom(now, d.certDays),
        emergencyName: dd.emergency?.[0] ?? null,
        emergencyPhone: dd.emergency?.[1] ?? null,
        emergencyRelation: dd.emergency?.[2] ?? null,
        bankName: dd.bank?.[0] ?? null,
        bankAccount: dd.bank?.[1] ?? null,
        bankAccountName: dd.bank ? d.name : null,
        source: d.source,
        state: d.state,
        stateChangedAt: created,
        stateReason: dd.reason ?? null,
        blacklistedBy: d.state === 'blacklisted' ? d.userId : null,
        blacklistedAt: d.state === 'blacklisted' ? new Date(now.getTime() - 3 * 86_400_000) : null,
        createdBy: d.userId,
        createdAt: created,
        updatedAt: created,
      })
      .returning({ id: drivers.id });
    const driverId = row!.id;
    await tx
      .insert(driverEvents)
      .values({ tenantId: d.tenantId, driverId, kind: 'create', toState: 'prospect', userId: d.userId, at: created });
    const path: ['activate' | 'leave' | 'blacklist', DriverState, DriverState][] =
      d.state === 'active'
        ? [['activate', 'prospect', 'active']]
        : d.state === 'left'
          ? [
              ['activate', 'prospect', 'active'],
              ['leave', 'active', 'left'],
            ]
          : d.state === 'blacklisted'
            ? [
                ['activate', 'prospect', 'active'],
                ['blacklist', 'active', 'blacklisted'],
              ]
            : [];
    for (const [k, [action, from, to]] of path.entries()) {
      await tx.insert(driverEvents).values({
        tenantId: d.tenantId,
        driverId,
        kind: 'state',
        action,
        fromState: from,
        toState: to,
        reason: action === 'blacklist' ? (dd.reason ?? null) : null,
        userId: d.userId,
        at: new Date(created.getTime() + (k + 1) * 86_400_000),
      });
    }
    const ids = (dd.labels ?? []).map(labelId).filter((x): x is number => x !== undefined);
    if (ids.length) {
      await tx.insert(driverLabels).values(ids.map((id) => ({ tenantId: d.tenantId, driverId, labelId: id })));
    }
  }
}
