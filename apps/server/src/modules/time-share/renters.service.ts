import { sql } from 'drizzle-orm';
import { fenToYuan, yuanToFen, type Paged } from '@fleetdesk/contracts/common';
import type { PayInfo, PayStatus } from '@fleetdesk/contracts/payments';
import type {
  RenterLedgerAnswer,
  RenterLedgerQuery,
  RenterListQuery,
  RenterRow,
  RenterTopUpInput,
} from '@fleetdesk/contracts/time-share';
import type { RequestContext } from '../../core/access.js';
import {
  idArray,
  rawIsoOrNull,
  rawNumber,
  rawNumberOrNull,
  rowsOf,
  type RawNumber,
  type RawTime,
} from '../../core/db.js';
import type { AppDeps } from '../../core/deps.js';
import { offsetOf, page } from '../../core/envelope.js';
import { NotFoundError } from '../../core/errors.js';
import { containsPattern } from '../../core/like.js';
import { orderRow } from '../payments/orders.service.js';
import { payStatus } from '../payments/pay.service.js';
import { createRenterTopUp, renterLedger } from '../payments/renter-balance.service.js';
import './time-share.messages.js';

type Ctx = RequestContext;

/*
 * Renters (租客) are drivers of the caller's rents; their prepaid balance belongs to the payments area
 * (`renter-balance.service.ts`): these calls read it and start top-ups there.
 */

interface RawRenter {
  id: RawNumber;
  name: string;
  phone: string;
  balance_fen: RawNumber | null;
  updated_at: RawTime | null;
  trips: RawNumber;
  live_trip_id: RawNumber | null;
  owed_fen: RawNumber | null;
}

const renterSelect = sql`select d.id, d.name, d.phone, b.balance_fen, b.updated_at,
    (select count(*) from ts_trips t where t.tenant_id = d.tenant_id and t.driver_id = d.id) as trips,
    (select t.id from ts_trips t where t.tenant_id = d.tenant_id and t.driver_id = d.id
      and t.state in ('reserved', 'inUse') limit 1) as live_trip_id,
    (select sum(t.total_fen) from ts_trips t where t.tenant_id = d.tenant_id and t.driver_id = d.id
      and t.state = 'ended') as owed_fen
  from drivers d
  left join renter_balances b on b.tenant_id = d.tenant_id and b.driver_id = d.id`;

const renterScope = (ctx: Pick<Ctx, 'tenantId' | 'rentIds'>) =>
  sql`d.tenant_id = ${ctx.tenantId} and d.rent_id = any(${idArray(ctx.rentIds)}) and d.deleted_at is null`;

function toRenter(r: RawRenter): RenterRow {
  return {
    driverId: rawNumber(r.id),
    name: r.name,
    phone: r.phone,
    balance: fenToYuan(rawNumber(r.balance_fen)),
    trips: rawNumber(r.trips),
    liveTripId: rawNumberOrNull(r.live_trip_id),
    owed: fenToYuan(rawNumber(r.owed_fen)),
    updatedAt: rawIsoOrNull(r.updated_at),
  };
}

/** Drivers of the caller's rents with their balance (those with a balance or trips first). */
export async function listRenters(deps: AppDeps, ctx: Ctx, q: RenterListQuery): Promise<Paged<RenterRow>> {
  const where = [renterScope(ctx)];
  if (q.keyword) {
    const like = containsPattern(q.keyword);
    where.push(sql`(d.name ilike ${like} or d.phone like ${like})`);
  }
  if (q.withBalance) where.push(sql`b.balance_fen > 0`);
  const cond = sql.join(where, sql` and `);
  const [rows, [count]] = await Promise.all([
    rowsOf<RawRenter>(
      deps.db,
      sql`${renterSelect} where ${cond}
        order by b.updated_at desc nulls last, d.id desc limit ${q.pageSize} offset ${offsetOf(q)}`,
    ),
    rowsOf<{ n: RawNumber }>(
      deps.db,
      sql`select count(*) as n from drivers d
        left join renter_balances b on b.tenant_id = d.tenant_id and b.driver_id = d.id where ${cond}`,
    ),
  ]);
  return page(rows.map(toRenter), rawNumber(count?.n ?? 0), q);
}

export async function getRenter(deps: AppDeps, ctx: Ctx, driverId: number): Promise<RenterRow> {
  const [row] = await rowsOf<RawRenter>(deps.db, sql`${renterSelect} where ${renterScope(ctx)} and d.id = ${driverId}`);
  if (!row) throw new NotFoundError('drivers.notFound');
  return toRenter(row);
}

/** A top-up of the renter's balance: an order of type `renterTopUp` (payments area) and its QR / sandbox link. */
export async function topUpRenter(deps: AppDeps, ctx: Ctx, input: RenterTopUpInput): Promise<PayInfo> {
  await getRenter(deps, ctx, input.driverId);
  return createRenterTopUp(deps, ctx, input.driverId, yuanToFen(input.amount));
}

/** A renter's balance movements, newest first (the payments area's ledger), for a renter the caller sees. */
export async function renterLedgerPage(deps: AppDeps, ctx: Ctx, q: RenterLedgerQuery): Promise<RenterLedgerAnswer> {
  await getRenter(deps, ctx, q.driverId);
  return renterLedger(deps.db, ctx.tenantId, q);
}

/**
 * The payment state of a renter's top-up order (the web polls it while the QR code is shown): only an order of type
 * `renterTopUp` of a renter the caller sees; anything else is 404.
 */
export async function topUpStatus(deps: AppDeps, ctx: Ctx, orderId: number): Promise<PayStatus> {
  const row = await orderRow(deps.db, ctx.tenantId, orderId).catch(() => null);
  if (!row || row.type !== 'renterTopUp' || row.referenceId == null) throw new NotFoundError();
  await getRenter(deps, ctx, Number(row.referenceId));
  return payStatus(deps, ctx, orderId);
}
