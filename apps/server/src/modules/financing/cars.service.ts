import { and, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { CarInfo, UnfinancedCar, UnfinancedCarQuery } from '@fleetdesk/contracts/financing';
import { normalizePlate, normalizeVin } from '@fleetdesk/contracts/identifiers';
import { FINAL_CAR_STATUSES, CAR_STATUSES, type CarListRow } from '@fleetdesk/contracts/vehicles';
import { scopeFor, type RequestContext } from '../../core/access.js';
import type { AppDeps } from '../../core/deps.js';
import { NotFoundError } from '../../core/errors.js';
import { containsPattern } from '../../core/like.js';
import { financingApplications as fa } from '../../db/schema/financing.js';
import { getCar, listCars } from '../vehicles/vehicles.service.js';
import { applicantSide } from './financier.js';

/**
 * The car calls of the financing area, read through the vehicles area's service (never its tables): the cars
 * not yet financed (`rentCar/unFinancingCar`) and a car found by plate or VIN (`search/car/info/{x}`).
 */
const LIVE = ['S1', 'S2', 'S3', 'S4', 'S5', 'S6', 'S7', 'S8'];
const OPEN_STATUSES = CAR_STATUSES.filter((s) => !FINAL_CAR_STATUSES.includes(s));
const CHUNK = 200;

async function financedCarIds(deps: AppDeps, tenantId: number, carIds: number[]) {
  if (!carIds.length) return new Map<number, number>();
  const rows = await deps.db
    .select({ carId: fa.carId, id: fa.id })
    .from(fa)
    .where(and(eq(fa.tenantId, tenantId), inArray(fa.carId, carIds), inArray(fa.state, LIVE)));
  return new Map(rows.map((r) => [r.carId, r.id]));
}

function toUnfinanced(
  c: Pick<CarListRow, 'id' | 'rentId' | 'plate' | 'vin' | 'brandName' | 'seriesName' | 'modelName' | 'status'>,
): UnfinancedCar {
  return {
    id: c.id,
    rentId: c.rentId,
    plate: c.plate,
    vin: c.vin,
    engineNo: null,
    brand: c.brandName,
    model: c.modelName ?? c.seriesName,
    carTypeName: [c.brandName, c.seriesName, c.modelName].filter(Boolean).join(' '),
    status: c.status,
    purchasePrice: null,
  };
}

/**
 * The caller's cars (his data scope, or the rent named) with no live application, newest first. The vehicles
 * list is read in pages and the financed cars left out, so a page is full whatever is financed; the total is the
 * list's total less the live applications of the same cars' filter (the copied plate and VIN).
 */
export async function unfinancedCars(deps: AppDeps, ctx: RequestContext, q: z.infer<typeof UnfinancedCarQuery>) {
  await applicantSide(deps, ctx);
  const scope = scopeFor(ctx, q.rentId);
  const want = (q.pageNum - 1) * q.pageSize;
  const out: UnfinancedCar[] = [];
  let skipped = 0;
  let total = 0;
  for (let pageNum = 1; out.length < q.pageSize; pageNum++) {
    const res = await listCars(deps, ctx, {
      pageNum,
      pageSize: CHUNK,
      keyword: q.keyword,
      rentId: q.rentId,
      status: [...OPEN_STATUSES],
      deleted: 'exclude',
      sortOrder: 'desc',
    });
    total = res.total;
    const financed = await financedCarIds(
      deps,
      ctx.tenantId,
      res.rows.map((r) => r.id),
    );
    for (const row of res.rows) {
      if (financed.has(row.id)) continue;
      if (skipped < want) skipped++;
      else if (out.length < q.pageSize) out.push(toUnfinanced(row));
    }
    if (res.rows.length < CHUNK || pageNum * CHUNK >= res.total) break;
  }
  const kw = q.keyword ? containsPattern(q.keyword.replace(/[\s·]/g, '').toUpperCase()) : null;
  const [n] = await deps.db
    .select({ n: sql<number>`count(*)` })
    .from(fa)
    .where(
      and(
        eq(fa.tenantId, scope.tenantId),
        inArray(fa.rentId, [...scope.rentIds]),
        inArray(fa.state, LIVE),
        kw ? or(ilike(fa.plate, kw), ilike(fa.vin, kw)) : undefined,
      ),
    );
  return { rows: out, total: Math.max(out.length + want, total - Number(n?.n ?? 0)) };
}

/** A car of the caller by plate or VIN (exact after normalising; else the only partial match), with its data. */
export async function carInfo(deps: AppDeps, ctx: RequestContext, x: string): Promise<CarInfo> {
  await applicantSide(deps, ctx);
  const plate = normalizePlate(x);
  const vin = normalizeVin(x);
  const res = await listCars(deps, ctx, {
    pageNum: 1,
    pageSize: 20,
    keyword: vin.length === 17 ? vin : plate,
    deleted: 'exclude',
    sortOrder: 'desc',
  });
  const exact =
    res.rows.find((r) => r.plate === plate || r.vin === vin) ?? (res.rows.length === 1 ? res.rows[0] : null);
  if (!exact) throw new NotFoundError('error.financing.carNotFound');
  const car = await getCar(deps, ctx, exact.id);
  const financed = await financedCarIds(deps, ctx.tenantId, [car.id]);
  return {
    ...toUnfinanced(exact),
    engineNo: car.engineNo,
    purchasePrice: car.purchasePrice,
    financed: financed.has(car.id),
    applicationId: financed.get(car.id) ?? null,
  };
}
