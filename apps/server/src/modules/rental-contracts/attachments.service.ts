import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { AttachmentKind, AttachmentTrigger, ContractAttachment } from '@fleetdesk/contracts/handover';
import type { RequestContext } from '../../core/access.js';
import { rawIso, rawNumberOrNull, rowsOf, type RawNumber, type RawTime } from '../../core/db.js';
import type { AppDeps } from '../../core/deps.js';
import { contractDocuments } from '../../db/schema/handover.js';
import { files } from '../../db/schema/files.js';
import { contractDocument, lineReceipt } from './documents.service.js';
import { contractInScope } from './handover.service.js';
import type { ApprovalHooks } from '../approvals/approvals.service.js';

/**
 * Generated PDFs kept as contract attachments (docs/handover.md, "Documents"): the file goes to the storage and
 * the `files` table (type `document`), a `contract_documents` row names its contract, kind, version, maker and
 * trigger. Made by hand (regenerate: a new version) and, after their transactions, at signing (the contract),
 * at the return (the return sheet) and at the settlement's approval (the statement).
 */
export async function storeDocument(
  deps: AppDeps,
  ctx: RequestContext,
  contractId: number,
  kind: AttachmentKind,
  trigger: AttachmentTrigger,
  lineId: number | null = null,
): Promise<ContractAttachment> {
  const { fileName, data } =
    kind === 'receipt' ? await lineReceipt(deps, ctx, lineId!) : await contractDocument(deps, ctx, contractId, kind);
  const id = await keepDocument(deps, ctx.tenantId, contractId, {
    kind,
    trigger,
    lineId,
    by: trigger === 'manual' ? ctx.userId : null,
    fileName,
    data,
    evidenceNo: null,
  });
  return (await listAttachments(deps, ctx, contractId)).find((a) => a.id === id)!;
}

/**
 * Keeps a PDF as the newest version of a contract's document (the storage, `files`, `contract_documents` with its
 * SHA-256): a generated one (above), or one made elsewhere (the e-signature provider's signed PDF, with its
 * evidence number). Answers the row's id.
 */
export async function keepDocument(
  deps: AppDeps,
  tenantId: number,
  contractId: number,
  d: {
    kind: AttachmentKind;
    trigger: AttachmentTrigger;
    lineId: number | null;
    by: number | null;
    fileName: string;
    data: Buffer;
    evidenceNo: string | null;
  },
): Promise<number> {
  const { data, lineId } = d;
  const now = deps.clock.now();
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  const key = `t${tenantId}/document/${now.getUTCFullYear()}/${month}/${randomUUID()}.pdf`;
  const sha256 = createHash('sha256').update(data).digest('hex');
  await deps.storage.put(key, Readable.from(data), 'application/pdf');
  try {
    return await deps.db.transaction(async (tx) => {
      await tx.insert(files).values({
        tenantId,
        key,
        type: 'document',
        contentType: 'application/pdf',
        size: data.length,
        originalName: d.fileName,
        // No uploader: the files module's delete (owner only) cannot remove a document the contract keeps.
        uploadedBy: null,
      });
      // Versions of one document count up; the unique index refuses a version taken by a concurrent call.
      const [row] = await rowsOf<{ id: string }>(
        tx,
        sql`insert into contract_documents (tenant_id, contract_id, kind, line_id, version, file_key, file_name,
            size, created_by, trigger, created_at, sha256, evidence_no)
          select ${tenantId}, ${contractId}, ${d.kind}, ${lineId}::int8,
            coalesce(max(version), 0) + 1, ${key}, ${d.fileName}, ${data.length}, ${d.by}::int8, ${d.trigger}, ${now},
            ${sha256}, ${d.evidenceNo}
          from contract_documents where tenant_id = ${tenantId} and contract_id = ${contractId}
            and kind = ${d.kind} and coalesce(line_id, 0) = ${lineId ?? 0}
          returning id`,
      );
      return Number(row!.id);
    });
  } catch (err) {
    await deps.storage.delete(key).catch(() => undefined);
    throw err;
  }
}

/**
 * For the automatic documents: stored after the business transaction has committed; a failure (no font, the
 * storage down) is logged and never undoes the signing, return or approval. The documents tab can regenerate.
 */
export async function storeAfterCommit(
  deps: AppDeps,
  ctx: RequestContext,
  contractId: number,
  kind: AttachmentKind,
  trigger: AttachmentTrigger,
): Promise<void> {
  try {
    await storeDocument(deps, ctx, contractId, kind, trigger);
  } catch (err) {
    deps.log.warn({ err, tenantId: ctx.tenantId, contractId, kind, trigger }, 'contract document not stored');
  }
}

/** A context to make the documents of a decision taken elsewhere (the approval of a settlement). */
export async function systemContext(deps: AppDeps, tenantId: number, contractId: number, userId: number) {
  const [row] = await rowsOf<{ rent_id: string; tenant_name: string }>(
    deps.db,
    sql`select c.rent_id, t.name as tenant_name from rental_contracts c join tenants t on t.id = c.tenant_id
      where c.tenant_id = ${tenantId} and c.id = ${contractId}`,
  );
  if (!row) return null;
  const rentId = Number(row.rent_id);
  return {
    tenantId,
    tenantName: row.tenant_name,
    rentId,
    rentIds: [rentId],
    dataScope: 'assigned',
    userId,
    username: 'system',
    name: 'system',
    roles: [],
    permissions: [],
  } as unknown as RequestContext;
}

/** The contract's stored documents, newest first, each with a signed address to download it. */
export async function listAttachments(
  deps: AppDeps,
  ctx: RequestContext,
  contractId: number,
): Promise<ContractAttachment[]> {
  await contractInScope(deps.db, ctx, contractId);
  const rows = await rowsOf<{
    id: RawNumber;
    kind: AttachmentKind;
    line_id: RawNumber | null;
    version: RawNumber;
    file_key: string;
    file_name: string;
    size: RawNumber;
    trigger: AttachmentTrigger;
    created_at: RawTime;
    created_by: string | null;
    sha256: string | null;
    evidence_no: string | null;
  }>(
    deps.db,
    sql`select d.id, d.kind, d.line_id, d.version, d.file_key, d.file_name, d.size, d.trigger, d.created_at,
        u.name as created_by, d.sha256, d.evidence_no
      from ${contractDocuments} d left join users u on u.tenant_id = d.tenant_id and u.id = d.created_by
      where d.tenant_id = ${ctx.tenantId} and d.contract_id = ${contractId}
      order by d.id desc limit 200`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    kind: r.kind,
    lineId: rawNumberOrNull(r.line_id),
    version: Number(r.version),
    fileName: r.file_name,
    size: Number(r.size),
    trigger: r.trigger,
    createdBy: r.created_by ?? null,
    createdAt: rawIso(r.created_at),
    url: deps.fileUrls.sign(ctx.tenantId, deps.fileUrls.stableUrl(r.file_key))!,
    sha256: r.sha256,
    evidenceNo: r.evidence_no,
  }));
}

// Once a settlement's approval has committed: its statement as a contract attachment (docs/handover.md). Added to
// the settlement type by this area's `register.ts`, next to the settlement service's own hook; kept here so the
// settlement service needs no import of the documents (no import cycle).
export const settlementStatementHooks: ApprovalHooks = {
  afterOutcome: async (deps, { request, outcome, actorId }) => {
    if (outcome !== 'approved' || !request.businessId) return;
    const contractId = Number(request.businessId);
    const ctx = await systemContext(deps, request.tenantId, contractId, actorId);
    if (ctx) await storeAfterCommit(deps, ctx, contractId, 'settlement', 'settlement');
  },
};
