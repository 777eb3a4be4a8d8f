import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, IdParam } from '@fleetdesk/contracts/common';
import {
  DriverLevelView,
  DriverPortalAdminPaths as A,
  DriverPortalPaths as P,
  PortalAccident,
  PortalBill,
  PortalBillsQuery,
  PortalCodeInput,
  PortalCodeResult,
  PortalContract,
  PortalDocument,
  PortalDocumentInput,
  PortalHome,
  PortalMe,
  PortalMembership,
  PortalNotice,
  PortalPayInput,
  PortalPayStatus,
  PortalProofInput,
  PortalSession,
  PortalSignInInput,
  PortalSurvey,
  PortalSwitchInput,
  PortalViolation,
  ReviewInput,
  Submission,
  SubmissionPage,
  SubmissionQuery,
} from '@fleetdesk/contracts/driver-portal';
import { UploadResult } from '@fleetdesk/contracts/files';
import { PayInfo } from '@fleetdesk/contracts/payments';
import { access } from '../../core/access.js';
import { ok } from '../../core/envelope.js';
import { operationLogs } from '../../db/schema/audit.js';
import { driverLevel, listSubmissions, reviewSubmission } from './submissions.service.js';
import { membershipOf } from './levels.service.js';
import { meOf, requestCode, signIn, signOut, switchCompany } from './portal-auth.service.js';
import {
  accidentsOf,
  billsOf,
  contractsOf,
  documentsOf,
  homeOf,
  noticesOf,
  orderStatus,
  payBills,
  submitDocument,
  submitProof,
  surveysOf,
  uploadOwn,
  violationsOf,
} from './portal.service.js';
import './driver-portal.messages.js';

const tags = ['driver portal'];
const adminTags = ['drivers'];
const DriverIdParam = z.object({ driverId: z.coerce.number().int().positive() });

/**
 * The driver portal's calls (docs/driver-portal.md): sign-in is open (a code to a phone, limited per IP and per
 * phone); every other call takes a driver token and answers the driver's own records only. The back office's
 * review of what drivers send sits with the drivers' permissions.
 */
export async function driverPortalRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  const driver = access.driver();

  app.post(P.code, {
    schema: {
      tags,
      summary: 'Send a sign-in code to a driver phone (same answer for any phone; limited per phone and IP)',
      body: PortalCodeInput,
      response: { 200: envelope(PortalCodeResult) },
    },
    config: { access: access.public(), audit: false },
    handler: async (req) => ok(await requestCode(deps, req.body.phone, req.ip, req.log)),
  });

  app.post(P.signIn, {
    schema: {
      tags,
      summary: 'Sign a driver in with phone and SMS code: a driver token (limited per phone and IP)',
      body: PortalSignInInput,
      response: { 200: envelope(PortalSession) },
    },
    config: { access: access.public(), audit: false },
    handler: async (req) => {
      const session = await signIn(deps, req.body, req.ip);
      // The sign-in is the driver's first act: in the operation log as him (the hook logs signed-in calls only).
      const [c] = session.me.companies.filter((x) => x.current);
      await deps.db.insert(operationLogs).values({
        tenantId: c!.tenantId,
        userId: null,
        driverId: session.me.driverId,
        username: session.me.name,
        action: 'driverPortal.signIn',
        method: 'POST',
        path: P.signIn,
        targetType: 'driver',
        targetId: String(session.me.driverId),
        summary: { phone: session.me.phone },
        ip: req.ip,
      });
      return ok(session);
    },
  });

  app.post(P.switchCompany, {
    schema: {
      tags,
      summary: "Switch to the same phone's driver record in another company (a new token; this one is revoked)",
      body: PortalSwitchInput,
      response: { 200: envelope(PortalSession) },
    },
    config: { access: driver, audit: { action: 'driverPortal.switch', targetType: 'driver' } },
    handler: async (req) => ok(await switchCompany(deps, req.driver, req.body.tenantId, req.ip)),
  });

  app.post(P.signOut, {
    schema: { tags, summary: 'Sign out: the driver token is revoked', response: { 200: envelope(z.boolean()) } },
    config: { access: driver, audit: { action: 'driverPortal.signOut', targetType: 'driver' } },
    handler: async (req) => {
      await signOut(deps, req.driver);
      req.auditNote = { targetId: req.driver.driverId };
      return ok(true);
    },
  });

  app.get(P.me, {
    schema: { tags, summary: 'The signed-in driver and his companies', response: { 200: envelope(PortalMe) } },
    config: { access: driver },
    handler: async (req) => ok(await meOf(deps, req.driver)),
  });

  app.get(P.home, {
    schema: {
      tags,
      summary: "The driver's home: what is due, his level, open records, notices",
      response: { 200: envelope(PortalHome) },
    },
    config: { access: driver },
    handler: async (req) => ok(await homeOf(deps, req.driver, await meOf(deps, req.driver))),
  });

  app.get(P.contracts, {
    schema: { tags, summary: "The driver's contracts", response: { 200: envelope(z.array(PortalContract)) } },
    config: { access: driver },
    handler: async (req) => ok(await contractsOf(deps, req.driver)),
  });

  app.get(P.bills, {
    schema: {
      tags,
      summary: "The driver's bills: the open ones by due date, or the whole schedule",
      querystring: PortalBillsQuery,
      response: { 200: envelope(z.array(PortalBill)) },
    },
    config: { access: driver },
    handler: async (req) => ok(await billsOf(deps, req.driver, req.query)),
  });

  app.post(P.pay, {
    schema: {
      tags,
      summary: 'Pay open bills online: a payment order for what is left of them and its QR code',
      description:
        'The order is settled once, by the provider notification (or a query), in the transaction that marks it ' +
        'paid: each bill gets its part. An overdue bill is refused unless the company lets debtors pay online.',
      body: PortalPayInput,
      response: { 200: envelope(PayInfo) },
    },
    config: { access: driver, audit: { action: 'driverPortal.pay', targetType: 'order' } },
    handler: async (req) => {
      const info = await payBills(deps, req.driver, req.body);
      req.auditNote = {
        targetId: info.orderId,
        summary: { orderNo: info.orderNo, amount: info.amount, lines: req.body.lineIds },
      };
      return ok(info);
    },
  });

  app.get(P.payStatus, {
    schema: {
      tags,
      summary: "The state of one of the driver's payment orders",
      params: IdParam,
      response: { 200: envelope(PortalPayStatus) },
    },
    config: { access: driver },
    handler: async (req) => ok(await orderStatus(deps, req.driver, req.params.id)),
  });

  app.get(P.violations, {
    schema: {
      tags,
      summary: "The driver's violations and his proofs",
      response: { 200: envelope(z.array(PortalViolation)) },
    },
    config: { access: driver },
    handler: async (req) => ok(await violationsOf(deps, req.driver)),
  });

  app.post(P.violationProof, {
    schema: {
      tags,
      summary: 'Send the proof that a violation was handled (pictures he uploaded), for the office to review',
      params: IdParam,
      body: PortalProofInput,
      response: { 200: envelope(z.object({ id: z.number().int() })) },
    },
    config: { access: driver, audit: { action: 'driverPortal.proof', targetType: 'violation' } },
    handler: async (req) => ok(await submitProof(deps, req.driver, req.params.id, req.body)),
  });

  app.get(P.accidents, {
    schema: { tags, summary: "The driver's accidents", response: { 200: envelope(z.array(PortalAccident)) } },
    config: { access: driver },
    handler: async (req) => ok(await accidentsOf(deps, req.driver)),
  });

  app.get(P.documents, {
    schema: {
      tags,
      summary: "The driver's licence and ID card, and what he sent for review",
      response: { 200: envelope(z.array(PortalDocument)) },
    },
    config: { access: driver },
    handler: async (req) => ok(await documentsOf(deps, req.driver)),
  });

  app.post(P.documents, {
    schema: {
      tags,
      summary: 'Send a new licence or ID card for review (both sides, pictures he uploaded)',
      body: PortalDocumentInput,
      response: { 200: envelope(z.object({ id: z.number().int() })) },
    },
    config: { access: driver, audit: { action: 'driverPortal.document', targetType: 'driver' } },
    handler: async (req) => {
      const result = await submitDocument(deps, req.driver, req.body);
      req.auditNote = { targetId: req.driver.driverId, summary: { kind: req.body.kind, submission: result.id } };
      return ok(result);
    },
  });

  app.post(P.upload, {
    schema: {
      tags,
      summary: 'Upload one picture (multipart field "file"; JPEG, PNG, WebP or GIF) for a proof or a document',
      consumes: ['multipart/form-data'],
      response: { 200: envelope(UploadResult) },
    },
    config: { access: driver, audit: { action: 'driverPortal.upload', targetType: 'file' } },
    handler: async (req) => {
      const result = await uploadOwn(deps, req.driver, req);
      req.auditNote = { targetId: result.url, summary: { name: result.name, size: result.size } };
      return ok(result);
    },
  });

  app.get(P.surveys, {
    schema: {
      tags,
      summary: 'The surveys the driver is invited to, with their links',
      response: { 200: envelope(z.array(PortalSurvey)) },
    },
    config: { access: driver },
    handler: async (req) => ok(await surveysOf(deps, req.driver)),
  });

  app.get(P.membership, {
    schema: {
      tags,
      summary: "The driver's super driver level, its perks and his progress",
      response: { 200: envelope(PortalMembership) },
    },
    config: { access: driver },
    handler: async (req) => ok(await membershipOf(deps, req.driver.tenantId, req.driver.driverId, req.driver.lang)),
  });

  app.get(P.notices, {
    schema: { tags, summary: "The driver's notices, newest first", response: { 200: envelope(z.array(PortalNotice)) } },
    config: { access: driver },
    handler: async (req) => ok(await noticesOf(deps, req.driver, 50)),
  });

  // The back office.

  app.get(A.submissions, {
    schema: {
      tags: adminTags,
      summary: 'What drivers sent from the driver portal (documents, proofs), newest first',
      querystring: SubmissionQuery,
      response: { 200: envelope(SubmissionPage) },
    },
    config: { access: access.permission('rentDriver:view') },
    handler: async (req) => ok(await listSubmissions(deps, req.ctx, req.query)),
  });

  app.post(A.review, {
    schema: {
      tags: adminTags,
      summary: "Approve (applied to the driver or the violation) or reject (with the reason) a driver's submission",
      body: ReviewInput,
      response: { 200: envelope(Submission) },
    },
    config: {
      access: access.permission('rentDriver:edit'),
      audit: { action: 'driverPortal.review', targetType: 'driverSubmission' },
    },
    handler: async (req) => {
      req.auditNote = { targetId: req.body.id };
      return ok(await reviewSubmission(deps, req.ctx, req.body));
    },
  });

  app.get(A.level, {
    schema: {
      tags: adminTags,
      summary: "A driver's super driver level and his progress",
      params: DriverIdParam,
      response: { 200: envelope(DriverLevelView) },
    },
    config: { access: access.permission('rentDriver:view') },
    handler: async (req) => ok(await driverLevel(deps, req.ctx, req.params.driverId)),
  });
}
