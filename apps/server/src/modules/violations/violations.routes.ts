import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, IdParam, paged } from '@fleetdesk/contracts/common';
import {
  AttributeInput,
  BatchCheck,
  CarViolationsQuery,
  CarViolationSummary,
  CheckBatchInput,
  CheckSingleInput,
  HandleInput,
  LimitRemindCount,
  OriginalDataQuery,
  OriginalRecord,
  QueryCheck,
  QueryOrder,
  QueryOrderDetail,
  QueryOrdersQuery,
  Violation,
  ViolationExportFilter,
  ViolationInput,
  ViolationLimitConfig,
  ViolationListFilter,
  ViolationPaths as P,
  YearQuery,
  YearStatistics,
} from '@fleetdesk/contracts/violations';
import { access } from '../../core/access.js';
import { ok, page } from '../../core/envelope.js';
import { tenantDays } from '../../core/tenant-time.js';
import { sendXlsx } from '../../core/xlsx.js';
import { originalColumns, violationColumns } from './violations.export.js';
import {
  addViolation,
  attribute,
  carViolations,
  checkCars,
  getLimits,
  getViolation,
  listForCar,
  listOrders,
  listViolations,
  orderDetail,
  originalData,
  originalForExport,
  remindCount,
  saveLimits,
  setHandled,
  startQuery,
  violationsForExport,
  yearStatistics,
} from './violations.service.js';

const tags = ['violations'];
const view = access.permission('rentCar:view');
const edit = access.permission('rentCar:edit');
const exporting = access.permission('rentCar:export');
const query = access.permission('rentCar:query');
const violation = { targetType: 'violation' };
const xlsx = ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'];

const StartedQuery = z.object({ order: QueryOrder, refused: z.array(QueryCheck) });

/** Traffic violations, their limits and statistics, and the paid violation queries (docs/violations.md). */
export async function violationsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;

  app.post(P.list, {
    schema: {
      tags,
      summary: "The caller's violations, filtered and paged, newest first (totals cached per filter and data version)",
      body: ViolationListFilter,
      response: { 200: envelope(paged(Violation)) },
    },
    config: { reads: true, access: view, audit: false },
    handler: async (req) => {
      const { rows, total } = await listViolations(deps, req.ctx, req.body);
      return ok(page(rows, total, req.body));
    },
  });

  app.get(P.exportList, {
    schema: {
      tags,
      summary: 'The filtered violations as .xlsx (streamed)',
      querystring: ViolationExportFilter,
      produces: xlsx,
    },
    config: { access: exporting, audit: violation },
    handler: async (req, reply) => {
      const zh = req.lang === 'zh-CN';
      const days = await tenantDays(deps.db, req.ctx.tenantId, deps.clock.now());
      const { today, rows } = await violationsForExport(deps, req.ctx, req.query);
      const title = zh ? '违章记录' : 'violations';
      return sendXlsx(reply, `${title}-${today}.xlsx`, title, violationColumns(req.lang, days.timeZone), rows);
    },
  });

  app.get(P.byCar, {
    schema: {
      tags,
      summary: "A car's violations at a glance: totals, unhandled fines and points, over a limit, last query",
      params: IdParam,
      response: { 200: envelope(CarViolationSummary) },
    },
    config: { access: view },
    handler: async (req) => ok(await carViolations(deps, req.ctx, req.params.id)),
  });

  app.get(P.listForCar, {
    schema: {
      tags,
      summary: "A car's violations, paged, newest first (the car page's tab)",
      querystring: CarViolationsQuery,
      response: { 200: envelope(paged(Violation)) },
    },
    config: { access: view },
    handler: async (req) => {
      const { rows, total } = await listForCar(deps, req.ctx, req.query);
      return ok(page(rows, total, req.query));
    },
  });

  app.get(P.original, {
    schema: {
      tags,
      summary: 'What the provider answered, car by car, for the query orders (as received)',
      querystring: OriginalDataQuery,
      response: { 200: envelope(paged(OriginalRecord)) },
    },
    config: { access: view },
    handler: async (req) => {
      const { rows, total } = await originalData(deps, req.ctx, req.query);
      return ok(page(rows, total, req.query));
    },
  });

  app.get(P.originalExport, {
    schema: {
      tags,
      summary: "The providers' answers as .xlsx (streamed), of one order or car when given",
      querystring: OriginalDataQuery.pick({ orderId: true, carId: true }),
      produces: xlsx,
    },
    config: { access: exporting, audit: violation },
    handler: async (req, reply) => {
      const zh = req.lang === 'zh-CN';
      const days = await tenantDays(deps.db, req.ctx.tenantId, deps.clock.now());
      const title = zh ? '违章原始数据' : 'violation-data';
      return sendXlsx(
        reply,
        `${title}-${days.today}.xlsx`,
        title,
        originalColumns(req.lang, days.timeZone),
        originalForExport(deps, req.ctx, req.query),
      );
    },
  });

  app.get(P.remindCount, {
    schema: {
      tags,
      summary: "The header badge: the caller's cars and drivers whose unhandled violations reach a limit",
      response: { 200: envelope(LimitRemindCount) },
    },
    config: { access: view, audit: false },
    handler: async (req) => ok(await remindCount(deps, req.ctx)),
  });

  app.get(P.get, {
    schema: { tags, summary: 'One violation', params: IdParam, response: { 200: envelope(Violation) } },
    config: { access: view },
    handler: async (req) => ok(await getViolation(deps, req.ctx, req.params.id)),
  });

  app.post(P.add, {
    schema: {
      tags,
      summary:
        "Record a violation from a paper ticket on a car of the caller; the car's usage period covering its " +
        'time gives its driver (as for queried ones)',
      body: ViolationInput,
      response: { 200: envelope(Violation) },
    },
    config: { access: edit, audit: { action: 'violation.add', targetType: 'violation' } },
    handler: async (req) => {
      const v = await addViolation(deps, req.ctx, req.body);
      req.auditNote = { targetId: v.id, summary: { plate: v.plate, no: v.violationNo, driverId: v.driverId } };
      return ok(v);
    },
  });

  app.put(P.attribute, {
    schema: {
      tags,
      summary: 'Attribute a violation to a driver of the caller, or clear the attribution (driverId null)',
      params: IdParam,
      body: AttributeInput,
      response: { 200: envelope(Violation) },
    },
    config: { access: edit, audit: violation },
    handler: async (req) => ok(await attribute(deps, req.ctx, req.params.id, req.body.driverId)),
  });

  app.put(P.handle, {
    schema: {
      tags,
      summary:
        "Mark a violation handled (paid and points taken) or not; handling books its fine to the chosen cost centre, else the settings' vehicle cost centre",
      params: IdParam,
      body: HandleInput,
      response: { 200: envelope(Violation) },
    },
    config: { access: edit, audit: violation },
    handler: async (req) => ok(await setHandled(deps, req.ctx, req.params.id, req.body.handled, req.body.costCentreId)),
  });

  app.get(P.limitGet, {
    schema: {
      tags,
      summary: 'The limits on unhandled violations that raise reminders (null: none)',
      response: { 200: envelope(ViolationLimitConfig) },
    },
    config: { access: view },
    handler: async (req) => ok(await getLimits(deps, req.ctx)),
  });

  app.post(P.limitSave, {
    schema: {
      tags,
      summary: 'Save the limits (points and fines, per car and per driver)',
      body: ViolationLimitConfig,
      response: { 200: envelope(ViolationLimitConfig) },
    },
    config: { access: edit, audit: { targetType: 'violationLimits' } },
    handler: async (req) => ok(await saveLimits(deps, req.ctx, req.body)),
  });

  app.get(P.byYear, {
    schema: {
      tags,
      summary: "A year's violations month by month (tenant time zone), with the most frequent offences",
      querystring: YearQuery,
      response: { 200: envelope(YearStatistics) },
    },
    config: { access: view },
    handler: async (req) => ok(await yearStatistics(deps, req.ctx, req.query.year)),
  });

  app.post(P.checkSingle, {
    schema: {
      tags,
      summary:
        'Whether a car can be queried (plate plus the engine-number or VIN digits the provider needs), with the price',
      body: CheckSingleInput,
      response: { 200: envelope(BatchCheck) },
    },
    config: { reads: true, access: query, audit: false },
    handler: async (req) => ok(await checkCars(deps, req.ctx, [req.body.carId])),
  });

  app.post(P.checkBatch, {
    schema: {
      tags,
      summary: 'Which of the cars can be queried and why not, the price of those that can and the balance',
      body: CheckBatchInput,
      response: { 200: envelope(BatchCheck) },
    },
    config: { reads: true, access: query, audit: false },
    handler: async (req) => ok(await checkCars(deps, req.ctx, req.body.carIds)),
  });

  app.post(P.query, {
    schema: {
      tags,
      summary:
        'Query one car: charge S10 from the balance (409 payments.insufficientBalance when short), create the order and its task',
      body: CheckSingleInput,
      response: { 200: envelope(StartedQuery) },
    },
    config: { access: query, audit: { targetType: 'violationQuery' } },
    handler: async (req) => ok(await startQuery(deps, req.ctx, [req.body.carId], 'single')),
  });

  app.post(P.batchQuery, {
    schema: {
      tags,
      summary:
        'Query the cars that can be queried (the others are answered in refused): one charge, one order, one category-2 task',
      body: CheckBatchInput,
      response: { 200: envelope(StartedQuery) },
    },
    config: { access: query, audit: { targetType: 'violationQuery' } },
    handler: async (req) => ok(await startQuery(deps, req.ctx, req.body.carIds, 'batch')),
  });

  app.get(P.orders, {
    schema: {
      tags,
      summary: "The tenant's violation query orders, newest first",
      querystring: QueryOrdersQuery,
      response: { 200: envelope(paged(QueryOrder)) },
    },
    config: { access: view },
    handler: async (req) => {
      const { rows, total } = await listOrders(deps, req.ctx, req.query);
      return ok(page(rows, total, req.query));
    },
  });

  app.get(P.orderItems, {
    schema: {
      tags,
      summary: 'What a query order found, car by car (cars of the caller’s rents)',
      params: IdParam,
      response: { 200: envelope(QueryOrderDetail) },
    },
    config: { access: view },
    handler: async (req) => ok(await orderDetail(deps, req.ctx, req.params.id)),
  });
}
