import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import {
  DRIVER_ACTION_TITLES,
  DRIVER_ACTIONS,
  DRIVER_STATE_TITLES,
  type DriverAction,
  type DriverOperation,
  type DriverDetail,
  type DriverExportFilter,
  type DriverInput,
  type DriverListFilter,
  type DriverState,
  type CheckIdResult,
} from '@fleetdesk/contracts/drivers';
import { idCardFacts } from '@fleetdesk/contracts/identifiers';
import { scopeFor, type RequestContext } from '../../core/access.js';
import { pgErrorOf, rowsOf, type DbOrTx } from '../../core/db.js';
import type { AppDeps } from '../../core/deps.js';
import { ConflictError, invalidField, NotFoundError } from '../../core/errors.js';
import { driverLabels, drivers } from '../../db/schema/drivers.js';
import { labels } from '../../db/schema/organisation.js';
import { storedFileUrl } from '../files/files.service.js';
import { ensureRentWritable } from '../organisation/rents.service.js';
import { parseRules } from '../settings/settings.service.js';
import { tenantDaysOf } from '../../core/tenant-time.js';
import * as repo from './drivers.repository.js';
import './drivers.messages.js';

/**
 * Today in the tenant's zone and the last day that is "expiring soon" (the lead days of the company settings,
 * `reminders.driverDocumentDays`), in one primary-key read of the tenant with its settings.
 */
export async function dueWindow(
  db: DbOrTx,
  tenantId: number,
  now: Date,
): Promise<repo.DueWindow & { leadDays: number }> {
  const [row] = await rowsOf<{ tz: string | null; rules: unknown }>(
    db,
    sql`select t.time_zone as tz, s.rules from tenants t left join tenant_settings s on s.tenant_id = t.id
      where t.id = ${tenantId}`,
  );
  return windowOf(row?.tz ?? null, row?.rules, now);
}

/** The due window of a tenant's zone and rules (`reminders.driverDocumentDays`, default 30) at `now`. */
export function windowOf(timeZone: string | null, rules: unknown, now: Date): repo.DueWindow & { leadDays: number } {
  const days = tenantDaysOf(timeZone ?? 'Asia/Shanghai', now);
  const leadDays = parseRules(rules).reminders.driverDocumentDays;
  return { today: days.today, soonUntil: days.plusDays(leadDays), leadDays };
}

function signer(deps: AppDeps, tenantId: number) {
  return (url: string | null) => (url ? { url, signedUrl: deps.fileUrls.sign(tenantId, url) } : null);
}

export async function listDrivers(deps: AppDeps, ctx: RequestContext, f: DriverListFilter) {
  const now = deps.clock.now();
  // The window is read with the page (one round trip) unless the filter itself needs it.
  const known = f.documentDue ? await dueWindow(deps.db, ctx.tenantId, now) : null;
  return repo.listDrivers(deps.database, scopeFor(ctx, f.rentId), f, known, (tz, rules) => windowOf(tz, rules, now));
}

export async function driversForExport(deps: AppDeps, ctx: RequestContext, f: DriverExportFilter) {
  const w = await dueWindow(deps.db, ctx.tenantId, deps.clock.now());
  return repo.allDrivers(deps.db, scopeFor(ctx, f.rentId), f, w, signer(deps, ctx.tenantId));
}

export async function driversSummary(deps: AppDeps, ctx: RequestContext, rentId?: number) {
  const w = await dueWindow(deps.db, ctx.tenantId, deps.clock.now());
  return { ...(await repo.summary(deps.db, scopeFor(ctx, rentId), w)), leadDays: w.leadDays };
}

export async function getDriver(deps: AppDeps, ctx: RequestContext, id: number): Promise<DriverDetail> {
  const row = await repo.findDriver(deps.db, ctx, id);
  if (!row) throw new NotFoundError('drivers.notFound');
  const w = await dueWindow(deps.db, ctx.tenantId, deps.clock.now());
  const driver = repo.toDriver(row, w, signer(deps, ctx.tenantId));
  const blacklistHits = await repo.blacklistHits(deps.db, ctx.tenantId, driver.idNumber, id);
  return { ...driver, blacklistHits };
}

/** What the form's ID number says: valid or not, birth date and gender, the active driver and the blacklist. */
export async function checkIdNumber(
  deps: AppDeps,
  ctx: RequestContext,
  raw: string,
  exceptId?: number,
): Promise<CheckIdResult> {
  const idNumber = raw.replace(/\s/g, '').toUpperCase();
  const facts = idCardFacts(idNumber, deps.clock.now());
  if (!facts) return { valid: false, birthDate: null, gender: null, activeDriver: null, blacklist: [] };
  const [active, blacklist] = await Promise.all([
    repo.activeWithId(deps.db, ctx.tenantId, idNumber, exceptId),
    repo.blacklistHits(deps.db, ctx.tenantId, idNumber, exceptId),
  ]);
  return { valid: true, ...facts, activeDriver: active ?? null, blacklist };
}

/** Labels must be the tenant's driver labels. */
async function checkLabels(db: DbOrTx, tenantId: number, labelIds: number[]): Promise<number[]> {
  const unique = [...new Set(labelIds)];
  if (!unique.length) return unique;
  const found = await db
    .select({ id: labels.id })
    .from(labels)
    .where(and(eq(labels.tenantId, tenantId), eq(labels.kind, 'driver'), inArray(labels.id, unique)));
  if (found.length !== unique.length) throw invalidField('labelIds', 'drivers.labelNotFound');
  return unique;
}

async function setLabels(tx: DbOrTx, tenantId: number, driverId: number, labelIds: number[]): Promise<void> {
  await tx.delete(driverLabels).where(and(eq(driverLabels.tenantId, tenantId), eq(driverLabels.driverId, driverId)));
  if (labelIds.length) {
    await tx.insert(driverLabels).values(labelIds.map((labelId) => ({ tenantId, driverId, labelId })));
  }
}

/** The columns the form writes (create and update alike); images checked as files the tenant uploaded. */
async function driverValues(tx: DbOrTx, deps: AppDeps, tenantId: number, input: DriverInput) {
  const file = (url: string | null | undefined, field: string) =>
    url ? storedFileUrl(tx, deps, tenantId, url, field) : Promise.resolve(null);
  const facts = idCardFacts(input.idNumber)!;
  return {
    name: input.name,
    gender: input.gender,
    phone: input.phone,
    idNumber: input.idNumber,
    birthDate: facts.birthDate,
    address: input.address ?? null,
    idCardFrontUrl: await file(input.idCardFrontUrl, 'idCardFrontUrl'),
    idCardBackUrl: await file(input.idCardBackUrl, 'idCardBackUrl'),
    licenceNumber: input.licenceNumber ?? null,
    licenceClass: input.licenceClass ?? null,
    licenceFirstIssue: input.licenceFirstIssue ?? null,
    licenceExpiry: input.licenceExpiry ?? null,
    licenceFrontUrl: await file(input.licenceFrontUrl, 'licenceFrontUrl'),
    licenceBackUrl: await file(input.licenceBackUrl, 'licenceBackUrl'),
    certificateNumber: input.certificateNumber || null,
    certificateExpiry: input.certificateExpiry ?? null,
    certificateUrl: await file(input.certificateUrl, 'certificateUrl'),
    emergencyName: input.emergencyName || null,
    emergencyPhone: input.emergencyPhone ?? null,
    emergencyRelation: input.emergencyRelation ?? null,
    bankName: input.bankName || null,
    bankAccount: input.bankAccount ?? null,
    bankAccountName: input.bankAccountName || null,
    source: input.source ?? null,
    remark: input.remark || null,
  };
}

async function checkPhone(db: DbOrTx, tenantId: number, phone: string, exceptId?: number): Promise<void> {
  const clash = await repo.phoneClash(db, tenantId, phone, exceptId);
  if (clash) throw invalidField('phone', 'drivers.phoneTaken', { phone, name: clash.name });
}

/** A unique index that refused a write (two requests racing past the checks) becomes the same error. */
function conflictOf(err: unknown, input: { phone: string; idNumber: string }): never {
  const pg = pgErrorOf(err);
  if (pg.code === '23505' && pg.constraint === 'drivers_phone_uq') {
    throw invalidField('phone', 'drivers.phoneTaken', { phone: input.phone, name: '' });
  }
  if (pg.code === '23505' && pg.constraint === 'drivers_active_id_uq') {
    throw new ConflictError('drivers.idActive', { idNumber: input.idNumber, name: '', rent: '' });
  }
  throw err;
}

function rentOf(ctx: RequestContext, rentId: number | undefined): number {
  const id = rentId ?? ctx.rentId;
  if (!id) throw new ConflictError('drivers.noRent');
  if (!ctx.rentIds.includes(id)) throw invalidField('rentId', 'drivers.rentNotYours');
  return id;
}

export async function createDriver(deps: AppDeps, ctx: RequestContext, input: DriverInput): Promise<DriverDetail> {
  const now = deps.clock.now();
  const id = await deps.db
    .transaction((tx) => createDriverIn(tx, deps, ctx, input, now))
    .catch((err: unknown) => conflictOf(err, input));
  return getDriver(deps, ctx, id);
}

/**
 * The create path inside the caller's transaction (the CRM's conversion writes the driver and the won lead as one):
 * the rent, the phone, the labels and the images checked as `rentDriver/add` checks them; answers the new id. A
 * unique index that refuses the row raises the database error (the caller's `.catch` maps it).
 */
export async function createDriverIn(
  tx: DbOrTx,
  deps: AppDeps,
  ctx: RequestContext,
  input: DriverInput,
  now: Date,
): Promise<number> {
  const rentId = rentOf(ctx, input.rentId);
  await ensureRentWritable(tx, ctx, rentId, 'rentId');
  await checkPhone(tx, ctx.tenantId, input.phone);
  const labelIds = await checkLabels(tx, ctx.tenantId, input.labelIds);
  const [row] = await tx
    .insert(drivers)
    .values({
      tenantId: ctx.tenantId,
      rentId,
      ...(await driverValues(tx, deps, ctx.tenantId, input)),
      state: 'prospect',
      stateChangedAt: now,
      createdBy: ctx.userId,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: drivers.id });
  const driverId = row!.id;
  await setLabels(tx, ctx.tenantId, driverId, labelIds);
  await repo.insertEvent(tx, ctx, { driverId, kind: 'create', toState: 'prospect', at: now });
  return driverId;
}

/** A live driver of the tenant with this phone or this ID number (the CRM's conversion names it in its 409). */
export async function driverTwin(
  db: DbOrTx,
  tenantId: number,
  phone: string,
  idNumber: string,
): Promise<{ id: number; name: string } | undefined> {
  const [row] = await db
    .select({ id: drivers.id, name: drivers.name })
    .from(drivers)
    .where(
      and(
        eq(drivers.tenantId, tenantId),
        isNull(drivers.deletedAt),
        or(eq(drivers.phone, phone), eq(drivers.idNumber, idNumber.toUpperCase())),
      ),
    )
    .orderBy(drivers.id)
    .limit(1);
  return row;
}

export async function updateDriver(
  deps: AppDeps,
  ctx: RequestContext,
  id: number,
  input: DriverInput,
): Promise<DriverDetail> {
  await deps.db
    .transaction(async (tx) => {
      const driver = await repo.lockDriver(tx, ctx, id);
      if (!driver) throw new NotFoundError('drivers.notFound');
      const rentId = input.rentId ?? driver.rentId;
      if (rentId !== driver.rentId) {
        if (!ctx.rentIds.includes(rentId)) throw invalidField('rentId', 'drivers.rentNotYours');
        await ensureRentWritable(tx, ctx, rentId, 'rentId');
      }
      await checkPhone(tx, ctx.tenantId, input.phone, id);
      // An active driver keeps the rule: a new ID number must not be another active driver's.
      if (driver.state === 'active' && input.idNumber !== driver.idNumber) {
        await ensureNoActiveTwin(tx, ctx, input.idNumber, id);
      }
      const labelIds = await checkLabels(tx, ctx.tenantId, input.labelIds);
      const now = deps.clock.now();
      await tx
        .update(drivers)
        .set({
          rentId,
          ...(await driverValues(tx, deps, ctx.tenantId, input)),
          // Another company's driver leaves his fleet team (issue 34; migration 0042 closes his stay).
          ...(rentId !== driver.rentId ? { teamId: null } : {}),
          updatedAt: now,
        })
        .where(and(eq(drivers.tenantId, ctx.tenantId), eq(drivers.id, id)));
      await setLabels(tx, ctx.tenantId, id, labelIds);
      await repo.insertEvent(tx, ctx, { driverId: id, kind: 'update', at: now });
    })
    .catch((err: unknown) => conflictOf(err, input));
  return getDriver(deps, ctx, id);
}

async function ensureNoActiveTwin(tx: DbOrTx, ctx: RequestContext, idNumber: string, exceptId: number) {
  const twin = await repo.activeWithId(tx, ctx.tenantId, idNumber, exceptId);
  if (twin) throw new ConflictError('drivers.idActive', { idNumber, name: twin.name, rent: twin.rentName });
}

export async function setDriverLabels(deps: AppDeps, ctx: RequestContext, id: number, labelIds: number[]) {
  await deps.db.transaction(async (tx) => {
    if (!(await repo.lockDriver(tx, ctx, id))) throw new NotFoundError('drivers.notFound');
    const ids = await checkLabels(tx, ctx.tenantId, labelIds);
    const now = deps.clock.now();
    await setLabels(tx, ctx.tenantId, id, ids);
    await tx
      .update(drivers)
      .set({ updatedAt: now })
      .where(and(eq(drivers.tenantId, ctx.tenantId), eq(drivers.id, id)));
    await repo.insertEvent(tx, ctx, { driverId: id, kind: 'labels', at: now });
  });
  return getDriver(deps, ctx, id);
}

/**
 * A state action (contracts DRIVER_ACTIONS): refused with 409 when the state does not allow it; blacklisting
 * and lifting need a reason; activation refuses an ID number that another active driver of the tenant has, or
 * that is on the tenant's blacklist.
 */
export async function takeAction(
  deps: AppDeps,
  ctx: RequestContext,
  id: number,
  action: DriverAction,
  reason: string | null,
): Promise<DriverDetail> {
  const rule = DRIVER_ACTIONS[action];
  if (rule.reason && !reason?.trim()) throw invalidField('reason', 'v.reasonRequired');
  await deps.db
    .transaction(async (tx) => {
      const driver = await repo.lockDriver(tx, ctx, id);
      if (!driver) throw new NotFoundError('drivers.notFound');
      if (!(rule.from as readonly string[]).includes(driver.state)) {
        throw new ConflictError('drivers.transitionRefused', {
          state: DRIVER_STATE_TITLES[driver.state as DriverState][ctx.lang],
          action: DRIVER_ACTION_TITLES[action][ctx.lang],
        });
      }
      if (action === 'activate') {
        await ensureNoActiveTwin(tx, ctx, driver.idNumber, id);
        const [hit] = await repo.blacklistHits(tx, ctx.tenantId, driver.idNumber, id);
        if (hit) throw new ConflictError('drivers.idBlacklisted', { rent: hit.rentName, reason: hit.reason ?? '' });
      }
      const now = deps.clock.now();
      await tx
        .update(drivers)
        .set({
          state: rule.to,
          stateChangedAt: now,
          updatedAt: now,
          ...(rule.reason ? { stateReason: reason!.trim() } : {}),
          ...(action === 'blacklist' ? { blacklistedBy: ctx.userId, blacklistedAt: now } : {}),
          ...(action === 'lift' ? { blacklistedBy: null, blacklistedAt: null } : {}),
          // A driver who leaves or is blacklisted leaves his fleet team (issue 34; migration 0042 closes his stay).
          ...(rule.to === 'left' || rule.to === 'blacklisted' ? { teamId: null } : {}),
        })
        .where(and(eq(drivers.tenantId, ctx.tenantId), eq(drivers.id, id)));
      await repo.insertEvent(tx, ctx, {
        driverId: id,
        kind: 'state',
        action,
        fromState: driver.state,
        toState: rule.to,
        reason: reason?.trim() || null,
        at: now,
      });
    })
    .catch((err: unknown) => {
      if (pgErrorOf(err).constraint === 'drivers_active_id_uq') {
        throw new ConflictError('drivers.idActive', { idNumber: '', name: '', rent: '' });
      }
      throw err;
    });
  return getDriver(deps, ctx, id);
}

/** Deletes a prospect with no history (soft: it can be restored); any other driver is refused with 409. */
export async function deleteDriver(deps: AppDeps, ctx: RequestContext, id: number, reason: string | null) {
  await deps.db.transaction(async (tx) => {
    const driver = await repo.lockDriver(tx, ctx, id);
    if (!driver) throw new NotFoundError('drivers.notFound');
    const record = await repo.findDriver(tx, ctx, id);
    if (driver.state !== 'prospect' || record?.history) throw new ConflictError('drivers.deleteRefused');
    const now = deps.clock.now();
    await tx
      .update(drivers)
      .set({ deletedAt: now, deletedBy: ctx.userId, teamId: null, updatedAt: now })
      .where(and(eq(drivers.tenantId, ctx.tenantId), eq(drivers.id, id)));
    await repo.insertEvent(tx, ctx, { driverId: id, kind: 'delete', fromState: driver.state, reason, at: now });
  });
}

/** Restores a deleted driver; refused when its phone belongs to another live driver now. */
export async function restoreDriver(deps: AppDeps, ctx: RequestContext, id: number): Promise<DriverDetail> {
  await deps.db
    .transaction(async (tx) => {
      const driver = await repo.lockDriver(tx, ctx, id, { deleted: true });
      if (!driver) {
        if (await repo.findDriver(tx, ctx, id)) throw new ConflictError('drivers.notDeleted');
        throw new NotFoundError('drivers.notFound');
      }
      if (await repo.phoneClash(tx, ctx.tenantId, driver.phone, id)) {
        throw new ConflictError('drivers.restorePhoneTaken', { phone: driver.phone });
      }
      const now = deps.clock.now();
      await tx
        .update(drivers)
        .set({ deletedAt: null, deletedBy: null, updatedAt: now })
        .where(and(eq(drivers.tenantId, ctx.tenantId), eq(drivers.id, id)));
      await repo.insertEvent(tx, ctx, { driverId: id, kind: 'restore', toState: driver.state, at: now });
    })
    .catch((err: unknown) => {
      if (pgErrorOf(err).constraint === 'drivers_phone_uq') {
        throw new ConflictError('drivers.restorePhoneTaken', { phone: '' });
      }
      throw err;
    });
  return getDriver(deps, ctx, id);
}

export async function driverOperations(
  deps: AppDeps,
  ctx: RequestContext,
  q: { driverId: number; pageNum: number; pageSize: number; kind?: DriverOperation['kind'] | undefined },
) {
  if (!(await repo.findDriver(deps.db, ctx, q.driverId))) throw new NotFoundError('drivers.notFound');
  return repo.listOperations(deps.db, ctx.tenantId, q.driverId, q);
}

/** The caller's drivers (rents, and a team leader's teams) as a condition on `drivers`, for other areas. */
export const driversInScope = repo.inScope;
