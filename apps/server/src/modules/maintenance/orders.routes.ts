import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, IdParam, paged } from '@fleetdesk/contracts/common';
import {
  MaintenancePaths as P,
  OrderCancelInput,
  OrderCompleteInput,
  OrderEnterInput,
  OrderLinesInput,
  OrderPickUpInput,
  OrderSettleInput,
  OrderSubmitInput,
  ReportQuery,
  ReportSummary,
  WorkOrderCreateInput,
  WorkOrderDetail,
  WorkOrderExportQuery,
  WorkOrderListQuery,
  WorkOrderRow,
  WorkOrderUpdateInput,
} from '@fleetdesk/contracts/maintenance';
import { access } from '../../core/access.js';
import { ok, page } from '../../core/envelope.js';
import { tenantDays } from '../../core/tenant-time.js';
import { sendXlsx, sendXlsxBook } from '../../core/xlsx.js';
import { orderColumns } from './orders.export.js';
import { reportSheets, reportSummary } from './reports.service.js';
import {
  cancelOrder,
  completeOrder,
  createOrder,
  enterOrder,
  getOrder,
  listOrders,
  ordersForExport,
  pickUpOrder,
  replaceOrderLines,
  settleOrder,
  submitOrder,
  updateOrder,
} from './work-orders.service.js';

const tags = ['maintenance'];
const can = (code: string) => access.permission(code);
const view = can('maintenance:view');
const add = can('maintenance:add');
const edit = can('maintenance:edit');
const complete = can('maintenance:complete');
const settle = can('maintenance:settle');
const exporting = can('maintenance:export');
const audit = { targetType: 'maintenanceOrder' };
const xlsx = ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'];
const Detail = { 200: envelope(WorkOrderDetail) };

/**
 * Work orders and the maintenance report (docs/maintenance.md, "Work orders, money and reports"). A workshop's
 * sign-in (data scope `workshop`) sees only its workshops' orders: any other is 404.
 */
export async function workOrderRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;

  app.get(P.orderList, {
    schema: {
      tags,
      summary: 'Work orders of the caller (his rents; a workshop only its own), filtered and paged, newest first',
      querystring: WorkOrderListQuery,
      response: { 200: envelope(paged(WorkOrderRow)) },
    },
    config: { access: view },
    handler: async (req) => {
      const { rows, total } = await listOrders(deps, req.ctx, req.query);
      return ok(page(rows, total, req.query));
    },
  });

  app.get(P.orderExport, {
    schema: {
      tags,
      summary: 'The filtered work orders as .xlsx (streamed)',
      querystring: WorkOrderExportQuery,
      produces: xlsx,
    },
    config: { access: exporting, audit },
    handler: async (req, reply) => {
      const days = await tenantDays(deps.db, req.ctx.tenantId, deps.clock.now());
      const rows = await ordersForExport(deps, req.ctx, req.query);
      const title = req.lang === 'zh-CN' ? '维修工单' : 'work-orders';
      return sendXlsx(reply, `${title}-${days.today}.xlsx`, title, orderColumns(req.lang, days.timeZone), rows);
    },
  });

  app.get(P.orderGet, {
    schema: {
      tags,
      summary: 'A work order with its lines, photos, timeline and the actions the caller may take now',
      params: IdParam,
      response: Detail,
    },
    config: { access: view },
    handler: async (req) => ok(await getOrder(deps, req.ctx, req.params.id)),
  });

  app.post(P.orderCreate, {
    schema: {
      tags,
      summary: "Reports a work order (state reported): the car's driver and live contract are found when not named",
      body: WorkOrderCreateInput,
      response: Detail,
    },
    config: { access: add, audit },
    handler: async (req) => {
      const d = await createOrder(deps, req.ctx, req.body);
      req.auditNote = { targetId: d.id, summary: { number: d.number, plate: d.plate, kind: d.kind } };
      return ok(d);
    },
  });

  app.put(P.orderUpdate, {
    schema: {
      tags,
      summary: 'Changes a reported or approved work order (version)',
      body: WorkOrderUpdateInput,
      response: Detail,
    },
    config: { access: edit, audit },
    handler: async (req) => {
      req.auditNote = { targetId: req.body.id };
      return ok(await updateOrder(deps, req.ctx, req.body));
    },
  });

  app.post(P.orderSubmit, {
    schema: {
      tags,
      summary:
        'Submits a reported order: approved, or awaiting the maintenanceOrder approval above maintenance.approvalAbove',
      params: IdParam,
      body: OrderSubmitInput,
      response: Detail,
    },
    config: { access: edit, audit },
    handler: async (req) => {
      req.auditNote = { targetId: req.params.id };
      return ok(await submitOrder(deps, req.ctx, req.params.id, req.body));
    },
  });

  app.post(P.orderEnter, {
    schema: {
      tags,
      summary: 'Sends an approved order into its workshop: the car goes to maintenance (from idle or rented)',
      params: IdParam,
      body: OrderEnterInput,
      response: Detail,
    },
    config: { access: edit, audit },
    handler: async (req) => {
      req.auditNote = { targetId: req.params.id };
      return ok(await enterOrder(deps, req.ctx, req.params.id, req.body));
    },
  });

  app.put(P.orderLines, {
    schema: {
      tags,
      summary: 'Replaces the parts and labour lines (approved or in the workshop); the total follows',
      params: IdParam,
      body: OrderLinesInput,
      response: Detail,
    },
    config: { access: access.anyOf(['maintenance:edit', 'maintenance:complete']), audit },
    handler: async (req) => {
      req.auditNote = { targetId: req.params.id };
      return ok(await replaceOrderLines(deps, req.ctx, req.params.id, req.body));
    },
  });

  app.post(P.orderComplete, {
    schema: {
      tags,
      summary: "The workshop's completion: actual end, mileage out, lines; a done service moves the car's next service",
      params: IdParam,
      body: OrderCompleteInput,
      response: Detail,
    },
    config: { access: complete, audit },
    handler: async (req) => {
      req.auditNote = { targetId: req.params.id };
      return ok(await completeOrder(deps, req.ctx, req.params.id, req.body));
    },
  });

  app.post(P.orderSettle, {
    schema: {
      tags,
      summary:
        "Settles a done order: who pays, the company's cost posted, the driver's share a bill line of the contract",
      params: IdParam,
      body: OrderSettleInput,
      response: Detail,
    },
    config: { access: settle, audit },
    handler: async (req) => {
      req.auditNote = { targetId: req.params.id };
      return ok(await settleOrder(deps, req.ctx, req.params.id, req.body));
    },
  });

  app.post(P.orderPickUp, {
    schema: {
      tags,
      summary: 'The car is picked up after settlement: back to rented (its contract still live) or idle',
      params: IdParam,
      body: OrderPickUpInput,
      response: Detail,
    },
    config: { access: settle, audit },
    handler: async (req) => {
      req.auditNote = { targetId: req.params.id };
      return ok(await pickUpOrder(deps, req.ctx, req.params.id, req.body));
    },
  });

  app.post(P.orderCancel, {
    schema: {
      tags,
      summary:
        'Cancels an order before it is done (an approval request is withdrawn, a car in the workshop comes back)',
      params: IdParam,
      body: OrderCancelInput,
      response: Detail,
    },
    config: { access: edit, audit },
    handler: async (req) => {
      req.auditNote = { targetId: req.params.id };
      return ok(await cancelOrder(deps, req.ctx, req.params.id, req.body));
    },
  });

  app.get(P.reportSummary, {
    schema: {
      tags,
      summary: 'Maintenance costs of a period: by car, car type, workshop, month and kind, per 1,000 km, most repairs',
      querystring: ReportQuery,
      response: { 200: envelope(ReportSummary) },
    },
    config: { access: view },
    handler: async (req) => ok(await reportSummary(deps, req.ctx, req.query)),
  });

  app.get(P.reportExport, {
    schema: {
      tags,
      summary: 'The maintenance report as .xlsx, one sheet per view',
      querystring: ReportQuery,
      produces: xlsx,
    },
    config: { access: exporting, audit: { targetType: 'maintenanceReport' } },
    handler: async (req, reply) => {
      const r = await reportSummary(deps, req.ctx, req.query);
      const title = req.lang === 'zh-CN' ? '维修保养报表' : 'maintenance-report';
      return sendXlsxBook(reply, `${title}-${r.from}-${r.to}.xlsx`, reportSheets(req.lang, r));
    },
  });
}
