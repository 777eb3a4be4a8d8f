import type { AppDeps } from '../../core/deps.js';

const AHEAD_MONTHS = 2;

function monthStart(year: number, month: number): Date {
  return new Date(Date.UTC(year, month, 1));
}
const nameOf = (d: Date) => `gps_positions_y${d.getUTCFullYear()}m${String(d.getUTCMonth() + 1).padStart(2, '0')}`;

/**
 * Keeps the positions' monthly partitions (PostgreSQL): this month, the one before and `AHEAD_MONTHS` ahead
 * exist; months past `GPS_RETENTION_MONTHS` are dropped. A month is created from a plain table filled with the
 * default partition's rows of that month, then attached, so rows that arrived early are never in the way.
 * PGlite keeps one plain table: rows past the retention are deleted. Runs hourly (the schedule `gps.partitions`)
 * and when a gateway process starts.
 */
export async function maintainGpsPartitions(
  deps: Pick<AppDeps, 'database' | 'clock' | 'config' | 'log'>,
): Promise<{ created: string[]; dropped: string[] }> {
  const now = deps.clock.now();
  const out = { created: [] as string[], dropped: [] as string[] };
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const cutoff = monthStart(y, m - deps.config.GPS_RETENTION_MONTHS);
  const db = deps.database;
  if (db.kind === 'pglite') {
    await db.query('delete from gps_positions where fix_time < $1', [cutoff.toISOString()]);
    return out;
  }
  const { rows } = await db.query<{ name: string }>(
    `select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
     join pg_class p on p.oid = i.inhparent where p.relname = 'gps_positions'`,
  );
  const existing = new Set(rows.map((r) => r.name));
  for (let k = -1; k <= AHEAD_MONTHS; k++) {
    const from = monthStart(y, m + k);
    const to = monthStart(y, m + k + 1);
    const name = nameOf(from);
    if (existing.has(name) || from < cutoff) continue;
    const client = await db.pool!.connect();
    try {
      await client.query('begin');
      await client.query(`create table ${name} (like gps_positions including defaults including constraints)`);
      await client.query(
        `with moved as (delete from gps_positions_default where fix_time >= $1 and fix_time < $2 returning *)
         insert into ${name} select * from moved`,
        [from.toISOString(), to.toISOString()],
      );
      await client.query(
        `alter table gps_positions attach partition ${name} for values from ('${from.toISOString()}') to ('${to.toISOString()}')`,
      );
      await client.query('commit');
      out.created.push(name);
    } catch (err) {
      await client.query('rollback').catch(() => undefined);
      deps.log.error({ err, partition: name }, 'gps: creating a partition failed');
    } finally {
      client.release();
    }
  }
  for (const name of existing) {
    const match = /^gps_positions_y(\d{4})m(\d{2})$/.exec(name);
    if (!match) continue;
    const end = monthStart(Number(match[1]), Number(match[2]));
    if (end <= cutoff) {
      await db.query(`drop table ${name}`);
      out.dropped.push(name);
    }
  }
  await db.query('delete from gps_positions_default where fix_time < $1', [cutoff.toISOString()]);
  return out;
}
