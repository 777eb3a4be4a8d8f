import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, IdParam, paged, PageQuery } from '@fleetdesk/contracts/common';
import {
  BatchActionBody,
  BatchActionParams,
  BatchActionResult,
  BindLicenseInput,
  CarActionBody,
  CarActionParams,
  CarDetail,
  CarExportFilter,
  CarImage,
  CarListFilter,
  CarListRow,
  CarOperation,
  CarsSummary,
  CreateCarInput,
  DeleteCarQuery,
  DeleteImagesInput,
  EditImagesInput,
  FleetReport,
  InfoErrorQuery,
  InfoErrorRow,
  KeyInfoInput,
  OperationReport,
  OperationReportQuery,
  OperationsQuery,
  OwnerReportRow,
  PowerReport,
  Rentability,
  RentabilityQuery,
  RentScopeQuery,
  TransferBody,
  TransferQuery,
  TransferResult,
  UpdateCarInput,
  VehiclePaths as P,
} from '@fleetdesk/contracts/vehicles';
import { access, scopeFor } from '../../core/access.js';
import { ok, page } from '../../core/envelope.js';
import { sendXlsx } from '../../core/xlsx.js';
import { carTypesRoutes } from './car-types.routes.js';
import { catalogueRoutes } from './catalogue/catalogue.routes.js';
import { syncCarCatalogue } from './catalogue/catalogue.sync.js';
import { ownersRoutes } from './owners.routes.js';
import * as reports from './reports.repository.js';
import { carsSummary, infoErrors, operationReport } from './reports.service.js';
import { tenantDays } from '../../core/tenant-time.js';
import './vehicles.messages.js';
import { carColumns, inspectionColumns, insuranceColumns, type InsurerNames } from './vehicles.export.js';
import { insurerNames } from '../compliance/insurers.service.js';
import {
  bindLicense,
  carOperations,
  carsRentability,
  carsForExport,
  createCar,
  deleteCar,
  deleteImages,
  getCar,
  getImages,
  listCars,
  restoreCar,
  setImages,
  setKeyInfo,
  takeAction,
  takeBatchAction,
  transferCar,
  updateCar,
} from './vehicles.service.js';

const tags = ['vehicles'];
const view = access.permission('rentCar:view');
const add = access.permission('rentCar:add');
const edit = access.permission('rentCar:edit');
const remove = access.permission('rentCar:delete');
const exporting = access.permission('rentCar:export');
const transfer = access.permission('rentCar:transfer');
const car = { targetType: 'car' };

/** The vehicle area: cars here, owners, car types and the catalogue in their own files. */
export async function vehiclesRoutes(fastify: FastifyInstance): Promise<void> {
  const deps = fastify.deps;
  await syncCarCatalogue(deps.db);
  await fastify.register(carRoutes);
  await fastify.register(ownersRoutes);
  await fastify.register(carTypesRoutes);
  await fastify.register(catalogueRoutes);
}

async function carRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;

  app.post(P.rentability, {
    schema: {
      tags,
      summary:
        'Whether each car can be rented now under a new contract, with every reason why not (status, compulsory insurance, inspection): the rule contract signing applies',
      body: RentabilityQuery,
      response: { 200: envelope(z.array(Rentability)) },
    },
    config: { reads: true, access: access.anyOf(['rentCar:view', 'rentContract:add']), audit: false },
    handler: async (req) => ok(await carsRentability(deps, req.ctx, req.body.ids)),
  });

  app.post(P.list, {
    schema: {
      tags,
      summary:
        "The caller's cars as the list shows them (not the whole car), filtered and paged (newest first unless sortField is given)",
      body: CarListFilter,
      response: { 200: envelope(paged(CarListRow)) },
    },
    config: { reads: true, access: view, audit: false },
    handler: async (req) => {
      const { rows, total } = await listCars(deps, req.ctx, req.body);
      return ok(page(rows, total, req.body));
    },
  });

  app.get(P.summary, {
    schema: {
      tags,
      summary: 'Figures for the list header: cars by status, inspections and policies due or overdue, online',
      querystring: RentScopeQuery,
      response: { 200: envelope(CarsSummary) },
    },
    config: { access: view },
    handler: async (req) => ok(await carsSummary(deps, req.ctx, req.query.rentId)),
  });

  app.get(P.operations, {
    schema: {
      tags,
      summary: "A car's history: creation, status changes, transfers, deletion and restoration, newest first",
      querystring: OperationsQuery,
      response: { 200: envelope(paged(CarOperation)) },
    },
    config: { access: view },
    handler: async (req) => {
      const { rows, total } = await carOperations(deps, req.ctx, req.query);
      return ok(page(rows, total, req.query));
    },
  });

  app.get(P.infoErrors, {
    schema: {
      tags,
      summary: 'Cars whose data is wrong or missing, each with its reasons',
      querystring: InfoErrorQuery,
      response: { 200: envelope(paged(InfoErrorRow)) },
    },
    config: { access: view },
    handler: async (req) => {
      const { rows, total } = await infoErrors(deps, req.ctx, req.query);
      return ok(page(rows, total, req.query));
    },
  });

  app.get(P.get, {
    schema: {
      tags,
      summary: 'One car with its images (a deleted car too, for its history)',
      params: IdParam,
      response: { 200: envelope(CarDetail) },
    },
    config: { access: view },
    handler: async (req) => ok(await getCar(deps, req.ctx, req.params.id)),
  });

  app.post(P.add, {
    schema: {
      tags,
      summary: 'Register a car in the rent of the call (X-Rent-Id), with its images',
      body: CreateCarInput,
      response: { 200: envelope(CarDetail) },
    },
    config: { access: add, audit: car },
    handler: async (req) => {
      const created = await createCar(deps, req.ctx, req.body);
      req.auditNote = { targetId: created.id, summary: { plate: created.plate, vin: created.vin } };
      return ok(created);
    },
  });

  app.put(P.update, {
    schema: {
      tags,
      summary: "Change a car's data (status, rent and images have their own calls)",
      params: IdParam,
      body: UpdateCarInput,
      response: { 200: envelope(CarDetail) },
    },
    config: { access: edit, audit: car },
    handler: async (req) => ok(await updateCar(deps, req.ctx, req.params.id, req.body)),
  });

  app.delete(P.remove, {
    schema: {
      tags,
      summary: 'Delete a car (soft: its history stays; a rented car is refused)',
      params: IdParam,
      querystring: DeleteCarQuery,
      response: { 200: envelope(z.boolean()) },
    },
    config: { access: remove, audit: car },
    handler: async (req) => {
      await deleteCar(deps, req.ctx, req.params.id, req.query.reason ?? null);
      return ok(true);
    },
  });

  app.post(P.restore, {
    schema: {
      tags,
      summary: 'Restore a deleted car (refused when its plate is in use again)',
      params: IdParam,
      response: { 200: envelope(CarDetail) },
    },
    config: { access: remove, audit: car },
    handler: async (req) => ok(await restoreCar(deps, req.ctx, req.params.id)),
  });

  app.put(P.batchAction, {
    schema: {
      tags,
      summary: 'The same status action on many cars; answers those done and those refused with the reason',
      params: BatchActionParams,
      body: BatchActionBody,
      response: { 200: envelope(BatchActionResult) },
    },
    config: { access: edit, audit: car },
    handler: async (req) =>
      ok(await takeBatchAction(deps, req.ctx, req.body.ids, req.params.action, req.body.remark ?? null)),
  });

  app.put(P.action, {
    schema: {
      tags,
      summary:
        'A status action: reserve, cancelReservation, rentOut, giveBack, repair, finishRepair, suspend, resume, sell, scrap (409 when the status does not allow it)',
      params: CarActionParams,
      body: CarActionBody,
      response: { 200: envelope(CarDetail) },
    },
    config: { access: edit, audit: car },
    handler: async (req) =>
      ok(await takeAction(deps, req.ctx, req.params.id, req.params.action, req.body?.remark ?? null)),
  });

  app.post(P.transfer, {
    schema: {
      tags,
      summary:
        'Move a car to another rent of the tenant (?rentId=) through a carTransfer approval: moved at once when no flow step applies, else when approved (transferApproval says which); refused for a rented car or one with a transfer pending (409)',
      params: IdParam,
      querystring: TransferQuery,
      body: TransferBody,
      response: { 200: envelope(TransferResult) },
    },
    config: { access: transfer, audit: car },
    handler: async (req) =>
      ok(await transferCar(deps, req.ctx, req.params.id, req.query.rentId, req.body?.remark ?? null)),
  });

  app.get(P.images, {
    schema: {
      tags,
      summary: "A car's images in display order, with signed addresses",
      params: IdParam,
      response: { 200: envelope(z.array(CarImage)) },
    },
    config: { access: view },
    handler: async (req) => ok(await getImages(deps, req.ctx, req.params.id)),
  });

  app.post(P.editImages, {
    schema: {
      tags,
      summary: "Set a car's images (add, reorder, change kinds): the list replaces the previous one",
      body: EditImagesInput,
      response: { 200: envelope(z.array(CarImage)) },
    },
    config: { access: edit, audit: car },
    handler: async (req) => {
      req.auditNote = { targetId: req.body.carId };
      return ok(await setImages(deps, req.ctx, req.body.carId, req.body.images));
    },
  });

  app.post(P.deleteImages, {
    schema: {
      tags,
      summary: 'Remove images of a car',
      body: DeleteImagesInput,
      response: { 200: envelope(z.array(CarImage)) },
    },
    config: { access: edit, audit: car },
    handler: async (req) => {
      req.auditNote = { targetId: req.body.carId };
      return ok(await deleteImages(deps, req.ctx, req.body.carId, req.body.ids));
    },
  });

  app.post(P.bindLicense, {
    schema: {
      tags,
      summary: 'Bind the vehicle licence (行驶证): its pages as images and what it says',
      body: BindLicenseInput,
      response: { 200: envelope(CarDetail) },
    },
    config: { access: edit, audit: car },
    handler: async (req) => {
      req.auditNote = { targetId: req.body.carId };
      return ok(await bindLicense(deps, req.ctx, req.body));
    },
  });

  app.post(P.keyInfo, {
    schema: {
      tags,
      summary: 'How many keys a car has and where they are',
      body: KeyInfoInput,
      response: { 200: envelope(CarDetail) },
    },
    config: { access: edit, audit: car },
    handler: async (req) => {
      req.auditNote = { targetId: req.body.carId };
      return ok(await setKeyInfo(deps, req.ctx, req.body));
    },
  });

  const exportRoute = (
    url: string,
    summary: string,
    file: { zh: string; en: string },
    columns: (lang: 'zh-CN' | 'en-US', today: string, insurers: InsurerNames) => ReturnType<typeof carColumns>,
  ) =>
    app.post(url, {
      schema: {
        tags,
        summary,
        body: CarExportFilter,
        produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      },
      config: { reads: true, access: exporting, audit: car },
      handler: async (req, reply) => {
        const zh = req.lang === 'zh-CN';
        const days = await tenantDays(deps.db, req.ctx.tenantId, deps.clock.now());
        const rows = await carsForExport(deps, req.ctx, req.body);
        const insurers = await insurerNames(deps.db, req.ctx.tenantId, req.lang);
        const name = `${zh ? file.zh : file.en}-${days.today}.xlsx`;
        return sendXlsx(reply, name, zh ? file.zh : file.en, columns(req.lang, days.today, insurers), rows);
      },
    });

  exportRoute(
    P.exportCars,
    'The filtered cars as .xlsx (streamed; the headers are the import columns)',
    {
      zh: '车辆信息',
      en: 'cars',
    },
    (lang, _today, insurers) => carColumns(lang, insurers),
  );
  exportRoute(
    P.exportInspection,
    'Annual inspections of the filtered cars as .xlsx, with days left',
    {
      zh: '车辆年检',
      en: 'inspections',
    },
    inspectionColumns,
  );
  exportRoute(
    P.exportInsurance,
    'Compulsory and commercial policies of the filtered cars as .xlsx',
    {
      zh: '车辆保险',
      en: 'insurance',
    },
    insuranceColumns,
  );

  app.get(P.report, {
    schema: {
      tags,
      summary: 'The fleet (not sold or scrapped) by status, type, brand, owner, energy and rent',
      querystring: RentScopeQuery,
      response: { 200: envelope(FleetReport) },
    },
    config: { access: view },
    handler: async (req) => ok(await reports.fleetReport(deps.db, scopeFor(req.ctx, req.query.rentId), req.lang)),
  });

  app.get(P.operationReport, {
    schema: {
      tags,
      summary: 'Operation rate per day (rented / fleet at the end of each day) and the online rate now',
      querystring: OperationReportQuery,
      response: { 200: envelope(OperationReport) },
    },
    config: { access: view },
    handler: async (req) => ok(await operationReport(deps, req.ctx, req.query)),
  });

  app.get(P.powerReport, {
    schema: {
      tags,
      summary: 'The fleet by energy, and electric cars by battery capacity and range',
      querystring: RentScopeQuery,
      response: { 200: envelope(PowerReport) },
    },
    config: { access: view },
    handler: async (req) => ok(await reports.powerReport(deps.db, scopeFor(req.ctx, req.query.rentId), req.lang)),
  });

  app.get(P.ownerReport, {
    schema: {
      tags,
      summary: 'Cars per owner (most first), with rented cars and purchase value',
      querystring: RentScopeQuery.extend(PageQuery.shape),
      response: { 200: envelope(paged(OwnerReportRow)) },
    },
    config: { access: view },
    handler: async (req) => {
      const { rows, total } = await reports.ownerReport(
        deps.db,
        scopeFor(req.ctx, req.query.rentId),
        req.lang,
        req.query,
      );
      return ok(page(rows, total, req.query));
    },
  });
}
