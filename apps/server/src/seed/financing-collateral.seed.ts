import { sql } from 'drizzle-orm';
import { addDays } from '@fleetdesk/contracts/dates';
import { rowsOf } from '../core/db.js';
import { localDate } from '../core/tenant-time.js';
import { bookedCars, financingCertificates, financingRentOrSale } from '../db/schema/index.js';
import { activity } from '../modules/financing/activity.js';
import type { DemoContext } from './context.js';
import { XINDA } from './financing.seed.js';

const YUAN = 100;

/**
 * Rent or sale, certificates and booked cars of the demo (docs/financing.md): the repaying car (S7) declared as
 * rented out and agreed by 鑫达, the car awaiting disbursement (S6) declared for sale to a driver and waiting in
 * the financier's work list, the registration certificate and invoice 鑫达 holds for the repaying car and the one it
 * returned for the settled car (S8), and two booked models of the 杭州 company.
 */
export async function seedFinancingCollateral(ctx: DemoContext): Promise<void> {
  const { tx, clock, demo } = ctx;
  const apps = await rowsOf<{ id: number; state: string; car_id: number; disbursed_at: Date | string | null }>(
    tx,
    sql`select a.id, a.state, a.car_id, a.disbursed_at from financing_applications a
      join tenants t on t.id = a.financier_id
      where a.tenant_id = ${demo.tenantId} and t.code = ${XINDA.code} and a.state in ('S6', 'S7', 'S8')
      order by a.id`,
  );
  const now = clock.now();
  const today = localDate('Asia/Shanghai', now);
  const byState = (s: string) => apps.find((a) => a.state === s);
  const applicant = { side: 'applicant' as const, userId: demo.adminId, name: '张伟' };
  const financier = { side: 'financier' as const, userId: null, name: XINDA.admin.name };
  const repaying = byState('S7');
  if (repaying) {
    const declared = new Date(now.getTime() - 60 * 86_400_000);
    const decided = new Date(now.getTime() - 58 * 86_400_000);
    await tx.insert(financingRentOrSale).values({
      tenantId: demo.tenantId,
      applicationId: Number(repaying.id),
      carId: Number(repaying.car_id),
      use: 'rent',
      note: '以长租方式出租给网约车司机，租期 12 个月',
      state: 'agreed',
      decidedAt: decided,
      decidedByName: XINDA.admin.name,
      version: 1,
      createdBy: demo.adminId,
      createdAt: declared,
      updatedAt: decided,
    });
    for (const [actor, action, key, params, at] of [
      [
        applicant,
        'rentOrSale',
        'financing.activity.rentOrSale',
        { use: { title: 'financingCarUse', value: 'rent' } },
        declared,
      ],
      [
        financier,
        'rentOrSaleAudit',
        'financing.activity.rentOrSaleAudit',
        { state: { title: 'financingRentOrSaleState', value: 'agreed' } },
        decided,
      ],
    ] as const) {
      await activity(tx, actor, {
        tenantId: demo.tenantId,
        applicationId: Number(repaying.id),
        action,
        text: { key, params },
        at,
      });
    }
    const received = repaying.disbursed_at
      ? localDate('Asia/Shanghai', new Date(repaying.disbursed_at))
      : addDays(today, -100);
    await tx.insert(financingCertificates).values([
      {
        tenantId: demo.tenantId,
        applicationId: Number(repaying.id),
        kind: 'registration',
        number: '330100026118',
        receivedAt: received,
        state: 'held',
      },
      {
        tenantId: demo.tenantId,
        applicationId: Number(repaying.id),
        kind: 'invoice',
        number: '04479266',
        receivedAt: received,
        state: 'held',
      },
    ]);
  }
  const waiting = byState('S6');
  if (waiting) {
    await tx.insert(financingRentOrSale).values({
      tenantId: demo.tenantId,
      applicationId: Number(waiting.id),
      carId: Number(waiting.car_id),
      use: 'sale',
      buyerName: '赵磊',
      buyerIdNo: '330106198805172413',
      buyerPhone: '13857161234',
      salePriceFen: 128_000 * YUAN,
      saleTerms: 36,
      note: '以租代购：司机分 36 期付款，付清后过户',
      createdBy: demo.adminId,
      createdAt: new Date(now.getTime() - 2 * 86_400_000),
      updatedAt: new Date(now.getTime() - 2 * 86_400_000),
    });
  }
  const settled = byState('S8');
  if (settled) {
    await tx.insert(financingCertificates).values({
      tenantId: demo.tenantId,
      applicationId: Number(settled.id),
      kind: 'registration',
      number: '330100019874',
      receivedAt: addDays(today, -400),
      returnedAt: addDays(today, -20),
      state: 'returned',
      note: '结清后归还',
    });
  }
  const month = today.slice(0, 7).replace('-', '');
  await tx.insert(bookedCars).values([
    {
      tenantId: demo.tenantId,
      rentId: demo.rentIds.HZ!,
      code: `YD${month}0001`,
      brand: '比亚迪',
      series: '秦PLUS',
      model: '秦PLUS DM-i 2024款 55KM 领先型',
      colour: '雪域白',
      quantity: 5,
      guidePriceFen: 99_800 * YUAN,
      earnestFen: 25_000 * YUAN,
      expectedDate: addDays(today, 30),
      contactName: '钱经理',
      contactPhone: '13905719876',
      note: '网约车运力补充，计划向鑫达申请融资',
      state: 'earnestPaid',
      version: 1,
      createdBy: demo.adminId,
    },
    {
      tenantId: demo.tenantId,
      rentId: demo.rentIds.HZ!,
      code: `YD${month}0002`,
      brand: '丰田',
      series: '凯美瑞',
      model: '凯美瑞 2024款 2.0E 精英版',
      colour: '铂金珍珠白',
      quantity: 2,
      guidePriceFen: 179_800 * YUAN,
      earnestFen: 10_000 * YUAN,
      expectedDate: addDays(today, 45),
      contactName: '孙经理',
      contactPhone: '13968012345',
      state: 'booked',
      createdBy: demo.adminId,
    },
  ]);
  await tx.execute(
    sql`insert into financing_numbers (tenant_id, prefix, last) values (${demo.tenantId}, ${`YD${month}`}, 2)
      on conflict (tenant_id, prefix) do update set last = greatest(financing_numbers.last, 2)`,
  );
}
