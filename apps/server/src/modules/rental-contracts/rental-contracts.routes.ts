import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, IdParam, paged } from '@fleetdesk/contracts/common';
import {
  Account,
  AccountInput,
  AssigneeInput,
  CollectInput,
  Collection,
  Contract,
  ContractEvent,
  ContractExportFilter,
  ContractInput,
  ContractListFilter,
  ContractListRow,
  ContractTerms,
  CONTRACT_STATE_TITLES,
  CONTRACT_TYPE_TITLES,
  DebtorList,
  DebtorQuery,
  DiscountInput,
  FinishInput,
  FollowUpNote,
  LineIdParam,
  LineInput,
  MonthQuery,
  NoteInput,
  PAYMENT_PERIOD_TITLES,
  PaymentLine,
  ReasonInput,
  RentContractPaths as P,
  SchedulePreview,
  SignInput,
  WaiveInput,
  BILLING_MODE_TITLES,
  ChangeCarInput,
  EndTempCarInput,
  GroupContract,
  RenewInput,
  TempCar,
  TempCarInput,
  TempIdParam,
  type Contract as ContractT,
} from '@fleetdesk/contracts/rental-contracts';
import { access, scopeFor } from '../../core/access.js';
import { ok, page } from '../../core/envelope.js';
import { sendXlsx, type XlsxColumn } from '../../core/xlsx.js';
import {
  addAccount,
  addLine,
  addNote,
  cancelContract,
  collectLine,
  contractBills,
  createContract,
  dispatchContract,
  finishContract,
  getContract,
  graceToday,
  previewSchedule,
  requestDiscount,
  setAssignee,
  signContract,
  updateContract,
  waiveLine,
} from './rental-contracts.service.js';
import * as repo from './rental-contracts.repository.js';
import { runContractsDaily } from './rental-contracts.jobs.js';
import { changeCar, groupContracts, renewContract } from './rental-contracts.group.js';
import { addTempCar, cancelTempCar, endTempCar, startTempCar, tempCars } from './rental-contracts.temp-cars.js';
import { ForbiddenError } from '../../core/errors.js';
import { storeAfterCommit } from './attachments.service.js';

const tags = ['contracts'];
const can = (e: string) => access.permission(`rentContract:${e}`);
const audit = { targetType: 'rentContract' };

function exportColumns(lang: 'zh-CN' | 'en-US'): XlsxColumn<ContractT>[] {
  const zh = lang === 'zh-CN';
  const c = (zhH: string, enH: string, value: XlsxColumn<ContractT>['value'], width = 12) => ({
    header: zh ? zhH : enH,
    value,
    width,
  });
  return [
    c('合同编号', 'Number', (r) => r.number, 18),
    c('子公司', 'Rent', (r) => r.rentName),
    c('司机', 'Driver', (r) => r.driverName),
    c('手机号', 'Phone', (r) => r.driverPhone, 14),
    c('车牌号', 'Plate', (r) => r.plate),
    c('类型', 'Type', (r) => CONTRACT_TYPE_TITLES[r.type][lang]),
    c('付款周期', 'Period', (r) => PAYMENT_PERIOD_TITLES[r.period][lang]),
    c('付款方式', 'Billing', (r) => BILLING_MODE_TITLES[r.billing][lang]),
    c('开始日期', 'Start', (r) => r.startDate),
    c('结束日期', 'End', (r) => r.endDate),
    c('期数', 'Instalments', (r) => r.instalments),
    c('押金', 'Deposit', (r) => r.deposit),
    c('租金', 'Rent', (r) => r.rent),
    c('总租金', 'Total rent', (r) => r.totalRent),
    c('状态', 'State', (r) => CONTRACT_STATE_TITLES[r.state][lang]),
    c('待收金额', 'Outstanding', (r) => r.outstanding),
    c('逾期期数', 'Overdue bills', (r) => r.overdueLines),
  ];
}

/** The contract area (`/rentContract`): contracts, bill schedules, collection, debt collection. */
export async function rentalContractsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;

  app.post(P.list, {
    schema: {
      tags,
      summary: "The caller's contracts, filtered and paged, newest first",
      body: ContractListFilter,
      response: { 200: envelope(paged(ContractListRow)) },
    },
    config: { reads: true, access: can('view'), audit: false },
    handler: async (req) => {
      const w = await graceToday(deps, req.ctx.tenantId);
      const { rows, total } = await repo.listContracts(deps.db, scopeFor(req.ctx, req.body.rentId), req.body, w);
      return ok(page(rows, total, req.body));
    },
  });

  app.post(P.exportContracts, {
    schema: {
      tags,
      summary: 'The filtered contracts as .xlsx, streamed',
      body: ContractExportFilter,
      produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    },
    config: { reads: true, access: can('export'), audit },
    handler: async (req, reply) => {
      const w = await graceToday(deps, req.ctx.tenantId);
      const rows = repo.allContracts(deps.db, scopeFor(req.ctx, req.body.rentId), req.body, w);
      const title = req.lang === 'zh-CN' ? '租赁合同' : 'contracts';
      return sendXlsx(reply, `${title}-${w.today}.xlsx`, title, exportColumns(req.lang), rows);
    },
  });

  app.post(P.preview, {
    schema: {
      tags,
      summary: "The bill schedule the terms make (the signing wizard's preview; the tenant's pro-rating rule)",
      body: ContractTerms,
      response: { 200: envelope(SchedulePreview) },
    },
    config: { reads: true, access: access.anyOf(['rentContract:add', 'rentContract:edit']), audit: false },
    handler: async (req) => ok(await previewSchedule(deps, req.ctx, req.body)),
  });

  app.get(P.accounts, {
    schema: {
      tags,
      summary: 'Collection accounts with their running balance',
      response: { 200: envelope(z.array(Account)) },
    },
    config: { access: can('view') },
    handler: async (req) => ok(await repo.accounts(deps.db, req.ctx.tenantId)),
  });

  app.post(P.addAccount, {
    schema: { tags, summary: 'Add a collection account', body: AccountInput, response: { 200: envelope(Account) } },
    config: { access: can('collect'), audit },
    handler: async (req) => ok(await addAccount(deps, req.ctx, req.body)),
  });

  app.get(P.debtors, {
    schema: {
      tags,
      summary:
        'Debt collection: open bills due today or past due date + grace days, in buckets (settingDebtorPaying off: empty)',
      querystring: DebtorQuery,
      response: { 200: envelope(DebtorList) },
    },
    config: { access: can('collect') },
    handler: async (req) => {
      const w = await graceToday(deps, req.ctx.tenantId);
      const paging = { pageNum: req.query.pageNum, pageSize: req.query.pageSize };
      if (!w.rules.settingDebtorPaying) {
        const buckets = { today: 0, d1: 0, d3: 0, d7: 0, d15: 0, d15plus: 0 };
        return ok({ enabled: false, buckets, rows: [], total: 0, ...paging });
      }
      const r = await repo.debtors(deps.db, scopeFor(req.ctx, req.query.rentId), req.query, w);
      return ok({ enabled: true, ...r, ...paging });
    },
  });

  app.get(P.get, {
    schema: { tags, summary: 'One contract', params: IdParam, response: { 200: envelope(Contract) } },
    config: { access: can('view') },
    handler: async (req) => ok(await getContract(deps, req.ctx, req.params.id)),
  });

  app.get(P.lines, {
    schema: {
      tags,
      summary: "A contract's payment lines (the bill schedule and what was added)",
      params: IdParam,
      response: { 200: envelope(z.array(PaymentLine)) },
    },
    config: { access: can('view') },
    handler: async (req) => ok(await contractBills(deps, req.ctx, req.params.id)),
  });

  app.get(P.billsOfMonth, {
    schema: {
      tags,
      summary: "A contract's bills due in one month (`?month=YYYY-MM`)",
      params: IdParam,
      querystring: MonthQuery,
      response: { 200: envelope(z.array(PaymentLine)) },
    },
    config: { access: can('view') },
    handler: async (req) => ok(await contractBills(deps, req.ctx, req.params.id, req.query.month)),
  });

  app.get(P.collections, {
    schema: {
      tags,
      summary: "A contract's collections",
      params: IdParam,
      response: { 200: envelope(z.array(Collection)) },
    },
    config: { access: can('view') },
    handler: async (req) => {
      await getContract(deps, req.ctx, req.params.id);
      return ok(
        await repo.collections(deps.db, req.ctx, req.params.id, (url) => deps.fileUrls.sign(req.ctx.tenantId, url)),
      );
    },
  });

  app.get(P.events, {
    schema: {
      tags,
      summary: "A contract's history",
      params: IdParam,
      response: { 200: envelope(z.array(ContractEvent)) },
    },
    config: { access: can('view') },
    handler: async (req) => {
      await getContract(deps, req.ctx, req.params.id);
      return ok(await repo.events(deps.db, req.ctx, req.params.id, req.lang));
    },
  });

  app.post(P.add, {
    schema: {
      tags,
      summary: 'A pending contract: numbered, its schedule generated, the car reserved',
      body: ContractInput,
      response: { 200: envelope(Contract) },
    },
    config: { access: can('add'), audit },
    handler: async (req) => {
      const c = await createContract(deps, req.ctx, req.body);
      req.auditNote = { targetId: c.id, summary: { number: c.number } };
      return ok(c);
    },
  });

  app.put(P.update, {
    schema: {
      tags,
      summary: 'Change a pending contract; its schedule is generated again',
      params: IdParam,
      body: ContractInput,
      response: { 200: envelope(Contract) },
    },
    config: { access: can('edit'), audit },
    handler: async (req) => ok(await updateContract(deps, req.ctx, req.params.id, req.body)),
  });

  app.post(P.sign, {
    schema: {
      tags,
      summary: 'Sign: the first receipts (deposit, fee, first rent) are recorded; the car is rented out',
      params: IdParam,
      body: SignInput,
      response: { 200: envelope(Contract) },
    },
    config: { access: can('sign'), audit },
    handler: async (req) => {
      const signed = await signContract(deps, req.ctx, req.params.id, req.body);
      // After the signing's transaction: the contract PDF as an attachment (a failure is logged, not fatal).
      await storeAfterCommit(deps, req.ctx, req.params.id, 'contract', 'sign');
      return ok(signed);
    },
  });

  app.post(P.cancel, {
    schema: {
      tags,
      summary: 'Cancel a pending contract, or a signed one whose car is not dispatched',
      params: IdParam,
      body: ReasonInput,
      response: { 200: envelope(Contract) },
    },
    config: { access: can('cancel'), audit },
    handler: async (req) => ok(await cancelContract(deps, req.ctx, req.params.id, req.body.reason)),
  });

  app.post(P.dispatch, {
    schema: {
      tags,
      summary: 'Mark the car of a signed contract dispatched',
      params: IdParam,
      response: { 200: envelope(Contract) },
    },
    config: { access: can('edit'), audit },
    handler: async (req) => ok(await dispatchContract(deps, req.ctx, req.params.id)),
  });

  app.post(P.finish, {
    schema: {
      tags,
      summary: 'End a signed contract: completed when nothing is unpaid, else terminated early; the car goes back',
      params: IdParam,
      body: FinishInput,
      response: { 200: envelope(Contract) },
    },
    config: { access: can('terminate'), audit },
    handler: async (req) => ok(await finishContract(deps, req.ctx, req.params.id, req.body.reason ?? null)),
  });

  app.post(P.addLine, {
    schema: {
      tags,
      summary: 'Add a payment line by hand (damage, violation withholding, refund as a negative amount...)',
      params: IdParam,
      body: LineInput,
      response: { 200: envelope(z.array(PaymentLine)) },
    },
    config: { access: can('edit'), audit },
    handler: async (req) => ok(await addLine(deps, req.ctx, req.params.id, req.body)),
  });

  app.post(P.collect, {
    schema: {
      tags,
      summary: 'Collect money against one line (partial allowed); the version seen must still be current, else 409',
      params: LineIdParam,
      body: CollectInput,
      response: { 200: envelope(PaymentLine) },
    },
    config: { access: can('collect'), audit },
    handler: async (req) => ok(await collectLine(deps, req.ctx, req.params.lineId, req.body)),
  });

  app.post(P.waive, {
    schema: {
      tags,
      summary: 'Waive what is left of a line',
      params: LineIdParam,
      body: WaiveInput,
      response: { 200: envelope(PaymentLine) },
    },
    config: { access: can('waive'), audit },
    handler: async (req) => ok(await waiveLine(deps, req.ctx, req.params.lineId, req.body)),
  });

  app.post(P.discount, {
    schema: {
      tags,
      summary: 'Ask for a discount: an approval (contractDiscount); approved, it becomes a negative line',
      params: IdParam,
      body: DiscountInput,
      response: { 200: envelope(Contract) },
    },
    config: { access: can('edit'), audit },
    handler: async (req) => ok(await requestDiscount(deps, req.ctx, req.params.id, req.body)),
  });

  app.post(P.renew, {
    schema: {
      tags,
      summary:
        'Renew a signed contract: a pending contract of the same group, driver and car from the day after it ends',
      params: IdParam,
      body: RenewInput,
      response: { 200: envelope(Contract) },
    },
    config: { access: access.anyOf(['rentContract:add', 'rentContract:sign']), audit },
    handler: async (req) => {
      const c = await renewContract(deps, req.ctx, req.params.id, req.body);
      req.auditNote = { targetId: c.id, summary: { number: c.number, renews: req.params.id } };
      return ok(c);
    },
  });

  app.get(P.group, {
    schema: {
      tags,
      summary: "The contracts of a contract's group (renewals, car changes), in order",
      params: IdParam,
      response: { 200: envelope(z.array(GroupContract)) },
    },
    config: { access: can('view') },
    handler: async (req) => ok(await groupContracts(deps, req.ctx, req.params.id)),
  });

  app.post(P.changeCar, {
    schema: {
      tags,
      summary:
        'Car change: the contract is settled up to the change day and completed; a signed contract of the group goes on with the new car and the deposit',
      params: IdParam,
      body: ChangeCarInput,
      response: { 200: envelope(Contract) },
    },
    config: { access: can('edit'), audit },
    handler: async (req) => {
      const c = await changeCar(deps, req.ctx, req.params.id, req.body);
      req.auditNote = { targetId: req.params.id, summary: { newContract: c.number, carId: req.body.carId } };
      return ok(c);
    },
  });

  app.get(P.tempCars, {
    schema: {
      tags,
      summary: "A contract's temporary replacement cars",
      params: IdParam,
      response: { 200: envelope(z.array(TempCar)) },
    },
    config: { access: can('view') },
    handler: async (req) => {
      await getContract(deps, req.ctx, req.params.id);
      return ok(await tempCars(deps.db, req.ctx, req.params.id));
    },
  });

  app.post(P.addTempCar, {
    schema: {
      tags,
      summary:
        'Give a signed contract a temporary replacement car for a period: from today or before it is handed over (rented out, its usage period opened); from a later day it is booked (the car reserved)',
      params: IdParam,
      body: TempCarInput,
      response: { 200: envelope(z.array(TempCar)) },
    },
    config: { access: can('edit'), audit },
    handler: async (req) => ok(await addTempCar(deps, req.ctx, req.params.id, req.body)),
  });

  app.post(P.endTempCar, {
    schema: {
      tags,
      summary: 'End a temporary replacement car early (the car goes back)',
      params: TempIdParam,
      body: EndTempCarInput,
      response: { 200: envelope(z.array(TempCar)) },
    },
    config: { access: can('edit'), audit },
    handler: async (req) => ok(await endTempCar(deps, req.ctx, req.params.tempId, req.body.endDate)),
  });

  app.post(P.startTempCar, {
    schema: {
      tags,
      summary:
        "Hand a booked temporary car over, within its period (the car is rented out, its usage period for the contract's driver opens)",
      params: TempIdParam,
      response: { 200: envelope(z.array(TempCar)) },
    },
    config: { access: can('edit'), audit },
    handler: async (req) => ok(await startTempCar(deps, req.ctx, req.params.tempId)),
  });

  app.post(P.cancelTempCar, {
    schema: {
      tags,
      summary: 'Cancel a booked temporary car (the reservation of the car is released)',
      params: TempIdParam,
      response: { 200: envelope(z.array(TempCar)) },
    },
    config: { access: can('edit'), audit },
    handler: async (req) => ok(await cancelTempCar(deps, req.ctx, req.params.tempId)),
  });

  app.put(P.assignee, {
    schema: {
      tags,
      summary: 'Set the debt-collection assignee',
      params: IdParam,
      body: AssigneeInput,
      response: { 200: envelope(z.boolean()) },
    },
    config: { access: can('collect'), audit },
    handler: async (req) => ok(await setAssignee(deps, req.ctx, req.params.id, req.body.assigneeId)),
  });

  app.get(P.notes, {
    schema: {
      tags,
      summary: 'Follow-up notes of a contract',
      params: IdParam,
      response: { 200: envelope(z.array(FollowUpNote)) },
    },
    config: { access: can('view') },
    handler: async (req) => {
      await getContract(deps, req.ctx, req.params.id);
      return ok(await repo.notes(deps.db, req.ctx, req.params.id));
    },
  });

  app.post(P.addNote, {
    schema: {
      tags,
      summary: 'Add a follow-up note',
      params: IdParam,
      body: NoteInput,
      response: { 200: envelope(z.array(FollowUpNote)) },
    },
    config: { access: can('collect'), audit },
    handler: async (req) => ok(await addNote(deps, req.ctx, req.params.id, req.body.note)),
  });
}

/**
 * Test-only (`TEST_ROUTES=true`, loopback callers only): runs the contracts' daily job (late fees, reminders)
 * now, so that an end-to-end test need not wait for the hourly maintenance.
 */
export async function contractsTestRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post('/api/test/contracts/daily', {
    schema: {
      hide: true,
      response: { 200: envelope(z.object({ lateFees: z.number(), reminders: z.number(), sms: z.number() })) },
    },
    config: { access: access.public() },
    handler: async (req) => {
      if (!['127.0.0.1', '::1', '::ffff:127.0.0.1'].includes(req.socket.remoteAddress ?? ''))
        throw new ForbiddenError();
      return ok(await runContractsDaily(app.deps));
    },
  });
}
