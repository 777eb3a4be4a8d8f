import { and, asc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import { fenToYuan } from '@fleetdesk/contracts/common';
import type { Brand, CarDataTag, CarModel, Series, SeriesLevel } from '@fleetdesk/contracts/car-catalogue';
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

/**
 * The car-data tag (`carlife/commonCar/tag/d_qcsj`): every brand, series and model the tenant sees as one tree,
 * brands by initial, models newest year first. A keyword keeps a brand whole when its name holds it, a series
 * whole when its name does, and otherwise only the models whose names hold it; empty branches are left out.
 */
export async function carDataTag(db: DbOrTx, tenantId: number, keyword?: string): Promise<CarDataTag> {
  const { brands, series, models } = await catalogueOf(db, tenantId);
  const needle = keyword?.toLowerCase();
  const holds = (...names: string[]) => !needle || names.some((n) => n.toLowerCase().includes(needle));
  const groupBy = <T>(rows: T[], key: (row: T) => number) => {
    const map = new Map<number, T[]>();
    for (const row of rows) {
      const list = map.get(key(row));
      if (list) list.push(row);
      else map.set(key(row), [row]);
    }
    return map;
  };
  const modelsOf = groupBy(models, (m) => m.seriesId);
  const seriesOf = groupBy(series, (s) => s.brandId);
  const bySort = <T extends { sort: number; id: number }>(a: T, b: T) => a.sort - b.sort || a.id - b.id;
  let count = 0;
  const tree = [...brands]
    .sort((a, b) => a.initial.localeCompare(b.initial) || bySort(a, b))
    .map((b) => {
      const brandHit = holds(b.name, b.nameEn);
      const seriesRows = [...(seriesOf.get(b.id) ?? [])].sort(bySort).map((s) => {
        const seriesHit = brandHit || holds(s.name);
        const kept = [...(modelsOf.get(s.id) ?? [])]
          .sort((x, y) => y.year - x.year || bySort(x, y))
          .filter((m) => seriesHit || holds(m.name));
        count += kept.length;
        return {
          id: s.id,
          name: s.name,
          level: s.level as SeriesLevel,
          models: kept.map((m) => {
            const { id, name, year, energy, seats, guidePrice } = toModel(m);
            return { id, name, year, energy, seats, guidePrice };
          }),
        };
      });
      const kept = seriesRows.filter((s) => s.models.length > 0);
      return { id: b.id, name: b.name, nameEn: b.nameEn, initial: b.initial, series: kept };
    })
    .filter((b) => b.series.length > 0);
  return { tag: 'd_qcsj', models: count, brands: tree };
}
