import { and, asc, eq, sql } from 'drizzle-orm';
import type { Label, LabelKind } from '@fleetdesk/contracts/organisation';
import type { DbOrTx } from '../../core/db.js';
import { labels } from '../../db/schema/organisation.js';

/**
 * Records carrying a label. Employee labels count `user_labels`, driver labels `driver_labels`, customer labels
 * `crm_lead_labels` (issue 32); car labels count 0 until that area keeps labels of its own (it then adds its table
 * here).
 */
const usedOf = sql<number>`(case when labels.kind = 'employee' then (select count(*)::int from user_labels ul
  where ul.tenant_id = labels.tenant_id and ul.label_id = labels.id)
  when labels.kind = 'driver' then (select count(*)::int from driver_labels dl
  where dl.tenant_id = labels.tenant_id and dl.label_id = labels.id)
  when labels.kind = 'customer' then (select count(*)::int from crm_lead_labels cl
  where cl.tenant_id = labels.tenant_id and cl.label_id = labels.id) else 0 end)`;

export function toLabel(r: { label: typeof labels.$inferSelect; used: number }): Label {
  return {
    id: r.label.id,
    kind: r.label.kind as LabelKind,
    name: r.label.name,
    color: r.label.color,
    used: Number(r.used),
  };
}

export async function listLabels(db: DbOrTx, tenantId: number, kind?: LabelKind): Promise<Label[]> {
  const rows = await db
    .select({ label: labels, used: usedOf })
    .from(labels)
    .where(and(eq(labels.tenantId, tenantId), kind ? eq(labels.kind, kind) : undefined))
    .orderBy(asc(labels.kind), asc(labels.id));
  return rows.map(toLabel);
}

export async function findLabel(db: DbOrTx, tenantId: number, id: number): Promise<Label | undefined> {
  const [row] = await db
    .select({ label: labels, used: usedOf })
    .from(labels)
    .where(and(eq(labels.tenantId, tenantId), eq(labels.id, id)));
  return row ? toLabel(row) : undefined;
}

export async function labelNamed(db: DbOrTx, tenantId: number, kind: LabelKind, name: string, exceptId?: number) {
  const [row] = await db
    .select({ id: labels.id })
    .from(labels)
    .where(
      and(
        eq(labels.tenantId, tenantId),
        eq(labels.kind, kind),
        eq(labels.name, name),
        exceptId ? sql`${labels.id} <> ${exceptId}` : undefined,
      ),
    );
  return row;
}
