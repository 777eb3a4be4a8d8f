import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, IdParam, paged } from '@fleetdesk/contracts/common';
import {
  CheckIdQuery,
  CheckIdResult,
  DriverActionBody,
  DriverActionParams,
  DriverDetail,
  DriverExportFilter,
  DriverInput,
  DriverLabelsInput,
  DriverListFilter,
  DriverListRow,
  DriverOperation,
  DriverOperationsQuery,
  DriverPaths as P,
  DriversSummary,
  DriverSummaryQuery,
} from '@fleetdesk/contracts/drivers';
import { DeleteCarQuery } from '@fleetdesk/contracts/vehicles';
import { access, hasPermission } from '../../core/access.js';
import { ForbiddenError } from '../../core/errors.js';
import { ok, page } from '../../core/envelope.js';
import { sendXlsx } from '../../core/xlsx.js';
import { driverColumns } from './drivers.export.js';
import {
  checkIdNumber,
  createDriver,
  deleteDriver,
  driverOperations,
  driversForExport,
  driversSummary,
  getDriver,
  listDrivers,
  restoreDriver,
  setDriverLabels,
  takeAction,
  updateDriver,
  dueWindow,
} from './drivers.service.js';

const tags = ['drivers'];
const view = access.permission('rentDriver:view');
const add = access.permission('rentDriver:add');
const edit = access.permission('rentDriver:edit');
const remove = access.permission('rentDriver:delete');
const exporting = access.permission('rentDriver:export');
const driver = { targetType: 'driver' };

/** The driver area (`/rentDriver`): drivers, their states, labels, import, export and SMS recipients. */
export async function driversRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;

  app.post(P.list, {
    schema: {
      tags,
      summary:
        "The caller's drivers as the list shows them, filtered and paged (newest first unless sortField is given)",
      body: DriverListFilter,
      response: { 200: envelope(paged(DriverListRow)) },
    },
    config: { reads: true, access: view, audit: false },
    handler: async (req) => {
      const { rows, total } = await listDrivers(deps, req.ctx, req.body);
      return ok(page(rows, total, req.body));
    },
  });

  app.get(P.summary, {
    schema: {
      tags,
      summary: 'Figures for the list header: drivers by state, licences and certificates expired or expiring',
      querystring: DriverSummaryQuery,
      response: { 200: envelope(DriversSummary) },
    },
    config: { access: view },
    handler: async (req) => ok(await driversSummary(deps, req.ctx, req.query.rentId)),
  });

  app.get(P.checkId, {
    schema: {
      tags,
      summary:
        "What an ID number says (valid, birth date, gender), the tenant's active driver with it and where it is blacklisted (every rent of the tenant)",
      querystring: CheckIdQuery,
      response: { 200: envelope(CheckIdResult) },
    },
    config: { access: view, audit: false },
    handler: async (req) => ok(await checkIdNumber(deps, req.ctx, req.query.idNumber, req.query.exceptId)),
  });

  app.get(P.operations, {
    schema: {
      tags,
      summary: "A driver's history: creation, changes, state changes with their reasons, labels, deletion",
      querystring: DriverOperationsQuery,
      response: { 200: envelope(paged(DriverOperation)) },
    },
    config: { access: view },
    handler: async (req) => {
      const { rows, total } = await driverOperations(deps, req.ctx, req.query);
      return ok(page(rows, total, req.query));
    },
  });

  app.post(P.exportDrivers, {
    schema: {
      tags,
      summary: 'The filtered (or selected: ids) drivers as .xlsx, streamed; the first columns are the import columns',
      body: DriverExportFilter,
      produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    },
    config: { reads: true, access: exporting, audit: driver },
    handler: async (req, reply) => {
      const zh = req.lang === 'zh-CN';
      const w = await dueWindow(deps.db, req.ctx.tenantId, deps.clock.now());
      const rows = await driversForExport(deps, req.ctx, req.body);
      const title = zh ? '司机信息' : 'drivers';
      return sendXlsx(reply, `${title}-${w.today}.xlsx`, title, driverColumns(req.lang), rows);
    },
  });

  app.get(P.get, {
    schema: {
      tags,
      summary: 'One driver with signed image addresses and the blacklist entries of its ID number (a deleted one too)',
      params: IdParam,
      response: { 200: envelope(DriverDetail) },
    },
    config: { access: view },
    handler: async (req) => ok(await getDriver(deps, req.ctx, req.params.id)),
  });

  app.post(P.add, {
    schema: {
      tags,
      summary: 'Register a driver (a prospect) in the rent given, else the rent of the call (X-Rent-Id)',
      body: DriverInput,
      response: { 200: envelope(DriverDetail) },
    },
    config: { access: add, audit: driver },
    handler: async (req) => {
      const created = await createDriver(deps, req.ctx, req.body);
      req.auditNote = { targetId: created.id, summary: { name: created.name, phone: created.phone } };
      return ok(created);
    },
  });

  app.put(P.update, {
    schema: {
      tags,
      summary: "Change a driver's data, images and labels (the state has its own calls)",
      params: IdParam,
      body: DriverInput,
      response: { 200: envelope(DriverDetail) },
    },
    config: { access: edit, audit: driver },
    handler: async (req) => ok(await updateDriver(deps, req.ctx, req.params.id, req.body)),
  });

  app.put(P.labels, {
    schema: {
      tags,
      summary: "Set a driver's labels (labels of kind driver)",
      params: IdParam,
      body: DriverLabelsInput,
      response: { 200: envelope(DriverDetail) },
    },
    config: { access: edit, audit: driver },
    handler: async (req) => ok(await setDriverLabels(deps, req.ctx, req.params.id, req.body.labelIds)),
  });

  app.delete(P.remove, {
    schema: {
      tags,
      summary: 'Delete a prospect with no history (soft: it can be restored); any other driver is refused (409)',
      params: IdParam,
      querystring: DeleteCarQuery,
      response: { 200: envelope(z.boolean()) },
    },
    config: { access: remove, audit: driver },
    handler: async (req) => {
      await deleteDriver(deps, req.ctx, req.params.id, req.query.reason ?? null);
      return ok(true);
    },
  });

  app.post(P.restore, {
    schema: {
      tags,
      summary: 'Restore a deleted driver (refused when its phone is in use again)',
      params: IdParam,
      response: { 200: envelope(DriverDetail) },
    },
    config: { access: remove, audit: driver },
    handler: async (req) => ok(await restoreDriver(deps, req.ctx, req.params.id)),
  });

  app.put(P.action, {
    schema: {
      tags,
      summary:
        'A state action: activate, leave, blacklist, lift (blacklist and lift need a reason and rentDriver:blacklist; 409 when the state does not allow it)',
      params: DriverActionParams,
      body: DriverActionBody,
      response: { 200: envelope(DriverDetail) },
    },
    // Activating and marking left are edits; blacklisting and lifting have their own element, checked here.
    config: { access: access.anyOf(['rentDriver:edit', 'rentDriver:blacklist']), audit: driver },
    handler: async (req) => {
      const action = req.params.action;
      const needs = action === 'blacklist' || action === 'lift' ? 'rentDriver:blacklist' : 'rentDriver:edit';
      if (!hasPermission(req.ctx.permissions, needs)) throw new ForbiddenError();
      return ok(await takeAction(deps, req.ctx, req.params.id, action, req.body?.reason ?? null));
    },
  });
}
