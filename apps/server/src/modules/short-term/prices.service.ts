import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { fenToYuan, yuanToFen } from '@fleetdesk/contracts/common';
import type {
  ExtraInput,
  ExtraRow,
  ExtraUpdateInput,
  HolidayRow,
  PriceDay,
  PriceDaysSetInput,
  PriceInput,
  PriceListQuery,
  PriceRow,
  PriceUpdateInput,
  ProtectionInput,
  ProtectionRow,
  ProtectionUpdateInput,
} from '@fleetdesk/contracts/short-term';
import type { RequestContext } from '../../core/access.js';
import { isUniqueViolation, rawNumber, rawNumberOrNull, rowsOf, type RawNumber } from '../../core/db.js';
import type { AppDeps } from '../../core/deps.js';
import { ConflictError, invalidField, NotFoundError } from '../../core/errors.js';
import { addDays, tenantDays } from '../../core/tenant-time.js';
import * as repo from './short-term.repository.js';
import './short-term.messages.js';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

/** Percent with two decimals ↔ basis points. */
const bp = (pct: number) => Math.round(pct * 100);
const pct = (v: number) => v / 100;

type PriceFields = z.output<typeof PriceInput>;

interface RawPrice {
  id: RawNumber;
  store_id: RawNumber;
  store_name: string;
  car_type_id: RawNumber;
  car_type_name: string | null;
  weekday_fen: RawNumber;
  weekend_fen: RawNumber;
  discount7_bp: number;
  discount15_bp: number;
  discount30_bp: number;
  mileage_limit_km: number | null;
  over_km_fen: RawNumber;
  damage_deposit_fen: RawNumber;
  violation_deposit_fen: RawNumber;
  version: number;
  updated_at: Date | string;
}

function toPrice(r: RawPrice): PriceRow {
  return {
    id: rawNumber(r.id),
    storeId: rawNumber(r.store_id),
    storeName: r.store_name,
    carTypeId: rawNumber(r.car_type_id),
    carTypeName: r.car_type_name ?? '',
    weekdayPrice: fenToYuan(rawNumber(r.weekday_fen)),
    weekendPrice: fenToYuan(rawNumber(r.weekend_fen)),
    discount7: pct(r.discount7_bp),
    discount15: pct(r.discount15_bp),
    discount30: pct(r.discount30_bp),
    mileageLimitKm: rawNumberOrNull(r.mileage_limit_km),
    overKmPrice: fenToYuan(rawNumber(r.over_km_fen)),
    damageDeposit: fenToYuan(rawNumber(r.damage_deposit_fen)),
    violationDeposit: fenToYuan(rawNumber(r.violation_deposit_fen)),
    version: r.version,
    updatedAt: repo.rawIso(r.updated_at),
  };
}

const PRICE_SELECT = sql`select p.id, p.store_id, s.name as store_name, p.car_type_id, ct.name as car_type_name,
    p.weekday_fen, p.weekend_fen, p.discount7_bp, p.discount15_bp, p.discount30_bp, p.mileage_limit_km, p.over_km_fen,
    p.damage_deposit_fen, p.violation_deposit_fen, p.version, p.updated_at
  from st_prices p join st_stores s on s.tenant_id = p.tenant_id and s.id = p.store_id
  left join car_types ct on ct.tenant_id = p.tenant_id and ct.id = p.car_type_id`;

export async function listPrices(
  deps: Deps,
  ctx: RequestContext,
  q: PriceListQuery,
): Promise<{ rows: PriceRow[]; total: number }> {
  const where: SQL[] = [repo.visibleStores(ctx)];
  if (q.storeId) where.push(sql`p.store_id = ${q.storeId}`);
  if (q.carTypeId) where.push(sql`p.car_type_id = ${q.carTypeId}`);
  const w = sql.join(where, sql` and `);
  const rows = await rowsOf<RawPrice>(
    deps.db,
    sql`${PRICE_SELECT} where ${w} order by s.name, ct.name, p.id limit ${q.pageSize} offset ${(q.pageNum - 1) * q.pageSize}`,
  );
  const [n] = await rowsOf<{ n: RawNumber }>(
    deps.db,
    sql`select count(*) as n from st_prices p join st_stores s on s.tenant_id = p.tenant_id and s.id = p.store_id where ${w}`,
  );
  return { rows: rows.map(toPrice), total: rawNumber(n?.n ?? 0) };
}

export async function getPrice(deps: Deps, ctx: RequestContext, id: number) {
  const [row] = await rowsOf<RawPrice>(deps.db, sql`${PRICE_SELECT} where ${repo.visibleStores(ctx)} and p.id = ${id}`);
  if (!row) throw new NotFoundError('shortTerm.priceNotFound');
  return toPrice(row);
}

async function checkStoreAndType(
  db: Deps['db'] | Parameters<typeof repo.findStore>[0],
  ctx: RequestContext,
  f: PriceFields,
) {
  const store = await repo.findStore(db, ctx, f.storeId);
  if (!store) throw invalidField('storeId', 'shortTerm.storeNotFound');
  const [t] = await rowsOf<{ id: RawNumber }>(
    db,
    sql`select id from car_types where tenant_id = ${ctx.tenantId} and id = ${f.carTypeId}`,
  );
  if (!t) throw invalidField('carTypeId', 'shortTerm.carTypeNotFound');
}

const priceValues = (f: PriceFields) =>
  sql`${yuanToFen(f.weekdayPrice)}, ${yuanToFen(f.weekendPrice)}, ${bp(f.discount7)}, ${bp(f.discount15)}, ${bp(f.discount30)},
    ${f.mileageLimitKm}, ${yuanToFen(f.overKmPrice)}, ${yuanToFen(f.damageDeposit)}, ${yuanToFen(f.violationDeposit)}`;

export async function createPrice(deps: Deps, ctx: RequestContext, f: PriceFields) {
  const now = deps.clock.now().toISOString();
  const id = await deps.db
    .transaction(async (tx) => {
      await checkStoreAndType(tx, ctx, f);
      const [row] = await rowsOf<{ id: RawNumber }>(
        tx,
        sql`insert into st_prices (tenant_id, store_id, car_type_id, weekday_fen, weekend_fen, discount7_bp,
            discount15_bp, discount30_bp, mileage_limit_km, over_km_fen, damage_deposit_fen, violation_deposit_fen,
            created_at, updated_at)
          values (${ctx.tenantId}, ${f.storeId}, ${f.carTypeId}, ${priceValues(f)}, ${now}, ${now}) returning id`,
      );
      return rawNumber(row!.id);
    })
    .catch((err: unknown) => {
      if (isUniqueViolation(err)) throw new ConflictError('shortTerm.priceExists', undefined, 'shortTerm.priceExists');
      throw err;
    });
  return getPrice(deps, ctx, id);
}

export async function updatePrice(deps: Deps, ctx: RequestContext, f: z.output<typeof PriceUpdateInput>) {
  const now = deps.clock.now().toISOString();
  await deps.db
    .transaction(async (tx) => {
      const [cur] = await rowsOf<{ version: number }>(
        tx,
        sql`select p.version from st_prices p join st_stores s on s.tenant_id = p.tenant_id and s.id = p.store_id
          where ${repo.visibleStores(ctx)} and p.id = ${f.id} for update of p`,
      );
      if (!cur) throw new NotFoundError('shortTerm.priceNotFound');
      if (cur.version !== f.version) throw new ConflictError('shortTerm.stale', undefined, 'shortTerm.stale');
      await checkStoreAndType(tx, ctx, f);
      await tx.execute(
        sql`update st_prices set store_id = ${f.storeId}, car_type_id = ${f.carTypeId}, (weekday_fen, weekend_fen,
            discount7_bp, discount15_bp, discount30_bp, mileage_limit_km, over_km_fen, damage_deposit_fen,
            violation_deposit_fen) = (${priceValues(f)}), version = version + 1, updated_at = ${now}
          where tenant_id = ${ctx.tenantId} and id = ${f.id}`,
      );
    })
    .catch((err: unknown) => {
      if (isUniqueViolation(err)) throw new ConflictError('shortTerm.priceExists', undefined, 'shortTerm.priceExists');
      throw err;
    });
  return getPrice(deps, ctx, f.id);
}

export async function deletePrice(deps: Deps, ctx: RequestContext, id: number) {
  const rows = await rowsOf<{ id: RawNumber }>(
    deps.db,
    sql`delete from st_prices p using st_stores s where s.tenant_id = p.tenant_id and s.id = p.store_id
      and ${repo.visibleStores(ctx)} and p.id = ${id} returning p.id`,
  );
  if (!rows.length) throw new NotFoundError('shortTerm.priceNotFound');
  return { id };
}

// ----------------------------------------------------------------------------------------- date prices

export async function listPriceDays(
  deps: Deps,
  ctx: RequestContext,
  q: { storeId: number; carTypeId: number; from: string; to: string },
): Promise<{ days: PriceDay[] }> {
  if (!(await repo.findStore(deps.db, ctx, q.storeId))) throw new NotFoundError('shortTerm.storeNotFound');
  const rows = await rowsOf<{ day: string; price_fen: RawNumber }>(
    deps.db,
    sql`select day::text as day, price_fen from st_price_days where tenant_id = ${ctx.tenantId}
      and store_id = ${q.storeId} and car_type_id = ${q.carTypeId} and day between ${q.from}::date and ${q.to}::date
      order by day`,
  );
  return { days: rows.map((r) => ({ day: r.day, price: fenToYuan(rawNumber(r.price_fen)) })) };
}

/** Sets one price on every day of [from, to] (at most 366 days, the schema's check), or clears them (price null). */
export async function setPriceDays(
  deps: Deps,
  ctx: RequestContext,
  input: PriceDaysSetInput,
): Promise<{ changed: number }> {
  return deps.db.transaction(async (tx) => {
    const store = await repo.findStore(tx, ctx, input.storeId);
    if (!store) throw new NotFoundError('shortTerm.storeNotFound');
    const [t] = await rowsOf<{ id: RawNumber }>(
      tx,
      sql`select id from car_types where tenant_id = ${ctx.tenantId} and id = ${input.carTypeId}`,
    );
    if (!t) throw invalidField('carTypeId', 'shortTerm.carTypeNotFound');
    const cleared = await rowsOf<{ day: string }>(
      tx,
      sql`delete from st_price_days where tenant_id = ${ctx.tenantId} and store_id = ${input.storeId}
        and car_type_id = ${input.carTypeId} and day between ${input.from}::date and ${input.to}::date returning day`,
    );
    if (input.price === null) return { changed: cleared.length };
    const set = await rowsOf<{ day: string }>(
      tx,
      sql`insert into st_price_days (tenant_id, store_id, car_type_id, day, price_fen)
        select ${ctx.tenantId}, ${input.storeId}, ${input.carTypeId}, d::date, ${yuanToFen(input.price)}
        from generate_series(${input.from}::date, ${input.to}::date, interval '1 day') d returning day`,
    );
    return { changed: set.length };
  });
}

// -------------------------------------------------------------------------------------------- holidays

export async function listHolidays(
  deps: Deps,
  ctx: RequestContext,
  q: { from?: string | undefined; to?: string | undefined },
): Promise<{ rows: HolidayRow[] }> {
  const days = await tenantDays(deps.db, ctx.tenantId, deps.clock.now());
  const from = q.from ?? days.today;
  const to = q.to ?? addDays(from, 365);
  const rows = await rowsOf<{ id: RawNumber; day: string; name: string }>(
    deps.db,
    sql`select id, day::text as day, name from st_holidays where tenant_id = ${ctx.tenantId}
      and day between ${from}::date and ${to}::date order by day`,
  );
  return { rows: rows.map((r) => ({ id: rawNumber(r.id), day: r.day, name: r.name })) };
}

export async function createHoliday(
  deps: Deps,
  ctx: RequestContext,
  input: { day: string; name: string },
): Promise<HolidayRow> {
  try {
    const [row] = await rowsOf<{ id: RawNumber }>(
      deps.db,
      sql`insert into st_holidays (tenant_id, day, name) values (${ctx.tenantId}, ${input.day}::date, ${input.name})
        returning id`,
    );
    return { id: rawNumber(row!.id), day: input.day, name: input.name };
  } catch (err) {
    if (isUniqueViolation(err)) throw invalidField('day', 'shortTerm.holidayExists', { day: input.day });
    throw err;
  }
}

export async function deleteHoliday(deps: Deps, ctx: RequestContext, id: number) {
  const rows = await rowsOf<{ id: RawNumber }>(
    deps.db,
    sql`delete from st_holidays where tenant_id = ${ctx.tenantId} and id = ${id} returning id`,
  );
  if (!rows.length) throw new NotFoundError('shortTerm.holidayNotFound');
  return { id };
}

// ---------------------------------------------------------------------------------- protections, extras

function nameTaken(err: unknown): never {
  if (isUniqueViolation(err)) throw invalidField('name', 'shortTerm.nameTaken');
  throw err;
}

export async function listProtections(deps: Deps, ctx: RequestContext): Promise<{ rows: ProtectionRow[] }> {
  const rows = await rowsOf<{
    id: RawNumber;
    name: string;
    day_fen: RawNumber;
    deductible_fen: RawNumber;
    tyres_glass: boolean;
    enabled: boolean;
    sort: number;
    version: number;
  }>(
    deps.db,
    sql`select id, name, day_fen, deductible_fen, tyres_glass, enabled, sort, version from st_protections
      where tenant_id = ${ctx.tenantId} and deleted_at is null order by sort, id`,
  );
  return {
    rows: rows.map((r) => ({
      id: rawNumber(r.id),
      name: r.name,
      dayPrice: fenToYuan(rawNumber(r.day_fen)),
      deductible: fenToYuan(rawNumber(r.deductible_fen)),
      tyresGlass: r.tyres_glass,
      enabled: r.enabled,
      sort: r.sort,
      version: r.version,
    })),
  };
}

async function protectionOf(deps: Deps, ctx: RequestContext, id: number): Promise<ProtectionRow> {
  const row = (await listProtections(deps, ctx)).rows.find((p) => p.id === id);
  if (!row) throw new NotFoundError('shortTerm.protectionNotFound');
  return row;
}

export async function createProtection(deps: Deps, ctx: RequestContext, f: z.output<typeof ProtectionInput>) {
  const now = deps.clock.now().toISOString();
  const [row] = await rowsOf<{ id: RawNumber }>(
    deps.db,
    sql`insert into st_protections (tenant_id, name, day_fen, deductible_fen, tyres_glass, enabled, sort, created_at,
        updated_at)
      values (${ctx.tenantId}, ${f.name}, ${yuanToFen(f.dayPrice)}, ${yuanToFen(f.deductible)}, ${f.tyresGlass},
        ${f.enabled}, ${f.sort}, ${now}, ${now}) returning id`,
  ).catch(nameTaken);
  return protectionOf(deps, ctx, rawNumber(row!.id));
}

export async function updateProtection(deps: Deps, ctx: RequestContext, f: z.output<typeof ProtectionUpdateInput>) {
  const now = deps.clock.now().toISOString();
  const rows = await rowsOf<{ id: RawNumber }>(
    deps.db,
    sql`update st_protections set name = ${f.name}, day_fen = ${yuanToFen(f.dayPrice)},
        deductible_fen = ${yuanToFen(f.deductible)}, tyres_glass = ${f.tyresGlass}, enabled = ${f.enabled},
        sort = ${f.sort}, version = version + 1, updated_at = ${now}
      where tenant_id = ${ctx.tenantId} and id = ${f.id} and deleted_at is null and version = ${f.version} returning id`,
  ).catch(nameTaken);
  if (!rows.length) {
    await protectionOf(deps, ctx, f.id);
    throw new ConflictError('shortTerm.stale', undefined, 'shortTerm.stale');
  }
  return protectionOf(deps, ctx, f.id);
}

/** Soft delete: bookings keep naming it. */
export async function deleteProtection(deps: Deps, ctx: RequestContext, id: number) {
  const rows = await rowsOf<{ id: RawNumber }>(
    deps.db,
    sql`update st_protections set deleted_at = ${deps.clock.now().toISOString()}, enabled = false
      where tenant_id = ${ctx.tenantId} and id = ${id} and deleted_at is null returning id`,
  );
  if (!rows.length) throw new NotFoundError('shortTerm.protectionNotFound');
  return { id };
}

export async function listExtras(deps: Deps, ctx: RequestContext): Promise<{ rows: ExtraRow[] }> {
  const rows = await rowsOf<{
    id: RawNumber;
    name: string;
    kind: ExtraRow['kind'];
    day_fen: RawNumber;
    max_fen: RawNumber | null;
    enabled: boolean;
    version: number;
  }>(
    deps.db,
    sql`select id, name, kind, day_fen, max_fen, enabled, version from st_extras
      where tenant_id = ${ctx.tenantId} and deleted_at is null order by id`,
  );
  return {
    rows: rows.map((r) => ({
      id: rawNumber(r.id),
      name: r.name,
      kind: r.kind,
      dayPrice: fenToYuan(rawNumber(r.day_fen)),
      maxPrice: r.max_fen == null ? null : fenToYuan(rawNumber(r.max_fen)),
      enabled: r.enabled,
      version: r.version,
    })),
  };
}

async function extraOf(deps: Deps, ctx: RequestContext, id: number): Promise<ExtraRow> {
  const row = (await listExtras(deps, ctx)).rows.find((p) => p.id === id);
  if (!row) throw new NotFoundError('shortTerm.extraNotFound');
  return row;
}

export async function createExtra(deps: Deps, ctx: RequestContext, f: z.output<typeof ExtraInput>) {
  const now = deps.clock.now().toISOString();
  const max = f.maxPrice == null ? null : yuanToFen(f.maxPrice);
  const [row] = await rowsOf<{ id: RawNumber }>(
    deps.db,
    sql`insert into st_extras (tenant_id, name, kind, day_fen, max_fen, enabled, created_at, updated_at)
      values (${ctx.tenantId}, ${f.name}, ${f.kind}, ${yuanToFen(f.dayPrice)}, ${max}, ${f.enabled}, ${now}, ${now})
      returning id`,
  ).catch(nameTaken);
  return extraOf(deps, ctx, rawNumber(row!.id));
}

export async function updateExtra(deps: Deps, ctx: RequestContext, f: z.output<typeof ExtraUpdateInput>) {
  const now = deps.clock.now().toISOString();
  const max = f.maxPrice == null ? null : yuanToFen(f.maxPrice);
  const rows = await rowsOf<{ id: RawNumber }>(
    deps.db,
    sql`update st_extras set name = ${f.name}, kind = ${f.kind}, day_fen = ${yuanToFen(f.dayPrice)}, max_fen = ${max},
        enabled = ${f.enabled}, version = version + 1, updated_at = ${now}
      where tenant_id = ${ctx.tenantId} and id = ${f.id} and deleted_at is null and version = ${f.version} returning id`,
  ).catch(nameTaken);
  if (!rows.length) {
    await extraOf(deps, ctx, f.id);
    throw new ConflictError('shortTerm.stale', undefined, 'shortTerm.stale');
  }
  return extraOf(deps, ctx, f.id);
}

export async function deleteExtra(deps: Deps, ctx: RequestContext, id: number) {
  const rows = await rowsOf<{ id: RawNumber }>(
    deps.db,
    sql`update st_extras set deleted_at = ${deps.clock.now().toISOString()}, enabled = false
      where tenant_id = ${ctx.tenantId} and id = ${id} and deleted_at is null returning id`,
  );
  if (!rows.length) throw new NotFoundError('shortTerm.extraNotFound');
  return { id };
}
