import { sql } from 'drizzle-orm';
import { DEFAULT_DRIVER_LEVELS, levelOf } from '@fleetdesk/contracts/driver-portal';
import { rawNumber, rowsOf, type RawNumber } from '../core/db.js';
import { localDate } from '../core/tenant-time.js';
import { factsOf } from '../modules/driver-portal/levels.service.js';
import type { DemoContext } from './context.js';

const DAY = 86_400_000;

/**
 * The driver portal's demo (docs/driver-portal.md): every driver with a contract has his super driver level as the
 * daily job would store it; a few drivers have sent things from the portal (a licence renewal and a violation's
 * proof waiting for review, an approved ID card) and have their notices.
 */
export async function seedDriverPortal({ tx, clock, demo }: DemoContext): Promise<void> {
  const { tenantId } = demo;
  const now = clock.now();
  const [tz] = await rowsOf<{ time_zone: string }>(tx, sql`select time_zone from tenants where id = ${tenantId}`);
  const today = localDate(tz!.time_zone, now);
  const facts = await factsOf({ db: tx }, tenantId, today, tz!.time_zone, 0);
  for (const [driverId, f] of facts) {
    const level = levelOf(DEFAULT_DRIVER_LEVELS, f);
    await tx.execute(
      sql`insert into driver_levels (tenant_id, driver_id, level, on_time_months, violations, accidents, overdue_now,
          since, computed_on)
        values (${tenantId}, ${driverId}, ${level.code}, ${f.onTimeMonths}, ${f.violations}, ${f.accidents},
          ${f.overdueNow ? 1 : 0}, ${today}, ${today})`,
    );
    if (level !== DEFAULT_DRIVER_LEVELS[0]) {
      await tx.execute(
        sql`insert into driver_notices (tenant_id, driver_id, key, params, created_at)
          values (${tenantId}, ${driverId}, 'driverPortal.notice.levelUp',
            ${JSON.stringify({ level: level.name, levelEn: level.nameEn })}::jsonb, ${new Date(now.getTime() - 3 * DAY)})`,
      );
    }
  }

  // Three drivers with contracts who used the portal.
  const users = await rowsOf<{ id: RawNumber; rent_id: RawNumber; licence_number: string | null; id_number: string }>(
    tx,
    sql`select d.id, d.rent_id, d.licence_number, d.id_number from drivers d
      where d.tenant_id = ${tenantId} and d.state = 'active' and d.deleted_at is null
        and exists (select 1 from rental_contracts c where c.tenant_id = d.tenant_id and c.driver_id = d.id
          and c.state = 'signed')
      order by d.id limit 3`,
  );
  const pictures = await rowsOf<{ url: string | null }>(
    tx,
    sql`select licence_front_url as url from drivers where tenant_id = ${tenantId} and licence_front_url is not null
      limit 2`,
  );
  const files = pictures.map((p) => p.url!).filter(Boolean);
  // As a Postgres array literal (an empty list is `{}`).
  const arr = (list: string[]) => `{${list.map((u) => JSON.stringify(u)).join(',')}}`;
  const [a, b, c] = users;
  if (a) {
    const expiry = `${Number(today.slice(0, 4)) + 6}${today.slice(4)}`;
    await tx.execute(
      sql`insert into driver_submissions (tenant_id, driver_id, rent_id, kind, details, files, state, created_at)
        values (${tenantId}, ${rawNumber(a.id)}, ${rawNumber(a.rent_id)}, 'licence',
          ${JSON.stringify({ number: a.licence_number ?? a.id_number, licenceClass: 'C1', expiry })}::jsonb,
          ${arr(files)}::text[], 'pending', ${new Date(now.getTime() - DAY)})`,
    );
  }
  if (b) {
    const [v] = await rowsOf<{ id: RawNumber; violation_no: string; plate: string }>(
      tx,
      sql`select id, violation_no, plate from violations
        where tenant_id = ${tenantId} and driver_id = ${rawNumber(b.id)} and not handled order by id limit 1`,
    );
    if (v) {
      await tx.execute(
        sql`insert into driver_submissions (tenant_id, driver_id, rent_id, kind, violation_id, details, files, note,
            state, created_at)
          values (${tenantId}, ${rawNumber(b.id)}, ${rawNumber(b.rent_id)}, 'violationProof', ${rawNumber(v.id)},
            ${JSON.stringify({ violationNo: v.violation_no, plate: v.plate })}::jsonb, ${arr(files.slice(0, 1))}::text[],
            '已在交警支队窗口缴纳罚款并扣分', 'pending', ${new Date(now.getTime() - 2 * DAY)})`,
      );
    }
  }
  if (c) {
    await tx.execute(
      sql`insert into driver_submissions (tenant_id, driver_id, rent_id, kind, details, files, state, reviewed_by,
          reviewed_at, created_at)
        values (${tenantId}, ${rawNumber(c.id)}, ${rawNumber(c.rent_id)}, 'idCard',
          ${JSON.stringify({ number: c.id_number, licenceClass: null, expiry: null })}::jsonb, ${arr(files)}::text[],
          'approved', ${demo.adminId}, ${new Date(now.getTime() - 5 * DAY)}, ${new Date(now.getTime() - 6 * DAY)})`,
    );
    await tx.execute(
      sql`insert into driver_notices (tenant_id, driver_id, key, params, created_at)
        values (${tenantId}, ${rawNumber(c.id)}, 'driverPortal.notice.approved.idCard', '{}'::jsonb,
          ${new Date(now.getTime() - 5 * DAY)})`,
    );
  }
}
