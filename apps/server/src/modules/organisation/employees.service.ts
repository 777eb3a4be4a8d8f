import { and, eq, inArray } from 'drizzle-orm';
import type { Employee, EmployeeInput, EmployeeQuery, EmployeeStatus } from '@fleetdesk/contracts/organisation';
import type { RequestContext } from '../../core/access.js';
import type { AppDeps } from '../../core/deps.js';
import { pgErrorOf, type DbOrTx } from '../../core/db.js';
import { offsetOf } from '../../core/envelope.js';
import { ConflictError, ForbiddenError, invalidField, NotFoundError } from '../../core/errors.js';
import { hashPassword } from '../../core/password.js';
import { consume } from '../../core/rate-limit.js';
import { randomToken } from '../../core/secrets.js';
import { departments, roles, userRents, userRoles, users } from '../../db/schema/identity.js';
import { labels, userLabels } from '../../db/schema/organisation.js';
import { rents } from '../../db/schema/tenancy.js';
import { createCode, sendCode, verifyCode } from '../identity/codes.service.js';
import { revokeUserTokens } from '../identity/tokens.service.js';
import { assertMayAssignRoles, rolesBeyondCaller } from '../roles/roles.service.js';
import { listDepartments, subtree } from './departments.service.js';
import * as repo from './employees.repository.js';
import { changedFields } from '../../core/audit.js';
import './organisation.messages.js';

/** How long an invitation's first sign-in code lives. */
export const INVITATION_HOURS = 72;
/** The purpose of the code that confirms a new phone: its own, so it opens nothing else (sign-in, registration). */
const PHONE_CODE_PURPOSE = 'phoneChange';
/** New invitations (`employee/invite`) one phone may receive in a day. */
export const INVITATIONS_PER_DAY = 5;

/** A password hash nobody knows the password of: an invited employee signs in by code, then sets one. */
export function unusablePasswordHash(deps: Pick<AppDeps, 'config'>): Promise<string> {
  return hashPassword(randomToken(), deps.config.PASSWORD_SCRYPT_LOG_N);
}

/**
 * Data scope: a user whose roles see only their assigned rents sees only the employees who may act in one of
 * those rents (the rule `core/auth.ts` applies to every area through `ctx.rentIds`).
 */
function scopeOf(ctx: RequestContext): Pick<repo.EmployeeFilter, 'rentIds'> {
  return ctx.dataScope === 'assigned' ? { rentIds: ctx.rentIds } : {};
}

/** The list's filters with the department widened to the ones below it, within the caller's data scope. */
export async function filterOf(
  deps: AppDeps,
  ctx: RequestContext,
  q: Omit<EmployeeQuery, 'pageNum' | 'pageSize'>,
): Promise<repo.EmployeeFilter> {
  const { departmentId, ...rest } = q;
  if (!departmentId) return { ...rest, ...scopeOf(ctx) };
  const all = await listDepartments(deps, ctx);
  const found = all.some((d) => d.id === departmentId);
  return { ...rest, ...scopeOf(ctx), departmentIds: found ? subtree(all, departmentId) : [] };
}

export async function listEmployees(deps: AppDeps, ctx: RequestContext, q: EmployeeQuery) {
  const { ids, total } = await repo.pageOfEmployees(
    deps.db,
    ctx.tenantId,
    await filterOf(deps, ctx, q),
    q.pageSize,
    offsetOf(q),
  );
  return { rows: await repo.employeesByIds(deps.db, ctx.tenantId, ids), total };
}

/** Every employee the filters match, 500 at a time (the export). */
export async function* employeesForExport(
  deps: AppDeps,
  ctx: RequestContext,
  f: repo.EmployeeFilter,
): AsyncGenerator<Employee> {
  let after = 0;
  for (;;) {
    const ids = await repo.idsAfter(deps.db, ctx.tenantId, f, after, 500);
    if (!ids.length) return;
    yield* await repo.employeesByIds(deps.db, ctx.tenantId, ids);
    after = ids[ids.length - 1]!;
  }
}

export async function getEmployee(deps: AppDeps, ctx: RequestContext, id: number): Promise<Employee> {
  // Through the list's filter, so that an employee outside the caller's data scope is not found either.
  const { ids } = await repo.pageOfEmployees(deps.db, ctx.tenantId, { ids: [id], ...scopeOf(ctx) }, 1, 0);
  const [e] = ids.length ? await repo.employeesByIds(deps.db, ctx.tenantId, ids) : [];
  if (!e) throw new NotFoundError('organisation.employeeNotFound');
  return e;
}

const uniq = (ids: number[]) => [...new Set(ids)];

/**
 * The no-escalation rule for people: nobody changes, disables, resets or invites an employee who holds a
 * permission (or a data scope) the caller lacks, e.g. an address-book editor and the administrator. 403.
 */
async function assertMayManage(db: DbOrTx, ctx: RequestContext, e: Employee): Promise<void> {
  const beyond = await rolesBeyondCaller(
    db,
    ctx,
    e.roles.map((r) => r.id),
  );
  if (beyond.length) throw new ForbiddenError('organisation.employeeBeyondOwn');
}

const sameIds = (a: readonly number[], b: readonly number[]) => {
  const s = new Set(a);
  return s.size === new Set(b).size && b.every((x) => s.has(x));
};

/**
 * Roles, rents, labels and department must be the tenant's (labels: employee labels), and the rents within the
 * caller's data scope: field errors.
 */
async function checkReferences(db: DbOrTx, ctx: RequestContext, input: EmployeeInput): Promise<void> {
  const tenantId = ctx.tenantId;
  const roleIds = uniq(input.roleIds);
  const found = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.tenantId, tenantId), inArray(roles.id, roleIds)));
  if (found.length !== roleIds.length) throw invalidField('roleIds', 'organisation.roleNotFound');
  const rentIds = uniq(input.rentIds);
  const rentRows = await db
    .select({ id: rents.id })
    .from(rents)
    .where(and(eq(rents.tenantId, tenantId), inArray(rents.id, rentIds)));
  if (rentRows.length !== rentIds.length) throw invalidField('rentIds', 'organisation.rentNotFound');
  if (ctx.dataScope === 'assigned' && rentIds.some((id) => !ctx.rentIds.includes(id))) {
    throw invalidField('rentIds', 'organisation.rentNotFound');
  }
  const labelIds = uniq(input.labelIds);
  if (labelIds.length) {
    const rows = await db
      .select({ id: labels.id, kind: labels.kind })
      .from(labels)
      .where(and(eq(labels.tenantId, tenantId), inArray(labels.id, labelIds)));
    if (rows.length !== labelIds.length) throw invalidField('labelIds', 'organisation.labelNotFound');
    if (rows.some((l) => l.kind !== 'employee')) throw invalidField('labelIds', 'organisation.labelKindEmployee');
  }
  if (input.departmentId !== null) {
    const [d] = await db
      .select({ id: departments.id })
      .from(departments)
      .where(and(eq(departments.tenantId, tenantId), eq(departments.id, input.departmentId)));
    if (!d) throw invalidField('departmentId', 'organisation.departmentNotFound');
  }
}

/** Usernames and phones sign in without naming a tenant: unique across the platform. */
async function checkSignInNames(db: DbOrTx, input: EmployeeInput, exceptId?: number): Promise<void> {
  const clash = await repo.signInNameClash(db, input.username, input.phone, exceptId);
  if (clash.username) throw invalidField('username', 'organisation.usernameTaken');
  if (clash.phone) throw invalidField('phone', 'organisation.phoneTaken');
}

/** Two requests racing past the checks meet the unique indexes: the same field errors. */
function takenOf(err: unknown): never {
  const { constraint } = pgErrorOf(err);
  if (constraint === 'users_username_uq') throw invalidField('username', 'organisation.usernameTaken');
  if (constraint === 'users_phone_uq') throw invalidField('phone', 'organisation.phoneTaken');
  throw err;
}

/** Rents, roles and labels of a user, replaced by the input's. */
async function writeLinks(tx: DbOrTx, tenantId: number, userId: number, input: EmployeeInput) {
  const mine = (t: typeof userRents | typeof userRoles | typeof userLabels) =>
    and(eq(t.tenantId, tenantId), eq(t.userId, userId));
  await tx.delete(userRents).where(mine(userRents));
  await tx.delete(userRoles).where(mine(userRoles));
  await tx.delete(userLabels).where(mine(userLabels));
  await tx.insert(userRents).values(uniq(input.rentIds).map((rentId) => ({ tenantId, userId, rentId })));
  await tx.insert(userRoles).values(uniq(input.roleIds).map((roleId) => ({ tenantId, userId, roleId })));
  if (input.labelIds.length) {
    await tx.insert(userLabels).values(uniq(input.labelIds).map((labelId) => ({ tenantId, userId, labelId })));
  }
}

function userValues(input: EmployeeInput) {
  return {
    name: input.name,
    username: input.username,
    phone: input.phone,
    email: input.email ?? null,
    title: input.title || null,
    departmentId: input.departmentId,
    defaultRentId: input.defaultRentId ?? input.rentIds[0]!,
  };
}

export async function createEmployee(deps: AppDeps, ctx: RequestContext, input: EmployeeInput) {
  await checkReferences(deps.db, ctx, input);
  await assertMayAssignRoles(deps.db, ctx, input.roleIds);
  await checkSignInNames(deps.db, input);
  const passwordHash = await unusablePasswordHash(deps);
  const now = deps.clock.now();
  const id = await deps.db
    .transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({ tenantId: ctx.tenantId, ...userValues(input), passwordHash, createdAt: now, updatedAt: now })
        .returning({ id: users.id });
      await writeLinks(tx, ctx.tenantId, row!.id, input);
      return row!.id;
    })
    .catch(takenOf);
  const invitation = await sendInvitation(deps, ctx, { phone: input.phone, username: input.username });
  return { employee: await getEmployee(deps, ctx, id), invitation };
}

/**
 * An employee whose password the caller sets (a maintenance workshop's sign-in, issue 31): the same checks as
 * `createEmployee` (the tenant's roles and rents within the caller's scope, no role beyond the caller's own,
 * usernames and phones unique), no invitation, in the caller's transaction. Answers the new user's id.
 */
export async function createEmployeeWithPassword(
  deps: Pick<AppDeps, 'config' | 'clock'>,
  tx: DbOrTx,
  ctx: RequestContext,
  input: EmployeeInput,
  password: string,
): Promise<number> {
  await checkReferences(tx, ctx, input);
  await assertMayAssignRoles(tx, ctx, input.roleIds);
  await checkSignInNames(tx, input);
  const passwordHash = await hashPassword(password, deps.config.PASSWORD_SCRYPT_LOG_N);
  const now = deps.clock.now();
  const [row] = await tx
    .insert(users)
    .values({ tenantId: ctx.tenantId, ...userValues(input), passwordHash, createdAt: now, updatedAt: now })
    .returning({ id: users.id })
    .catch(takenOf);
  await writeLinks(tx, ctx.tenantId, row!.id, input);
  return row!.id;
}

/**
 * The last-administrator guard: the tenant keeps at least one active employee holding an all-permissions
 * role. Call inside the transaction that would take `userId` out of that set.
 */
async function ensureNotLastAdministrator(tx: DbOrTx, ctx: RequestContext, userId: number, name: string) {
  const admins = await repo.activeAdministrators(tx, ctx.tenantId);
  if (admins.includes(userId) && admins.length === 1)
    throw new ConflictError('organisation.lastAdministrator', { name });
}

async function grantsAllPermissions(db: DbOrTx, tenantId: number, roleIds: number[]) {
  const rows = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.tenantId, tenantId), inArray(roles.id, roleIds), eq(roles.allPermissions, true)));
  return rows.length > 0;
}

const audited = (e: Employee) => ({
  name: e.name,
  username: e.username,
  phone: e.phone,
  email: e.email,
  title: e.title,
  departmentId: e.departmentId,
  rentIds: e.rentIds,
  defaultRentId: e.defaultRentId,
  roleIds: e.roles.map((r) => r.id),
  labelIds: e.labels.map((l) => l.id),
});

/**
 * A new phone of an account that has signed in needs the code sent to that phone (`employee/phoneCode`), so
 * that nobody moves someone's sign-in to a phone of their choosing unnoticed; 400 at `phoneCode` otherwise.
 */
async function checkPhoneChange(deps: AppDeps, before: Employee, input: EmployeeInput): Promise<boolean> {
  if (input.phone === before.phone || !before.lastLoginAt) return false;
  if (!input.phoneCode) throw invalidField('phoneCode', 'organisation.phoneCodeRequired');
  const ok = await verifyCode(
    deps.db,
    deps,
    [{ target: input.phone, purposes: [PHONE_CODE_PURPOSE] }],
    input.phoneCode,
  );
  if (!ok) throw invalidField('phoneCode', 'organisation.phoneCodeWrong');
  return true;
}

export async function updateEmployee(deps: AppDeps, ctx: RequestContext, id: number, input: EmployeeInput) {
  const before = await getEmployee(deps, ctx, id);
  if (before.status === 'left') throw new ConflictError('organisation.employeeLeft');
  await assertMayManage(deps.db, ctx, before);
  const roleIds = before.roles.map((r) => r.id);
  if (id === ctx.userId && !sameIds(roleIds, input.roleIds)) throw new ForbiddenError('organisation.ownRoles');
  await checkReferences(deps.db, ctx, input);
  await assertMayAssignRoles(deps.db, ctx, input.roleIds, roleIds);
  await checkSignInNames(deps.db, input, id);
  const phoneChanged = await checkPhoneChange(deps, before, input);
  await deps.db
    .transaction(async (tx) => {
      if (before.administrator && !(await grantsAllPermissions(tx, ctx.tenantId, input.roleIds))) {
        await ensureNotLastAdministrator(tx, ctx, id, before.name);
      }
      await tx
        .update(users)
        .set({ ...userValues(input), updatedAt: deps.clock.now() })
        .where(and(eq(users.tenantId, ctx.tenantId), eq(users.id, id)));
      await writeLinks(tx, ctx.tenantId, id, input);
      // The sessions opened with the old phone end with it.
      if (phoneChanged) await revokeUserTokens(tx, deps.clock, ctx.tenantId, id);
    })
    .catch(takenOf);
  const after = await getEmployee(deps, ctx, id);
  return { employee: after, changed: changedFields(audited(before), audited(after)) };
}

/**
 * Sends the code that a phone change of an activated account needs to the new phone (the employee reads it to
 * whoever edits him). The phone must be free; the usual code limits apply (60 s, ten a day, per IP).
 */
export async function sendPhoneCode(
  deps: AppDeps,
  ctx: RequestContext,
  id: number,
  phone: string,
  req: { ip: string; log: { info: (o: object, m: string) => void } },
) {
  const e = await getEmployee(deps, ctx, id);
  if (e.status === 'left') throw new ConflictError('organisation.employeeLeft');
  await assertMayManage(deps.db, ctx, e);
  if (phone === e.phone) throw invalidField('phone', 'organisation.phoneUnchanged');
  const clash = await repo.signInNameClash(deps.db, e.username, phone, id);
  if (clash.phone) throw invalidField('phone', 'organisation.phoneTaken');
  await sendCode(deps, { purpose: PHONE_CODE_PURPOSE, to: phone, send: 'code', ip: req.ip, log: req.log });
  return { sandbox: deps.sms.sandbox };
}

/**
 * active / disabled / left. Disabling or leaving revokes every token of the user at once; left is final (its
 * records and log entries stay; status != active already refuses every sign-in). Nobody disables or removes
 * themselves, and the last active administrator stays.
 */
export async function setEmployeeStatus(deps: AppDeps, ctx: RequestContext, id: number, status: EmployeeStatus) {
  const before = await getEmployee(deps, ctx, id);
  if (before.status === status) return { employee: before, changed: changedFields({}, {}) };
  if (before.status === 'left') throw new ConflictError('organisation.employeeLeft');
  if (status !== 'active' && id === ctx.userId) throw new ConflictError('organisation.notYourself');
  await assertMayManage(deps.db, ctx, before);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    if (status !== 'active') await ensureNotLastAdministrator(tx, ctx, id, before.name);
    await tx
      .update(users)
      .set({ status, leftAt: status === 'left' ? now : null, updatedAt: now })
      .where(and(eq(users.tenantId, ctx.tenantId), eq(users.id, id)));
    if (status !== 'active') await revokeUserTokens(tx, deps.clock, ctx.tenantId, id);
  });
  return { employee: await getEmployee(deps, ctx, id), changed: changedFields({ status: before.status }, { status }) };
}

/** Sends a new invitation (first sign-in code, 72 hours) to an employee who never signed in. */
export async function inviteEmployee(deps: AppDeps, ctx: RequestContext, id: number) {
  const e = await getEmployee(deps, ctx, id);
  if (e.status !== 'active') throw new ConflictError('organisation.employeeNotActive');
  await assertMayManage(deps.db, ctx, e);
  // A sign-in code for an account in use would let whoever asks for it sign in as its owner: invitations go only
  // to accounts that never signed in (one who forgot his password resets it himself on the login page).
  if (e.lastLoginAt) throw new ConflictError('organisation.inviteSignedIn');
  // Invitations are sent on an administrator's click: at most INVITATIONS_PER_DAY to one phone (429 past it).
  await consume(deps.db, deps.clock, {
    key: `invite:${e.phone}`,
    limit: INVITATIONS_PER_DAY,
    windowSeconds: 86_400,
  });
  return sendInvitation(deps, ctx, { phone: e.phone, username: e.username });
}

/**
 * A sign-in code valid INVITATION_HOURS, by SMS: the employee signs in with it on the login page's code
 * sign-in (it is a `login` code of their phone), then sets a password. The sandbox keeps it in the outbox and
 * writes it to the log. Revokes nothing by itself.
 */
export async function sendInvitation(
  deps: AppDeps,
  ctx: Pick<RequestContext, 'tenantName'>,
  to: { phone: string; username: string },
) {
  const code = await createCode(deps.db, deps, 'login', to.phone, INVITATION_HOURS * 3600);
  let sent = false;
  try {
    const result = await deps.sms.send({
      phone: to.phone,
      content: `【Fleetdesk】${ctx.tenantName}邀请您使用 Fleetdesk，用户名 ${to.username}。请在登录页选择验证码登录，输入手机号和验证码 ${code}（${INVITATION_HOURS} 小时内有效），登录后请设置密码。`,
      template: deps.config.SMS_ALIYUN_CODE_TEMPLATE,
      params: { code },
    });
    sent = result.ok;
  } catch (err) {
    deps.log.warn({ err, phone: to.phone }, 'invitation SMS failed');
  }
  if (deps.sms.sandbox) deps.log.info({ phone: to.phone, username: to.username, code }, 'sandbox SMS invitation code');
  return { sent, sandbox: deps.sms.sandbox, validHours: INVITATION_HOURS };
}
