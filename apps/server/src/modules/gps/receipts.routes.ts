import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, IdParam, paged } from '@fleetdesk/contracts/common';
import {
  GpsReceipt,
  GpsReceiptDetail,
  GpsReceiptDevice,
  GpsReceiptInput,
  GpsReceiptPaths as P,
  GpsReceiptQuery,
} from '@fleetdesk/contracts/gps-receipts';
import { access } from '../../core/access.js';
import { ok } from '../../core/envelope.js';
import {
  availableForB2a,
  cancelReceipt,
  createReceipt,
  listReceipts,
  receiptDetail,
  receiveReceipt,
} from './receipts.service.js';

const tags = ['gps'];
const audit = { targetType: 'gpsReceipt' };

/** Device receipts (issue 18): devices handed from one company of the tenant to another. */
export async function gpsReceiptRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;

  app.get(P.list, {
    schema: {
      tags,
      summary: 'Receipts sent or to be received by the caller’s rents, newest first',
      querystring: GpsReceiptQuery,
      response: { 200: envelope(paged(GpsReceipt)) },
    },
    config: { access: access.permission('riskGpsMap:view') },
    handler: async (req) => ok(await listReceipts(deps, req.ctx, req.query)),
  });

  app.get(P.detail, {
    schema: {
      tags,
      summary: 'A receipt with its devices and what the caller may do with it',
      params: IdParam,
      response: { 200: envelope(GpsReceiptDetail) },
    },
    config: { access: access.permission('riskGpsMap:view') },
    handler: async (req) => ok(await receiptDetail(deps, req.ctx, req.params.id)),
  });

  app.get(P.availableB2a, {
    schema: {
      tags,
      summary: 'Devices of the received receipt {id} still at the receiver and on no pending receipt (to send back)',
      params: IdParam,
      response: { 200: envelope(z.array(GpsReceiptDevice)) },
    },
    config: { access: access.permission('riskGpsMap:receipt') },
    handler: async (req) => ok(await availableForB2a(deps, req.ctx, req.params.id)),
  });

  app.post(P.create, {
    schema: {
      tags,
      summary: 'Hand devices of one company over to another (a2b), or send back devices that came in (b2a)',
      body: GpsReceiptInput,
      response: { 200: envelope(GpsReceiptDetail) },
    },
    config: { access: access.permission('riskGpsMap:receipt'), audit },
    handler: async (req) => {
      const r = await createReceipt(deps, req.ctx, req.body);
      req.auditNote = {
        targetId: r.id,
        summary: { number: r.number, kind: r.kind, to: r.toRentName, devices: r.devices.map((d) => d.imei) },
      };
      return ok(r);
    },
  });

  app.put(P.receive, {
    schema: {
      tags,
      summary: 'The receiving company takes the devices of a pending receipt',
      params: IdParam,
      response: { 200: envelope(GpsReceiptDetail) },
    },
    config: { access: access.permission('riskGpsMap:receive'), audit },
    handler: async (req) => {
      const r = await receiveReceipt(deps, req.ctx, req.params.id);
      req.auditNote = { targetId: r.id, summary: { number: r.number, received: r.devices.length } };
      return ok(r);
    },
  });

  app.put(P.cancel, {
    schema: {
      tags,
      summary: 'The sending company cancels a pending receipt',
      params: IdParam,
      response: { 200: envelope(GpsReceiptDetail) },
    },
    config: { access: access.permission('riskGpsMap:receipt'), audit },
    handler: async (req) => {
      const r = await cancelReceipt(deps, req.ctx, req.params.id);
      req.auditNote = { targetId: r.id, summary: { number: r.number, cancelled: true } };
      return ok(r);
    },
  });
}
