import { and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import { SAVED_FILTERS_MAX, type SavedFilter, type SavedFilterInput } from '@fleetdesk/contracts/saved-filters';
import type { RequestContext } from '../../core/access.js';
import type { AppDeps } from '../../core/deps.js';
import { ConflictError, NotFoundError } from '../../core/errors.js';
import { defineMessages } from '../../core/i18n.js';
import { savedFilters } from '../../db/schema/saved-filters.js';

defineMessages({
  'filters.tooMany': {
    'zh-CN': '每个页面最多保存 {max} 个筛选条件',
    'en-US': 'At most {max} saved filters per screen',
  },
  'filters.notFound': { 'zh-CN': '筛选条件不存在', 'en-US': 'No such saved filter' },
  'filters.nameTaken': {
    'zh-CN': '已有名为“{name}”的筛选条件',
    'en-US': 'A saved filter is named "{name}" already',
  },
});

function toFilter(r: typeof savedFilters.$inferSelect): SavedFilter {
  return {
    id: r.id,
    screen: r.screen,
    name: r.name,
    filter: r.filter as Record<string, unknown>,
    isDefault: r.isDefault,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** The caller's own filters: every query of this area goes through it, so no call reaches another user's. */
const mine = (ctx: RequestContext) => and(eq(savedFilters.tenantId, ctx.tenantId), eq(savedFilters.userId, ctx.userId));

/** The caller's saved filters of a screen, the default first. */
export async function listFilters(deps: AppDeps, ctx: RequestContext, screen: string): Promise<SavedFilter[]> {
  const rows = await deps.db
    .select()
    .from(savedFilters)
    .where(and(mine(ctx), eq(savedFilters.screen, screen)))
    .orderBy(desc(savedFilters.isDefault), asc(savedFilters.name));
  return rows.map(toFilter);
}

/** Saves a filter under its name (the same name replaces it); a new default unsets the previous one. */
export async function saveFilter(
  deps: AppDeps,
  ctx: RequestContext,
  screen: string,
  input: SavedFilterInput,
): Promise<SavedFilter> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: savedFilters.id })
      .from(savedFilters)
      .where(and(mine(ctx), eq(savedFilters.screen, screen), eq(savedFilters.name, input.name)));
    if (!existing) {
      const [n] = await tx
        .select({ n: count() })
        .from(savedFilters)
        .where(and(mine(ctx), eq(savedFilters.screen, screen)));
      if ((n?.n ?? 0) >= SAVED_FILTERS_MAX) throw new ConflictError('filters.tooMany', { max: SAVED_FILTERS_MAX });
    }
    if (input.isDefault) {
      await tx
        .update(savedFilters)
        .set({ isDefault: false })
        .where(and(mine(ctx), eq(savedFilters.screen, screen), eq(savedFilters.isDefault, true)));
    }
    const [row] = await tx
      .insert(savedFilters)
      .values({
        tenantId: ctx.tenantId,
        userId: ctx.userId,
        screen,
        name: input.name,
        filter: input.filter,
        isDefault: input.isDefault,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [savedFilters.tenantId, savedFilters.userId, savedFilters.screen, savedFilters.name],
        set: { filter: sql`excluded.filter`, isDefault: sql`excluded.is_default`, updatedAt: now },
      })
      .returning();
    return toFilter(row!);
  });
}

/** Deletes one of the caller's filters; another user's is 404, as the caller cannot list it either. */
export async function deleteFilter(deps: AppDeps, ctx: RequestContext, id: number): Promise<void> {
  const removed = await deps.db
    .delete(savedFilters)
    .where(and(mine(ctx), eq(savedFilters.id, id)))
    .returning({ id: savedFilters.id });
  if (!removed.length) throw new NotFoundError('filters.notFound');
}

/** Renames one of the caller's filters; another of the same screen with that name is refused (409). */
export async function renameFilter(deps: AppDeps, ctx: RequestContext, id: number, name: string): Promise<SavedFilter> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(savedFilters)
      .where(and(mine(ctx), eq(savedFilters.id, id)))
      .for('update');
    if (!row) throw new NotFoundError('filters.notFound');
    const [clash] = await tx
      .select({ id: savedFilters.id })
      .from(savedFilters)
      .where(and(mine(ctx), eq(savedFilters.screen, row.screen), eq(savedFilters.name, name), ne(savedFilters.id, id)));
    if (clash) throw new ConflictError('filters.nameTaken', { name });
    const [renamed] = await tx
      .update(savedFilters)
      .set({ name, updatedAt: deps.clock.now() })
      .where(and(mine(ctx), eq(savedFilters.id, id)))
      .returning();
    return toFilter(renamed!);
  });
}
