import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../core/db.js';
import { appSettings } from '../../../db/schema/platform.js';
import { carBrands, carModels, carSeries } from '../../../db/schema/vehicles.js';
import { CAR_CATALOGUE, type BrandData } from './car-catalogue.data.js';

const SETTING = 'car_catalogue_hash';
const LOCK = 7_243_005;

export function catalogueHash(data: BrandData[] = CAR_CATALOGUE): string {
  return createHash('sha256').update(JSON.stringify(data)).digest('hex').slice(0, 32);
}

const wanToFen = (wan: number | null) => (wan === null ? null : Math.round(wan * 1_000_000));
const modelCode = (seriesCode: string, name: string, year: number) => `${seriesCode}:${year}:${name}`;

/**
 * Loads the shipped catalogue into the platform tables: inserts new brands, series and models and updates
 * changed ones (matched by code), in one transaction. Skipped when the database already has this version of
 * the data (its hash is kept in app_settings), so every start after the first costs one query. Rows that
 * left the dataset stay (cars may point at them). Concurrent starts wait on an advisory lock.
 */
export async function syncCarCatalogue(db: DbOrTx, data: BrandData[] = CAR_CATALOGUE): Promise<boolean> {
  const hash = catalogueHash(data);
  const [current] = await db.select().from(appSettings).where(eq(appSettings.key, SETTING));
  if (current?.value === hash) return false;
  const work = async (tx: DbOrTx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK})`);
    const [again] = await tx.select().from(appSettings).where(eq(appSettings.key, SETTING));
    if (again?.value === hash) return false;
    const brandRows = await tx
      .insert(carBrands)
      .values(
        data.map((b, i) => ({
          code: b.code,
          name: b.name,
          nameEn: b.nameEn,
          initial: b.initial,
          country: b.country,
          sort: i,
        })),
      )
      .onConflictDoUpdate({
        target: carBrands.code,
        set: {
          name: sql`excluded.name`,
          nameEn: sql`excluded.name_en`,
          initial: sql`excluded.initial`,
          country: sql`excluded.country`,
          sort: sql`excluded.sort`,
        },
      })
      .returning({ id: carBrands.id, code: carBrands.code });
    const brandId = new Map(brandRows.map((r) => [r.code, r.id]));
    const seriesRows = await tx
      .insert(carSeries)
      .values(
        data.flatMap((b) =>
          b.series.map((s, i) => ({
            brandId: brandId.get(b.code)!,
            code: s.code,
            name: s.name,
            level: s.level,
            maker: s.maker,
            sort: i,
          })),
        ),
      )
      .onConflictDoUpdate({
        target: carSeries.code,
        set: {
          brandId: sql`excluded.brand_id`,
          name: sql`excluded.name`,
          level: sql`excluded.level`,
          maker: sql`excluded.maker`,
          sort: sql`excluded.sort`,
        },
      })
      .returning({ id: carSeries.id, code: carSeries.code });
    const seriesId = new Map(seriesRows.map((r) => [r.code, r.id]));
    await tx
      .insert(carModels)
      .values(
        data.flatMap((b) =>
          b.series.flatMap((s) =>
            s.models.map(([name, year, energy, seats, batteryKwh, rangeKm, price], i) => ({
              seriesId: seriesId.get(s.code)!,
              code: modelCode(s.code, name, year),
              name,
              year,
              energy,
              seats,
              batteryKwh,
              rangeKm,
              guidePriceFen: wanToFen(price),
              sort: i,
            })),
          ),
        ),
      )
      .onConflictDoUpdate({
        target: carModels.code,
        set: {
          seriesId: sql`excluded.series_id`,
          name: sql`excluded.name`,
          year: sql`excluded.year`,
          energy: sql`excluded.energy`,
          seats: sql`excluded.seats`,
          batteryKwh: sql`excluded.battery_kwh`,
          rangeKm: sql`excluded.range_km`,
          guidePriceFen: sql`excluded.guide_price_fen`,
          sort: sql`excluded.sort`,
        },
      });
    await tx
      .insert(appSettings)
      .values({ key: SETTING, value: hash })
      .onConflictDoUpdate({ target: appSettings.key, set: { value: hash } });
    return true;
  };
  // Inside the demo seed's transaction this is a savepoint.
  return db.transaction(work);
}
