import { eq } from 'drizzle-orm';
import type { Clock } from '../core/clock.js';
import type { Db } from '../core/db.js';
import { roleGrants, roles } from '../db/schema/identity.js';
import { ads } from '../db/schema/platform.js';
import { tenants } from '../db/schema/tenancy.js';
import type { DemoContext } from './context.js';
import { DEMO_SEEDERS } from './seeders.js';
import { seedTenant, seedUser } from './tenant-seed.js';
// The catalogues whose keys the demo messages use (the seed may run before any route is loaded).
import '../modules/compliance/compliance.messages.js';
import '../modules/crm/crm.messages.js';
import '../modules/gps/events/gps-events.messages.js';
import '../modules/messages/messages.messages.js';
import '../modules/rental-contracts/rental-contracts.messages.js';

export interface DemoSeedResult {
  seeded: boolean;
  demoTenantId: number;
  otherTenantId: number;
  expiredTenantId: number;
}

/**
 * The demo company of DESIGN.md section 12. Idempotent: a database that has the demo tenant is left alone.
 * Areas add their demo records through `DEMO_SEEDERS` (seed/seeders.ts), in the same transaction.
 */
export async function seedDemo(db: Db, clock: Clock, options: { passwordLogN: number }): Promise<DemoSeedResult> {
  const [existing] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.code, 'DEMO'));
  if (existing) {
    const all = await db.select({ id: tenants.id, code: tenants.code }).from(tenants);
    const id = (code: string) => all.find((t) => t.code === code)?.id ?? 0;
    return { seeded: false, demoTenantId: id('DEMO'), otherTenantId: id('OTHER'), expiredTenantId: id('EXPIRED') };
  }
  return db.transaction(async (tx) => {
    const logN = options.passwordLogN;
    const demo = await seedTenant(tx, clock, {
      code: 'DEMO',
      name: '演示租车 Demo Rentals',
      shortName: '演示租车',
      contactName: '张伟',
      contactPhone: '0571-86001234',
      plan: 'ENTERPRISE',
      expiresInDays: 300,
      rents: [
        {
          code: 'HZ',
          name: '演示租车杭州分公司',
          shortName: '杭州公司',
          city: '杭州',
          address: '浙江省杭州市西湖区文三路 398 号',
          contactPhone: '0571-86001234',
        },
        {
          code: 'SH',
          name: '演示租车上海分公司',
          shortName: '上海公司',
          city: '上海',
          address: '上海市闵行区虹桥路 2188 号',
          contactPhone: '021-62001234',
        },
      ],
    });
    const [clerkRole] = await tx
      .insert(roles)
      .values({
        tenantId: demo.tenantId,
        code: 'clerk',
        name: '车务专员',
        description: '车辆与司机，只读；只看所属公司',
        dataScope: 'assigned',
      })
      .returning({ id: roles.id });
    await tx.insert(roleGrants).values(
      ['rentCar', 'rentCar:view', 'rentDriver', 'rentDriver:view'].map((code) => ({
        tenantId: demo.tenantId,
        roleId: clerkRole!.id,
        code,
      })),
    );
    const adminId = await seedUser(tx, logN, {
      tenantId: demo.tenantId,
      username: 'admin',
      password: 'Admin@123',
      phone: '13800000001',
      name: '张伟',
      email: 'zhangwei@demo-rentals.cn',
      rentIds: [demo.rentIds.HZ!, demo.rentIds.SH!],
      roleId: demo.adminRoleId,
    });
    const clerkId = await seedUser(tx, logN, {
      tenantId: demo.tenantId,
      username: 'clerk',
      password: 'Clerk@123',
      phone: '13800000002',
      name: '李娜',
      email: 'lina@demo-rentals.cn',
      rentIds: [demo.rentIds.HZ!],
      roleId: clerkRole!.id,
    });

    const other = await seedTenant(tx, clock, {
      code: 'OTHER',
      name: 'Other Rentals',
      shortName: 'Other',
      contactName: 'Wang Fang',
      contactPhone: '010-65001234',
      plan: 'PROFESSIONAL',
      expiresInDays: 200,
      rents: [
        {
          code: 'BJ',
          name: 'Other Rentals Beijing',
          shortName: 'Beijing',
          city: '北京',
          address: '北京市朝阳区建国路 88 号',
          contactPhone: '010-65001234',
        },
      ],
    });
    const otherId = await seedUser(tx, logN, {
      tenantId: other.tenantId,
      username: 'other',
      password: 'Other@123',
      phone: '13900000001',
      name: '王芳',
      email: 'wangfang@other-rentals.cn',
      rentIds: [other.rentIds.BJ!],
      roleId: other.adminRoleId,
    });

    const expired = await seedTenant(tx, clock, {
      code: 'EXPIRED',
      name: 'Expired Rentals',
      shortName: 'Expired',
      contactName: 'Chen Jie',
      contactPhone: '020-38001234',
      plan: 'STANDARD',
      expiresInDays: -10,
      rents: [
        {
          code: 'GZ',
          name: 'Expired Rentals Guangzhou',
          shortName: 'Guangzhou',
          city: '广州',
          address: '广州市天河区天河路 208 号',
          contactPhone: '020-38001234',
        },
      ],
    });
    await seedUser(tx, logN, {
      tenantId: expired.tenantId,
      username: 'expired',
      password: 'Expired@123',
      phone: '13700000001',
      name: '陈杰',
      email: 'chenjie@expired-rentals.cn',
      rentIds: [expired.rentIds.GZ!],
      roleId: expired.adminRoleId,
    });

    await tx.insert(ads).values([
      {
        platform: 'Web',
        title: 'GPS 风控升级：远程断油、电子围栏、异常报警一屏掌握',
        titleEn: 'GPS risk control: remote fuel cut, geofences and alarms on one map',
        imageUrl: '/ads/gps-risk.svg',
        linkUrl: '/riskGpsMap',
        sort: 1,
      },
      {
        platform: 'Web',
        title: '会员年付享 8 折，续费不断档',
        titleEn: 'Pay yearly and save 20% on your membership',
        imageUrl: '/ads/membership.svg',
        linkUrl: '/membership',
        sort: 2,
      },
    ]);

    const context: DemoContext = {
      tx,
      clock,
      passwordLogN: logN,
      demo: { tenantId: demo.tenantId, rentIds: demo.rentIds, adminId, clerkId },
      other: { tenantId: other.tenantId, rentIds: other.rentIds, userId: otherId },
    };
    for (const seeder of DEMO_SEEDERS) await seeder(context);

    return {
      seeded: true,
      demoTenantId: demo.tenantId,
      otherTenantId: other.tenantId,
      expiredTenantId: expired.tenantId,
    };
  });
}
