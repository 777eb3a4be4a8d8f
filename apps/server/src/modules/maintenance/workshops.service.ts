import { and, eq, sql, type SQL } from 'drizzle-orm';
import { fenToYuan, yuanToFen } from '@fleetdesk/contracts/common';
import type {
  Workshop,
  WorkshopAccount,
  WorkshopAccountInput,
  WorkshopInput,
  WorkshopListQuery,
  WorkshopOption,
  WorkshopOptionsQuery,
  WorkshopUpdateInput,
} from '@fleetdesk/contracts/maintenance';
import { rentInScope, workshopScope, type RequestContext } from '../../core/access.js';
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
import { BadRequestError, ConflictError, invalidField, NotFoundError } from '../../core/errors.js';
import { containsPattern } from '../../core/like.js';
import { maintenanceWorkshops, maintenanceWorkshopUsers } from '../../db/schema/maintenance.js';
import { createEmployeeWithPassword } from '../organisation/employees.service.js';
import { ensureRole } from '../roles/roles.service.js';
import './maintenance.messages.js';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

/** The `workshop` role a workshop's sign-in gets (made the first time an account is given). */
export const WORKSHOP_ROLE = {
  code: 'workshop',
  name: '修理厂',
  description: '修理厂账号：只看派给本厂的维修工单，可填写配件工时并完工',
  dataScope: 'workshop' as const,
  grants: ['maintenance', 'maintenance:view', 'maintenance:complete'],
};

/** The workshops a caller sees: the company's (no rent) and his rents'; a workshop's sign-in only his own. */
function visible(ctx: RequestContext): SQL {
  return sql`w.tenant_id = ${ctx.tenantId} and (w.rent_id is null or w.rent_id = any(${idArray(ctx.rentIds)}))
    and ${workshopScope(ctx, sql`w.id`)}`;
}

interface RawWorkshop {
  id: RawNumber;
  rent_id: RawNumber | null;
  rent_name: string | null;
  name: string;
  kind: Workshop['kind'];
  address: string;
  contact_name: string;
  contact_phone: string;
  services: Workshop['services'];
  labour_rate_fen: RawNumber;
  enabled: boolean;
  remark: string | null;
  accounts: RawNumber;
  open_orders: RawNumber;
  version: number;
  created_at: RawTime;
  updated_at: RawTime;
}

const COLUMNS = sql`w.id, w.rent_id, r.name as rent_name, w.name, w.kind, w.address, w.contact_name, w.contact_phone,
  w.services, w.labour_rate_fen, w.enabled, w.remark, w.version, w.created_at, w.updated_at,
  (select count(*) from maintenance_workshop_users u where u.tenant_id = w.tenant_id and u.workshop_id = w.id)
    as accounts,
  (select count(*) from maintenance_work_orders o where o.tenant_id = w.tenant_id and o.workshop_id = w.id
    and o.state not in ('settled', 'picked_up', 'cancelled')) as open_orders`;
const FROM = sql`maintenance_workshops w left join rents r on r.tenant_id = w.tenant_id and r.id = w.rent_id`;

function toWorkshop(r: RawWorkshop): Workshop {
  return {
    id: rawNumber(r.id),
    rentId: rawNumberOrNull(r.rent_id),
    rentName: r.rent_name,
    name: r.name,
    kind: r.kind,
    address: r.address,
    contactName: r.contact_name,
    contactPhone: r.contact_phone,
    services: r.services,
    labourRate: fenToYuan(rawNumber(r.labour_rate_fen)),
    enabled: r.enabled,
    remark: r.remark,
    accounts: rawNumber(r.accounts),
    openOrders: rawNumber(r.open_orders),
    version: r.version,
    createdAt: rawIso(r.created_at),
    updatedAt: rawIso(r.updated_at),
  };
}

export async function listWorkshops(
  deps: Deps,
  ctx: RequestContext,
  q: WorkshopListQuery,
): Promise<{ rows: Workshop[]; total: number }> {
  rentInScope(ctx, q.rentId);
  const conds: SQL[] = [visible(ctx)];
  if (q.kind) conds.push(sql`w.kind = ${q.kind}`);
  if (q.enabled !== undefined) conds.push(sql`w.enabled = ${q.enabled}`);
  if (q.rentId) conds.push(sql`w.rent_id = ${q.rentId}`);
  if (q.service) conds.push(sql`${q.service} = any(w.services)`);
  if (q.keyword) {
    const like = containsPattern(q.keyword);
    conds.push(sql`(w.name ilike ${like} or w.contact_name ilike ${like} or w.address ilike ${like})`);
  }
  const where = sql.join(conds, sql` and `);
  const [rows, [count]] = await Promise.all([
    rowsOf<RawWorkshop>(
      deps.db,
      sql`select ${COLUMNS} from ${FROM} where ${where}
        order by w.enabled desc, w.name, w.id limit ${q.pageSize} offset ${offsetOf(q)}`,
    ),
    rowsOf<{ n: RawNumber }>(deps.db, sql`select count(*) as n from maintenance_workshops w where ${where}`),
  ]);
  return { rows: rows.map(toWorkshop), total: rawNumber(count!.n) };
}

async function findWorkshop(db: DbOrTx, ctx: RequestContext, id: number, lock = false): Promise<Workshop> {
  const [row] = await rowsOf<RawWorkshop>(
    db,
    sql`select ${COLUMNS} from ${FROM} where ${visible(ctx)} and w.id = ${id} ${lock ? sql`for update of w` : sql``}`,
  );
  if (!row) throw new NotFoundError('maintenance.workshopNotFound');
  return toWorkshop(row);
}

export async function getWorkshop(deps: Deps, ctx: RequestContext, id: number): Promise<Workshop> {
  return findWorkshop(deps.db, ctx, id);
}

/** `maintainWorkshop/options`: the enabled workshops for a picker (a rent's and the company's; by service). */
export async function workshopOptions(
  deps: Deps,
  ctx: RequestContext,
  q: WorkshopOptionsQuery,
): Promise<WorkshopOption[]> {
  rentInScope(ctx, q.rentId);
  const rows = await rowsOf<RawWorkshop>(
    deps.db,
    sql`select w.id, w.name, w.kind, w.rent_id, w.services, w.labour_rate_fen from maintenance_workshops w
      where ${visible(ctx)} and w.enabled
        ${q.rentId ? sql`and (w.rent_id is null or w.rent_id = ${q.rentId})` : sql``}
        ${q.service ? sql`and ${q.service} = any(w.services)` : sql``}
      order by w.kind, w.name, w.id`,
  );
  return rows.map((r) => ({
    id: rawNumber(r.id),
    name: r.name,
    kind: r.kind,
    rentId: rawNumberOrNull(r.rent_id),
    services: r.services,
    labourRate: fenToYuan(rawNumber(r.labour_rate_fen)),
  }));
}

function values(input: WorkshopInput) {
  return {
    rentId: input.rentId,
    name: input.name,
    kind: input.kind,
    address: input.address,
    contactName: input.contactName,
    contactPhone: input.contactPhone,
    services: [...input.services],
    labourRateFen: yuanToFen(input.labourRate),
    enabled: input.enabled,
    remark: input.remark || null,
  };
}

function nameTaken(err: unknown, name: string): never {
  if (isUniqueViolation(err, 'maintenance_workshops_name_uq'))
    throw invalidField('name', 'maintenance.workshopNameTaken', { name });
  throw err;
}

export async function createWorkshop(deps: Deps, ctx: RequestContext, input: WorkshopInput): Promise<Workshop> {
  rentInScope(ctx, input.rentId);
  const now = deps.clock.now();
  const [row] = await deps.db
    .insert(maintenanceWorkshops)
    .values({ tenantId: ctx.tenantId, ...values(input), createdAt: now, updatedAt: now })
    .returning({ id: maintenanceWorkshops.id })
    .catch((err: unknown) => nameTaken(err, input.name));
  return getWorkshop(deps, ctx, row!.id);
}

export async function updateWorkshop(deps: Deps, ctx: RequestContext, input: WorkshopUpdateInput): Promise<Workshop> {
  rentInScope(ctx, input.rentId);
  await deps.db
    .transaction(async (tx) => {
      const before = await findWorkshop(tx, ctx, input.id, true);
      if (before.version !== input.version) throw new ConflictError('maintenance.stale');
      await tx
        .update(maintenanceWorkshops)
        .set({ ...values(input), version: before.version + 1, updatedAt: deps.clock.now() })
        .where(and(eq(maintenanceWorkshops.tenantId, ctx.tenantId), eq(maintenanceWorkshops.id, input.id)));
    })
    .catch((err: unknown) => nameTaken(err, input.name));
  return getWorkshop(deps, ctx, input.id);
}

/** Deletes a workshop that no work order names (409 otherwise: disable it), with its sign-in links. */
export async function deleteWorkshop(deps: Deps, ctx: RequestContext, id: number): Promise<Workshop> {
  return deps.db.transaction(async (tx) => {
    const w = await findWorkshop(tx, ctx, id, true);
    const [n] = await rowsOf<{ n: RawNumber }>(
      tx,
      sql`select count(*) as n from maintenance_work_orders where tenant_id = ${ctx.tenantId} and workshop_id = ${id}`,
    );
    if (rawNumber(n!.n) > 0)
      throw new ConflictError('maintenance.workshopInUse', { name: w.name, count: rawNumber(n!.n) });
    await tx
      .delete(maintenanceWorkshops)
      .where(and(eq(maintenanceWorkshops.tenantId, ctx.tenantId), eq(maintenanceWorkshops.id, id)));
    return w;
  });
}

// ---------------------------------------------------------------- sign-ins

export async function workshopAccounts(deps: Deps, ctx: RequestContext, id: number): Promise<WorkshopAccount[]> {
  await findWorkshop(deps.db, ctx, id);
  const rows = await rowsOf<{
    user_id: RawNumber;
    username: string;
    name: string;
    phone: string;
    status: string;
    created_at: RawTime;
  }>(
    deps.db,
    sql`select u.id as user_id, u.username, u.name, u.phone, u.status, l.created_at
      from maintenance_workshop_users l join users u on u.tenant_id = l.tenant_id and u.id = l.user_id
      where l.tenant_id = ${ctx.tenantId} and l.workshop_id = ${id} order by l.created_at, u.id`,
  );
  return rows.map((r) => ({
    userId: rawNumber(r.user_id),
    workshopId: id,
    username: r.username,
    name: r.name,
    mobile: r.phone,
    enabled: r.status === 'active',
    createdAt: rawIso(r.created_at),
  }));
}

/**
 * `maintainWorkshop/account`: a sign-in for the workshop. The user is made through the organisation area (the
 * same username, phone and password rules; no role beyond the caller's own), with the tenant's `workshop` role
 * (data scope `workshop`) and the workshop's rent, or every active rent for a workshop of the whole company.
 */
export async function addWorkshopAccount(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  ctx: RequestContext,
  input: WorkshopAccountInput,
): Promise<WorkshopAccount> {
  const userId = await deps.db.transaction(async (tx) => {
    const w = await findWorkshop(tx, ctx, input.workshopId, true);
    if (!w.enabled) throw new ConflictError('maintenance.workshopDisabled', { name: w.name });
    const roleId = await ensureRole(tx, ctx.tenantId, WORKSHOP_ROLE);
    const rentIds =
      w.rentId != null
        ? [w.rentId]
        : (
            await rowsOf<{ id: RawNumber }>(
              tx,
              sql`select id from rents where tenant_id = ${ctx.tenantId} and status = 'active' order by id`,
            )
          ).map((r) => rawNumber(r.id));
    const id = await createEmployeeWithPassword(
      deps,
      tx,
      ctx,
      {
        name: input.name,
        username: input.username,
        phone: input.mobile,
        email: null,
        title: w.name.slice(0, 30),
        departmentId: null,
        rentIds,
        defaultRentId: rentIds[0] ?? null,
        roleIds: [roleId],
        labelIds: [],
      },
      input.password,
    ).catch((err: unknown) => {
      // The organisation area names its fields; this call's is `mobile`.
      if (err instanceof BadRequestError && err.errors.some((e) => e.path === 'phone'))
        throw new BadRequestError(
          err.messageKey,
          err.params,
          err.errors.map((e) => (e.path === 'phone' ? { ...e, path: 'mobile' } : e)),
        );
      if (err instanceof BadRequestError && err.errors.some((e) => e.path === 'roleIds'))
        throw new BadRequestError('maintenance.roleBeyondOwn');
      throw err;
    });
    await tx
      .insert(maintenanceWorkshopUsers)
      .values({ tenantId: ctx.tenantId, workshopId: w.id, userId: id, createdAt: deps.clock.now() });
    return id;
  });
  const accounts = await workshopAccounts(deps, ctx, input.workshopId);
  return accounts.find((a) => a.userId === userId)!;
}
