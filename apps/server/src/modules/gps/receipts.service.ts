import { formatPlate } from '@fleetdesk/contracts/identifiers';
import { sql, type SQL } from 'drizzle-orm';
import type { Paged } from '@fleetdesk/contracts/common';
import type {
  GpsReceipt,
  GpsReceiptDetail,
  GpsReceiptDevice,
  GpsReceiptInput,
  GpsReceiptQuery,
} from '@fleetdesk/contracts/gps-receipts';
import { hasPermission, type RequestContext } from '../../core/access.js';
import type { AppDeps } from '../../core/deps.js';
import {
  isUniqueViolation,
  mapRows,
  rawIso,
  rawIsoOrNull,
  rawNumber,
  rawNumberOrNull,
  rowsOf,
  type DbOrTx,
  type RawNumber,
  type RawTime,
} from '../../core/db.js';
import { offsetOf, page } from '../../core/envelope.js';
import { ConflictError, ForbiddenError, invalidField, NotFoundError } from '../../core/errors.js';
import { containsPattern } from '../../core/like.js';
import { localDate, tenantZone } from '../../core/tenant-time.js';
import { invalidateGeofences } from './events/geofence-index.js';
import './gps.messages.js';

type Ctx = Pick<RequestContext, 'tenantId' | 'userId' | 'rentId' | 'rentIds' | 'permissions'>;
type Deps = Pick<AppDeps, 'db' | 'clock'>;
/** A PostgreSQL array literal of ids (a drizzle `sql` array would expand into a list of parameters). */
const ids = (list: readonly number[]) => `{${list.map((n) => Math.trunc(n)).join(',')}}`;

const SELECT = sql`select g.id, g.number, g.kind, g.state, g.from_rent_id, fr.name as from_rent_name, g.to_rent_id,
  tr.name as to_rent_name, g.source_id, s.number as source_number, g.note, g.express_no, cu.name as created_by_name,
  g.created_at, ru.name as received_by_name, g.received_at, xu.name as cancelled_by_name, g.cancelled_at,
  (select count(*)::int from gps_receipt_devices rd where rd.tenant_id = g.tenant_id and rd.receipt_id = g.id)
    as device_count
  from gps_receipts g
  join rents fr on fr.tenant_id = g.tenant_id and fr.id = g.from_rent_id
  join rents tr on tr.tenant_id = g.tenant_id and tr.id = g.to_rent_id
  join users cu on cu.tenant_id = g.tenant_id and cu.id = g.created_by
  left join users ru on ru.tenant_id = g.tenant_id and ru.id = g.received_by
  left join users xu on xu.tenant_id = g.tenant_id and xu.id = g.cancelled_by
  left join gps_receipts s on s.tenant_id = g.tenant_id and s.id = g.source_id`;

/** A row of `SELECT`. */
interface ReceiptRow {
  id: RawNumber;
  number: string;
  kind: GpsReceipt['kind'];
  state: GpsReceipt['state'];
  from_rent_id: RawNumber;
  from_rent_name: string;
  to_rent_id: RawNumber;
  to_rent_name: string;
  source_id: RawNumber | null;
  source_number: string | null;
  device_count: number;
  note: string | null;
  express_no: string | null;
  created_by_name: string;
  created_at: RawTime;
  received_by_name: string | null;
  received_at: RawTime | null;
  cancelled_by_name: string | null;
  cancelled_at: RawTime | null;
}

function receiptOf(r: ReceiptRow): GpsReceipt {
  return {
    id: rawNumber(r.id),
    number: r.number,
    kind: r.kind,
    state: r.state,
    fromRentId: rawNumber(r.from_rent_id),
    fromRentName: r.from_rent_name,
    toRentId: rawNumber(r.to_rent_id),
    toRentName: r.to_rent_name,
    sourceId: rawNumberOrNull(r.source_id),
    sourceNumber: r.source_number ?? null,
    deviceCount: Number(r.device_count),
    note: r.note ?? null,
    expressNo: r.express_no ?? null,
    createdByName: r.created_by_name,
    createdAt: rawIso(r.created_at),
    receivedByName: r.received_by_name ?? null,
    receivedAt: rawIsoOrNull(r.received_at),
    cancelledByName: r.cancelled_by_name ?? null,
    cancelledAt: rawIsoOrNull(r.cancelled_at),
  };
}

/** A row of a receipt's devices. */
interface ReceiptDeviceRow {
  device_id: RawNumber;
  imei: string;
  model: string;
  rent_name: string;
}

const receiptDeviceOf = (r: ReceiptDeviceRow): GpsReceiptDevice => ({
  deviceId: rawNumber(r.device_id),
  imei: r.imei,
  model: r.model,
  rentName: r.rent_name,
});

/** A receipt is seen by the users of its sender and of its receiver (data scope). */
const visible = (ctx: Ctx) =>
  sql`g.tenant_id = ${ctx.tenantId} and (g.from_rent_id = any(${ids(ctx.rentIds)}::int8[])
    or g.to_rent_id = any(${ids(ctx.rentIds)}::int8[]))`;

export async function listReceipts(deps: Deps, ctx: Ctx, q: GpsReceiptQuery): Promise<Paged<GpsReceipt>> {
  const where: SQL[] = [visible(ctx)];
  if (q.state) where.push(sql`g.state = ${q.state}`);
  if (q.kind) where.push(sql`g.kind = ${q.kind}`);
  if (q.number) where.push(sql`g.number ilike ${containsPattern(q.number)}`);
  if (q.direction === 'out') where.push(sql`g.from_rent_id = any(${ids(ctx.rentIds)}::int8[])`);
  if (q.direction === 'in') where.push(sql`g.to_rent_id = any(${ids(ctx.rentIds)}::int8[])`);
  if (q.from) where.push(sql`g.created_at >= ${q.from}::timestamptz`);
  if (q.to) where.push(sql`g.created_at < ${q.to}::timestamptz`);
  const w = sql.join(where, sql` and `);
  const [total] = await rowsOf<{ n: number }>(deps.db, sql`select count(*)::int as n from gps_receipts g where ${w}`);
  const rows = await mapRows(
    deps.db,
    sql`${SELECT} where ${w} order by g.id desc limit ${q.pageSize} offset ${offsetOf(q)}`,
    receiptOf,
  );
  return page(rows, Number(total?.n ?? 0), q);
}

async function findReceipt(db: DbOrTx, ctx: Ctx, id: number, lock = false): Promise<GpsReceipt> {
  const [receipt] = await mapRows(
    db,
    sql`${SELECT} where ${visible(ctx)} and g.id = ${id}${lock ? sql` for update of g` : sql``}`,
    receiptOf,
  );
  if (!receipt) throw new NotFoundError('gpsReceipt.notFound');
  return receipt;
}

function devicesOf(db: DbOrTx, tenantId: number, receiptId: number): Promise<GpsReceiptDevice[]> {
  return mapRows(
    db,
    sql`select rd.device_id, rd.imei, d.model, r.name as rent_name
      from gps_receipt_devices rd
      join gps_devices d on d.tenant_id = rd.tenant_id and d.id = rd.device_id
      join rents r on r.tenant_id = d.tenant_id and r.id = d.rent_id
      where rd.tenant_id = ${tenantId} and rd.receipt_id = ${receiptId} order by rd.imei`,
    receiptDeviceOf,
  );
}

export async function receiptDetail(deps: Deps, ctx: Ctx, id: number): Promise<GpsReceiptDetail> {
  const r = await findReceipt(deps.db, ctx, id);
  const pending = r.state === 'pending';
  return {
    ...r,
    devices: await devicesOf(deps.db, ctx.tenantId, id),
    canReceive: pending && ctx.rentIds.includes(r.toRentId) && hasPermission(ctx.permissions, 'riskGpsMap:receive'),
    canCancel: pending && ctx.rentIds.includes(r.fromRentId) && hasPermission(ctx.permissions, 'riskGpsMap:receipt'),
  };
}

/**
 * Devices of the received receipt {id} that are still at its receiver and in no pending receipt: what a
 * send-back (b2a) may take.
 */
export async function availableForB2a(deps: Deps, ctx: Ctx, id: number): Promise<GpsReceiptDevice[]> {
  const r = await findReceipt(deps.db, ctx, id);
  if (r.kind !== 'a2b' || r.state !== 'received') throw new ConflictError('gpsReceipt.sourceNotReceived');
  return available(deps.db, ctx.tenantId, r);
}

function available(db: DbOrTx, tenantId: number, r: GpsReceipt): Promise<GpsReceiptDevice[]> {
  return mapRows(
    db,
    sql`select rd.device_id, rd.imei, d.model, rn.name as rent_name
      from gps_receipt_devices rd
      join gps_devices d on d.tenant_id = rd.tenant_id and d.id = rd.device_id and d.rent_id = ${r.toRentId}
      join rents rn on rn.tenant_id = d.tenant_id and rn.id = d.rent_id
      where rd.tenant_id = ${tenantId} and rd.receipt_id = ${r.id}
        and not exists (select 1 from gps_receipt_devices p
          where p.tenant_id = rd.tenant_id and p.device_id = rd.device_id and p.pending)
      order by rd.imei`,
    receiptDeviceOf,
  );
}

/** The pending receipt a device is locked in, if any (binding, moving or deleting it is refused meanwhile). */
export async function receiptLockOf(db: DbOrTx, tenantId: number, deviceId: number): Promise<string | null> {
  const [row] = await rowsOf<{ number: string }>(
    db,
    sql`select g.number from gps_receipt_devices rd
      join gps_receipts g on g.tenant_id = rd.tenant_id and g.id = rd.receipt_id
      where rd.tenant_id = ${tenantId} and rd.device_id = ${deviceId} and rd.pending`,
  );
  return row?.number ?? null;
}

/** Refuses a change to a device locked in a pending receipt (409 naming the receipt). */
export async function assertNotInReceipt(deps: Pick<AppDeps, 'db'>, tenantId: number, deviceId: number, imei: string) {
  const number = await receiptLockOf(deps.db, tenantId, deviceId);
  if (number) throw new ConflictError('gpsReceipt.locked', { imeis: imei, number });
}

/** The next number of the day: `JJ` + the tenant's date + 4 digits. */
async function nextNumber(tx: DbOrTx, tenantId: number, now: Date): Promise<string> {
  const day = localDate(await tenantZone(tx, tenantId), now).replace(/-/g, '');
  const prefix = `JJ${day}`;
  const [row] = await rowsOf<{ n: number }>(
    tx,
    sql`select coalesce(max(substring(number from 11)::int), 0)::int + 1 as n from gps_receipts
      where tenant_id = ${tenantId} and number like ${`${prefix}%`}`,
  );
  return `${prefix}${String(row?.n ?? 1).padStart(4, '0')}`;
}

export async function createReceipt(deps: Deps, ctx: Ctx, input: GpsReceiptInput): Promise<GpsReceiptDetail> {
  const deviceIds = [...new Set(input.deviceIds)];
  let id: number;
  try {
    id = await deps.db.transaction(async (tx) => {
      let fromRentId: number;
      let toRentId: number;
      let source: GpsReceipt | null = null;
      if (input.kind === 'b2a') {
        source = await findReceipt(tx, ctx, input.sourceId!);
        if (source.kind !== 'a2b' || source.state !== 'received')
          throw invalidField('sourceId', 'gpsReceipt.sourceNotReceived');
        fromRentId = source.toRentId;
        toRentId = source.fromRentId;
        if (!ctx.rentIds.includes(fromRentId)) throw new ForbiddenError('gpsReceipt.notSender');
      } else {
        fromRentId = input.fromRentId ?? ctx.rentId ?? ctx.rentIds[0]!;
        if (!ctx.rentIds.includes(fromRentId)) throw invalidField('fromRentId', 'gpsReceipt.fromRent');
        toRentId = input.toRentId!;
        if (toRentId === fromRentId) throw invalidField('toRentId', 'gpsReceipt.sameRent');
        const [to] = await rowsOf<{ status: string }>(
          tx,
          sql`select status from rents where tenant_id = ${ctx.tenantId} and id = ${toRentId}`,
        );
        if (!to || to.status !== 'active') throw invalidField('toRentId', 'gpsReceipt.toRent');
      }
      // The devices, locked against a concurrent bind or receipt.
      const devices = await rowsOf<{ id: number; imei: string; rent_id: number; plate: string | null }>(
        tx,
        sql`select d.id, d.imei, d.rent_id, c.plate from gps_devices d
          left join cars c on c.tenant_id = d.tenant_id and c.id = d.car_id
          where d.tenant_id = ${ctx.tenantId} and d.id = any(${ids(deviceIds)}::int8[])
            and d.rent_id = any(${ids(ctx.rentIds)}::int8[])
          order by d.id for update of d`,
      );
      if (devices.length !== deviceIds.length) throw new NotFoundError('gps.deviceNotFound');
      const elsewhere = devices.filter((d) => Number(d.rent_id) !== fromRentId);
      if (elsewhere.length)
        throw invalidField('deviceIds', 'gpsReceipt.notInRent', { imeis: elsewhere.map((d) => d.imei).join(', ') });
      const bound = devices.filter((d) => d.plate !== null);
      if (bound.length)
        throw new ConflictError('gpsReceipt.boundToCar', {
          imeis: bound.map((d) => `${d.imei} (${formatPlate(d.plate ?? '')})`).join(', '),
        });
      if (source) {
        const ok = new Set((await available(tx, ctx.tenantId, source)).map((d) => d.deviceId));
        const not = devices.filter((d) => !ok.has(Number(d.id)));
        if (not.length)
          throw invalidField('deviceIds', 'gpsReceipt.notAvailable', {
            imeis: not.map((d) => d.imei).join(', '),
            number: source.number,
          });
      }
      const locked = await rowsOf<{ imei: string; number: string }>(
        tx,
        sql`select rd.imei, g.number from gps_receipt_devices rd
          join gps_receipts g on g.tenant_id = rd.tenant_id and g.id = rd.receipt_id
          where rd.tenant_id = ${ctx.tenantId} and rd.device_id = any(${ids(deviceIds)}::int8[]) and rd.pending`,
      );
      if (locked.length)
        throw new ConflictError('gpsReceipt.locked', {
          imeis: locked.map((l) => l.imei).join(', '),
          number: locked[0]!.number,
        });
      const now = deps.clock.now();
      const [created] = await rowsOf<{ id: number }>(
        tx,
        sql`insert into gps_receipts (tenant_id, number, kind, from_rent_id, to_rent_id, source_id, note, express_no,
            created_by, created_at)
          values (${ctx.tenantId}, ${await nextNumber(tx, ctx.tenantId, now)}, ${input.kind}, ${fromRentId},
            ${toRentId}, ${source?.id ?? null}, ${input.note}, ${input.expressNo}, ${ctx.userId}, ${now.toISOString()})
          returning id`,
      );
      const receiptId = Number(created!.id);
      await tx.execute(sql`insert into gps_receipt_devices (tenant_id, receipt_id, device_id, imei)
        select ${ctx.tenantId}, ${receiptId}, d.id, d.imei from gps_devices d
        where d.tenant_id = ${ctx.tenantId} and d.id = any(${ids(deviceIds)}::int8[])`);
      return receiptId;
    });
  } catch (err) {
    // Two receipts taking the same device at once: the partial unique index lets one through.
    if (isUniqueViolation(err, 'gps_receipt_devices_lock_uq')) throw new ConflictError('gpsReceipt.busy');
    if (isUniqueViolation(err, 'gps_receipts_number_uq')) throw new ConflictError('gpsReceipt.busy');
    throw err;
  }
  return receiptDetail(deps, ctx, id);
}

/**
 * The receiver takes the devices: they move to the receiving rent (bindings to geofences of other rents go, so
 * no enter/exit is raised for them), the lock is released.
 */
export async function receiveReceipt(deps: Deps, ctx: Ctx, id: number): Promise<GpsReceiptDetail> {
  await deps.db.transaction(async (tx) => {
    const r = await findReceipt(tx, ctx, id, true);
    if (r.state !== 'pending') throw new ConflictError('gpsReceipt.notPending', { number: r.number });
    if (!ctx.rentIds.includes(r.toRentId)) throw new ForbiddenError('gpsReceipt.notReceiver');
    const moved = await rowsOf<{ id: number }>(
      tx,
      sql`update gps_devices d set rent_id = ${r.toRentId}, updated_at = now()
        from gps_receipt_devices rd
        where rd.tenant_id = ${ctx.tenantId} and rd.receipt_id = ${id} and d.tenant_id = rd.tenant_id
          and d.id = rd.device_id
        returning d.id`,
    );
    const movedIds = moved.map((m) => Number(m.id));
    if (movedIds.length) {
      await tx.execute(sql`delete from gps_device_geofences x using gps_geofences f
        where x.tenant_id = ${ctx.tenantId} and x.device_id = any(${ids(movedIds)}::int8[])
          and f.tenant_id = x.tenant_id and f.id = x.geofence_id and f.rent_id <> ${r.toRentId}`);
      await tx.execute(sql`update gps_event_states set geofence_ids = '{}', updated_at = now()
        where tenant_id = ${ctx.tenantId} and device_id = any(${ids(movedIds)}::int8[])`);
    }
    await tx.execute(sql`update gps_receipt_devices set pending = false
      where tenant_id = ${ctx.tenantId} and receipt_id = ${id}`);
    await tx.execute(sql`update gps_receipts set state = 'received', received_by = ${ctx.userId},
      received_at = ${deps.clock.now().toISOString()} where tenant_id = ${ctx.tenantId} and id = ${id}`);
  });
  invalidateGeofences(deps, ctx.tenantId);
  return receiptDetail(deps, ctx, id);
}

/** The sender withdraws a pending receipt; its devices are free again and stay where they are. */
export async function cancelReceipt(deps: Deps, ctx: Ctx, id: number): Promise<GpsReceiptDetail> {
  await deps.db.transaction(async (tx) => {
    const r = await findReceipt(tx, ctx, id, true);
    if (r.state !== 'pending') throw new ConflictError('gpsReceipt.notPending', { number: r.number });
    if (!ctx.rentIds.includes(r.fromRentId)) throw new ForbiddenError('gpsReceipt.notSender');
    await tx.execute(sql`update gps_receipt_devices set pending = false
      where tenant_id = ${ctx.tenantId} and receipt_id = ${id}`);
    await tx.execute(sql`update gps_receipts set state = 'cancelled', cancelled_by = ${ctx.userId},
      cancelled_at = ${deps.clock.now().toISOString()} where tenant_id = ${ctx.tenantId} and id = ${id}`);
  });
  return receiptDetail(deps, ctx, id);
}
