import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, IdParam, paged } from '@fleetdesk/contracts/common';
import {
  AcceptConditionsInput,
  Activity,
  Applicant,
  Application,
  ApplicationListQuery,
  ApplicationListRow,
  ApplyItem,
  AuditInput,
  CancelInput,
  CarInfo,
  CarTypeInput,
  CarTypeQuery,
  CarTypeWithProduct,
  CheckVoucherInput,
  CreateApplicationInput,
  EditVoucherInput,
  FinanceHome,
  FinancingCarType,
  FinancingPaths as P,
  FinancingProduct,
  FinancingProfile,
  FinancingQuote,
  LimitListQuery,
  LimitView,
  ProductInput,
  ProfileInput,
  QuoteInput,
  RentLimits,
  SaveLimitInput,
  SearchCarParams,
  UnfinancedCar,
  UnfinancedCarQuery,
  UpdateApplicationInput,
  VersionInput,
  Voucher,
} from '@fleetdesk/contracts/financing';
import { access } from '../../core/access.js';
import { ok, page } from '../../core/envelope.js';
import { sendPdf } from '../../core/pdf.js';
import { history } from './activity.js';
import {
  answerConditions,
  auditApplication,
  cancelApplication,
  createApplication,
  getApplication,
  listApplications,
  quote,
  rowForSide,
  submitApplication,
  updateApplication,
} from './applications.service.js';
import { itemsOf } from './applications.repository.js';
import { carInfo, unfinancedCars } from './cars.service.js';
import { financingContractPdf } from './contract-pdf.js';
import { financierSide, logFinancierRead, sideOf, type Side } from './financier.js';
import { financeHome } from './home.service.js';
import { listLimits, rentLimits, saveLimit } from './limits.service.js';
import { listCarTypes, listProducts, saveCarType, saveProduct } from './products.service.js';
import { getProfile, saveProfile } from './profiles.service.js';
import { checkVoucher, editVoucher, getVoucher } from './vouchers.service.js';

const tags = ['financing'];
const can = (code: string) => access.permission(code);
const read = can('finance');
const audit = { targetType: 'financing' };

/**
 * The financing area's applicant-side and review calls (spec section 7 "Financing" and ours; the money side's
 * calls are in `money.routes.ts`). Calls both sides make branch on the side in the service; a financier's read
 * is written to the operation log (`logFinancierRead`).
 */
export async function financingRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;

  /** The side of the call; a financier's read of `target` goes to the operation log. */
  async function readSide(
    req: FastifyRequest,
    target?: { targetType: string; targetId?: string | null; tenantId?: number | null },
  ): Promise<Side> {
    const side = await sideOf(deps, req.ctx);
    if (side.kind === 'financier' && target) await logFinancierRead(deps, req, target);
    return side;
  }

  app.get(P.index, {
    schema: {
      tags,
      summary: 'The finance home: limits, applications by state, due and overdue instalments',
      response: { 200: envelope(FinanceHome) },
    },
    config: { access: read },
    handler: async (req) => ok(await financeHome(deps, await readSide(req, { targetType: 'financingHome' }))),
  });

  app.get(P.limitOfRent, {
    schema: {
      tags,
      summary: "A rent's credit limits (per financier): total, used, frozen, available",
      params: IdParam,
      response: { 200: envelope(RentLimits) },
    },
    config: { access: read },
    handler: async (req) => {
      const side = await readSide(req, { targetType: 'financingLimit', targetId: String(req.params.id) });
      return ok(await rentLimits(deps, side, req.params.id));
    },
  });

  app.get(P.limits, {
    schema: {
      tags,
      summary: "Financier: its limits with every applicant's rents, paged",
      querystring: LimitListQuery,
      response: { 200: envelope(paged(LimitView)) },
    },
    config: { access: read },
    handler: async (req) => {
      const { financier } = await financierSide(deps, req.ctx);
      await logFinancierRead(deps, req, { targetType: 'financingLimit' });
      const { rows, total } = await listLimits(deps, financier, req.query);
      return ok(page(rows, total, req.query));
    },
  });

  app.get(P.applicants, {
    schema: {
      tags,
      summary: 'Financier: the applicants it has a limit with',
      response: { 200: envelope(z.array(Applicant)) },
    },
    config: { access: read },
    handler: async (req) => {
      const { financier } = await financierSide(deps, req.ctx);
      const { rows } = await listLimits(deps, financier, { pageNum: 1, pageSize: 500 });
      const seen = new Map(rows.map((r) => [r.tenantId, r.tenantName]));
      return ok([...seen].map(([tenantId, tenantName]) => ({ tenantId, tenantName })));
    },
  });

  app.post(P.saveLimit, {
    schema: {
      tags,
      summary: "Financier: set a rent's credit limit",
      body: SaveLimitInput,
      response: { 200: envelope(LimitView) },
    },
    config: { access: can('finance:audit'), audit: { targetType: 'financingLimit' } },
    handler: async (req) => {
      const side = await financierSide(deps, req.ctx);
      return ok(await saveLimit(deps, side, req.body));
    },
  });

  app.get(P.products, {
    schema: {
      tags,
      summary: 'Financing products (applicant: of the financiers it has a limit with)',
      response: { 200: envelope(z.array(FinancingProduct)) },
    },
    config: { access: read },
    handler: async (req) => ok(await listProducts(deps, await sideOf(deps, req.ctx))),
  });

  app.post(P.saveProduct, {
    schema: {
      tags,
      summary: 'Financier: add or change a product',
      body: ProductInput,
      response: { 200: envelope(FinancingProduct) },
    },
    config: { access: can('finance:audit'), audit: { targetType: 'financingProduct' } },
    handler: async (req) => {
      const { financier } = await financierSide(deps, req.ctx);
      return ok(await saveProduct(deps, financier, req.body));
    },
  });

  app.get(P.carTypes, {
    schema: {
      tags,
      summary: 'Car types with their products (applicant: of the financiers it has a limit with)',
      querystring: CarTypeQuery,
      response: { 200: envelope(z.array(CarTypeWithProduct)) },
    },
    config: { access: read },
    handler: async (req) => ok(await listCarTypes(deps, await sideOf(deps, req.ctx), req.query)),
  });

  app.post(P.saveCarType, {
    schema: {
      tags,
      summary: 'Financier: add or change a car type',
      body: CarTypeInput,
      response: { 200: envelope(FinancingCarType) },
    },
    config: { access: can('finance:audit'), audit: { targetType: 'financingCarType' } },
    handler: async (req) => {
      const { financier } = await financierSide(deps, req.ctx);
      return ok(await saveCarType(deps, financier, req.body));
    },
  });

  app.get(P.unfinancedCars, {
    schema: {
      tags,
      summary: 'Applicant: cars of the scope with no live application (paged, plate or VIN search)',
      querystring: UnfinancedCarQuery,
      response: { 200: envelope(paged(UnfinancedCar)) },
    },
    config: { access: read },
    handler: async (req) => {
      const { rows, total } = await unfinancedCars(deps, req.ctx, req.query);
      return ok(page(rows, total, req.query));
    },
  });

  app.get(P.searchCar, {
    schema: {
      tags,
      summary: 'Applicant: a car by plate or VIN, with its data and whether it is financed',
      params: SearchCarParams,
      response: { 200: envelope(CarInfo) },
    },
    config: { access: read },
    handler: async (req) => ok(await carInfo(deps, req.ctx, req.params.x)),
  });

  app.get(P.profile, {
    schema: { tags, summary: "Applicant: the rent's financing profile", response: { 200: envelope(FinancingProfile) } },
    config: { access: read },
    handler: async (req) => ok(await getProfile(deps, req.ctx)),
  });

  app.post(P.saveProfile, {
    schema: {
      tags,
      summary: "Applicant: save the rent's financing profile",
      body: ProfileInput,
      response: { 200: envelope(FinancingProfile) },
    },
    config: { access: can('finance:edit'), audit: { targetType: 'financingProfile' } },
    handler: async (req) => ok(await saveProfile(deps, req.ctx, req.body)),
  });

  app.post(P.quote, {
    schema: {
      tags,
      summary: 'The quote of a form: down payment, financed, instalments, interest, fees',
      body: QuoteInput,
      response: { 200: envelope(FinancingQuote) },
    },
    config: { reads: true, access: read, audit: false },
    handler: async (req) => ok(await quote(deps, req.ctx, req.body)),
  });

  app.get(P.list, {
    schema: {
      tags,
      summary: 'Applications, paged, newest first (the screen asks for S1 by default)',
      querystring: ApplicationListQuery,
      response: { 200: envelope(paged(ApplicationListRow)) },
    },
    config: { access: read },
    handler: async (req) => {
      const side = await readSide(req, { targetType: 'financingList', tenantId: req.query.tenantId ?? null });
      const { rows, total } = await listApplications(deps, side, req.query);
      return ok(page(rows, total, req.query));
    },
  });

  app.get(P.get, {
    schema: {
      tags,
      summary: 'One application with its terms, items and voucher slots',
      params: IdParam,
      response: { 200: envelope(Application) },
    },
    config: { access: read },
    handler: async (req) => {
      const side = await sideOf(deps, req.ctx);
      const a = await getApplication(deps, side, req.params.id);
      if (side.kind === 'financier') {
        await logFinancierRead(deps, req, { targetType: 'financing', targetId: a.code, tenantId: a.tenantId });
      }
      return ok(a);
    },
  });

  app.get(P.applyItems, {
    schema: {
      tags,
      summary: 'The apply items of an application with their amounts and loan states',
      params: IdParam,
      response: { 200: envelope(z.array(ApplyItem)) },
    },
    config: { access: read },
    handler: async (req) => {
      const side = await sideOf(deps, req.ctx);
      const a = await rowForSide(deps.db, side, req.params.id);
      if (side.kind === 'financier') {
        await logFinancierRead(deps, req, { targetType: 'financingItems', targetId: a.code, tenantId: a.tenantId });
      }
      return ok(await itemsOf(deps.db, a.tenantId, a.id));
    },
  });

  app.get(P.history, {
    schema: {
      tags,
      summary: "An application's history, in the caller's language",
      params: IdParam,
      response: { 200: envelope(z.array(Activity)) },
    },
    config: { access: read },
    handler: async (req) => {
      const side = await sideOf(deps, req.ctx);
      const a = await rowForSide(deps.db, side, req.params.id);
      if (side.kind === 'financier') {
        await logFinancierRead(deps, req, { targetType: 'financingHistory', targetId: a.code, tenantId: a.tenantId });
      }
      return ok(await history(deps.db, a.tenantId, a.id, req.lang));
    },
  });

  app.get(P.contractPdf, {
    schema: { tags, summary: 'The financing contract as PDF', params: IdParam, produces: ['application/pdf'] },
    config: { access: read },
    handler: async (req, reply) => {
      const side = await sideOf(deps, req.ctx);
      const a = await getApplication(deps, side, req.params.id);
      if (side.kind === 'financier') {
        await logFinancierRead(deps, req, { targetType: 'financingContract', targetId: a.code, tenantId: a.tenantId });
      }
      const { fileName, data } = await financingContractPdf(deps, a, req.lang);
      return sendPdf(reply, fileName, data);
    },
  });

  app.post(P.create, {
    schema: {
      tags,
      summary: 'Applicant: an application in S1 (the form of spec section 3)',
      body: CreateApplicationInput,
      response: { 200: envelope(Application) },
    },
    config: { access: can('finance:add'), audit },
    handler: async (req) => {
      const a = await createApplication(deps, req.ctx, req.body);
      req.auditNote = { targetId: a.code };
      return ok(a);
    },
  });

  app.post(P.update, {
    schema: {
      tags,
      summary: 'Applicant: edit an application in S1',
      params: IdParam,
      body: UpdateApplicationInput,
      response: { 200: envelope(Application) },
    },
    config: { access: can('finance:edit'), audit },
    handler: async (req) => ok(await updateApplication(deps, req.ctx, req.params.id, req.body)),
  });

  app.post(P.submit, {
    schema: {
      tags,
      summary: 'Applicant: submit (S1 -> S2; the limit checked, the internal approval started)',
      params: IdParam,
      body: VersionInput,
      response: { 200: envelope(Application) },
    },
    config: { access: can('finance:apply'), audit },
    handler: async (req) => ok(await submitApplication(deps, req.ctx, req.params.id, req.body.version)),
  });

  app.post(P.acceptConditions, {
    schema: {
      tags,
      summary: 'Applicant: accept (S3 -> S4) or decline (S3 -> S10) the revised terms',
      params: IdParam,
      body: AcceptConditionsInput,
      response: { 200: envelope(Application) },
    },
    config: { access: can('finance:apply'), audit },
    handler: async (req) => ok(await answerConditions(deps, req.ctx, req.params.id, req.body)),
  });

  app.post(P.cancel, {
    schema: {
      tags,
      summary: 'Applicant: cancel (S1, S3, S4 -> S10)',
      params: IdParam,
      body: CancelInput,
      response: { 200: envelope(Application) },
    },
    config: { access: can('finance:edit'), audit },
    handler: async (req) => ok(await cancelApplication(deps, req.ctx, req.params.id, req.body)),
  });

  app.post(P.audit, {
    schema: {
      tags,
      summary: 'Financier: decide an application under review: approve, approve with conditions, supplement, reject',
      params: IdParam,
      body: AuditInput,
      response: { 200: envelope(Application) },
    },
    config: { access: can('finance:audit'), audit },
    handler: async (req) => ok(await auditApplication(deps, req.ctx, req.params.id, req.body)),
  });

  app.get(P.voucher, {
    schema: {
      tags,
      summary: 'The vouchers of an application with the present and missing slots',
      params: IdParam,
      response: { 200: envelope(Voucher) },
    },
    config: { access: read },
    handler: async (req) => {
      const side = await sideOf(deps, req.ctx);
      const a = await rowForSide(deps.db, side, req.params.id);
      if (side.kind === 'financier') {
        await logFinancierRead(deps, req, { targetType: 'financingVoucher', targetId: a.code, tenantId: a.tenantId });
      }
      return ok(await getVoucher(deps, side, req.params.id));
    },
  });

  app.post(P.editVoucher, {
    schema: {
      tags,
      summary: 'Applicant: the purchase invoice, policies and endorsements',
      body: EditVoucherInput,
      response: { 200: envelope(Voucher) },
    },
    config: { access: can('finance:edit'), audit },
    handler: async (req) => ok(await editVoucher(deps, req.ctx, req.body)),
  });

  app.post(P.checkVoucher, {
    schema: {
      tags,
      summary: "Financier: pass or return an application's vouchers",
      params: IdParam,
      body: CheckVoucherInput,
      response: { 200: envelope(Voucher) },
    },
    config: { access: can('finance:audit'), audit },
    handler: async (req) => ok(await checkVoucher(deps, req.ctx, req.params.id, req.body)),
  });
}
