import { createHash } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { sql } from 'drizzle-orm';
import { fenToYuan, type Lang } from '@fleetdesk/contracts/common';
import { maskPhone } from '@fleetdesk/contracts/crm';
import {
  ESIGN_EXPIRE_DAYS,
  type EsignEventKind,
  type EsignFlow,
  type EsignFlowState,
  type EsignPanel,
  type EsignSendInput,
} from '@fleetdesk/contracts/notarization';
import type { RequestContext } from '../../core/access.js';
import { rawIso, rawIsoOrNull, rowsOf, type DbOrTx, type RawNumber, type RawTime, type Tx } from '../../core/db.js';
import type { AppDeps } from '../../core/deps.js';
import { AppError, ConflictError, NotFoundError } from '../../core/errors.js';
import { publish } from '../../core/events.js';
import { translate } from '../../core/i18n.js';
import { balance, charge, planService, priceService, refundCharge } from '../payments/payments.service.js';
import { contractDocument } from '../rental-contracts/documents.service.js';
import { keepDocument, systemContext } from '../rental-contracts/attachments.service.js';
import { contractInScope } from '../rental-contracts/handover.service.js';
import { account, signContractInTx } from '../rental-contracts/rental-contracts.service.js';
import './notarization.messages.js';
import { CallbackRejected, type EsignNotice } from './providers/esign-provider.js';
import { notarizationProviders } from './providers/index.js';

/**
 * Electronic signing of a pending contract (docs/notarization.md, "E-signature"). Sending makes the contract's PDF,
 * has the provider open a flow (the driver, then the company's seal), charges the paid service S40 and, with the
 * sandbox, sends the driver his link by SMS (a real provider sends its own). The provider's callbacks move the
 * signers and the flow; when the last signature is in, the `esign.completed` event's durable subscriber fetches
 * the signed PDF (the contract document's newest version, its SHA-256 and evidence number) and signs the contract
 * with the account chosen at sending. While a flow is signing, the contract is not signed on paper, changed or
 * cancelled (the contracts area's guard).
 */
export const ESIGN_SERVICE = 'S40';

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

interface FlowRow {
  id: RawNumber;
  contract_id: RawNumber;
  rent_id: RawNumber;
  flow_no: string;
  provider: string;
  provider_flow_id: string;
  state: EsignFlowState;
  title: string;
  account_id: RawNumber;
  account_name: string | null;
  paid_date: string | null;
  fee_fen: RawNumber;
  charge_id: RawNumber | null;
  fee_refunded: boolean;
  created_by: RawNumber | null;
  created_by_name: string | null;
  created_at: RawTime;
  expires_at: RawTime;
  completed_at: RawTime | null;
  ended_reason: string | null;
  reminded_at: RawTime | null;
  signed_document_id: RawNumber | null;
  signed_sha256: string | null;
  evidence_no: string | null;
  sign_error: string | null;
  file_name: string | null;
}

interface SignerRow {
  id: RawNumber;
  flow_id: RawNumber;
  role: 'driver' | 'company';
  sign_order: number;
  name: string;
  phone: string | null;
  provider_signer_id: string;
  state: 'waiting' | 'signing' | 'signed' | 'refused';
  sign_url: string | null;
  signed_at: RawTime | null;
  refused_reason: string | null;
}

const flowSelect = (tenantId: number) => sql`
  select f.*, a.name as account_name, u.name as created_by_name, d.file_name
  from esign_flows f
  left join collection_accounts a on a.tenant_id = f.tenant_id and a.id = f.account_id
  left join users u on u.tenant_id = f.tenant_id and u.id = f.created_by
  left join contract_documents d on d.tenant_id = f.tenant_id and d.id = f.signed_document_id
  where f.tenant_id = ${tenantId}`;

async function flowsOf(db: DbOrTx, tenantId: number, where: ReturnType<typeof sql>): Promise<FlowRow[]> {
  return rowsOf<FlowRow>(db, sql`${flowSelect(tenantId)} and ${where} order by f.id desc limit 50`);
}

async function shape(db: DbOrTx, tenantId: number, rows: FlowRow[], lang: Lang): Promise<EsignFlow[]> {
  if (!rows.length) return [];
  const ids = `{${rows.map((r) => Number(r.id)).join(',')}}`;
  const signers = await rowsOf<SignerRow>(
    db,
    sql`select * from esign_signers where tenant_id = ${tenantId} and flow_id = any(${ids}::int8[])
      order by flow_id, sign_order`,
  );
  const events = await rowsOf<{
    flow_id: RawNumber;
    kind: EsignEventKind;
    actor: string | null;
    text: string | null;
    sha256: string | null;
    at: RawTime;
  }>(
    db,
    sql`select flow_id, kind, actor, text, sha256, at from esign_events
      where tenant_id = ${tenantId} and flow_id = any(${ids}::int8[]) order by at, id`,
  );
  return rows.map((r) => {
    const id = Number(r.id);
    return {
      id,
      flowNo: r.flow_no,
      provider: r.provider,
      providerFlowId: r.provider_flow_id,
      state: r.state,
      title: r.title,
      accountId: Number(r.account_id),
      accountName: r.account_name,
      fee: fenToYuan(Number(r.fee_fen)),
      feeRefunded: r.fee_refunded,
      createdBy: r.created_by_name,
      createdAt: rawIso(r.created_at),
      expiresAt: rawIso(r.expires_at),
      completedAt: rawIsoOrNull(r.completed_at),
      endedReason: r.ended_reason,
      remindedAt: rawIsoOrNull(r.reminded_at),
      signers: signers
        .filter((s) => Number(s.flow_id) === id)
        .map((s) => ({
          id: Number(s.id),
          role: s.role,
          order: s.sign_order,
          name: s.name,
          phone: s.phone ? maskPhone(s.phone) : null,
          state: s.state,
          signedAt: rawIsoOrNull(s.signed_at),
          refusedReason: s.refused_reason,
          url: r.state === 'signing' && s.role === 'driver' && s.state === 'signing' ? s.sign_url : null,
        })),
      signedFile:
        r.signed_document_id !== null && r.signed_sha256
          ? {
              documentId: Number(r.signed_document_id),
              fileName: r.file_name ?? `${r.flow_no}.pdf`,
              sha256: r.signed_sha256,
              evidenceNo: r.evidence_no ?? '',
            }
          : null,
      signError: r.sign_error,
      events: events
        .filter((e) => Number(e.flow_id) === id)
        .map((e) => ({
          at: rawIso(e.at),
          kind: e.kind,
          actor: e.actor,
          text: e.text ? translateStored(lang, e.text) : null,
          sha256: e.sha256,
        })),
    };
  });
}

/** Event texts are stored as a message key and its parameters (JSON) when they are ours, else as given. */
function translateStored(lang: Lang, text: string): string {
  if (!text.startsWith('{')) return text;
  try {
    const t = JSON.parse(text) as { key: string; params?: Record<string, string | number> };
    return translate(lang, t.key, t.params);
  } catch {
    return text;
  }
}
const keyText = (key: string, params?: Record<string, string | number>) => JSON.stringify({ key, params });

async function addEvent(
  tx: DbOrTx,
  tenantId: number,
  flowId: number,
  e: { kind: EsignEventKind; actor?: string | null; text?: string | null; payload?: unknown; at: Date },
) {
  const payload = e.payload === undefined ? null : JSON.stringify(e.payload);
  await tx.execute(sql`insert into esign_events (tenant_id, flow_id, kind, actor, text, sha256, payload, at)
    values (${tenantId}, ${flowId}, ${e.kind}, ${e.actor ?? null}, ${e.text ?? null},
      ${payload === null ? null : sha256(payload)}, ${payload}::jsonb, ${e.at})`);
}

/** Why a contract cannot be sent now (a message key), or null. */
async function sendRefusal(db: DbOrTx, tenantId: number, c: { id: number; state: string }): Promise<string | null> {
  if (c.state !== 'pending') return 'esign.notPending';
  const [open] = await rowsOf<{ id: RawNumber }>(
    db,
    sql`select id from esign_flows where tenant_id = ${tenantId} and contract_id = ${c.id} and state = 'signing'`,
  );
  return open ? 'esign.flowOpen' : null;
}

/** The contract page's signing panel. */
export async function esignPanel(deps: AppDeps, ctx: RequestContext, contractId: number): Promise<EsignPanel> {
  const c = await contractInScope(deps.db, ctx, contractId);
  const p = notarizationProviders(deps);
  const flows = await shape(
    deps.db,
    ctx.tenantId,
    await flowsOf(deps.db, ctx.tenantId, sql`f.contract_id = ${contractId}`),
    ctx.lang,
  );
  const { unitPriceFen } = await planService(deps.db, ctx.tenantId, ESIGN_SERVICE);
  let refusal = await sendRefusal(deps.db, ctx.tenantId, c);
  if (!refusal && unitPriceFen === null) refusal = 'esign.notInPlan';
  return {
    provider: { name: p.esign.name, sandbox: p.esign.sandbox },
    unitPrice: unitPriceFen === null ? null : fenToYuan(unitPriceFen),
    balance: (await balance(deps.db, ctx.tenantId)).balance,
    canSend: !refusal,
    refusal: refusal ? translate(ctx.lang, refusal) : null,
    current: flows[0] ?? null,
    history: flows.slice(1),
  };
}

async function flowOf(deps: AppDeps, ctx: RequestContext, flowId: number, lock?: Tx): Promise<FlowRow> {
  const [row] = await rowsOf<FlowRow>(
    lock ?? deps.db,
    lock
      ? sql`select f.*, null as account_name, null as created_by_name, null as file_name from esign_flows f
          where f.tenant_id = ${ctx.tenantId} and f.id = ${flowId} for update`
      : sql`${flowSelect(ctx.tenantId)} and f.id = ${flowId}`,
  );
  if (!row || !ctx.rentIds.includes(Number(row.rent_id))) throw new NotFoundError('esign.notFound');
  return row;
}

async function flowAnswer(deps: AppDeps, ctx: RequestContext, flowId: number): Promise<EsignFlow> {
  const [f] = await shape(deps.db, ctx.tenantId, [await flowOf(deps, ctx, flowId)], ctx.lang);
  return f!;
}

async function sendLinkSms(deps: AppDeps, tenantId: number, flowId: number, phone: string, url: string, title: string) {
  const [t] = await rowsOf<{ short_name: string }>(deps.db, sql`select short_name from tenants where id = ${tenantId}`);
  await deps.sms.send({
    tenantId,
    phone,
    content: `【${t?.short_name ?? 'Fleetdesk'}】请签署《${title}》：${url} ，签署前需核验身份证号后六位。`,
  });
  await addEvent(deps.db, tenantId, flowId, {
    kind: 'smsSent',
    text: maskPhone(phone),
    at: deps.clock.now(),
  });
}

/**
 * Sends a pending contract for signing. The PDF is made and the provider's flow opened before the transaction
 * (network); the flow, its signers and the charge are one transaction (a short balance refuses it, and the
 * provider's flow is cancelled again).
 */
export async function sendForSigning(
  deps: AppDeps,
  ctx: RequestContext,
  contractId: number,
  input: EsignSendInput,
): Promise<EsignFlow> {
  const c = await contractInScope(deps.db, ctx, contractId);
  const refusal = await sendRefusal(deps.db, ctx.tenantId, c);
  if (refusal) throw new ConflictError(refusal);
  await account(deps.db, ctx.tenantId, input.accountId);
  const price = await priceService(deps.db, ctx.tenantId, ESIGN_SERVICE, 1);
  if (price.balanceAfterFen < 0) {
    throw new ConflictError(
      'payments.insufficientBalance',
      { need: fenToYuan(price.totalFen).toFixed(2), balance: fenToYuan(price.balanceFen).toFixed(2) },
      'payments.insufficientBalance',
    );
  }
  const [who] = await rowsOf<{
    driver_name: string;
    driver_phone: string;
    id_number: string;
    rent_name: string;
    licence_no: string | null;
    clerk_phone: string | null;
  }>(
    deps.db,
    sql`select d.name as driver_name, d.phone as driver_phone, d.id_number, r.name as rent_name,
        coalesce(r.licence_no, t.licence_no) as licence_no, u.phone as clerk_phone
      from rental_contracts c join drivers d on d.tenant_id = c.tenant_id and d.id = c.driver_id
      join rents r on r.tenant_id = c.tenant_id and r.id = c.rent_id
      join tenants t on t.id = c.tenant_id
      left join users u on u.tenant_id = c.tenant_id and u.id = ${ctx.userId}
      where c.tenant_id = ${ctx.tenantId} and c.id = ${contractId}`,
  );
  if (!who) throw new NotFoundError('contracts.notFound');
  const { fileName, data } = await contractDocument(deps, ctx, contractId, 'contract');
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + (input.expireDays ?? ESIGN_EXPIRE_DAYS.default) * 86_400_000);
  const title = `租赁合同 ${c.number}`;
  const provider = notarizationProviders(deps).esign;
  const signers = [
    { order: 1, role: 'driver' as const, name: who.driver_name, phone: who.driver_phone, idNumber: who.id_number },
    { order: 2, role: 'company' as const, name: who.rent_name, phone: who.clerk_phone, idNumber: who.licence_no },
  ];
  const created = await provider.createFlow({
    title,
    fileName,
    pdf: data,
    signers,
    notifyUrl: `${deps.config.PUBLIC_URL.replace(/\/$/, '')}/api/esign/callback/${provider.name}`,
    expiresAt,
  });
  let flowId: number;
  try {
    flowId = await deps.db.transaction(async (tx) => {
      await rowsOf(
        tx,
        sql`select id from rental_contracts where tenant_id = ${ctx.tenantId} and id = ${contractId} for update`,
      );
      const again = await sendRefusal(tx, ctx.tenantId, c);
      if (again) throw new ConflictError(again);
      const [row] = await rowsOf<{ id: RawNumber }>(
        tx,
        sql`insert into esign_flows (tenant_id, contract_id, rent_id, flow_no, provider, provider_flow_id, state, title,
            account_id, paid_date, sent_sha256, created_by, created_at, updated_at, expires_at)
          values (${ctx.tenantId}, ${contractId}, ${c.rentId},
            ${'ES' + now.toISOString().replace(/\D/g, '').slice(0, 14)} || lpad((nextval('order_no_seq') % 1000000)::text, 6, '0'),
            ${provider.name}, ${created.flowId}, 'signing', ${title}, ${input.accountId}, ${input.paidDate ?? null},
            ${sha256(data)}, ${ctx.userId}, ${now}, ${now}, ${expiresAt})
          returning id`,
      );
      const id = Number(row!.id);
      for (const s of signers) {
        const providerSignerId = created.signers.find((x) => x.order === s.order)?.providerSignerId ?? String(s.order);
        await tx.execute(sql`insert into esign_signers (tenant_id, flow_id, role, sign_order, name, phone, id_number,
            provider_signer_id, state)
          values (${ctx.tenantId}, ${id}, ${s.role}, ${s.order}, ${s.name}, ${s.phone}, ${s.idNumber},
            ${providerSignerId}, ${s.order === 1 ? 'signing' : 'waiting'})`);
      }
      const fee = await charge(
        tx,
        { tenantId: ctx.tenantId, userId: ctx.userId },
        ESIGN_SERVICE,
        1,
        { type: 'esignFlow', id: String(id) },
        { now, description: title },
      );
      await tx.execute(
        sql`update esign_flows set fee_fen = ${fee.amountFen}, charge_id = ${fee.chargeId} where tenant_id = ${ctx.tenantId} and id = ${id}`,
      );
      await addEvent(tx, ctx.tenantId, id, {
        kind: 'sent',
        actor: ctx.name,
        text: keyText('esign.event.sent', { fee: fenToYuan(fee.amountFen).toFixed(2) }),
        payload: { ...(created.exchange as object), pdfSha256: sha256(data) },
        at: now,
      });
      return id;
    });
  } catch (err) {
    await provider.cancel(created.flowId, 'not opened').catch(() => undefined);
    throw err;
  }
  await linkToDriver(deps, ctx.tenantId, flowId, title);
  return flowAnswer(deps, ctx, flowId);
}

/** The driver's signing link, kept for the panel; the sandbox sends it by SMS (a real provider sends its own). */
async function linkToDriver(deps: AppDeps, tenantId: number, flowId: number, title: string) {
  const provider = notarizationProviders(deps).esign;
  const [f] = await rowsOf<{ provider_flow_id: string }>(
    deps.db,
    sql`select provider_flow_id from esign_flows where tenant_id = ${tenantId} and id = ${flowId}`,
  );
  const [s] = await rowsOf<SignerRow>(
    deps.db,
    sql`select * from esign_signers where tenant_id = ${tenantId} and flow_id = ${flowId} and role = 'driver'`,
  );
  if (!f || !s) return;
  try {
    const url = await provider.signUrl(f.provider_flow_id, {
      order: s.sign_order,
      providerSignerId: s.provider_signer_id,
      phone: s.phone,
    });
    await deps.db.execute(
      sql`update esign_signers set sign_url = ${url} where tenant_id = ${tenantId} and id = ${s.id}`,
    );
    if (provider.sandbox && s.phone) await sendLinkSms(deps, tenantId, flowId, s.phone, url, title);
  } catch (err) {
    deps.log.warn({ err, flowId }, 'e-signature: the driver link was not fetched or sent');
  }
}

/** Reminds the signer whose turn it is (at most once in 10 minutes). */
export async function remindSigner(deps: AppDeps, ctx: RequestContext, flowId: number): Promise<EsignFlow> {
  const f = await flowOf(deps, ctx, flowId);
  if (f.state !== 'signing') throw new ConflictError('esign.notSigning');
  const now = deps.clock.now();
  if (f.reminded_at && now.getTime() - new Date(f.reminded_at).getTime() < 10 * 60_000) {
    throw new ConflictError('esign.remindedRecently');
  }
  const provider = notarizationProviders(deps).esign;
  const answer = await provider.remind(f.provider_flow_id);
  await deps.db.execute(sql`update esign_flows set reminded_at = ${now}, updated_at = ${now}
    where tenant_id = ${ctx.tenantId} and id = ${flowId}`);
  await addEvent(deps.db, ctx.tenantId, flowId, { kind: 'reminded', actor: ctx.name, payload: answer ?? {}, at: now });
  if (provider.sandbox) {
    const [s] = await rowsOf<SignerRow>(
      deps.db,
      sql`select * from esign_signers where tenant_id = ${ctx.tenantId} and flow_id = ${flowId} and state = 'signing'`,
    );
    if (s?.role === 'driver' && s.phone && s.sign_url) {
      await sendLinkSms(deps, ctx.tenantId, flowId, s.phone, s.sign_url, f.title);
    }
  }
  return flowAnswer(deps, ctx, flowId);
}

/** The company's seal: the company signer's address once the driver has signed (the clerk opens it). */
export async function sealUrl(deps: AppDeps, ctx: RequestContext, flowId: number): Promise<{ url: string }> {
  const f = await flowOf(deps, ctx, flowId);
  const [s] = await rowsOf<SignerRow>(
    deps.db,
    sql`select * from esign_signers where tenant_id = ${ctx.tenantId} and flow_id = ${flowId} and role = 'company'`,
  );
  if (f.state !== 'signing' || !s || s.state !== 'signing') throw new ConflictError('esign.notCompanyTurn');
  const url = await notarizationProviders(deps).esign.signUrl(f.provider_flow_id, {
    order: s.sign_order,
    providerSignerId: s.provider_signer_id,
    phone: s.phone,
  });
  return { url };
}

/** Cancels a flow still signing; the fee is given back when nobody had signed yet. */
export async function cancelFlow(
  deps: AppDeps,
  ctx: RequestContext,
  flowId: number,
  reason: string,
): Promise<EsignFlow> {
  const f = await flowOf(deps, ctx, flowId);
  if (f.state !== 'signing') throw new ConflictError('esign.notSigning');
  const answer = await notarizationProviders(deps).esign.cancel(f.provider_flow_id, reason);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const locked = await flowOf(deps, ctx, flowId, tx);
    if (locked.state !== 'signing') throw new ConflictError('esign.notSigning');
    await tx.execute(sql`update esign_flows set state = 'cancelled', ended_reason = ${reason}, updated_at = ${now}
      where tenant_id = ${ctx.tenantId} and id = ${flowId}`);
    await addEvent(tx, ctx.tenantId, flowId, {
      kind: 'cancelled',
      actor: ctx.name,
      text: reason,
      payload: answer ?? {},
      at: now,
    });
    await refundIfUnsigned(tx, ctx.tenantId, ctx.userId, flowId, locked, now);
  });
  return flowAnswer(deps, ctx, flowId);
}

async function refundIfUnsigned(
  tx: Tx,
  tenantId: number,
  userId: number | null,
  flowId: number,
  f: FlowRow,
  now: Date,
) {
  if (f.charge_id === null || f.fee_refunded) return;
  const [signed] = await rowsOf(
    tx,
    sql`select 1 from esign_signers where tenant_id = ${tenantId} and flow_id = ${flowId} and state = 'signed'`,
  );
  if (signed) return;
  await refundCharge(tx, { tenantId, userId }, Number(f.charge_id), {
    reason: 'e-signature flow ended before anyone signed',
    key: `esign-${flowId}`,
    now,
  });
  await tx.execute(sql`update esign_flows set fee_refunded = true where tenant_id = ${tenantId} and id = ${flowId}`);
}

/** The signed PDF, its SHA-256 checked against the one recorded when it was stored. */
export async function signedFile(
  deps: AppDeps,
  ctx: RequestContext,
  flowId: number,
): Promise<{ fileName: string; data: Buffer }> {
  const f = await flowOf(deps, ctx, flowId);
  if (f.signed_document_id === null) throw new ConflictError('esign.noSignedFile');
  const [d] = await rowsOf<{ file_key: string; file_name: string; sha256: string }>(
    deps.db,
    sql`select file_key, file_name, sha256 from contract_documents where tenant_id = ${ctx.tenantId}
      and id = ${f.signed_document_id}`,
  );
  const file = d ? await deps.storage.get(d.file_key) : null;
  if (!d || !file) throw new NotFoundError();
  const data = await buffer(file.stream);
  if (sha256(data) !== d.sha256) throw new ConflictError('esign.fileTampered');
  return { fileName: d.file_name, data };
}

// ------------------------------------------------------------------------------------------------ callbacks

export interface CallbackAnswer {
  status: number;
  contentType: string;
  body: string;
}

/**
 * A provider's callback: proved by its signature (else 401, nothing changes), answered as the provider expects.
 * The same callback twice (a replay, or the provider's retry) changes nothing the second time, and each notice is
 * applied only where it moves a state forward.
 */
export async function handleEsignCallback(
  deps: AppDeps,
  providerName: string,
  input: { headers: Record<string, string | string[] | undefined>; body: string; query: string },
): Promise<CallbackAnswer> {
  const provider = notarizationProviders(deps).esign;
  if (provider.name !== providerName) throw new NotFoundError();
  let verified;
  try {
    verified = provider.verifyCallback(input);
  } catch (err) {
    if (err instanceof CallbackRejected) {
      deps.log.warn({ provider: providerName, reason: err.message }, 'e-signature callback refused');
      return {
        status: err.status,
        contentType: 'application/json',
        body: JSON.stringify({ code: err.status, msg: err.message }),
      };
    }
    throw err;
  }
  const now = deps.clock.now();
  const [fresh] = await rowsOf(
    deps.db,
    sql`insert into provider_callbacks (kind, provider, callback_key, received_at)
      values ('esign', ${providerName}, ${verified.key}, ${now}) on conflict do nothing returning 1`,
  );
  if (fresh) {
    for (const n of verified.notices) await applyNotice(deps, providerName, n, input.body);
  }
  return provider.callbackAnswer;
}

async function applyNotice(deps: AppDeps, providerName: string, n: EsignNotice, body: string) {
  await deps.events.transaction(async (tx) => {
    const [f] = await rowsOf<FlowRow & { tenant_id: RawNumber }>(
      tx,
      sql`select f.*, null as account_name, null as created_by_name, null as file_name from esign_flows f
        where provider = ${providerName} and provider_flow_id = ${n.flowId} for update`,
    );
    if (!f) return;
    const tenantId = Number(f.tenant_id);
    const flowId = Number(f.id);
    const payload = { notice: n.kind, order: n.order ?? null, callback: body };
    if (n.kind === 'signerSigned' || n.kind === 'signerRefused') {
      const [s] = await rowsOf<SignerRow>(
        tx,
        sql`select * from esign_signers where tenant_id = ${tenantId} and flow_id = ${flowId} and sign_order = ${n.order ?? -1}`,
      );
      if (!s || s.state === 'signed' || s.state === 'refused') return;
      const signed = n.kind === 'signerSigned';
      await tx.execute(sql`update esign_signers set state = ${signed ? 'signed' : 'refused'},
          signed_at = ${signed ? n.at : null}, refused_reason = ${signed ? null : (n.reason ?? null)}
        where tenant_id = ${tenantId} and id = ${s.id}`);
      if (signed) {
        await tx.execute(sql`update esign_signers set state = 'signing' where tenant_id = ${tenantId}
          and flow_id = ${flowId} and state = 'waiting'
          and sign_order = (select min(sign_order) from esign_signers where tenant_id = ${tenantId}
            and flow_id = ${flowId} and state = 'waiting')`);
      }
      await addEvent(tx, tenantId, flowId, {
        kind: signed ? 'signed' : 'refused',
        actor: s.name,
        text: signed ? null : (n.reason ?? null),
        payload,
        at: n.at,
      });
      return;
    }
    if (f.state !== 'signing') return;
    const state: EsignFlowState = {
      flowCompleted: 'completed',
      flowRefused: 'refused',
      flowCancelled: 'cancelled',
      flowExpired: 'expired',
    }[n.kind] as EsignFlowState;
    const now = deps.clock.now();
    await tx.execute(sql`update esign_flows set state = ${state}, updated_at = ${now},
        completed_at = ${state === 'completed' ? n.at : null}, ended_reason = ${n.reason ?? null}
      where tenant_id = ${tenantId} and id = ${flowId}`);
    await addEvent(tx, tenantId, flowId, {
      kind: state as Exclude<EsignFlowState, 'signing'>,
      actor: providerName,
      text: n.reason ?? null,
      payload,
      at: n.at,
    });
    if (state === 'completed') {
      await publish(tx, {
        tenantId,
        name: 'esign.completed',
        payload: { flowId, contractId: Number(f.contract_id) },
      });
    } else if (state === 'cancelled' || state === 'expired') {
      await refundIfUnsigned(tx, tenantId, null, flowId, f, now);
    }
  });
}

/**
 * Once every signature is in (the `esign.completed` event, durable): the signed PDF is fetched and kept as the
 * contract document's newest version, then the contract is signed with the account chosen at sending. A contract
 * the signing refuses (its car no longer rentable, say) stays pending with the reason on the flow: the clerk signs
 * it on paper once that is fixed. Runs again safely: what is done is not done twice.
 */
export async function completeSignedFlow(deps: AppDeps, tenantId: number, flowId: number): Promise<void> {
  const [f] = await rowsOf<FlowRow>(
    deps.db,
    sql`select f.*, null as account_name, null as created_by_name, null as file_name from esign_flows f
      where tenant_id = ${tenantId} and id = ${flowId}`,
  );
  if (!f || f.state !== 'completed') return;
  const contractId = Number(f.contract_id);
  if (f.signed_document_id === null) {
    const provider = notarizationProviders(deps).esign;
    const { pdf, evidenceNo } = await provider.download(f.provider_flow_id);
    const [number] = await rowsOf<{ number: string }>(
      deps.db,
      sql`select number from rental_contracts where tenant_id = ${tenantId} and id = ${contractId}`,
    );
    const documentId = await keepDocument(deps, tenantId, contractId, {
      kind: 'contract',
      trigger: 'esign',
      lineId: null,
      by: null,
      fileName: `租赁合同-${number?.number ?? contractId}-已签署.pdf`,
      data: pdf,
      evidenceNo,
    });
    const now = deps.clock.now();
    await deps.db.execute(sql`update esign_flows set signed_document_id = ${documentId}, signed_sha256 = ${sha256(pdf)},
        evidence_no = ${evidenceNo}, updated_at = ${now} where tenant_id = ${tenantId} and id = ${flowId}`);
    await addEvent(deps.db, tenantId, flowId, {
      kind: 'fileStored',
      actor: provider.name,
      text: evidenceNo,
      payload: { documentId, sha256: sha256(pdf), size: pdf.length, evidenceNo },
      at: now,
    });
  }
  const ctx = await systemContext(deps, tenantId, contractId, Number(f.created_by ?? 0));
  if (!ctx) return;
  ctx.lang = 'zh-CN';
  ctx.name = '电子签约';
  try {
    await deps.events.transaction(async (tx) => {
      const [c] = await rowsOf<{ state: string }>(
        tx,
        sql`select state from rental_contracts where tenant_id = ${tenantId} and id = ${contractId} for update`,
      );
      if (c?.state !== 'pending') return;
      await signContractInTx(tx, deps, ctx, contractId, {
        accountId: Number(f.account_id),
        paidDate: f.paid_date,
        remark: `电子签约 ${f.flow_no}`,
      });
      await tx.execute(sql`update esign_flows set sign_error = null where tenant_id = ${tenantId} and id = ${flowId}`);
      await addEvent(tx, tenantId, flowId, { kind: 'contractSigned', at: deps.clock.now() });
    });
  } catch (err) {
    if (!(err instanceof AppError) || err.httpStatus >= 500) throw err;
    const reason = translate('zh-CN', err.messageKey, err.params);
    await deps.db.execute(
      sql`update esign_flows set sign_error = ${reason} where tenant_id = ${tenantId} and id = ${flowId}`,
    );
    await addEvent(deps.db, tenantId, flowId, { kind: 'signFailed', text: reason, at: deps.clock.now() });
  }
}

/** Flows past their expiry with no callback saying so (a safety net, hourly): expired, the fee back if unsigned. */
export async function expireFlows(deps: AppDeps): Promise<number> {
  const now = deps.clock.now();
  const due = await rowsOf<{ tenant_id: RawNumber; id: RawNumber }>(
    deps.db,
    sql`select tenant_id, id from esign_flows where state = 'signing' and expires_at <= ${now} limit 500`,
  );
  for (const d of due) {
    const tenantId = Number(d.tenant_id);
    const flowId = Number(d.id);
    await deps.db.transaction(async (tx) => {
      const [f] = await rowsOf<FlowRow>(
        tx,
        sql`select f.*, null as account_name, null as created_by_name, null as file_name from esign_flows f
          where tenant_id = ${tenantId} and id = ${flowId} and state = 'signing' for update`,
      );
      if (!f) return;
      await tx.execute(sql`update esign_flows set state = 'expired', updated_at = ${now}
        where tenant_id = ${tenantId} and id = ${flowId}`);
      await addEvent(tx, tenantId, flowId, { kind: 'expired', at: now });
      await refundIfUnsigned(tx, tenantId, null, flowId, f, now);
    });
  }
  return due.length;
}

/** The contracts area's guard: a contract out for signing is not signed on paper, changed or cancelled. */
export async function esignGuard(tx: DbOrTx, tenantId: number, contractId: number): Promise<string | null> {
  const [open] = await rowsOf(
    tx,
    sql`select 1 from esign_flows where tenant_id = ${tenantId} and contract_id = ${contractId} and state = 'signing'`,
  );
  return open ? 'esign.flowOpen' : null;
}

/** The e-signature flow whose signed PDF is a contract's (its newest completed one), for the notarization. */
export async function signedFlowOf(db: DbOrTx, tenantId: number, contractId: number) {
  const [f] = await rowsOf<{
    id: RawNumber;
    flow_no: string;
    evidence_no: string | null;
    signed_sha256: string | null;
  }>(
    db,
    sql`select id, flow_no, evidence_no, signed_sha256 from esign_flows where tenant_id = ${tenantId}
      and contract_id = ${contractId} and state = 'completed' order by id desc limit 1`,
  );
  return f ?? null;
}
