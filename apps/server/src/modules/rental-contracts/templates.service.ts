import { and, eq, sql } from 'drizzle-orm';
import {
  DEFAULT_TEMPLATES,
  TEMPLATE_KINDS,
  type DocumentTemplate,
  type DocumentTemplateInput,
  type TemplateKind,
} from '@fleetdesk/contracts/handover';
import type { RequestContext } from '../../core/access.js';
import type { DbOrTx } from '../../core/db.js';
import type { AppDeps } from '../../core/deps.js';
import { documentTemplates } from '../../db/schema/handover.js';
import { users } from '../../db/schema/identity.js';

/** The layout a document of `kind` is printed with: the tenant's saved one, else the default. */
export async function templateOf(db: DbOrTx, tenantId: number, kind: TemplateKind): Promise<DocumentTemplateInput> {
  const [row] = await db
    .select()
    .from(documentTemplates)
    .where(and(eq(documentTemplates.tenantId, tenantId), eq(documentTemplates.kind, kind)));
  if (!row) return DEFAULT_TEMPLATES[kind];
  return {
    title: row.title,
    headerLines: row.headerLines,
    notes: row.notes,
    footerLines: row.footerLines,
    sealText: row.sealText,
  };
}

/** The tenant's four templates, saved or default, with who changed each last. */
export async function listTemplates(deps: AppDeps, ctx: RequestContext): Promise<DocumentTemplate[]> {
  const rows = await deps.db
    .select({ t: documentTemplates, by: users.name })
    .from(documentTemplates)
    .leftJoin(users, and(eq(users.tenantId, documentTemplates.tenantId), eq(users.id, documentTemplates.updatedBy)))
    .where(eq(documentTemplates.tenantId, ctx.tenantId));
  return TEMPLATE_KINDS.map((kind) => {
    const r = rows.find((x) => x.t.kind === kind);
    if (!r) return { kind, ...DEFAULT_TEMPLATES[kind], custom: false, updatedAt: null, updatedBy: null };
    return {
      kind,
      title: r.t.title,
      headerLines: r.t.headerLines,
      notes: r.t.notes,
      footerLines: r.t.footerLines,
      sealText: r.t.sealText,
      custom: true,
      updatedAt: r.t.updatedAt.toISOString(),
      updatedBy: r.by ?? null,
    };
  });
}

/** Saves a tenant's template of `kind` (validated by `DocumentTemplateInput`); answers it with the one before. */
export async function saveTemplate(
  deps: AppDeps,
  ctx: RequestContext,
  kind: TemplateKind,
  input: DocumentTemplateInput,
): Promise<{ value: DocumentTemplate; before: DocumentTemplateInput }> {
  const before = await templateOf(deps.db, ctx.tenantId, kind);
  const now = deps.clock.now();
  await deps.db
    .insert(documentTemplates)
    .values({ tenantId: ctx.tenantId, kind, ...input, updatedBy: ctx.userId, updatedAt: now })
    .onConflictDoUpdate({
      target: [documentTemplates.tenantId, documentTemplates.kind],
      set: { ...input, updatedBy: ctx.userId, updatedAt: sql`excluded.updated_at` },
    });
  const value = (await listTemplates(deps, ctx)).find((x) => x.kind === kind)!;
  return { value, before };
}

/** Back to the default layout (the saved row goes). */
export async function resetTemplate(deps: AppDeps, ctx: RequestContext, kind: TemplateKind) {
  await deps.db
    .delete(documentTemplates)
    .where(and(eq(documentTemplates.tenantId, ctx.tenantId), eq(documentTemplates.kind, kind)));
  return (await listTemplates(deps, ctx)).find((x) => x.kind === kind)!;
}
