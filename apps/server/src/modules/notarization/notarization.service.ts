import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { fenToYuan, type Paged } from '@fleetdesk/contracts/common';
import {
  NOTARIZATION_OPEN_STATES,
  type NotarizationDetail,
  type NotarizationDocumentKind,
  type NotarizationInput,
  type NotarizationOptions,
  type NotarizationQuery,
  type NotarizationRow,
  type NotarizationState,
  type NotarizationSupplementInput,
  type NotarizationUpdateInput,
  type NotaryStep,
} from '@fleetdesk/contracts/notarization';
import type { RequestContext } from '../../core/access.js';
import { rawIso, rawIsoOrNull, rowsOf, type DbOrTx, type RawNumber, type RawTime, type Tx } from '../../core/db.js';
import type { AppDeps } from '../../core/deps.js';
import { ConflictError, NotFoundError, invalidField } from '../../core/errors.js';
import { page, offsetOf } from '../../core/envelope.js';
import { publish } from '../../core/events.js';
import { containsPattern } from '../../core/like.js';
import { tenantDays, tenantZone } from '../../core/tenant-time.js';
import { storedFileUrl } from '../files/files.service.js';
import { balance, charge, planService, priceService, refundCharge } from '../payments/payments.service.js';
import { contractInScope } from '../rental-contracts/handover.service.js';
import { signedFlowOf } from './esign.service.js';
import './notarization.messages.js';
import { CallbackRejected } from './providers/esign-provider.js';
import { notarizationProviders } from './providers/index.js';
import type { NotaryDocument, NotaryNotice } from './providers/notary-provider.js';

/**
 * Online notarization of signed contracts (docs/notarization.md, "Notarization"). An application is a draft until
 * submitted; submitting hashes and sends its documents (the contract's signed PDF, the lessee's ID card, the
 * company's licence, attachments) to the notary platform and charges S30 once; the platform's callbacks move it
 * (under review, supplement asked, notarized with its certificate, rejected with the fee given back). Every step
 * is evidence: its request and answer as JSON with their SHA-256, chained to the step before.
 */
export const NOTARIZATION_SERVICE = 'S30';
/** Notary offices offered in the form besides those the tenant used before. */
const KNOWN_OFFICES = [
  '杭州市互联网公证处',
  '北京市长安公证处',
  '上海市东方公证处',
  '深圳市深圳公证处',
  '广州市南方公证处',
];

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
/** JSON with its keys sorted, so that the same content always hashes the same. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return `{${Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value instanceof Date ? value.toISOString() : value) ?? 'null';
}
export function chainHash(prev: string, step: string, at: string, requestSha: string, responseSha: string): string {
  return sha256(`${prev}\n${step}\n${at}\n${requestSha}\n${responseSha}`);
}
const GENESIS = '0'.repeat(64);

interface AppRow {
  id: RawNumber;
  tenant_id: RawNumber;
  number: string;
  contract_id: RawNumber;
  contract_number: string;
  contract_state: string;
  rent_id: RawNumber;
  driver_id: RawNumber;
  driver_name: string;
  driver_id_number: string | null;
  rent_name: string;
  rent_licence: string | null;
  plate: string | null;
  kind: NotarizationDetail['kind'];
  state: NotarizationState;
  notary_office: string;
  copies: number;
  delivery: NotarizationDetail['delivery'];
  remark: string | null;
  id_front: string | null;
  id_back: string | null;
  licence: string | null;
  attachments: string[] | string;
  esign_flow_id: RawNumber | null;
  fee_fen: RawNumber;
  charge_id: RawNumber | null;
  fee_refunded: boolean;
  provider: string;
  case_no: string | null;
  supplement_request: string | null;
  reject_reason: string | null;
  withdraw_reason: string | null;
  certificate_no: string | null;
  certificate_date: string | null;
  version: number;
  created_at: RawTime;
  submitted_at: RawTime | null;
  decided_at: RawTime | null;
  contract_amount_fen: RawNumber;
}

const selectApp = sql`select n.*, c.number as contract_number, c.state as contract_state, d.name as driver_name,
    d.id_number as driver_id_number, r.name as rent_name, coalesce(r.licence_no, t.licence_no) as rent_licence,
    car.plate,
    (select coalesce(sum(l.amount_fen), 0) from rental_payment_lines l where l.tenant_id = n.tenant_id
      and l.contract_id = n.contract_id and l.valid and l.amount_fen > 0) as contract_amount_fen
  from notarizations n
  join rental_contracts c on c.tenant_id = n.tenant_id and c.id = n.contract_id
  join drivers d on d.tenant_id = n.tenant_id and d.id = n.driver_id
  join rents r on r.tenant_id = n.tenant_id and r.id = n.rent_id
  join tenants t on t.id = n.tenant_id
  left join cars car on car.tenant_id = c.tenant_id and car.id = c.car_id`;

const arrayOf = (v: string[] | string): string[] =>
  Array.isArray(v)
    ? v
    : v.replace(/^\{|\}$/g, '')
      ? v
          .replace(/^\{|\}$/g, '')
          .split(',')
          .map((x) => x.replace(/^"|"$/g, ''))
      : [];

function rowOut(r: AppRow): NotarizationRow {
  return {
    id: Number(r.id),
    number: r.number,
    contractId: Number(r.contract_id),
    contractNumber: r.contract_number,
    driverId: Number(r.driver_id),
    driverName: r.driver_name,
    plate: r.plate,
    kind: r.kind,
    state: r.state,
    notaryOffice: r.notary_office,
    fee: fenToYuan(Number(r.fee_fen)),
    feeRefunded: r.fee_refunded,
    certificateNo: r.certificate_no,
    createdAt: rawIso(r.created_at),
    submittedAt: rawIsoOrNull(r.submitted_at),
    decidedAt: rawIsoOrNull(r.decided_at),
  };
}

async function appOf(db: DbOrTx, ctx: Pick<RequestContext, 'tenantId' | 'rentIds'>, id: number): Promise<AppRow> {
  const [r] = await rowsOf<AppRow>(db, sql`${selectApp} where n.tenant_id = ${ctx.tenantId} and n.id = ${id}`);
  if (!r || !ctx.rentIds.includes(Number(r.rent_id))) throw new NotFoundError('notarization.notFound');
  return r;
}

async function lockApp(tx: Tx, ctx: Pick<RequestContext, 'tenantId' | 'rentIds'>, id: number) {
  await rowsOf(tx, sql`select id from notarizations where tenant_id = ${ctx.tenantId} and id = ${id} for update`);
  return appOf(tx, ctx, id);
}

/** One step of the evidence, chained to the one before (under the application's row lock). */
async function addEvidence(
  tx: DbOrTx,
  tenantId: number,
  appId: number,
  e: { step: NotaryStep; actor: string | null; summary?: string | null; request: unknown; response: unknown; at: Date },
) {
  const [last] = await rowsOf<{ seq: number; chain_sha256: string }>(
    tx,
    sql`select seq, chain_sha256 from notarization_evidence where tenant_id = ${tenantId}
      and notarization_id = ${appId} order by seq desc limit 1`,
  );
  const request = canonical(e.request ?? {});
  const response = canonical(e.response ?? {});
  const requestSha = sha256(request);
  const responseSha = sha256(response);
  const at = e.at.toISOString();
  const chain = chainHash(last?.chain_sha256 ?? GENESIS, e.step, at, requestSha, responseSha);
  await tx.execute(sql`insert into notarization_evidence (tenant_id, notarization_id, seq, step, actor, summary,
      request, response, request_sha256, response_sha256, chain_sha256, at)
    values (${tenantId}, ${appId}, ${(last?.seq ?? 0) + 1}, ${e.step}, ${e.actor}, ${e.summary ?? null},
      ${request}::jsonb, ${response}::jsonb, ${requestSha}, ${responseSha}, ${chain}, ${e.at})`);
}

export async function notarizationOptions(deps: AppDeps, ctx: RequestContext): Promise<NotarizationOptions> {
  const p = notarizationProviders(deps).notary;
  const { unitPriceFen } = await planService(deps.db, ctx.tenantId, NOTARIZATION_SERVICE);
  const used = await rowsOf<{ notary_office: string }>(
    deps.db,
    sql`select distinct notary_office from notarizations where tenant_id = ${ctx.tenantId} limit 20`,
  );
  return {
    provider: { name: p.name, sandbox: p.sandbox },
    unitPrice: unitPriceFen === null ? null : fenToYuan(unitPriceFen),
    balance: (await balance(deps.db, ctx.tenantId)).balance,
    offices: [...new Set([...used.map((u) => u.notary_office), ...KNOWN_OFFICES])],
  };
}

export async function listNotarizations(
  deps: AppDeps,
  ctx: RequestContext,
  q: NotarizationQuery,
): Promise<Paged<NotarizationRow>> {
  const where: SQL[] = [
    sql`n.tenant_id = ${ctx.tenantId}`,
    sql`n.rent_id = any(${`{${ctx.rentIds.join(',')}}`}::int8[])`,
  ];
  if (q.contractId) where.push(sql`n.contract_id = ${q.contractId}`);
  if (q.driverId) where.push(sql`n.driver_id = ${q.driverId}`);
  if (q.kind) where.push(sql`n.kind = ${q.kind}`);
  if (q.state) where.push(sql`n.state = ${q.state}`);
  if (q.from || q.to) {
    const zone = await tenantZone(deps.db, ctx.tenantId);
    if (q.from) where.push(sql`(n.created_at at time zone ${zone})::date >= ${q.from}::date`);
    if (q.to) where.push(sql`(n.created_at at time zone ${zone})::date <= ${q.to}::date`);
  }
  if (q.keyword) {
    const k = containsPattern(q.keyword);
    where.push(sql`(n.number ilike ${k} or c.number ilike ${k} or d.name ilike ${k} or car.plate ilike ${k})`);
  }
  const cond = sql.join(where, sql` and `);
  const [count] = await rowsOf<{ n: RawNumber }>(
    deps.db,
    sql`select count(*) as n from notarizations n
      join rental_contracts c on c.tenant_id = n.tenant_id and c.id = n.contract_id
      join drivers d on d.tenant_id = n.tenant_id and d.id = n.driver_id
      left join cars car on car.tenant_id = c.tenant_id and car.id = c.car_id where ${cond}`,
  );
  const rows = await rowsOf<AppRow>(
    deps.db,
    sql`${selectApp} where ${cond} order by n.created_at desc, n.id desc limit ${q.pageSize} offset ${offsetOf(q)}`,
  );
  return page(rows.map(rowOut), Number(count?.n ?? 0), q);
}

export async function getNotarization(deps: AppDeps, ctx: RequestContext, id: number): Promise<NotarizationDetail> {
  const r = await appOf(deps.db, ctx, id);
  const docs = await rowsOf<{
    id: RawNumber;
    kind: NotarizationDocumentKind;
    file_name: string;
    size: RawNumber;
    sha256: string;
    created_at: RawTime;
  }>(
    deps.db,
    sql`select id, kind, file_name, size, sha256, created_at from notarization_documents
      where tenant_id = ${ctx.tenantId} and notarization_id = ${id} order by id`,
  );
  const steps = await rowsOf<{
    seq: number;
    step: NotaryStep;
    at: RawTime;
    actor: string | null;
    summary: string | null;
    request_sha256: string;
    response_sha256: string;
    chain_sha256: string;
  }>(
    deps.db,
    sql`select seq, step, at, actor, summary, request_sha256, response_sha256, chain_sha256 from notarization_evidence
      where tenant_id = ${ctx.tenantId} and notarization_id = ${id} order by seq`,
  );
  const flow = r.esign_flow_id
    ? (
        await rowsOf<{ flow_no: string; evidence_no: string | null; signed_sha256: string | null }>(
          deps.db,
          sql`select flow_no, evidence_no, signed_sha256 from esign_flows where tenant_id = ${ctx.tenantId}
            and id = ${r.esign_flow_id}`,
        )
      )[0]
    : null;
  const sandbox = notarizationProviders(deps).notarySandbox;
  const sandboxUrl =
    sandbox && r.provider === 'sandbox' && r.case_no ? await sandbox.caseUrl(r.case_no).catch(() => null) : null;
  return {
    ...rowOut(r),
    version: r.version,
    copies: r.copies,
    delivery: r.delivery,
    remark: r.remark,
    contractAmount: fenToYuan(Number(r.contract_amount_fen)),
    idFront: r.id_front,
    idBack: r.id_back,
    licence: r.licence,
    attachments: arrayOf(r.attachments),
    parties: [
      { role: 'lessor', name: r.rent_name, idNumber: r.rent_licence },
      { role: 'lessee', name: r.driver_name, idNumber: r.driver_id_number ? maskId(r.driver_id_number) : null },
    ],
    provider: r.provider,
    caseNo: r.case_no,
    supplementRequest: r.supplement_request,
    rejectReason: r.reject_reason,
    withdrawReason: r.withdraw_reason,
    certificateDate: r.certificate_date,
    esign: flow ? { flowNo: flow.flow_no, evidenceNo: flow.evidence_no, sha256: flow.signed_sha256 } : null,
    documents: docs.map((d) => ({
      id: Number(d.id),
      kind: d.kind,
      fileName: d.file_name,
      size: Number(d.size),
      sha256: d.sha256,
      createdAt: rawIso(d.created_at),
    })),
    timeline: steps.map((s) => ({
      seq: s.seq,
      step: s.step,
      at: rawIso(s.at),
      actor: s.actor,
      summary: s.summary,
      requestSha256: s.request_sha256,
      responseSha256: s.response_sha256,
      chainSha256: s.chain_sha256,
    })),
    sandboxUrl,
  };
}

const maskId = (id: string) => (id.length > 8 ? `${id.slice(0, 4)}${'*'.repeat(id.length - 8)}${id.slice(-4)}` : id);

/** The files of the form, each the tenant's upload (field errors name the field). */
async function checkedFiles(deps: AppDeps, ctx: RequestContext, input: Omit<NotarizationInput, 'contractId'>) {
  const types = ['document', 'image', 'license'] as const;
  const one = async (url: string | null | undefined, path: string) =>
    url ? storedFileUrl(deps.db, deps, ctx.tenantId, url, path, { types }) : null;
  const attachments: string[] = [];
  for (const [i, url] of (input.attachments ?? []).entries()) {
    const stable = await storedFileUrl(deps.db, deps, ctx.tenantId, url, `attachments.${i}`, { types });
    if (!attachments.includes(stable)) attachments.push(stable);
  }
  return {
    idFront: await one(input.idFront, 'idFront'),
    idBack: await one(input.idBack, 'idBack'),
    licence: await one(input.licence, 'licence'),
    attachments,
  };
}

/** A contract may be notarized once signed (not a short-term one: those are not notarized). */
async function notarizableContract(deps: AppDeps, ctx: RequestContext, contractId: number) {
  const c = await contractInScope(deps.db, ctx, contractId).catch(() => {
    throw invalidField('contractId', 'notarization.contractNotFound');
  });
  if (!['signed', 'completed', 'terminated'].includes(c.state))
    throw invalidField('contractId', 'notarization.notSigned');
  if (c.type === 'shortTerm') throw invalidField('contractId', 'notarization.shortTerm');
  return c;
}

export async function createNotarization(
  deps: AppDeps,
  ctx: RequestContext,
  input: NotarizationInput,
): Promise<NotarizationDetail> {
  const c = await notarizableContract(deps, ctx, input.contractId);
  const f = await checkedFiles(deps, ctx, input);
  const now = deps.clock.now();
  const flow = await signedFlowOf(deps.db, ctx.tenantId, c.id);
  const id = await deps.db.transaction(async (tx) => {
    const [row] = await rowsOf<{ id: RawNumber }>(
      tx,
      sql`insert into notarizations (tenant_id, number, contract_id, rent_id, driver_id, kind, state, notary_office,
          copies, delivery, remark, id_front, id_back, licence, attachments, esign_flow_id, provider, created_by,
          created_at, updated_at)
        values (${ctx.tenantId},
          ${'NZ' + now.toISOString().replace(/\D/g, '').slice(0, 8)} || lpad((nextval('order_no_seq') % 1000000)::text, 6, '0'),
          ${c.id}, ${c.rentId}, ${c.driverId}, ${input.kind}, 'draft', ${input.notaryOffice}, ${input.copies},
          ${input.delivery}, ${input.remark ?? null}, ${f.idFront}, ${f.idBack}, ${f.licence},
          ${`{${f.attachments.map((a) => JSON.stringify(a)).join(',')}}`}::text[], ${flow ? Number(flow.id) : null},
          ${notarizationProviders(deps).notary.name}, ${ctx.userId}, ${now}, ${now})
        returning id`,
    );
    const id = Number(row!.id);
    await addEvidence(tx, ctx.tenantId, id, {
      step: 'created',
      actor: ctx.name,
      request: { ...input, ...f },
      response: { id },
      at: now,
    });
    return id;
  });
  return getNotarization(deps, ctx, id);
}

export async function updateNotarization(
  deps: AppDeps,
  ctx: RequestContext,
  id: number,
  input: NotarizationUpdateInput,
): Promise<NotarizationDetail> {
  const f = await checkedFiles(deps, ctx, input);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const r = await lockApp(tx, ctx, id);
    if (r.state !== 'draft') throw new ConflictError('notarization.notDraft');
    if (r.version !== input.version) throw new ConflictError('notarization.stale');
    await tx.execute(sql`update notarizations set kind = ${input.kind}, notary_office = ${input.notaryOffice},
        copies = ${input.copies}, delivery = ${input.delivery}, remark = ${input.remark ?? null},
        id_front = ${f.idFront}, id_back = ${f.idBack}, licence = ${f.licence},
        attachments = ${`{${f.attachments.map((a) => JSON.stringify(a)).join(',')}}`}::text[],
        version = version + 1, updated_at = ${now}
      where tenant_id = ${ctx.tenantId} and id = ${id}`);
    await addEvidence(tx, ctx.tenantId, id, {
      step: 'updated',
      actor: ctx.name,
      request: { ...input, ...f },
      response: {},
      at: now,
    });
  });
  return getNotarization(deps, ctx, id);
}

export async function deleteNotarization(deps: AppDeps, ctx: RequestContext, id: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const r = await lockApp(tx, ctx, id);
    if (r.state !== 'draft') throw new ConflictError('notarization.notDraft');
    await tx.execute(sql`delete from notarizations where tenant_id = ${ctx.tenantId} and id = ${id}`);
  });
}

/** The bytes of a stored file by its stable address, with its original name. */
async function readUpload(deps: AppDeps, tenantId: number, url: string): Promise<{ fileName: string; data: Buffer }> {
  const key = deps.fileUrls.keyOf(url);
  const [row] = key
    ? await rowsOf<{ original_name: string }>(
        deps.db,
        sql`select original_name from files where tenant_id = ${tenantId} and key = ${key}`,
      )
    : [];
  const file = key ? await deps.storage.get(key) : null;
  if (!row || !file) throw new ConflictError('notarization.fileMissing');
  return { fileName: row.original_name, data: await buffer(file.stream) };
}

/** The contract's document to notarize: its newest stored version (the signed PDF when signed electronically). */
async function contractFile(deps: AppDeps, tenantId: number, contractId: number) {
  const [d] = await rowsOf<{ file_key: string; file_name: string; sha256: string | null }>(
    deps.db,
    sql`select file_key, file_name, sha256 from contract_documents where tenant_id = ${tenantId}
      and contract_id = ${contractId} and kind = 'contract' order by version desc limit 1`,
  );
  if (!d) throw new ConflictError('notarization.noContractFile');
  const file = await deps.storage.get(d.file_key);
  if (!file) throw new ConflictError('notarization.noContractFile');
  const data = await buffer(file.stream);
  if (d.sha256 && sha256(data) !== d.sha256) throw new ConflictError('notarization.fileTampered');
  return { fileName: d.file_name, data };
}

/** Keeps a copy of what was sent (the application's own storage key), with its SHA-256. */
async function keepDocuments(
  deps: AppDeps,
  tx: DbOrTx,
  tenantId: number,
  appId: number,
  docs: NotaryDocument[],
): Promise<void> {
  for (const d of docs) {
    const key = `t${tenantId}/notarization/${appId}/${randomUUID()}${d.fileName.match(/\.\w{2,5}$/)?.[0] ?? ''}`;
    await deps.storage.put(key, Readable.from(d.data), 'application/octet-stream');
    await tx.execute(sql`insert into notarization_documents (tenant_id, notarization_id, kind, file_key, file_name,
        size, sha256, created_at)
      values (${tenantId}, ${appId}, ${d.kind}, ${key}, ${d.fileName}, ${d.data.length}, ${d.sha256}, ${deps.clock.now()})`);
  }
}

/**
 * Submits a draft: the ID card's two sides are required; the fee's balance is checked first, the documents are
 * hashed and sent, and the charge, the state and the evidence are one transaction (a conflict after the platform
 * took the case withdraws it there again).
 */
export async function submitNotarization(deps: AppDeps, ctx: RequestContext, id: number): Promise<NotarizationDetail> {
  const r = await appOf(deps.db, ctx, id);
  if (r.state !== 'draft') throw new ConflictError('notarization.notDraft');
  if (!r.id_front) throw invalidField('idFront', 'notarization.idRequired');
  if (!r.id_back) throw invalidField('idBack', 'notarization.idRequired');
  const price = await priceService(deps.db, ctx.tenantId, NOTARIZATION_SERVICE, 1);
  if (price.balanceAfterFen < 0) {
    throw new ConflictError(
      'payments.insufficientBalance',
      { need: fenToYuan(price.totalFen).toFixed(2), balance: fenToYuan(price.balanceFen).toFixed(2) },
      'payments.insufficientBalance',
    );
  }
  const contract = await contractFile(deps, ctx.tenantId, Number(r.contract_id));
  const docs: NotaryDocument[] = [{ kind: 'contract', ...contract, sha256: sha256(contract.data) }];
  const uploads: [NotarizationDocumentKind, string | null][] = [
    ['idFront', r.id_front],
    ['idBack', r.id_back],
    ['licence', r.licence],
    ...arrayOf(r.attachments).map((a): [NotarizationDocumentKind, string] => ['attachment', a]),
  ];
  for (const [kind, url] of uploads) {
    if (!url) continue;
    const f = await readUpload(deps, ctx.tenantId, url);
    docs.push({ kind, ...f, sha256: sha256(f.data) });
  }
  const provider = notarizationProviders(deps).notary;
  const submission = {
    applicationNo: r.number,
    company: r.rent_name,
    applicant: r.driver_name,
    kind: r.kind,
    notaryOffice: r.notary_office,
    copies: r.copies,
    delivery: r.delivery,
    documents: docs,
    notifyUrl: `${deps.config.PUBLIC_URL.replace(/\/$/, '')}/api/notary/callback/${provider.name}`,
  };
  const sent = await provider.submit(submission);
  const now = deps.clock.now();
  try {
    await deps.db.transaction(async (tx) => {
      const locked = await lockApp(tx, ctx, id);
      if (locked.state !== 'draft') throw new ConflictError('notarization.notDraft');
      const fee = await charge(
        tx,
        { tenantId: ctx.tenantId, userId: ctx.userId },
        NOTARIZATION_SERVICE,
        1,
        { type: 'notarization', id: String(id) },
        { now, description: r.number },
      );
      await tx.execute(sql`update notarizations set state = 'submitted', case_no = ${sent.caseNo},
          fee_fen = ${fee.amountFen}, charge_id = ${fee.chargeId}, submitted_at = ${now}, updated_at = ${now},
          version = version + 1
        where tenant_id = ${ctx.tenantId} and id = ${id}`);
      await keepDocuments(deps, tx, ctx.tenantId, id, docs);
      await addEvidence(tx, ctx.tenantId, id, {
        step: 'submitted',
        actor: ctx.name,
        summary: sent.caseNo,
        request: sent.exchange.request,
        response: sent.exchange.response,
        at: now,
      });
      await addEvidence(tx, ctx.tenantId, id, {
        step: 'charged',
        actor: ctx.name,
        summary: fenToYuan(fee.amountFen).toFixed(2),
        request: { serviceCode: NOTARIZATION_SERVICE, count: 1 },
        response: { chargeId: fee.chargeId, amountFen: fee.amountFen, balanceAfterFen: fee.balanceAfterFen },
        at: now,
      });
    });
  } catch (err) {
    await provider.withdraw(sent.caseNo, 'not submitted').catch(() => undefined);
    throw err;
  }
  return getNotarization(deps, ctx, id);
}

export async function supplementNotarization(
  deps: AppDeps,
  ctx: RequestContext,
  id: number,
  input: NotarizationSupplementInput,
): Promise<NotarizationDetail> {
  const r = await appOf(deps.db, ctx, id);
  if (r.state !== 'supplement' || !r.case_no) throw new ConflictError('notarization.notAsked');
  const docs: NotaryDocument[] = [];
  for (const [i, url] of input.files.entries()) {
    const stable = await storedFileUrl(deps.db, deps, ctx.tenantId, url, `files.${i}`, {
      types: ['document', 'image', 'license'],
    });
    const f = await readUpload(deps, ctx.tenantId, stable);
    docs.push({ kind: 'supplement', ...f, sha256: sha256(f.data) });
  }
  const exchange = await notarizationProviders(deps).notary.supplement(r.case_no, {
    note: input.note,
    documents: docs,
  });
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const locked = await lockApp(tx, ctx, id);
    if (locked.state !== 'supplement') throw new ConflictError('notarization.notAsked');
    await tx.execute(sql`update notarizations set state = 'reviewing', updated_at = ${now}, version = version + 1
      where tenant_id = ${ctx.tenantId} and id = ${id}`);
    await keepDocuments(deps, tx, ctx.tenantId, id, docs);
    await addEvidence(tx, ctx.tenantId, id, {
      step: 'supplemented',
      actor: ctx.name,
      summary: input.note,
      request: exchange.request,
      response: exchange.response,
      at: now,
    });
  });
  return getNotarization(deps, ctx, id);
}

/** Withdraws an application the notary has not decided; the fee comes back when the notary had not accepted it. */
export async function withdrawNotarization(
  deps: AppDeps,
  ctx: RequestContext,
  id: number,
  reason: string,
): Promise<NotarizationDetail> {
  const r = await appOf(deps.db, ctx, id);
  if (!NOTARIZATION_OPEN_STATES.includes(r.state)) throw new ConflictError('notarization.decided');
  const exchange =
    r.state !== 'draft' && r.case_no
      ? await notarizationProviders(deps).notary.withdraw(r.case_no, reason)
      : { request: { reason }, response: {} };
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const locked = await lockApp(tx, ctx, id);
    if (!NOTARIZATION_OPEN_STATES.includes(locked.state)) throw new ConflictError('notarization.decided');
    await tx.execute(sql`update notarizations set state = 'withdrawn', withdraw_reason = ${reason},
        decided_at = ${now}, updated_at = ${now}, version = version + 1
      where tenant_id = ${ctx.tenantId} and id = ${id}`);
    await addEvidence(tx, ctx.tenantId, id, {
      step: 'withdrawn',
      actor: ctx.name,
      summary: reason,
      request: exchange.request,
      response: exchange.response,
      at: now,
    });
    if (locked.state === 'submitted') await refundFee(tx, ctx.tenantId, ctx.userId, locked, 'withdrawn', now);
  });
  return getNotarization(deps, ctx, id);
}

async function refundFee(tx: Tx, tenantId: number, userId: number | null, r: AppRow, why: string, now: Date) {
  if (r.charge_id === null || r.fee_refunded) return;
  const id = Number(r.id);
  const back = await refundCharge(tx, { tenantId, userId }, Number(r.charge_id), {
    reason: `notarization ${r.number} ${why}`,
    key: `notarization-${id}`,
    now,
  });
  await tx.execute(sql`update notarizations set fee_refunded = true where tenant_id = ${tenantId} and id = ${id}`);
  await addEvidence(tx, tenantId, id, {
    step: 'refunded',
    actor: null,
    summary: fenToYuan(back.amountFen).toFixed(2),
    request: { chargeId: Number(r.charge_id), why },
    response: back,
    at: now,
  });
}

// ------------------------------------------------------------------------------------------------ callbacks

/** A notary platform's callback: proved (else 401), once (a replay changes nothing), applied where it moves on. */
export async function handleNotaryCallback(
  deps: AppDeps,
  providerName: string,
  input: { headers: Record<string, string | string[] | undefined>; body: string },
): Promise<{ status: number; contentType: string; body: string }> {
  const provider = notarizationProviders(deps).notary;
  if (provider.name !== providerName) throw new NotFoundError();
  let verified;
  try {
    verified = provider.verifyCallback(input);
  } catch (err) {
    if (err instanceof CallbackRejected) {
      deps.log.warn({ provider: providerName, reason: err.message }, 'notary callback refused');
      return {
        status: err.status,
        contentType: 'application/json',
        body: JSON.stringify({ code: err.status, msg: err.message }),
      };
    }
    throw err;
  }
  const [fresh] = await rowsOf(
    deps.db,
    sql`insert into provider_callbacks (kind, provider, callback_key, received_at)
      values ('notary', ${providerName}, ${verified.key}, ${deps.clock.now()}) on conflict do nothing returning 1`,
  );
  if (fresh) for (const n of verified.notices) await applyNotary(deps, providerName, n, input.body);
  return provider.callbackAnswer;
}

const TRANSITIONS: Record<
  NotaryNotice['kind'],
  { from: NotarizationState[]; to: NotarizationState; step: NotaryStep }
> = {
  accepted: { from: ['submitted'], to: 'reviewing', step: 'accepted' },
  supplementAsked: { from: ['reviewing'], to: 'supplement', step: 'supplementAsked' },
  notarized: { from: ['reviewing'], to: 'notarized', step: 'notarized' },
  rejected: { from: ['submitted', 'reviewing', 'supplement'], to: 'rejected', step: 'rejected' },
};

async function applyNotary(deps: AppDeps, providerName: string, n: NotaryNotice, body: string) {
  await deps.events.transaction(async (tx) => {
    const [hit] = await rowsOf<{ tenant_id: RawNumber; id: RawNumber; rent_id: RawNumber }>(
      tx,
      sql`select tenant_id, id, rent_id from notarizations where provider = ${providerName} and case_no = ${n.caseNo}
        for update`,
    );
    if (!hit) return;
    const tenantId = Number(hit.tenant_id);
    const id = Number(hit.id);
    const r = await appOf(tx, { tenantId, rentIds: [Number(hit.rent_id)] }, id);
    const t = TRANSITIONS[n.kind];
    if (!t.from.includes(r.state)) return;
    const now = deps.clock.now();
    const decided = t.to === 'notarized' || t.to === 'rejected';
    await tx.execute(sql`update notarizations set state = ${t.to}, updated_at = ${now}, version = version + 1,
        supplement_request = ${n.kind === 'supplementAsked' ? n.note : r.supplement_request},
        reject_reason = ${n.kind === 'rejected' ? n.note : null},
        certificate_no = ${n.kind === 'notarized' ? n.certificateNo : null},
        certificate_date = ${n.kind === 'notarized' ? n.certificateDate : null},
        decided_at = ${decided ? now : null}
      where tenant_id = ${tenantId} and id = ${id}`);
    await addEvidence(tx, tenantId, id, {
      step: t.step,
      actor: `${providerName}: ${r.notary_office}`,
      summary: n.kind === 'notarized' ? n.certificateNo : n.note,
      request: JSON.parse(body) as unknown,
      response: { state: t.to },
      at: now,
    });
    if (n.kind === 'rejected') await refundFee(tx, tenantId, null, r, 'rejected', now);
    if (n.kind === 'notarized') {
      await publish(tx, { tenantId, name: 'notarization.notarized', payload: { notarizationId: id } });
    }
  });
}

/** Once notarized (the event's durable subscriber): the certificate PDF is fetched and kept with its hash. */
export async function storeCertificate(deps: AppDeps, tenantId: number, id: number): Promise<void> {
  const [r] = await rowsOf<{ case_no: string | null; state: string; has: boolean }>(
    deps.db,
    sql`select case_no, state, exists (select 1 from notarization_documents d where d.tenant_id = n.tenant_id
        and d.notarization_id = n.id and d.kind = 'certificate') as has
      from notarizations n where tenant_id = ${tenantId} and id = ${id}`,
  );
  if (!r || r.state !== 'notarized' || r.has || !r.case_no) return;
  const provider = notarizationProviders(deps).notary;
  const { pdf, fileName } = await provider.certificate(r.case_no);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await rowsOf(tx, sql`select id from notarizations where tenant_id = ${tenantId} and id = ${id} for update`);
    const [again] = await rowsOf(
      tx,
      sql`select 1 from notarization_documents where tenant_id = ${tenantId} and notarization_id = ${id}
        and kind = 'certificate'`,
    );
    if (again) return;
    const doc = { kind: 'certificate', fileName, data: pdf, sha256: sha256(pdf) };
    await keepDocuments(deps, tx, tenantId, id, [doc]);
    await addEvidence(tx, tenantId, id, {
      step: 'certificateStored',
      actor: provider.name,
      summary: fileName,
      request: { caseNo: r.case_no },
      response: { fileName, size: pdf.length, sha256: doc.sha256 },
      at: now,
    });
  });
}

/** A stored document of an application, its SHA-256 checked (409 when the stored bytes changed). */
export async function documentFile(
  deps: AppDeps,
  ctx: RequestContext,
  id: number,
  documentId: number,
): Promise<{ fileName: string; data: Buffer }> {
  await appOf(deps.db, ctx, id);
  const [d] = await rowsOf<{ file_key: string; file_name: string; sha256: string }>(
    deps.db,
    sql`select file_key, file_name, sha256 from notarization_documents where tenant_id = ${ctx.tenantId}
      and notarization_id = ${id} and id = ${documentId}`,
  );
  const file = d ? await deps.storage.get(d.file_key) : null;
  if (!d || !file) throw new NotFoundError('notarization.documentNotFound');
  const data = await buffer(file.stream);
  if (sha256(data) !== d.sha256) throw new ConflictError('notarization.fileTampered');
  return { fileName: d.file_name, data };
}

/** Everything the dossier prints: the application, its documents, its chained steps and the e-signature's. */
export async function dossierData(deps: AppDeps, ctx: RequestContext, id: number) {
  const detail = await getNotarization(deps, ctx, id);
  const steps = await rowsOf<{
    seq: number;
    step: NotaryStep;
    at: RawTime;
    request_sha256: string;
    response_sha256: string;
    chain_sha256: string;
  }>(
    deps.db,
    sql`select seq, step, at, request_sha256, response_sha256, chain_sha256 from notarization_evidence
      where tenant_id = ${ctx.tenantId} and notarization_id = ${id} order by seq`,
  );
  let prev = GENESIS;
  let chainIntact = true;
  for (const s of steps) {
    const expected = chainHash(prev, s.step, rawIso(s.at), s.request_sha256, s.response_sha256);
    if (expected !== s.chain_sha256) chainIntact = false;
    prev = s.chain_sha256;
  }
  const esignEvents = detail.esign
    ? await rowsOf<{ kind: string; actor: string | null; sha256: string | null; at: RawTime }>(
        deps.db,
        sql`select e.kind, e.actor, e.sha256, e.at from esign_events e join notarizations n
            on n.tenant_id = e.tenant_id and n.esign_flow_id = e.flow_id
          where n.tenant_id = ${ctx.tenantId} and n.id = ${id} order by e.at, e.id`,
      )
    : [];
  const days = await tenantDays(deps.db, ctx.tenantId, deps.clock.now());
  return { detail, chainIntact, esignEvents, printedOn: days.today };
}
