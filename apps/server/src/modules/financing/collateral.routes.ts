import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, IdParam, paged } from '@fleetdesk/contracts/common';
import {
  BookedCar,
  BookedCarInput,
  BookedCarListQuery,
  BookedCarStateInput,
  Certificate,
  CertificateInput,
  CertificateListQuery,
  FinancingPaths as P,
  RentOrSale,
  RentOrSaleAuditInput,
  RentOrSaleInput,
  RentOrSaleListQuery,
  RentOrSaleSupplementInput,
} from '@fleetdesk/contracts/financing';
import { access } from '../../core/access.js';
import { ok, page } from '../../core/envelope.js';
import { createBookedCar, getBookedCar, listBookedCars, setBookedCarState } from './booked-cars.service.js';
import {
  auditRentOrSale,
  declareRentOrSale,
  getRentOrSale,
  listCertificates,
  listRentOrSale,
  saveCertificate,
  supplementRentOrSale,
} from './collateral.service.js';
import { financierSide, logFinancierRead, sideOf } from './financier.js';

const tags = ['financing'];
const view = access.permission('finance');
const apply = access.permission('finance:apply');
const audit = access.permission('finance:audit');
const add = access.permission('finance:add');
const edit = access.permission('finance:edit');
const declaration = { targetType: 'financingRentOrSale' };
const booking = { targetType: 'bookedCar' };

/** Rent or sale, the certificates the financier holds, and booked cars (docs/financing.md). */
export async function collateralRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;

  app.post(P.rentOrSale, {
    schema: {
      tags,
      summary: "The applicant declares a financed car's use (rented out or sold on instalments) while it is collateral",
      body: RentOrSaleInput,
      response: { 200: envelope(RentOrSale) },
    },
    config: { access: apply, audit: declaration },
    handler: async (req) => {
      const r = await declareRentOrSale(deps, req.ctx, req.body);
      req.auditNote = { targetId: r.id };
      return ok(r);
    },
  });

  app.post(P.rentOrSaleSupplement, {
    schema: {
      tags,
      summary: 'The applicant adds a note and files to a waiting or returned declaration (it waits again)',
      body: RentOrSaleSupplementInput,
      response: { 200: envelope(RentOrSale) },
    },
    config: { access: apply, audit: declaration },
    handler: async (req) => {
      req.auditNote = { targetId: req.body.id };
      return ok(await supplementRentOrSale(deps, req.ctx, req.body));
    },
  });

  app.post(P.rentOrSaleAudit, {
    schema: {
      tags,
      summary: 'The financier agrees, agrees with conditions, returns for supplements or refuses a declaration',
      body: RentOrSaleAuditInput,
      response: { 200: envelope(RentOrSale) },
    },
    config: { access: audit, audit: declaration },
    handler: async (req) => {
      req.auditNote = { targetId: req.body.id };
      return ok(await auditRentOrSale(deps, req.ctx, req.body));
    },
  });

  app.get(P.rentOrSaleList, {
    schema: {
      tags,
      summary: "Declarations of use, newest first: the applicant's in his data scope, the financier's own",
      querystring: RentOrSaleListQuery,
      response: { 200: envelope(paged(RentOrSale)) },
    },
    config: { access: view },
    handler: async (req) => {
      const side = await sideOf(deps, req.ctx);
      const { rows, total } = await listRentOrSale(deps, side, req.query);
      if (side.kind === 'financier') await logFinancierRead(deps, req, { targetType: 'financingRentOrSale' });
      return ok(page(rows, total, req.query));
    },
  });

  app.get(P.rentOrSaleAdmin, {
    schema: {
      tags,
      summary: "The financier's work list of declarations (all its applicants'); waiting ones unless a state is named",
      querystring: RentOrSaleListQuery,
      response: { 200: envelope(paged(RentOrSale)) },
    },
    config: { access: audit },
    handler: async (req) => {
      const { financier } = await financierSide(deps, req.ctx);
      const q = { ...req.query, state: req.query.state ?? 'applied' };
      const { rows, total } = await listRentOrSale(deps, { kind: 'financier', ctx: req.ctx, financier }, q);
      await logFinancierRead(deps, req, { targetType: 'financingRentOrSale' });
      return ok(page(rows, total, req.query));
    },
  });

  app.get(P.rentOrSaleGet, {
    schema: {
      tags,
      summary: 'One declaration of use',
      params: IdParam,
      response: { 200: envelope(RentOrSale) },
    },
    config: { access: view },
    handler: async (req) => {
      const side = await sideOf(deps, req.ctx);
      const r = await getRentOrSale(deps, side, req.params.id);
      if (side.kind === 'financier') {
        await logFinancierRead(deps, req, {
          targetType: 'financingRentOrSale',
          targetId: r.applicationCode,
          summary: { declaration: r.id },
        });
      }
      return ok(r);
    },
  });

  app.get(P.certificates, {
    schema: {
      tags,
      summary:
        'The certificates the financier holds while a car is collateral (registration, invoice, conformity, policy)',
      querystring: CertificateListQuery,
      response: { 200: envelope(paged(Certificate)) },
    },
    config: { access: view },
    handler: async (req) => {
      const side = await sideOf(deps, req.ctx);
      const { rows, total } = await listCertificates(deps, side, req.query);
      if (side.kind === 'financier') await logFinancierRead(deps, req, { targetType: 'financingCertificate' });
      return ok(page(rows, total, req.query));
    },
  });

  app.post(P.saveCertificate, {
    schema: {
      tags,
      summary: 'The financier records a certificate it received, or its return',
      body: CertificateInput,
      response: { 200: envelope(Certificate) },
    },
    config: { access: audit, audit: { targetType: 'financingCertificate' } },
    handler: async (req) => {
      const c = await saveCertificate(deps, req.ctx, req.body);
      req.auditNote = { targetId: c.id };
      return ok(c);
    },
  });

  app.post(P.createBookedCar, {
    schema: {
      tags,
      summary: 'Books a car model to buy, with the earnest paid to the dealer',
      body: BookedCarInput,
      response: { 200: envelope(BookedCar) },
    },
    config: { access: add, audit: booking },
    handler: async (req) => {
      const b = await createBookedCar(deps, req.ctx, req.body);
      req.auditNote = { targetId: b.id };
      return ok(b);
    },
  });

  app.get(P.bookedCars, {
    schema: {
      tags,
      summary: "The rents' booked cars, newest first",
      querystring: BookedCarListQuery,
      response: { 200: envelope(paged(BookedCar)) },
    },
    config: { access: view },
    handler: async (req) => {
      const { rows, total } = await listBookedCars(deps, req.ctx, req.query);
      return ok(page(rows, total, req.query));
    },
  });

  app.get(P.bookedCar, {
    schema: { tags, summary: 'One booked car', params: IdParam, response: { 200: envelope(BookedCar) } },
    config: { access: view },
    handler: async (req) => ok(await getBookedCar(deps, req.ctx, req.params.id)),
  });

  app.post(P.bookedCarState, {
    schema: {
      tags,
      summary: 'Moves a booking: earnest paid, purchased, or cancelled',
      params: IdParam,
      body: BookedCarStateInput,
      response: { 200: envelope(BookedCar) },
    },
    config: { access: edit, audit: booking },
    handler: async (req) => {
      req.auditNote = { targetId: req.params.id };
      return ok(await setBookedCarState(deps, req.ctx, req.params.id, req.body));
    },
  });
}
