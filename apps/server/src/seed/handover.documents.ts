import { sql } from 'drizzle-orm';
import { rowsOf } from '../core/db.js';
import type { AppDeps } from '../core/deps.js';
import { storeDocument, systemContext } from '../modules/rental-contracts/attachments.service.js';

/**
 * The demo's stored PDFs (contract attachments), made once the demo is seeded: they need the file storage and
 * the PDF font, which the seeding transaction has not. Three signed contracts keep their contract, the settled
 * contract its contract, return sheet and settlement statement. A failure (no font) is logged only.
 */
export async function seedDemoDocuments(deps: AppDeps, tenantId: number, userId: number): Promise<number> {
  const contracts = await rowsOf<{ id: string; state: string }>(
    deps.db,
    sql`(select id, state from rental_contracts where tenant_id = ${tenantId} and state = 'signed' and dispatched
        order by id limit 3)
      union all
      (select k.id, k.state from rental_contracts k join rental_settlements s
        on s.tenant_id = k.tenant_id and s.contract_id = k.id and s.state = 'approved'
        where k.tenant_id = ${tenantId} order by k.id limit 1)`,
  );
  let stored = 0;
  for (const c of contracts) {
    const id = Number(c.id);
    const ctx = await systemContext(deps, tenantId, id, userId);
    if (!ctx) continue;
    const kinds = c.state === 'signed' ? (['contract'] as const) : (['contract', 'returnSheet', 'settlement'] as const);
    for (const kind of kinds) {
      try {
        await storeDocument(deps, ctx, id, kind, 'demo');
        stored++;
      } catch (err) {
        deps.log.warn({ err, contractId: id, kind }, 'demo document not stored');
      }
    }
  }
  return stored;
}
