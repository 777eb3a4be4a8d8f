import { and, count, eq, sql } from 'drizzle-orm';
import { yuanToFen } from '@fleetdesk/contracts/common';
import type { CarModel, CarModelInput } from '@fleetdesk/contracts/car-catalogue';
import type { RequestContext } from '../../../core/access.js';
import type { AppDeps } from '../../../core/deps.js';
import { ConflictError, invalidField, NotFoundError } from '../../../core/errors.js';
import { carBrands, carModels, carSeries, cars } from '../../../db/schema/vehicles.js';
import { findBrand, findSeries, toModel, visibleTo } from './catalogue.repository.js';

const initialOf = (nameEn: string) => (/^[A-Za-z]/.test(nameEn) ? nameEn[0]!.toUpperCase() : '#');

/**
 * Adds a model of the tenant's own (visible to it only), under an existing series, or under a new series of
 * an existing or new brand. Names must not repeat what the tenant already sees.
 */
export async function createModel(deps: AppDeps, ctx: RequestContext, input: CarModelInput): Promise<CarModel> {
  const tenantId = ctx.tenantId;
  return deps.db.transaction(async (tx) => {
    let seriesId = input.seriesId;
    if (seriesId) {
      if (!(await findSeries(tx, tenantId, seriesId))) throw invalidField('seriesId', 'vehicles.seriesNotFound');
    } else {
      let brandId = input.brandId;
      if (brandId) {
        if (!(await findBrand(tx, tenantId, brandId))) throw invalidField('brandId', 'vehicles.brandNotFound');
      } else {
        const name = input.brandName!;
        const [same] = await tx
          .select({ id: carBrands.id })
          .from(carBrands)
          .where(and(visibleTo(carBrands, tenantId), sql`lower(${carBrands.name}) = lower(${name})`));
        if (same) throw new ConflictError('vehicles.brandNameTaken', { name });
        const [brand] = await tx
          .insert(carBrands)
          .values({ tenantId, name, nameEn: name, initial: initialOf(name), country: 'CN', sort: 1000 })
          .returning({ id: carBrands.id });
        brandId = brand!.id;
      }
      const name = input.seriesName!;
      const [same] = await tx
        .select({ id: carSeries.id })
        .from(carSeries)
        .where(
          and(
            eq(carSeries.brandId, brandId),
            visibleTo(carSeries, tenantId),
            sql`lower(${carSeries.name}) = lower(${name})`,
          ),
        );
      if (same) throw new ConflictError('vehicles.seriesNameTaken', { name });
      const [series] = await tx
        .insert(carSeries)
        .values({ brandId, tenantId, name, level: input.level ?? 'sedan', sort: 1000 })
        .returning({ id: carSeries.id });
      seriesId = series!.id;
    }
    const [same] = await tx
      .select({ id: carModels.id })
      .from(carModels)
      .where(
        and(
          eq(carModels.seriesId, seriesId),
          visibleTo(carModels, tenantId),
          sql`lower(${carModels.name}) = lower(${input.name})`,
        ),
      );
    if (same) throw new ConflictError('vehicles.modelTaken');
    const [row] = await tx
      .insert(carModels)
      .values({
        seriesId,
        tenantId,
        name: input.name,
        year: input.year,
        energy: input.energy,
        seats: input.seats,
        batteryKwh: input.batteryKwh ?? null,
        rangeKm: input.rangeKm ?? null,
        guidePriceFen: input.guidePrice === null || input.guidePrice === undefined ? null : yuanToFen(input.guidePrice),
        sort: 1000,
      })
      .returning();
    return toModel(row!);
  });
}

/** Deletes a model the tenant added, if no car (deleted ones included) uses it. Platform models stay. */
export async function removeModel(deps: AppDeps, ctx: RequestContext, id: number): Promise<void> {
  const [row] = await deps.db
    .select()
    .from(carModels)
    .where(and(eq(carModels.id, id), visibleTo(carModels, ctx.tenantId)));
  if (!row) throw new NotFoundError('vehicles.modelNotFound');
  if (row.tenantId === null) throw new ConflictError('vehicles.modelNotCustom');
  const [n] = await deps.db
    .select({ n: count() })
    .from(cars)
    .where(and(eq(cars.tenantId, ctx.tenantId), eq(cars.modelId, id)));
  if (n?.n) throw new ConflictError('vehicles.modelInUse', { count: n.n });
  await deps.db.delete(carModels).where(and(eq(carModels.id, id), eq(carModels.tenantId, ctx.tenantId)));
}

/**
 * The catalogue brand a licence's 品牌型号 names (`比亚迪牌BYD7152…` -> 比亚迪; `大众汽车牌…` -> 大众): the
 * longest brand name that the printed brand contains or that contains it.
 */
export async function brandOfLicenseModel(deps: AppDeps, tenantId: number, model: string | null) {
  const printed = model ? /^(.+?)牌/.exec(model)?.[1] : undefined;
  if (!printed) return null;
  const brands = await deps.db
    .select({ id: carBrands.id, name: carBrands.name })
    .from(carBrands)
    .where(visibleTo(carBrands, tenantId));
  const matches = brands.filter((b) => printed.includes(b.name) || b.name.includes(printed));
  return matches.sort((a, b) => b.name.length - a.name.length)[0] ?? null;
}
