import { sql } from 'drizzle-orm';
import type { FlowPlatform } from '@fleetdesk/contracts/team-performance';
import type { DbOrTx } from '../../core/db.js';

/** A driver's day on a platform, as the import and the platform adapter write it. */
export interface FlowRow {
  driverId: number;
  rentId: number;
  day: string;
  platform: FlowPlatform;
  onlineMinutes: number;
  orders: number;
  flowFen: number;
}

/**
 * Writes driver days (one per driver, day and platform): a day written before is replaced, by whichever came last,
 * the import (`ref` its row) or the platform adapter (no ref).
 */
export async function upsertFlowDays(
  tx: DbOrTx,
  o: { tenantId: number; source: 'import' | 'api'; userId: number | null; now: Date },
  rows: { row: FlowRow; ref: string | null }[],
): Promise<void> {
  if (!rows.length) return;
  const values = rows.map(
    ({ row, ref }) =>
      sql`(${o.tenantId}, ${row.driverId}, ${row.rentId}, ${row.day}::date, ${row.platform}, ${row.onlineMinutes},
        ${row.orders}, ${row.flowFen}, ${o.source}, ${ref}, ${o.userId}, ${o.now}, ${o.now})`,
  );
  await tx.execute(
    sql`insert into driver_flow_days (tenant_id, driver_id, rent_id, day, platform, online_minutes, orders, flow_fen,
        source, import_ref, created_by, created_at, updated_at)
      values ${sql.join(values, sql`, `)}
      on conflict (tenant_id, driver_id, day, platform) do update set rent_id = excluded.rent_id,
        online_minutes = excluded.online_minutes, orders = excluded.orders, flow_fen = excluded.flow_fen,
        source = excluded.source, import_ref = excluded.import_ref, updated_at = excluded.updated_at`,
  );
}
