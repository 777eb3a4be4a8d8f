import { sql } from 'drizzle-orm';
import { yuanToFen } from '@fleetdesk/contracts/common';
import { rowsOf } from '../core/db.js';
import { maintenancePlans, maintenanceWorkshops, maintenanceWorkshopUsers } from '../db/schema/maintenance.js';
import { refreshDue } from '../modules/maintenance/due.service.js';
import { WORKSHOP_ROLE } from '../modules/maintenance/workshops.service.js';
import { ensureRole } from '../modules/roles/roles.service.js';
import type { DemoContext } from './context.js';
import { seedUser } from './tenant-seed.js';

/** The routine service of a petrol car (`items` of a plan). */
const PETROL_ITEMS = [
  { name: '机油', partNo: '0W-20 SP', quantity: 4 },
  { name: '机油滤清器', quantity: 1 },
  { name: '空气滤清器', quantity: 1 },
  { name: '空调滤清器', quantity: 1 },
  { name: '火花塞检查' },
];
const ELECTRIC_ITEMS = [
  { name: '空调滤清器', quantity: 1 },
  { name: '制动液检测' },
  { name: '动力电池及高压线束检查' },
  { name: '轮胎换位' },
  { name: '减速器油检查' },
];

/**
 * The demo company's workshops (its own centre, a Tuhu partner shop and a BYD 4S shop), the own centre's sign-in
 * `xiuli` / `Admin@123` (role `workshop`), a service plan per car type (10,000 km or 6 months; the ride-hailing
 * electric type 20,000 km or 12 months) and one car's own plan, then the due rows. The work orders come after
 * (maintenanceOrders seeder), which refreshes the due rows again with their history.
 */
export async function seedMaintenance({ tx, clock, demo, passwordLogN }: DemoContext): Promise<void> {
  const tenantId = demo.tenantId;
  const now = clock.now();
  const hz = demo.rentIds.HZ!;
  const workshops = await tx
    .insert(maintenanceWorkshops)
    .values([
      {
        tenantId,
        rentId: null,
        name: '自营维修中心',
        kind: 'own',
        address: '杭州市余杭区五常大道 181 号',
        contactName: '陈建国',
        contactPhone: '0571-88760001',
        services: ['routine', 'repair', 'accident', 'tyre', 'bodywork', 'gps', 'preparation'],
        labourRateFen: yuanToFen(120),
        remark: '公司自营，承接全部车辆的保养、维修与整备',
        createdAt: now,
        updatedAt: now,
      },
      {
        tenantId,
        rentId: hz,
        name: '途虎养车工场店（文一西路店）',
        kind: 'partner',
        address: '杭州市西湖区文一西路 522 号',
        contactName: '周磊',
        contactPhone: '13958001234',
        services: ['routine', 'tyre', 'repair'],
        labourRateFen: yuanToFen(150),
        remark: '合作门店，月结',
        createdAt: now,
        updatedAt: now,
      },
      {
        tenantId,
        rentId: null,
        name: '杭州元通比亚迪 4S 店',
        kind: 'partner',
        address: '杭州市拱墅区石祥路 358 号',
        contactName: '吴晓峰',
        contactPhone: '400-830-3666',
        services: ['repair', 'accident', 'bodywork', 'routine'],
        labourRateFen: yuanToFen(220),
        remark: '事故车定损与钣喷',
        createdAt: now,
        updatedAt: now,
      },
    ])
    .returning({ id: maintenanceWorkshops.id, name: maintenanceWorkshops.name });

  // The own centre's sign-in: every active rent (it serves the whole company), the workshop role.
  const roleId = await ensureRole(tx, tenantId, WORKSHOP_ROLE);
  const rentIds = (
    await rowsOf<{ id: number }>(
      tx,
      sql`select id from rents where tenant_id = ${tenantId} and status = 'active' order by id`,
    )
  ).map((r) => Number(r.id));
  const xiuli = await seedUser(tx, passwordLogN, {
    tenantId,
    username: 'xiuli',
    password: 'Admin@123',
    phone: '13800000031',
    name: '陈建国',
    email: 'xiuli@demo-rentals.cn',
    rentIds,
    roleId,
  });
  await tx.insert(maintenanceWorkshopUsers).values({ tenantId, workshopId: workshops[0]!.id, userId: xiuli });

  // A plan per car type; the electric ride-hailing type runs longer between services.
  const types = await rowsOf<{ id: number; name: string }>(
    tx,
    sql`select id, name from car_types where tenant_id = ${tenantId} order by id`,
  );
  await tx.insert(maintenancePlans).values(
    types.map((t) => {
      const electric = t.name.includes('新能源');
      return {
        tenantId,
        name: electric ? '新能源常规保养（2万公里/12个月）' : `${t.name}常规保养（1万公里/6个月）`,
        carTypeId: Number(t.id),
        intervalKm: electric ? 20_000 : 10_000,
        intervalMonths: electric ? 12 : 6,
        items: electric ? ELECTRIC_ITEMS : PETROL_ITEMS,
        createdAt: now,
        updatedAt: now,
      };
    }),
  );
  // One car's own plan: the busiest ride-hailing car of the fleet is serviced every 5,000 km or 3 months.
  const [busy] = await rowsOf<{ id: number }>(
    tx,
    sql`select c.id from cars c join car_types t on t.tenant_id = c.tenant_id and t.id = c.car_type_id
      where c.tenant_id = ${tenantId} and c.deleted_at is null and c.status not in ('sold', 'scrapped')
        and t.name like '%新能源%'
      order by c.mileage_km desc, c.id limit 1`,
  );
  if (busy) {
    await tx.insert(maintenancePlans).values({
      tenantId,
      name: '高频网约车加密保养（5千公里/3个月）',
      carId: Number(busy.id),
      intervalKm: 5_000,
      intervalMonths: 3,
      items: ELECTRIC_ITEMS,
      createdAt: now,
      updatedAt: now,
    });
  }
  await refreshDue(tx, tenantId, undefined, now);
}
