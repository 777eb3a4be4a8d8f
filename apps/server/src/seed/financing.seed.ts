import { and, eq, notInArray, sql } from 'drizzle-orm';
import { quoteFenOf, type FinancingProduct } from '@fleetdesk/contracts/financing';
import { roleGrants, roles } from '../db/schema/identity.js';
import { tenantPermissions } from '../db/schema/tenancy.js';
import {
  financiers,
  financingActivities,
  financingApplications,
  financingApplyItems,
  financingCarTypes,
  financingLimits,
  financingProducts,
  financingProfiles,
  financingVouchers,
} from '../db/schema/financing.js';
import { localDate } from '../core/tenant-time.js';
import type { DemoContext } from './context.js';
import { seedTenant, seedUser } from './tenant-seed.js';

/** The demo financier's tenant code and its accounts (docs/financing.md, "Demo"). */
export const XINDA = {
  code: 'XINDA',
  name: '鑫达融资租赁有限公司',
  nameEn: 'Xinda Finance Lease',
  admin: { username: 'xinda', password: 'Admin@123', phone: '13900000031', name: '周鑫' },
  risk: { username: 'xinda_risk', password: 'Admin@123', phone: '13900000032', name: '吴敏' },
};

const YUAN = 100;

/** What a financier's tenant sees: financing and its own office. */
const FINANCIER_MENUS = [
  'finance',
  'oa',
  'oaDepart',
  'oaCompany',
  'oaApprovalFlow',
  'oaApproval',
  'oaLog',
  'oaSetting',
];

/**
 * The financing demo: the financier 鑫达融资租赁 (its tenant, users, two products and their car types), the demo
 * tenant's limits (杭州 3,000,000 yuan, 上海 1,500,000 yuan), the 杭州 rent's financing profile, and applications
 * of 演示租车 in S1 (a draft, and one returned for supplement), S2 (at the financier), S3 and S4. The money side
 * seeds S5-S8 with its own helpers (docs/financing.md).
 */
export async function seedFinancing(ctx: DemoContext): Promise<void> {
  const { tx, clock } = ctx;
  const tenant = await seedTenant(tx, clock, {
    code: XINDA.code,
    name: XINDA.name,
    shortName: '鑫达融资',
    contactName: XINDA.admin.name,
    contactPhone: '0571-87009988',
    plan: 'ENTERPRISE',
    expiresInDays: 3650,
    rents: [
      {
        code: 'XD_HQ',
        name: '鑫达融资租赁有限公司总部',
        shortName: '鑫达总部',
        city: '杭州',
        address: '浙江省杭州市上城区钱江路 1366 号',
        contactPhone: '0571-87009988',
      },
    ],
  });
  const financierId = tenant.tenantId;
  // A financier runs financing and its own office (staff, roles, approval flows, the log), nothing of a rental
  // company's fleet: its tenant's menus are those, whatever its roles grant.
  await tx
    .delete(tenantPermissions)
    .where(and(eq(tenantPermissions.tenantId, financierId), notInArray(tenantPermissions.code, FINANCIER_MENUS)));
  await tx.insert(financiers).values({
    id: financierId,
    name: XINDA.name,
    nameEn: XINDA.nameEn,
    contactName: XINDA.admin.name,
    contactPhone: XINDA.admin.phone,
  });
  const hq = tenant.rentIds.XD_HQ!;
  await seedUser(tx, ctx.passwordLogN, {
    tenantId: financierId,
    username: XINDA.admin.username,
    password: XINDA.admin.password,
    phone: XINDA.admin.phone,
    name: XINDA.admin.name,
    email: 'zhouxin@xinda-lease.cn',
    rentIds: [hq],
    roleId: tenant.adminRoleId,
  });
  const [riskRole] = await tx
    .insert(roles)
    .values({
      tenantId: financierId,
      code: 'risk',
      name: '风控专员',
      description: '融资审核，不能登记还款',
      dataScope: 'all',
    })
    .returning({ id: roles.id });
  await tx.insert(roleGrants).values(
    ['finance', 'finance:view', 'finance:audit'].map((code) => ({
      tenantId: financierId,
      roleId: riskRole!.id,
      code,
    })),
  );
  await seedUser(tx, ctx.passwordLogN, {
    tenantId: financierId,
    username: XINDA.risk.username,
    password: XINDA.risk.password,
    phone: XINDA.risk.phone,
    name: XINDA.risk.name,
    email: 'wumin@xinda-lease.cn',
    rentIds: [hq],
    roleId: riskRole!.id,
  });

  const productRows = await tx
    .insert(financingProducts)
    .values([
      {
        tenantId: financierId,
        code: 'XD-A36',
        name: '等额本息 36 期',
        nameEn: 'Equal instalments, 36 months',
        method: 'annuity',
        dueMode: 'arrears',
        annualRate: 0.068,
        terms: [12, 24, 36],
        minDownRatio: 0.3,
        maxDownRatio: 0.5,
        maxBalloonRatio: 0.2,
        lateFeeDailyRate: 0.0005,
        gpsFeeFen: 1_200 * YUAN,
        mortgageFeeFen: 500 * YUAN,
        serviceFeeRate: 0.01,
        depositRatio: 0.05,
        breakRateEarly: 0.03,
        breakRateLate: 0.01,
        breakFloorFen: 1_000 * YUAN,
        carTypes: ['比亚迪 秦PLUS DM-i', '丰田 凯美瑞'],
      },
      {
        tenantId: financierId,
        code: 'XD-F24',
        name: '等本等息 24 期',
        nameEn: 'Flat rate, 24 months',
        method: 'flat',
        dueMode: 'advance',
        annualRate: 0.045,
        terms: [12, 24],
        minDownRatio: 0.2,
        maxDownRatio: 0.5,
        maxBalloonRatio: 0,
        lateFeeDailyRate: 0.0005,
        gpsFeeFen: 1_000 * YUAN,
        mortgageFeeFen: 500 * YUAN,
        serviceFeeRate: 0.005,
        depositRatio: 0.03,
        breakRateEarly: 0.02,
        breakRateLate: 0.01,
        breakFloorFen: 500 * YUAN,
        carTypes: ['大众 朗逸', '日产 轩逸'],
      },
    ])
    .returning();
  const [annuity, flat] = productRows;
  await tx.insert(financingCarTypes).values([
    {
      tenantId: financierId,
      productId: annuity!.id,
      brand: '比亚迪',
      series: '秦PLUS',
      modelName: '秦PLUS DM-i 55KM 领先型',
      guidePriceFen: 109_800 * YUAN,
    },
    {
      tenantId: financierId,
      productId: annuity!.id,
      brand: '丰田',
      series: '凯美瑞',
      modelName: '凯美瑞 2.0G 豪华版',
      guidePriceFen: 199_800 * YUAN,
    },
    {
      tenantId: financierId,
      productId: flat!.id,
      brand: '大众',
      series: '朗逸',
      modelName: '朗逸 1.5L 自动风尚版',
      guidePriceFen: 115_900 * YUAN,
    },
    {
      tenantId: financierId,
      productId: flat!.id,
      brand: '日产',
      series: '轩逸',
      modelName: '轩逸 1.6L CVT 舒享版',
      guidePriceFen: 119_900 * YUAN,
    },
  ]);

  const demo = ctx.demo;
  const hz = demo.rentIds.HZ!;
  const sh = demo.rentIds.SH!;
  await tx.insert(financingLimits).values([
    { tenantId: demo.tenantId, rentId: hz, financierId, limitFen: 3_000_000 * YUAN, setByName: XINDA.admin.name },
    { tenantId: demo.tenantId, rentId: sh, financierId, limitFen: 1_500_000 * YUAN, setByName: XINDA.admin.name },
  ]);
  await tx.insert(financingProfiles).values({
    tenantId: demo.tenantId,
    rentId: hz,
    companyName: '演示租车杭州分公司',
    licenceNo: '91330106MA2H3K7X5Q',
    legalPersonName: '张伟',
    legalPersonIdNo: '330106198507150013',
    contactName: '张伟',
    contactPhone: '13800000001',
    bankName: '招商银行杭州分行',
    bankAccountName: '演示租车杭州分公司',
    bankAccountNo: '571908765410201',
    address: '浙江省杭州市西湖区文三路 398 号',
  });

  // The five newest cars of the 杭州 rent (the vehicles seed made them).
  const cars = (
    (await tx.execute(
      sql`select id from cars where tenant_id = ${demo.tenantId} and rent_id = ${hz} and deleted_at is null
          order by id desc limit 5`,
    )) as unknown as { rows: { id: number | string }[] }
  ).rows;
  const plans: Omit<DemoApplication, 'carId' | 'rentId'>[] = [
    {
      state: 'S1',
      productCode: 'XD-A36',
      total: 109_800,
      ratio: 0.3,
      term: 36,
      carType: '比亚迪 秦PLUS DM-i 55KM 领先型',
    },
    {
      state: 'S1',
      productCode: 'XD-A36',
      total: 199_800,
      ratio: 0.3,
      term: 36,
      carType: '丰田 凯美瑞 2.0G 豪华版',
      supplement: '请补充购车发票及法人身份证反面照片',
    },
    { state: 'S2', productCode: 'XD-F24', total: 115_900, ratio: 0.3, term: 24, carType: '大众 朗逸 1.5L 自动风尚版' },
    {
      state: 'S3',
      productCode: 'XD-A36',
      total: 109_800,
      ratio: 0.3,
      term: 36,
      carType: '比亚迪 秦PLUS DM-i 55KM 领先型',
      conditions: { payProportion: 0.4, stagingNumber: 24, note: '首付比例提高至 40%，期数调整为 24 期' },
    },
    { state: 'S4', productCode: 'XD-F24', total: 119_900, ratio: 0.4, term: 24, carType: '日产 轩逸 1.6L CVT 舒享版' },
  ];
  for (const [i, p] of plans.entries()) {
    const car = cars[i];
    if (!car) break;
    await seedDemoApplication(ctx, { ...p, rentId: hz, carId: Number(car.id), daysAgo: 12 - i });
  }
}

/** An application the demo seeds: its car, terms and state (S1 to S4; the money side moves S4 on). */
export interface DemoApplication {
  rentId: number;
  carId: number;
  state: 'S1' | 'S2' | 'S3' | 'S4';
  /** `XD-A36` (等额本息) or `XD-F24` (等本等息). */
  productCode: string;
  /** Yuan. */
  total: number;
  ratio: number;
  term: number;
  carType: string;
  /** S1: returned by the financier with this reason (else a draft never submitted). */
  supplement?: string;
  /** S3: the revised terms. */
  conditions?: { payProportion?: number; stagingNumber?: number; note: string };
  /** Created this many days before the seed's now (default 10). */
  daysAgo?: number;
}

/**
 * Seeds one application of the demo tenant to 鑫达 as the calls would have left it: the car's data copied, the
 * terms fixed (the quote of the product on the seed's day), its apply item A3, an empty voucher, and its history
 * up to `state`. The money side's seeder calls it for S4 applications, then moves them on with `transition`
 * (applications.service.ts) and makes their schedules. Answers the application's id and code.
 */
export async function seedDemoApplication(ctx: DemoContext, p: DemoApplication): Promise<{ id: number; code: string }> {
  const { tx, clock, demo } = ctx;
  const now = clock.now();
  const [fin] = (
    (await tx.execute(
      sql`select f.id from financiers f join tenants t on t.id = f.id where t.code = ${XINDA.code}`,
    )) as unknown as {
      rows: { id: number | string }[];
    }
  ).rows;
  const financierId = Number(fin!.id);
  const [row] = await tx
    .select()
    .from(financingProducts)
    .where(and(eq(financingProducts.tenantId, financierId), eq(financingProducts.code, p.productCode)));
  const [car] = (
    (await tx.execute(
      sql`select plate, vin, engine_no from cars where tenant_id = ${demo.tenantId} and id = ${p.carId}`,
    )) as unknown as { rows: { plate: string; vin: string; engine_no: string | null }[] }
  ).rows;
  const product = productOf(row!, XINDA.name);
  const today = localDate('Asia/Shanghai', now);
  const { schedule: _schedule, ...terms } = quoteFenOf(product, {
    totalAmount: p.total,
    payProportion: p.ratio,
    stagingNumber: p.term,
    loanDate: today,
  });
  const prefix = `RZ${today.slice(0, 4)}${today.slice(5, 7)}`;
  const numbered = (await tx.execute(
    sql`insert into financing_numbers (tenant_id, prefix, last) values (${demo.tenantId}, ${prefix}, 1)
        on conflict (tenant_id, prefix) do update set last = financing_numbers.last + 1 returning last`,
  )) as unknown as { rows: { last: number | string }[] };
  const code = `${prefix}${String(Number(numbered.rows[0]!.last)).padStart(5, '0')}`;
  const daysAgo = p.daysAgo ?? 10;
  const at = (hours: number) => new Date(now.getTime() - daysAgo * 86_400_000 + hours * 3_600_000);
  const submitted = p.state !== 'S1' || p.supplement !== undefined;
  const [app] = await tx
    .insert(financingApplications)
    .values({
      tenantId: demo.tenantId,
      rentId: p.rentId,
      financierId,
      productId: product.id,
      code,
      state: p.state,
      reviewStage: p.state === 'S2' ? 'financier' : null,
      carId: p.carId,
      plate: car!.plate,
      vin: car!.vin,
      engineNo: car!.engine_no,
      carTypeName: p.carType,
      totalAmountFen: p.total * YUAN,
      payProportion: p.ratio,
      stagingNumber: p.term,
      installMobile: '13800000001',
      installAddress: '浙江省杭州市西湖区文三路 398 号',
      username: '张伟',
      idNo: '330106198507150013',
      contact: '13800000001',
      quote: terms,
      conditions: p.state === 'S3' ? (p.conditions ?? null) : null,
      supplementReason: p.supplement ?? null,
      submittedAt: submitted ? at(2) : null,
      decidedAt: p.state === 'S3' || p.state === 'S4' || p.supplement ? at(26) : null,
      createdBy: demo.adminId,
      createdAt: at(0),
      updatedAt: now,
    })
    .returning({ id: financingApplications.id });
  const applicationId = app!.id;
  await tx.insert(financingApplyItems).values({
    tenantId: demo.tenantId,
    applicationId,
    code: 'A3',
    amountFen: terms.totalFen - terms.downPaymentFen,
  });
  await tx.insert(financingVouchers).values({ tenantId: demo.tenantId, applicationId });
  type Entry = {
    action: string;
    from: string | null;
    to: string;
    side: 'applicant' | 'financier' | 'system';
    key: string;
    params?: Record<string, string>;
  };
  const entries: Entry[] = [
    { action: 'create', from: null, to: 'S1', side: 'applicant', key: 'financing.activity.create', params: { code } },
  ];
  if (submitted) {
    const financed = (terms.financedFen / YUAN).toFixed(2);
    entries.push(
      {
        action: 'submit',
        from: 'S1',
        to: 'S2',
        side: 'applicant',
        key: 'financing.activity.submit',
        params: { financed },
      },
      { action: 'internalApproved', from: 'S2', to: 'S2', side: 'system', key: 'financing.activity.internalApproved' },
    );
  }
  if (p.supplement) {
    entries.push({
      action: 'supplement',
      from: 'S2',
      to: 'S1',
      side: 'financier',
      key: 'financing.activity.supplement',
      params: { reason: p.supplement },
    });
  }
  if (p.state === 'S3') {
    entries.push({
      action: 'approveWithConditions',
      from: 'S2',
      to: 'S3',
      side: 'financier',
      key: 'financing.activity.approveWithConditions',
      params: { note: p.conditions?.note ?? '' },
    });
  }
  if (p.state === 'S4') {
    entries.push({ action: 'approve', from: 'S2', to: 'S4', side: 'financier', key: 'financing.activity.approve' });
  }
  await tx.insert(financingActivities).values(
    entries.map((e, k) => ({
      tenantId: demo.tenantId,
      applicationId,
      action: e.action,
      fromState: e.from,
      toState: e.to,
      side: e.side,
      actorId: e.side === 'applicant' ? demo.adminId : null,
      actorName: e.side === 'applicant' ? '张伟' : e.side === 'financier' ? XINDA.risk.name : null,
      textKey: e.key,
      textParams: e.params ?? {},
      at: at(k * 12),
    })),
  );
  return { id: applicationId, code };
}

function productOf(p: typeof financingProducts.$inferSelect, financierName: string): FinancingProduct {
  return {
    id: p.id,
    financierId: p.tenantId,
    financierName,
    code: p.code,
    name: p.name,
    nameEn: p.nameEn,
    method: p.method as FinancingProduct['method'],
    dueMode: p.dueMode as FinancingProduct['dueMode'],
    repayDay: p.repayDay,
    annualRate: Number(p.annualRate),
    terms: p.terms,
    minDownRatio: Number(p.minDownRatio),
    maxDownRatio: Number(p.maxDownRatio),
    maxBalloonRatio: Number(p.maxBalloonRatio),
    lateFeeDailyRate: Number(p.lateFeeDailyRate),
    gpsFee: p.gpsFeeFen / YUAN,
    mortgageFee: p.mortgageFeeFen / YUAN,
    serviceFeeRate: Number(p.serviceFeeRate),
    depositRatio: Number(p.depositRatio),
    breakRateEarly: Number(p.breakRateEarly),
    breakRateLate: Number(p.breakRateLate),
    breakFloor: p.breakFloorFen / YUAN,
    carTypes: p.carTypes,
    active: p.active,
    version: p.version,
  };
}
