import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { fenToYuan } from '@fleetdesk/contracts/common';
import type { CarInfo, UnfinancedCar, UnfinancedCarQuery } from '@fleetdesk/contracts/financing';
import { normalizePlate, normalizeVin } from '@fleetdesk/contracts/identifiers';
import { FINAL_CAR_STATUSES, type CarListRow } from '@fleetdesk/contracts/vehicles';
import { scopeFor, type RequestContext } from '../../core/access.js';
import { idArray, rawNumber, rowsOf, type RawNumber } from '../../core/db.js';
import type { AppDeps } from '../../core/deps.js';
import { offsetOf } from '../../core/envelope.js';
import { NotFoundError } from '../../core/errors.js';
import { containsPattern } from '../../core/like.js';
import { financingApplications as fa } from '../../db/schema/financing.js';
import { getCar, listCars } from '../vehicles/vehicles.service.js';
import { applicantSide } from './financier.js';

/**
 * The car calls of the financing area: the cars not yet financed (`rentCar/unFinancingCar`, one statement over
 * the cars and the applications) and a car found by plate or VIN (`search/car/info/{x}`, through the vehicles
 * area's service).
 */
const LIVE = ['S1', 'S2', 'S3', 'S4', 'S5', 'S6', 'S7', 'S8'];

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

interface UnfinancedRaw {
  id: RawNumber;
  rent_id: RawNumber;
  plate: string;
  vin: string;
  engine_no: string | null;
  brand: string | null;
  series: string | null;
  model: string | null;
  status: string;
  purchase_price_fen: RawNumber | null;
}

/**
 * The caller's cars (his data scope, or the rent named) that are not sold or scrapped and have no live
 * application, newest first: one statement over the cars and the applications (as the compliance and risk areas
 * read cars), so that a page costs the same at 100,000 financed cars as at none.
 */
export async function unfinancedCars(deps: AppDeps, ctx: RequestContext, q: z.infer<typeof UnfinancedCarQuery>) {
  await applicantSide(deps, ctx);
  const scope = scopeFor(ctx, q.rentId);
  const kw = q.keyword ? containsPattern(q.keyword.replace(/[\s·]/g, '').toUpperCase()) : null;
  const cond = sql`c.tenant_id = ${scope.tenantId} and c.rent_id = any(${idArray(scope.rentIds)})
    and c.deleted_at is null and c.status <> all(${`{${FINAL_CAR_STATUSES.join(',')}}`}::text[])
    ${kw ? sql`and (c.plate ilike ${kw} or c.vin ilike ${kw})` : sql``}
    -- The live applications' partial unique index answers this (its predicate written as in the index).
    and not exists (select 1 from financing_applications a where a.tenant_id = c.tenant_id and a.car_id = c.id
      and a.state not in ('S9', 'S10'))`;
  const [rows, [n]] = await Promise.all([
    rowsOf<UnfinancedRaw>(
      deps.db,
      sql`select c.id, c.rent_id, c.plate, c.vin, c.engine_no, b.name as brand, s.name as series, m.name as model,
          c.status, c.purchase_price_fen
        from cars c
        left join car_brands b on b.id = c.brand_id
        left join car_series s on s.id = c.series_id
        left join car_models m on m.id = c.model_id
        where ${cond} order by c.id desc limit ${q.pageSize} offset ${offsetOf(q)}`,
    ),
    rowsOf<{ n: RawNumber }>(deps.db, sql`select count(*) as n from cars c where ${cond}`),
  ]);
  return {
    rows: rows.map((r): UnfinancedCar => ({
      id: rawNumber(r.id),
      rentId: rawNumber(r.rent_id),
      plate: r.plate,
      vin: r.vin,
      engineNo: r.engine_no,
      brand: r.brand,
      model: r.model ?? r.series,
      carTypeName: [r.brand, r.series, r.model].filter(Boolean).join(' '),
      status: r.status,
      purchasePrice: r.purchase_price_fen === null ? null : fenToYuan(rawNumber(r.purchase_price_fen)),
    })),
    total: rawNumber(n!.n),
  };
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
