import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, fenToYuan, IdParam, paged } from '@fleetdesk/contracts/common';
import { MembershipPaths } from '@fleetdesk/contracts/membership';
import {
  Balance,
  CreateMembershipOrder,
  CreateTopUpOrder,
  findPaidService,
  type LEDGER_KINDS,
  LedgerEntry,
  LedgerExportBody,
  LedgerQuery,
  Order,
  OrderDetail,
  OrderListQuery,
  OrderPaths,
  PaidServicePrice,
  PaymentPaths,
  PriceCompute,
  PriceComputeParams,
} from '@fleetdesk/contracts/payments';
import { access } from '../../core/access.js';
import { ok, page } from '../../core/envelope.js';
import { ForbiddenError } from '../../core/errors.js';
import { tenantDays } from '../../core/tenant-time.js';
import { sendXlsx, type XlsxColumn } from '../../core/xlsx.js';
import { createMembershipOrder, createTopUpOrder, getOrder, listOrders } from './orders.service.js';
import { cancelPayable, closeReplacedOrder } from './pay.service.js';
import { payRoutes } from './pay.routes.js';
import { balance, exportLedger, listLedger, priceList, priceService } from './payments.service.js';

const tags = ['payments'];
const view = access.permission('billing:view', { allowExpired: true });
const buy = access.permission('billing:buy', { allowExpired: true });
const exporting = access.permission('billing:export');
const orderAudit = { targetType: 'order' };

const LEDGER_KIND_TITLES: Record<(typeof LEDGER_KINDS)[number], [string, string]> = {
  topUp: ['充值', 'Top-up'],
  charge: ['服务扣费', 'Service charge'],
  chargeRefund: ['扣费退回', 'Charge refund'],
  withdraw: ['余额退款', 'Balance refund'],
  withdrawReversal: ['退款失败退回', 'Refund reversed'],
};

export async function paymentsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  await app.register(payRoutes);

  // ---- Paid services

  app.get(PaymentPaths.priceCompute, {
    schema: {
      tags,
      summary:
        "Price of `count` units of a paid service for the tenant's plan, with the balance before and after (any signed-in user of a tenant whose plan has the service)",
      params: PriceComputeParams,
      response: { 200: envelope(PriceCompute) },
    },
    config: { access: access.signedIn() },
    handler: async (req) => {
      const service = findPaidService(req.params.serviceCode)!;
      if (!req.ctx.permissions.plan.has(service.menu)) throw new ForbiddenError();
      const p = await priceService(deps.db, req.ctx.tenantId, req.params.serviceCode, req.params.count);
      return ok({
        serviceCode: p.serviceCode,
        count: p.count,
        unitPrice: fenToYuan(p.unitPriceFen),
        total: fenToYuan(p.totalFen),
        balance: fenToYuan(p.balanceFen),
        balanceAfter: fenToYuan(p.balanceAfterFen),
      });
    },
  });

  app.get(PaymentPaths.priceList, {
    schema: {
      tags,
      summary: "The paid services with the tenant plan's unit prices and every plan's",
      response: { 200: envelope(z.array(PaidServicePrice)) },
    },
    config: { access: access.signedIn() },
    handler: async (req) => ok(await priceList(deps.db, req.ctx.tenantId, req.lang)),
  });

  // ---- Balance and ledger

  app.get(PaymentPaths.balance, {
    schema: { tags, summary: "The tenant's balance", response: { 200: envelope(Balance) } },
    config: { access: view },
    handler: async (req) => ok(await balance(deps.db, req.ctx.tenantId)),
  });

  app.get(PaymentPaths.ledger, {
    schema: {
      tags,
      summary: 'The balance ledger, newest first: one row per movement with the balance after it',
      querystring: LedgerQuery,
      response: { 200: envelope(paged(LedgerEntry)) },
    },
    config: { access: view },
    handler: async (req) => {
      const { rows, total } = await listLedger(deps.db, req.ctx.tenantId, req.query, req.lang, deps.clock.now());
      return ok(page(rows, total, req.query));
    },
  });

  app.post(PaymentPaths.ledgerExport, {
    schema: {
      tags,
      summary: 'The balance ledger of the filter as .xlsx (streamed)',
      body: LedgerExportBody,
      produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    },
    config: { reads: true, access: exporting, audit: { targetType: 'ledger' } },
    handler: async (req, reply) => {
      const zh = req.lang === 'zh-CN';
      const columns: XlsxColumn<LedgerEntry>[] = [
        { header: zh ? '时间' : 'Time', width: 20, value: (r) => new Date(r.createdAt) },
        { header: zh ? '类型' : 'Kind', width: 14, value: (r) => LEDGER_KIND_TITLES[r.kind][zh ? 0 : 1] },
        { header: zh ? '金额（元）' : 'Amount (yuan)', width: 14, value: (r) => r.amount },
        { header: zh ? '余额（元）' : 'Balance (yuan)', width: 14, value: (r) => r.balanceAfter },
        { header: zh ? '服务' : 'Service', width: 16, value: (r) => r.serviceName },
        { header: zh ? '数量' : 'Count', width: 8, value: (r) => r.count },
        { header: zh ? '订单号' : 'Order no.', width: 24, value: (r) => r.orderNo },
        { header: zh ? '说明' : 'Description', width: 30, value: (r) => r.description },
        { header: zh ? '操作人' : 'By', width: 12, value: (r) => r.createdByName },
      ];
      const title = zh ? '余额流水' : 'Balance ledger';
      const day = (await tenantDays(deps.db, req.ctx.tenantId, deps.clock.now())).today;
      return sendXlsx(
        reply,
        `${title}-${day}.xlsx`,
        title,
        columns,
        exportLedger(deps.db, req.ctx.tenantId, req.body, req.lang, deps.clock.now()),
      );
    },
  });

  // ---- Orders

  app.post(MembershipPaths.createOrder, {
    schema: {
      tags,
      summary: 'Order a membership plan (unpaid; closes after 30 minutes)',
      body: CreateMembershipOrder,
      response: { 200: envelope(Order) },
    },
    config: { access: buy, audit: { action: 'order.create', ...orderAudit } },
    handler: async (req) => {
      const order = await createMembershipOrder(deps, req.ctx, req.body, (row) => closeReplacedOrder(deps, row));
      req.auditNote = {
        targetId: order.id,
        summary: { orderNo: order.orderNo, planCode: order.planCode, amount: order.amount },
      };
      return ok(order);
    },
  });

  app.post(OrderPaths.topUp, {
    schema: {
      tags,
      summary: 'Order a top-up of the balance (unpaid; closes after 30 minutes)',
      body: CreateTopUpOrder,
      response: { 200: envelope(Order) },
    },
    config: { access: buy, audit: { action: 'order.topUp', ...orderAudit } },
    handler: async (req) => {
      const order = await createTopUpOrder(deps, req.ctx, req.body);
      req.auditNote = { targetId: order.id, summary: { orderNo: order.orderNo, amount: order.amount } };
      return ok(order);
    },
  });

  app.get(OrderPaths.list, {
    schema: {
      tags,
      summary: "The tenant's orders, newest first",
      querystring: OrderListQuery,
      response: { 200: envelope(paged(Order)) },
    },
    config: { access: view },
    handler: async (req) => {
      const { rows, total } = await listOrders(deps, req.ctx, req.query);
      return ok(page(rows, total, req.query));
    },
  });

  app.get(OrderPaths.get, {
    schema: { tags, summary: 'One order with its refunds', params: IdParam, response: { 200: envelope(OrderDetail) } },
    config: { access: view },
    handler: async (req) => ok(await getOrder(deps, req.ctx, req.params.id)),
  });

  app.put(OrderPaths.cancel, {
    schema: { tags, summary: 'Cancel an unpaid order', params: IdParam, response: { 200: envelope(Order) } },
    config: { access: buy, audit: { action: 'order.cancel', ...orderAudit } },
    handler: async (req) => ok(await cancelPayable(deps, req.ctx, req.params.id)),
  });
}
