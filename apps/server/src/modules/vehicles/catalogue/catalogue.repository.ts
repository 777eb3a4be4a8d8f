import { and, asc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import { fenToYuan } from '@fleetdesk/contracts/common';
import type { Brand, CarModel, Series, SeriesLevel } from '@fleetdesk/contracts/car-catalogue';
import type { Energy } from '@fleetdesk/contracts/vehicles';
import type { DbOrTx } from '../../../core/db.js';
import { containsPattern } from '../../../core/like.js';
import { carBrands, carModels, carSeries } from '../../../db/schema/vehicles.js';

type Table = typeof carBrands | typeof carSeries | typeof carModels;

/** Platform rows and the tenant's own ones; another tenant's additions are invisible. */
export function visibleTo(table: Table, tenantId: number): SQL {
  return or(isNull(table.tenantId), eq(table.tenantId, tenantId))!;
}

export function toBrand(r: typeof carBrands.$inferSelect): Brand {
  return {
    id: r.id,
    name: r.name,
    nameEn: r.nameEn,
    initial: r.initial,
    country: r.country,
    custom: r.tenantId !== null,
  };
}
export function toSeries(r: typeof carSeries.$inferSelect): Series {
  return {
    id: r.id,
    brandId: r.brandId,
    name: r.name,
    level: r.level as SeriesLevel,
    maker: r.maker,
    custom: r.tenantId !== null,
  };
}
export function toModel(r: typeof carModels.$inferSelect): CarModel {
  return {
    id: r.id,
    seriesId: r.seriesId,
    name: r.name,
    year: r.year,
    energy: r.energy as Energy,
    seats: r.seats,
    batteryKwh: r.batteryKwh,
    rangeKm: r.rangeKm,
    guidePrice: r.guidePriceFen === null ? null : fenToYuan(r.guidePriceFen),
    custom: r.tenantId !== null,
  };
}

export async function listBrands(db: DbOrTx, tenantId: number, keyword?: string): Promise<Brand[]> {
  const rows = await db
    .select()
    .from(carBrands)
    .where(
      and(
        visibleTo(carBrands, tenantId),
        keyword
          ? or(ilike(carBrands.name, containsPattern(keyword)), ilike(carBrands.nameEn, containsPattern(keyword)))
          : undefined,
      ),
    )
    .orderBy(asc(carBrands.initial), asc(carBrands.sort), asc(carBrands.id));
  return rows.map(toBrand);
}

export async function listSeries(db: DbOrTx, tenantId: number, brandId: number): Promise<Series[]> {
  const rows = await db
    .select()
    .from(carSeries)
    .where(and(eq(carSeries.brandId, brandId), visibleTo(carSeries, tenantId)))
    .orderBy(asc(carSeries.sort), asc(carSeries.id));
  return rows.map(toSeries);
}

export async function listModels(db: DbOrTx, tenantId: number, seriesId: number): Promise<CarModel[]> {
  const rows = await db
    .select()
    .from(carModels)
    .where(and(eq(carModels.seriesId, seriesId), visibleTo(carModels, tenantId)))
    .orderBy(sql`${carModels.year} desc`, asc(carModels.sort), asc(carModels.id));
  return rows.map(toModel);
}

export async function findBrand(db: DbOrTx, tenantId: number, id: number) {
  const [row] = await db
    .select()
    .from(carBrands)
    .where(and(eq(carBrands.id, id), visibleTo(carBrands, tenantId)));
  return row;
}
export async function findSeries(db: DbOrTx, tenantId: number, id: number) {
  const [row] = await db
    .select()
    .from(carSeries)
    .where(and(eq(carSeries.id, id), visibleTo(carSeries, tenantId)));
  return row;
}
export async function findModel(db: DbOrTx, tenantId: number, id: number) {
  const [row] = await db
    .select()
    .from(carModels)
    .where(and(eq(carModels.id, id), visibleTo(carModels, tenantId)));
  return row;
}

/** Every brand, series and model the tenant sees, for matching names (imports, OCR). */
export async function catalogueOf(db: DbOrTx, tenantId: number) {
  const [brands, series, models] = await Promise.all([
    db.select().from(carBrands).where(visibleTo(carBrands, tenantId)),
    db.select().from(carSeries).where(visibleTo(carSeries, tenantId)),
    db.select().from(carModels).where(visibleTo(carModels, tenantId)),
  ]);
  return { brands, series, models };
}
