import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Plan, PlanInput, PlanListQuery, PlanUpdateInput } from '@fleetdesk/contracts/maintenance';
import { type RequestContext } from '../../core/access.js';
import {
  idArray,
  isUniqueViolation,
  rawIso,
  rawNumber,
  rawNumberOrNull,
  rowsOf,
  type DbOrTx,
  type RawNumber,
  type RawTime,
} from '../../core/db.js';
import type { AppDeps } from '../../core/deps.js';
import { offsetOf } from '../../core/envelope.js';
import { ConflictError, invalidField, NotFoundError } from '../../core/errors.js';
import { containsPattern } from '../../core/like.js';
import { maintenancePlans } from '../../db/schema/maintenance.js';
import { carsOfPlan } from './due.repository.js';
import { refreshDue } from './due.service.js';
import './maintenance.messages.js';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

/** Car type plans are the tenant's; a car's own plan is seen by those who see its car. */
function visible(ctx: RequestContext): SQL {
  return sql`p.tenant_id = ${ctx.tenantId} and (p.car_id is null or exists (select 1 from cars c
    where c.tenant_id = p.tenant_id and c.id = p.car_id and c.rent_id = any(${idArray(ctx.rentIds)})))`;
}

interface RawPlan {
  id: RawNumber;
  name: string;
  car_type_id: RawNumber | null;
  car_type_name: string | null;
  car_id: RawNumber | null;
  plate: string | null;
  interval_km: number | null;
  interval_months: number | null;
  items: Plan['items'] | string;
  enabled: boolean;
  cars: RawNumber;
  version: number;
  updated_at: RawTime;
}

const LIVE = sql`c.deleted_at is null and c.status not in ('sold', 'scrapped')`;
const COLUMNS = sql`p.id, p.name, p.car_type_id, ct.name as car_type_name, p.car_id, pc.plate, p.interval_km,
  p.interval_months, p.items, p.enabled, p.version, p.updated_at,
  case when p.car_id is not null then
    (select count(*) from cars c where c.tenant_id = p.tenant_id and c.id = p.car_id and ${LIVE})
  else (select count(*) from cars c where c.tenant_id = p.tenant_id and c.car_type_id = p.car_type_id and ${LIVE}
    and not exists (select 1 from maintenance_plans o where o.tenant_id = c.tenant_id and o.car_id = c.id
      and o.enabled)) end as cars`;
const FROM = sql`maintenance_plans p
  left join car_types ct on ct.tenant_id = p.tenant_id and ct.id = p.car_type_id
  left join cars pc on pc.tenant_id = p.tenant_id and pc.id = p.car_id`;

function toPlan(r: RawPlan): Plan {
  return {
    id: rawNumber(r.id),
    name: r.name,
    carTypeId: rawNumberOrNull(r.car_type_id),
    carTypeName: r.car_type_name,
    carId: rawNumberOrNull(r.car_id),
    plate: r.plate,
    intervalKm: r.interval_km,
    intervalMonths: r.interval_months,
    items: typeof r.items === 'string' ? (JSON.parse(r.items) as Plan['items']) : r.items,
    enabled: r.enabled,
    cars: rawNumber(r.cars),
    version: r.version,
    updatedAt: rawIso(r.updated_at),
  };
}

export async function listPlans(
  deps: Deps,
  ctx: RequestContext,
  q: PlanListQuery,
): Promise<{ rows: Plan[]; total: number }> {
  const conds: SQL[] = [visible(ctx)];
  if (q.carTypeId) conds.push(sql`p.car_type_id = ${q.carTypeId}`);
  if (q.carId) conds.push(sql`p.car_id = ${q.carId}`);
  if (q.enabled !== undefined) conds.push(sql`p.enabled = ${q.enabled}`);
  if (q.target) conds.push(q.target === 'car' ? sql`p.car_id is not null` : sql`p.car_id is null`);
  if (q.keyword) {
    const like = containsPattern(q.keyword);
    conds.push(sql`(p.name ilike ${like} or ct.name ilike ${like} or pc.plate ilike ${like})`);
  }
  const where = sql.join(conds, sql` and `);
  const [rows, [count]] = await Promise.all([
    rowsOf<RawPlan>(
      deps.db,
      sql`select ${COLUMNS} from ${FROM} where ${where}
        order by (p.car_id is not null), ct.name, pc.plate, p.id limit ${q.pageSize} offset ${offsetOf(q)}`,
    ),
    rowsOf<{ n: RawNumber }>(deps.db, sql`select count(*) as n from ${FROM} where ${where}`),
  ]);
  return { rows: rows.map(toPlan), total: rawNumber(count!.n) };
}

async function findPlan(db: DbOrTx, ctx: RequestContext, id: number, lock = false): Promise<Plan> {
  const [row] = await rowsOf<RawPlan>(
    db,
    sql`select ${COLUMNS} from ${FROM} where ${visible(ctx)} and p.id = ${id} ${lock ? sql`for update of p` : sql``}`,
  );
  if (!row) throw new NotFoundError('maintenance.planNotFound');
  return toPlan(row);
}

export async function getPlan(deps: Deps, ctx: RequestContext, id: number): Promise<Plan> {
  return findPlan(deps.db, ctx, id);
}

/** The plan's car (in the caller's rents) or car type (the tenant's): field errors otherwise. */
async function checkTarget(db: DbOrTx, ctx: RequestContext, input: PlanInput): Promise<void> {
  if (input.carId != null) {
    const [car] = await rowsOf<{ id: RawNumber }>(
      db,
      sql`select id from cars where tenant_id = ${ctx.tenantId} and id = ${input.carId} and deleted_at is null
        and rent_id = any(${idArray(ctx.rentIds)})`,
    );
    if (!car) throw invalidField('carId', 'maintenance.carNotFound');
  } else {
    const [type] = await rowsOf<{ id: RawNumber }>(
      db,
      sql`select id from car_types where tenant_id = ${ctx.tenantId} and id = ${input.carTypeId}`,
    );
    if (!type) throw invalidField('carTypeId', 'maintenance.carTypeNotFound');
  }
}

async function taken(db: DbOrTx, ctx: RequestContext, input: PlanInput, err: unknown): Promise<never> {
  if (isUniqueViolation(err)) {
    const [other] = await rowsOf<{ name: string }>(
      db,
      input.carId != null
        ? sql`select name from maintenance_plans where tenant_id = ${ctx.tenantId} and car_id = ${input.carId}`
        : sql`select name from maintenance_plans where tenant_id = ${ctx.tenantId} and car_id is null
            and car_type_id = ${input.carTypeId}`,
    );
    throw new ConflictError(input.carId != null ? 'maintenance.planTakenCar' : 'maintenance.planTakenCarType', {
      name: other?.name ?? '',
    });
  }
  throw err;
}

function values(input: PlanInput) {
  return {
    name: input.name,
    carTypeId: input.carId != null ? null : (input.carTypeId ?? null),
    carId: input.carId ?? null,
    intervalKm: input.intervalKm ?? null,
    intervalMonths: input.intervalMonths ?? null,
    items: input.items.map((i) => ({
      name: i.name,
      ...(i.partNo ? { partNo: i.partNo } : {}),
      ...(i.quantity != null ? { quantity: i.quantity } : {}),
    })),
    enabled: input.enabled,
  };
}

/** `maintainPlan/save` POST: a new plan; the due rows of the cars it covers follow in the same transaction. */
export async function createPlan(deps: Deps, ctx: RequestContext, input: PlanInput): Promise<Plan> {
  await checkTarget(deps.db, ctx, input);
  const now = deps.clock.now();
  const id = await deps.db
    .transaction(async (tx) => {
      const [row] = await tx
        .insert(maintenancePlans)
        .values({ tenantId: ctx.tenantId, ...values(input), createdAt: now, updatedAt: now })
        .returning({ id: maintenancePlans.id });
      await refreshDue(tx, ctx.tenantId, await carsOfPlan(tx, ctx.tenantId, values(input)), now);
      return row!.id;
    })
    .catch((err: unknown) => taken(deps.db, ctx, input, err));
  return getPlan(deps, ctx, id);
}

/** `maintainPlan/save` PUT: the plan as seen at `version` (409 when it moved); its old and new cars refreshed. */
export async function updatePlan(deps: Deps, ctx: RequestContext, input: PlanUpdateInput): Promise<Plan> {
  await checkTarget(deps.db, ctx, input);
  const now = deps.clock.now();
  await deps.db
    .transaction(async (tx) => {
      const before = await findPlan(tx, ctx, input.id, true);
      if (before.version !== input.version) throw new ConflictError('maintenance.stale');
      const oldCars = await carsOfPlan(tx, ctx.tenantId, before);
      await tx
        .update(maintenancePlans)
        .set({ ...values(input), version: before.version + 1, updatedAt: now })
        .where(and(eq(maintenancePlans.tenantId, ctx.tenantId), eq(maintenancePlans.id, input.id)));
      const newCars = await carsOfPlan(tx, ctx.tenantId, values(input));
      await refreshDue(tx, ctx.tenantId, [...new Set([...oldCars, ...newCars])], now);
    })
    .catch((err: unknown) => taken(deps.db, ctx, input, err));
  return getPlan(deps, ctx, input.id);
}

/** Deletes a plan; its cars fall back to their type's plan (or leave the due list) in the same transaction. */
export async function deletePlan(deps: Deps, ctx: RequestContext, id: number): Promise<Plan> {
  return deps.db.transaction(async (tx) => {
    const plan = await findPlan(tx, ctx, id, true);
    const cars = await carsOfPlan(tx, ctx.tenantId, plan);
    await tx
      .delete(maintenancePlans)
      .where(and(eq(maintenancePlans.tenantId, ctx.tenantId), eq(maintenancePlans.id, id)));
    await refreshDue(tx, ctx.tenantId, cars, deps.clock.now());
    return plan;
  });
}
