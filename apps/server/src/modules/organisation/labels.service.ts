import { and, eq } from 'drizzle-orm';
import type { Label, LabelInput, LabelKind } from '@fleetdesk/contracts/organisation';
import type { RequestContext } from '../../core/access.js';
import type { AppDeps } from '../../core/deps.js';
import { ConflictError, invalidField, NotFoundError } from '../../core/errors.js';
import { labels, userLabels } from '../../db/schema/organisation.js';
import * as repo from './labels.repository.js';
import { pgErrorOf } from '../../core/db.js';
import { changedFields } from '../../core/audit.js';
import './organisation.messages.js';

export async function listLabels(deps: AppDeps, ctx: RequestContext, kind?: LabelKind): Promise<Label[]> {
  return repo.listLabels(deps.db, ctx.tenantId, kind);
}

async function ensureNameFree(deps: AppDeps, ctx: RequestContext, input: LabelInput, exceptId?: number) {
  if (await repo.labelNamed(deps.db, ctx.tenantId, input.kind, input.name, exceptId)) {
    throw invalidField('name', 'organisation.labelTaken', { name: input.name });
  }
}

/** Two requests racing past the check meet the unique index: the same field error. */
function takenOf(err: unknown, input: LabelInput): never {
  if (pgErrorOf(err).constraint === 'labels_kind_name_uq')
    throw invalidField('name', 'organisation.labelTaken', { name: input.name });
  throw err;
}

export async function createLabel(deps: AppDeps, ctx: RequestContext, input: LabelInput): Promise<Label> {
  await ensureNameFree(deps, ctx, input);
  const [row] = await deps.db
    .insert(labels)
    .values({
      tenantId: ctx.tenantId,
      kind: input.kind,
      name: input.name,
      color: input.color,
      createdAt: deps.clock.now(),
    })
    .returning()
    .catch((err: unknown) => takenOf(err, input));
  return repo.toLabel({ label: row!, used: 0 });
}

/** Renames or recolours a label; its kind changes only while no record carries it. */
export async function updateLabel(deps: AppDeps, ctx: RequestContext, id: number, input: LabelInput) {
  const before = await repo.findLabel(deps.db, ctx.tenantId, id);
  if (!before) throw new NotFoundError('organisation.labelNotFound');
  if (before.kind !== input.kind && before.used > 0) {
    throw new ConflictError('organisation.labelInUse', { count: before.used });
  }
  await ensureNameFree(deps, ctx, input, id);
  await deps.db
    .update(labels)
    .set({ kind: input.kind, name: input.name, color: input.color })
    .where(and(eq(labels.tenantId, ctx.tenantId), eq(labels.id, id)))
    .catch((err: unknown) => takenOf(err, input));
  const after = (await repo.findLabel(deps.db, ctx.tenantId, id))!;
  const pick = (l: Label) => ({ kind: l.kind, name: l.name, color: l.color });
  return { label: after, changed: changedFields(pick(before), pick(after)) };
}

/** Deletes a label; one in use is refused (409) unless `force`, which removes it from every record first. */
export async function deleteLabel(deps: AppDeps, ctx: RequestContext, id: number, force: boolean) {
  const label = await repo.findLabel(deps.db, ctx.tenantId, id);
  if (!label) throw new NotFoundError('organisation.labelNotFound');
  if (label.used > 0 && !force) throw new ConflictError('organisation.labelInUse', { count: label.used });
  await deps.db.transaction(async (tx) => {
    await tx.delete(userLabels).where(and(eq(userLabels.tenantId, ctx.tenantId), eq(userLabels.labelId, id)));
    await tx.delete(labels).where(and(eq(labels.tenantId, ctx.tenantId), eq(labels.id, id)));
  });
  return label;
}
