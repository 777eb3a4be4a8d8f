import type { FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { fenToYuan } from '@fleetdesk/contracts/common';
import type {
  PortalAccident,
  PortalBill,
  PortalContract,
  PortalDocument,
  PortalDocumentInput,
  PortalHome,
  PortalNotice,
  PortalPayInput,
  PortalPayStatus,
  PortalProofInput,
  PortalSurvey,
  PortalViolation,
  SubmissionState,
} from '@fleetdesk/contracts/driver-portal';
import type { PayInfo } from '@fleetdesk/contracts/payments';
import { LINE_TYPE_TITLES, type LineType } from '@fleetdesk/contracts/rental-contracts';
import { surveyLink } from '@fleetdesk/contracts/surveys';
import type { UploadResult } from '@fleetdesk/contracts/files';
import type { DriverContext } from '../../core/access.js';
import {
  idArray,
  isUniqueViolation,
  rawIso,
  rawNumber,
  rowsOf,
  type RawNumber,
  type RawTime,
  type Tx,
} from '../../core/db.js';
import type { AppDeps } from '../../core/deps.js';
import { ConflictError, invalidField, NotFoundError } from '../../core/errors.js';
import { translate } from '../../core/i18n.js';
import { consume } from '../../core/rate-limit.js';
import { tenantDays } from '../../core/tenant-time.js';
import { driverSubmissions } from '../../db/schema/driver-portal.js';
import { storedFileUrl, storeUpload } from '../files/files.service.js';
import { createReferenceOrder, type OrderRow } from '../payments/orders.service.js';
import { cancelPayable, payOrder, payStatus } from '../payments/pay.service.js';

import { billsLive, collectOnlineInTx } from '../rental-contracts/rental-contracts.service.js';
import { surveyToken } from '../crm/surveys.service.js';
import { tenantRules } from '../settings/settings.service.js';
import { membershipOf } from './levels.service.js';
import { addNotice } from './notices.js';

/** Uploads one driver may make in an hour (proofs and documents: a few pictures each). */
export const UPLOADS_PER_DRIVER_PER_HOUR = 60;
/** Payment orders one driver may open in an hour. */
export const PAY_ORDERS_PER_DRIVER_PER_HOUR = 20;

const yuan = (fen: RawNumber | null) => fenToYuan(rawNumber(fen));

/** Today and the grace days of the driver's company. */
async function window(deps: Pick<AppDeps, 'db' | 'clock'>, tenantId: number) {
  const [{ today }, rules] = await Promise.all([
    tenantDays(deps.db, tenantId, deps.clock.now()),
    tenantRules(deps.db, tenantId),
  ]);
  return { today, grace: rules.rentGraceDays, debtorPaying: rules.settingDebtorPaying, rules };
}

// ------------------------------------------------------------------------------------------------ contracts and bills

export async function contractsOf(deps: AppDeps, d: DriverContext): Promise<PortalContract[]> {
  const w = await window(deps, d.tenantId);
  const rows = await rowsOf<{
    id: RawNumber;
    number: string;
    plate: string;
    model: string | null;
    start_date: string;
    end_date: string;
    state: string;
    rent_fen: RawNumber;
    period: string;
    deposit_fen: RawNumber;
    outstanding_fen: RawNumber;
    overdue_fen: RawNumber;
  }>(
    deps.db,
    sql`select c.id, c.number, car.plate, concat_ws(' ', cs.name, cm.name) as model, c.start_date::text, c.end_date::text, c.state,
        c.rent_fen, c.period, c.deposit_fen,
        coalesce((select sum(l.amount_fen - l.paid_fen) from rental_payment_lines l
          where l.tenant_id = c.tenant_id and l.contract_id = c.id and l.valid and l.state in ('unpaid', 'partial')
            and l.amount_fen > 0), 0) as outstanding_fen,
        coalesce((select sum(l.amount_fen - l.paid_fen) from rental_payment_lines l
          where l.tenant_id = c.tenant_id and l.contract_id = c.id and l.valid and l.state in ('unpaid', 'partial')
            and l.amount_fen > 0 and l.due_date < ${w.today}::date - ${w.grace}::int), 0) as overdue_fen
      from rental_contracts c join cars car on car.tenant_id = c.tenant_id and car.id = c.car_id
      left join car_models cm on cm.id = car.model_id
      left join car_series cs on cs.id = cm.series_id
      where c.tenant_id = ${d.tenantId} and c.driver_id = ${d.driverId} and c.state <> 'pending'
      order by c.start_date desc, c.id desc`,
  );
  return rows.map((r) => ({
    id: rawNumber(r.id),
    number: r.number,
    plate: r.plate,
    carModel: r.model ?? '',
    startDate: r.start_date,
    endDate: r.end_date,
    state: r.state,
    rent: yuan(r.rent_fen),
    period: r.period,
    deposit: yuan(r.deposit_fen),
    outstanding: yuan(r.outstanding_fen),
    overdue: yuan(r.overdue_fen),
  }));
}

interface LineRaw {
  id: RawNumber;
  contract_id: RawNumber;
  number: string;
  type: string;
  remark: string | null;
  period: number | null;
  due_date: string;
  amount_fen: RawNumber;
  paid_fen: RawNumber;
  state: string;
  live: boolean;
}

function overdueDaysOf(dueDate: string, today: string, grace: number): number {
  const days = Math.round((Date.parse(today) - Date.parse(dueDate)) / 86_400_000) - grace;
  return days > 0 ? days : 0;
}

export async function billsOf(
  deps: AppDeps,
  d: DriverContext,
  q: { contractId?: number | undefined; view: 'open' | 'all' },
): Promise<PortalBill[]> {
  const w = await window(deps, d.tenantId);
  const rows = await rowsOf<LineRaw>(
    deps.db,
    sql`select l.id, l.contract_id, c.number, l.type, l.remark, l.period, l.due_date::text, l.amount_fen, l.paid_fen,
        l.state, ${billsLive('c')} as live
      from rental_payment_lines l join rental_contracts c on c.tenant_id = l.tenant_id and c.id = l.contract_id
      where l.tenant_id = ${d.tenantId} and c.driver_id = ${d.driverId} and l.valid and c.state <> 'pending'
        ${q.contractId ? sql`and c.id = ${q.contractId}` : sql``}
        ${q.view === 'open' ? sql`and l.state in ('unpaid', 'partial') and l.amount_fen > 0` : sql``}
      order by l.due_date, l.id
      limit 500`,
  );
  return rows.map((r) => {
    const open = r.state === 'unpaid' || r.state === 'partial';
    const overdueDays = open && rawNumber(r.amount_fen) > 0 ? overdueDaysOf(r.due_date, w.today, w.grace) : 0;
    const type = r.type as LineType;
    return {
      id: rawNumber(r.id),
      contractId: rawNumber(r.contract_id),
      contractNumber: r.number,
      type,
      // The schedule's remarks (第8期租金…) are Chinese: an English reader gets the type and the period.
      typeName:
        d.lang === 'zh-CN' && r.remark
          ? r.remark
          : `${LINE_TYPE_TITLES[type]?.[d.lang] ?? r.type}${r.period ? ` · ${d.lang === 'zh-CN' ? `第${r.period}期` : `period ${r.period}`}` : ''}`,
      period: r.period,
      dueDate: r.due_date,
      amount: yuan(r.amount_fen),
      paid: yuan(r.paid_fen),
      left: yuan(rawNumber(r.amount_fen) - rawNumber(r.paid_fen)),
      state: r.state as PortalBill['state'],
      overdueDays,
      payable: open && r.live && rawNumber(r.amount_fen) > 0 && (overdueDays === 0 || w.debtorPaying),
    };
  });
}

/**
 * Opens a payment order for some of the driver's open bills (their sum of what is left) and offers it to the
 * configured provider: the QR code to scan. Orders still open for any of these bills are closed first, so that a
 * bill is in one open order at a time. The provider's notification settles it once (`settleDriverRentOrder`).
 */
export async function payBills(deps: AppDeps, d: DriverContext, input: PortalPayInput): Promise<PayInfo> {
  await consume(deps.db, deps.clock, {
    key: `driver-pay:${d.tenantId}:${d.driverId}`,
    limit: PAY_ORDERS_PER_DRIVER_PER_HOUR,
    windowSeconds: 3600,
  });
  const ids = [...new Set(input.lineIds)];
  const all = await billsOf(deps, d, { view: 'open' });
  const chosen = all.filter((b) => ids.includes(b.id));
  if (chosen.length !== ids.length) throw invalidField('lineIds', 'driverPortal.billNotOpen');
  const refused = chosen.find((b) => !b.payable);
  if (refused) {
    throw refused.overdueDays > 0
      ? new ConflictError('driverPortal.debtorPayingOff')
      : invalidField('lineIds', 'driverPortal.billNotOpen');
  }
  const now = deps.clock.now();
  const earlier = await rowsOf<{ id: RawNumber }>(
    deps.db,
    sql`select distinct o.id from driver_order_lines x join orders o on o.tenant_id = x.tenant_id and o.id = x.order_id
      where x.tenant_id = ${d.tenantId} and x.line_id = any(${idArray(ids)})
        and o.status = 'unpaid'`,
  );
  // A bill is in one open order at a time: the earlier ones are closed (one paid meanwhile refuses this call).
  for (const e of earlier) await cancelPayable(deps, d, rawNumber(e.id));
  const order = await deps.db.transaction(async (tx) => {
    const amountFen = chosen.reduce((s, b) => s + Math.round(b.left * 100), 0);
    const row = await createReferenceOrder(
      tx,
      { tenantId: d.tenantId, userId: null as unknown as number },
      {
        type: 'driverRent',
        referenceType: 'driver',
        referenceId: chosen[0]!.contractNumber,
        amountFen,
        prefix: 'D',
        now,
      },
    );
    for (const b of chosen) {
      await tx.execute(
        sql`insert into driver_order_lines (tenant_id, order_id, line_id, driver_id, amount_fen)
          values (${d.tenantId}, ${row.id}, ${b.id}, ${d.driverId}, ${Math.round(b.left * 100)})`,
      );
    }
    return row;
  });
  return payOrder(deps, d, order.id);
}

/** The state of one of the driver's payment orders (asks the provider while unpaid, as the back office's page). */
export async function orderStatus(deps: AppDeps, d: DriverContext, orderId: number): Promise<PortalPayStatus> {
  const [mine] = await rowsOf<{ n: RawNumber }>(
    deps.db,
    sql`select count(*) as n from driver_order_lines
      where tenant_id = ${d.tenantId} and order_id = ${orderId} and driver_id = ${d.driverId}`,
  );
  if (!rawNumber(mine?.n ?? 0)) throw new NotFoundError('driverPortal.orderNotFound');
  const s = await payStatus(deps, d, orderId);
  return { orderId: s.orderId, status: s.status, paidAt: s.paidAt };
}

/** The collection account online payments go into: the first of the provider's kind, made when there is none. */
async function onlineAccount(tx: Tx, tenantId: number, provider: string | null): Promise<number> {
  const kind = provider === 'alipay' ? 'alipay' : 'wechat';
  const [a] = await rowsOf<{ id: RawNumber }>(
    tx,
    sql`select id from collection_accounts where tenant_id = ${tenantId} and kind = ${kind} order by id limit 1`,
  );
  if (a) return rawNumber(a.id);
  const name = kind === 'alipay' ? '线上收款（支付宝）' : '线上收款（微信支付）';
  const [made] = await rowsOf<{ id: RawNumber }>(
    tx,
    sql`insert into collection_accounts (tenant_id, name, kind) values (${tenantId}, ${name}, ${kind})
      on conflict (tenant_id, name) do update set kind = excluded.kind returning id`,
  );
  return rawNumber(made!.id);
}

/**
 * The settler of `driverRent` orders (registered with the payments area), in the transaction that marks the order
 * paid, once per order: each bill of the order gets what the driver paid for it, up to what is still left (a clerk
 * may have collected part meanwhile); what could not be applied is told to the driver as an overpayment to be
 * returned.
 */
export async function settleDriverRentOrder(tx: Tx, order: OrderRow, now: Date): Promise<void> {
  const lines = await rowsOf<{ line_id: RawNumber; driver_id: RawNumber; amount_fen: RawNumber }>(
    tx,
    sql`select line_id, driver_id, amount_fen from driver_order_lines
      where tenant_id = ${order.tenantId} and order_id = ${order.id} order by line_id`,
  );
  if (!lines.length) return;
  const { today } = await tenantDays(tx, order.tenantId, now);
  const accountId = await onlineAccount(tx, order.tenantId, order.payMethod);
  let applied = 0;
  for (const l of lines) {
    applied += await collectOnlineInTx(tx, order.tenantId, {
      lineId: rawNumber(l.line_id),
      amountFen: rawNumber(l.amount_fen),
      accountId,
      paidDate: today,
      now,
      remark: order.orderNo,
    });
  }
  const driverId = rawNumber(lines[0]!.driver_id);
  await addNotice(tx, order.tenantId, driverId, 'driverPortal.notice.paid', {
    amount: fenToYuan(applied).toFixed(2),
    orderNo: order.orderNo,
  });
  if (applied < order.amountFen) {
    await addNotice(tx, order.tenantId, driverId, 'driverPortal.notice.overpaid', {
      amount: fenToYuan(order.amountFen - applied).toFixed(2),
      orderNo: order.orderNo,
    });
  }
}

// ------------------------------------------------------------------------------------------------ records

function signed(deps: AppDeps, tenantId: number, url: string | null): string | null {
  return url ? (deps.fileUrls.sign(tenantId, url) ?? url) : null;
}

export async function violationsOf(deps: AppDeps, d: DriverContext): Promise<PortalViolation[]> {
  const rows = await rowsOf<{
    id: RawNumber;
    plate: string;
    occurred_at: RawTime;
    place: string;
    offence_text: string;
    fine_fen: RawNumber;
    points: number;
    handled: boolean;
    p_state: SubmissionState | null;
    p_files: string[] | null;
    p_note: string | null;
    p_at: RawTime | null;
  }>(
    deps.db,
    sql`select v.id, v.plate, v.occurred_at, v.place, v.offence_text, v.fine_fen, v.points, v.handled,
        p.state as p_state, p.files as p_files, p.review_note as p_note, p.created_at as p_at
      from violations v
      left join lateral (select s.state, s.files, s.review_note, s.created_at from driver_submissions s
        where s.tenant_id = v.tenant_id and s.driver_id = ${d.driverId} and s.violation_id = v.id
        order by s.id desc limit 1) p on true
      where v.tenant_id = ${d.tenantId} and v.driver_id = ${d.driverId}
      order by v.occurred_at desc, v.id desc limit 200`,
  );
  return rows.map((r) => ({
    id: rawNumber(r.id),
    plate: r.plate,
    occurredAt: rawIso(r.occurred_at),
    place: r.place,
    offence: r.offence_text,
    fine: yuan(r.fine_fen),
    points: Number(r.points),
    handled: r.handled,
    proof: r.p_state
      ? {
          state: r.p_state,
          files: (r.p_files ?? []).map((f) => signed(deps, d.tenantId, f)!),
          note: r.p_note,
          at: rawIso(r.p_at!),
        }
      : null,
  }));
}

/** The driver's files for a submission: each one he uploaded himself through the portal. */
async function ownFiles(deps: AppDeps, d: DriverContext, urls: string[], path: string): Promise<string[]> {
  const out: string[] = [];
  for (const [i, url] of urls.entries()) {
    out.push(await storedFileUrl(deps.db, deps, d.tenantId, url, `${path}.${i}`, { driverId: d.driverId }));
  }
  return out;
}

async function insertSubmission(deps: AppDeps, values: typeof driverSubmissions.$inferInsert) {
  try {
    const [row] = await deps.db.insert(driverSubmissions).values(values).returning({ id: driverSubmissions.id });
    return row!.id;
  } catch (err) {
    if (isUniqueViolation(err, 'driver_submissions_pending_uq')) throw new ConflictError('driverPortal.pending');
    throw err;
  }
}

/** The proof that the driver handled a violation himself (paid the fine, took the points), for the office. */
export async function submitProof(deps: AppDeps, d: DriverContext, violationId: number, input: PortalProofInput) {
  const [v] = await rowsOf<{ handled: boolean; violation_no: string; plate: string }>(
    deps.db,
    sql`select handled, violation_no, plate from violations
      where tenant_id = ${d.tenantId} and id = ${violationId} and driver_id = ${d.driverId}`,
  );
  if (!v) throw new NotFoundError('driverPortal.violationNotFound');
  if (v.handled) throw new ConflictError('driverPortal.violationHandled');
  const files = await ownFiles(deps, d, input.files, 'files');
  const id = await insertSubmission(deps, {
    tenantId: d.tenantId,
    driverId: d.driverId,
    rentId: d.rentId,
    kind: 'violationProof',
    violationId,
    details: { violationNo: v.violation_no, plate: v.plate },
    files,
    note: input.note,
    createdAt: deps.clock.now(),
  });
  return { id };
}

export async function accidentsOf(deps: AppDeps, d: DriverContext): Promise<PortalAccident[]> {
  const rows = await rowsOf<{
    id: RawNumber;
    plate: string;
    occurred_at: RawTime;
    place: string;
    description: string;
    responsibility: string;
    state: string;
    claim_state: string;
  }>(
    deps.db,
    sql`select a.id, c.plate, a.occurred_at, a.place, a.description, a.responsibility, a.state, a.claim_state
      from accidents a join cars c on c.tenant_id = a.tenant_id and c.id = a.car_id
      where a.tenant_id = ${d.tenantId} and a.driver_id = ${d.driverId}
      order by a.occurred_at desc, a.id desc limit 200`,
  );
  return rows.map((r) => ({
    id: rawNumber(r.id),
    plate: r.plate,
    occurredAt: rawIso(r.occurred_at),
    place: r.place,
    description: r.description,
    responsibility: r.responsibility,
    state: r.state,
    claimState: r.claim_state,
  }));
}

export async function documentsOf(deps: AppDeps, d: DriverContext): Promise<PortalDocument[]> {
  const [row] = await rowsOf<{
    id_number: string;
    id_card_front_url: string | null;
    id_card_back_url: string | null;
    licence_number: string | null;
    licence_class: string | null;
    licence_expiry: string | null;
    licence_front_url: string | null;
    licence_back_url: string | null;
  }>(
    deps.db,
    sql`select id_number, id_card_front_url, id_card_back_url, licence_number, licence_class,
        licence_expiry::text, licence_front_url, licence_back_url
      from drivers where tenant_id = ${d.tenantId} and id = ${d.driverId}`,
  );
  const subs = await rowsOf<{
    id: RawNumber;
    kind: string;
    state: SubmissionState;
    review_note: string | null;
    created_at: RawTime;
  }>(
    deps.db,
    sql`select distinct on (kind) id, kind, state, review_note, created_at from driver_submissions
      where tenant_id = ${d.tenantId} and driver_id = ${d.driverId} and kind in ('licence', 'idCard')
      order by kind, id desc`,
  );
  const sub = (kind: string) => {
    const s = subs.find((x) => x.kind === kind);
    return s ? { id: rawNumber(s.id), state: s.state, note: s.review_note, at: rawIso(s.created_at) } : null;
  };
  return [
    {
      kind: 'licence',
      number: row!.licence_number,
      expiry: row!.licence_expiry,
      licenceClass: row!.licence_class,
      frontUrl: signed(deps, d.tenantId, row!.licence_front_url),
      backUrl: signed(deps, d.tenantId, row!.licence_back_url),
      submission: sub('licence'),
    },
    {
      kind: 'idCard',
      number: row!.id_number,
      expiry: null,
      licenceClass: null,
      frontUrl: signed(deps, d.tenantId, row!.id_card_front_url),
      backUrl: signed(deps, d.tenantId, row!.id_card_back_url),
      submission: sub('idCard'),
    },
  ];
}

/** A document's new version (number, class, expiry, both sides) for the office to review. */
export async function submitDocument(deps: AppDeps, d: DriverContext, input: PortalDocumentInput) {
  const today = (await tenantDays(deps.db, d.tenantId, deps.clock.now())).today;
  if (input.kind === 'licence') {
    if (!input.expiry) throw invalidField('expiry', 'driverPortal.expiryRequired');
    if (input.expiry <= today) throw invalidField('expiry', 'driverPortal.expired');
    if (!input.licenceClass) throw invalidField('licenceClass', 'driverPortal.classRequired');
  } else if (!/^\d{17}[\dXx]$/.test(input.number)) {
    throw invalidField('number', 'driverPortal.idNumber');
  }
  const [front] = await ownFiles(deps, d, [input.frontUrl], 'frontUrl');
  const [back] = await ownFiles(deps, d, [input.backUrl], 'backUrl');
  const id = await insertSubmission(deps, {
    tenantId: d.tenantId,
    driverId: d.driverId,
    rentId: d.rentId,
    kind: input.kind,
    details: {
      number: input.kind === 'idCard' ? input.number.toUpperCase() : input.number,
      licenceClass: input.kind === 'licence' ? input.licenceClass : null,
      expiry: input.kind === 'licence' ? input.expiry : null,
    },
    files: [front!, back!],
    note: null,
    createdAt: deps.clock.now(),
  });
  return { id };
}

export async function surveysOf(deps: AppDeps, d: DriverContext): Promise<PortalSurvey[]> {
  const rows = await rowsOf<{
    id: RawNumber;
    survey_id: RawNumber;
    title: string;
    expires_at: RawTime;
    answered_at: RawTime | null;
    state: string;
  }>(
    deps.db,
    sql`select i.id, i.survey_id, s.title, i.expires_at, i.answered_at, s.state
      from survey_invites i join surveys s on s.tenant_id = i.tenant_id and s.id = i.survey_id
      where i.tenant_id = ${d.tenantId} and i.driver_id = ${d.driverId} and s.deleted_at is null
        and s.state <> 'draft'
      order by i.id desc limit 50`,
  );
  const now = deps.clock.now().getTime();
  return rows.map((r) => {
    const expires = new Date(r.expires_at);
    const open = !r.answered_at && r.state === 'published' && expires.getTime() > now;
    const surveyId = rawNumber(r.survey_id);
    const inviteId = rawNumber(r.id);
    return {
      inviteId,
      title: r.title,
      expiresAt: expires.toISOString(),
      answered: r.answered_at !== null,
      link: open
        ? surveyLink(
            surveyId,
            surveyToken(deps.fileUrls, d.tenantId, surveyId, { inviteId, exp: Math.floor(expires.getTime() / 1000) }),
          )
        : null,
    };
  });
}

export async function noticesOf(deps: AppDeps, d: DriverContext, limit = 20): Promise<PortalNotice[]> {
  const rows = await rowsOf<{
    id: RawNumber;
    key: string;
    params: Record<string, string | number>;
    created_at: RawTime;
  }>(
    deps.db,
    sql`select id, key, params, created_at from driver_notices
      where tenant_id = ${d.tenantId} and driver_id = ${d.driverId} order by created_at desc, id desc limit ${limit}`,
  );
  return rows.map((r) => ({
    id: rawNumber(r.id),
    text: translate(d.lang, r.key, typeof r.params === 'string' ? JSON.parse(r.params) : r.params),
    at: rawIso(r.created_at),
  }));
}

export async function homeOf(deps: AppDeps, d: DriverContext, me: PortalHome['me']): Promise<PortalHome> {
  const w = await window(deps, d.tenantId);
  const [due] = await rowsOf<{
    due_now: RawNumber;
    overdue: RawNumber;
    next_date: string | null;
    contracts: RawNumber;
    violations: RawNumber;
    surveys: RawNumber;
  }>(
    deps.db,
    sql`with open as (
        select l.due_date, l.amount_fen - l.paid_fen as left_fen from rental_payment_lines l
        join rental_contracts c on c.tenant_id = l.tenant_id and c.id = l.contract_id
        where l.tenant_id = ${d.tenantId} and c.driver_id = ${d.driverId} and l.valid
          and l.state in ('unpaid', 'partial') and l.amount_fen > 0 and c.state <> 'pending')
      select
        coalesce((select sum(left_fen) from open where due_date <= ${w.today}::date), 0) as due_now,
        coalesce((select sum(left_fen) from open where due_date < ${w.today}::date - ${w.grace}::int), 0) as overdue,
        (select min(due_date)::text from open where due_date > ${w.today}::date) as next_date,
        (select count(*) from rental_contracts c where c.tenant_id = ${d.tenantId} and c.driver_id = ${d.driverId}
          and c.state <> 'pending') as contracts,
        (select count(*) from violations v where v.tenant_id = ${d.tenantId} and v.driver_id = ${d.driverId}
          and not v.handled) as violations,
        (select count(*) from survey_invites i join surveys s on s.tenant_id = i.tenant_id and s.id = i.survey_id
          where i.tenant_id = ${d.tenantId} and i.driver_id = ${d.driverId} and i.answered_at is null
            and s.state = 'published' and s.deleted_at is null and i.expires_at > ${deps.clock.now()}) as surveys`,
  );
  let nextAmount: number | null = null;
  if (due!.next_date) {
    const [n] = await rowsOf<{ fen: RawNumber }>(
      deps.db,
      sql`select sum(l.amount_fen - l.paid_fen) as fen from rental_payment_lines l
        join rental_contracts c on c.tenant_id = l.tenant_id and c.id = l.contract_id
        where l.tenant_id = ${d.tenantId} and c.driver_id = ${d.driverId} and l.valid and c.state <> 'pending'
          and l.state in ('unpaid', 'partial') and l.amount_fen > 0 and l.due_date = ${due!.next_date}::date`,
    );
    nextAmount = yuan(n?.fen ?? 0);
  }
  const membership = await membershipOf(deps, d.tenantId, d.driverId, d.lang);
  return {
    me,
    due: {
      dueNow: yuan(due!.due_now),
      overdue: yuan(due!.overdue),
      nextDueDate: due!.next_date,
      nextAmount,
    },
    contracts: rawNumber(due!.contracts),
    level: { code: membership.level.code, name: membership.level.name },
    openViolations: rawNumber(due!.violations),
    openSurveys: rawNumber(due!.surveys),
    notices: await noticesOf(deps, d, 5),
  };
}

/** A picture the driver uploads for a proof or a document (images only), kept as his. */
export async function uploadOwn(deps: AppDeps, d: DriverContext, req: FastifyRequest): Promise<UploadResult> {
  await consume(deps.db, deps.clock, {
    key: `driver-upload:${d.tenantId}:${d.driverId}`,
    limit: UPLOADS_PER_DRIVER_PER_HOUR,
    windowSeconds: 3600,
  });
  return storeUpload(deps, { tenantId: d.tenantId, userId: null, driverId: d.driverId }, req, 'image');
}
