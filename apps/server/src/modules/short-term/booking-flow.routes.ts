import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, IdParam } from '@fleetdesk/contracts/common';
import { PayInfo } from '@fleetdesk/contracts/payments';
import {
  BookingCancelAnswer,
  BookingCancelInput,
  BookingPickUpInput,
  BookingReturnAnswer,
  BookingReturnInput,
  BookingSettleAnswer,
  BookingSettleInput,
  ShortTermPaths as P,
} from '@fleetdesk/contracts/short-term';
import { z } from 'zod';
import { access } from '../../core/access.js';
import { ok } from '../../core/envelope.js';
import { cancelBooking, payBooking, pickUpBooking, returnBooking, settleBooking } from './booking-flow.service.js';

const tags = ['short-term'];
const audit = { targetType: 'shortBooking' };

/** A booking's payment, cancellation, pick-up, return and settlement (docs/short-term.md). */
export async function bookingFlowRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;

  app.post(P.bookingPay, {
    schema: {
      tags,
      summary:
        'Offers the booking’s order (total + deposits), or a settlement’s balance order, to the payment provider',
      params: IdParam,
      response: { 200: envelope(PayInfo) },
    },
    config: { access: access.anyOf(['sevenShort:add', 'sevenShort:settle']), audit },
    handler: async (req) => {
      req.auditNote = { targetId: req.params.id };
      return ok(await payBooking(deps, req.ctx, req.params.id));
    },
  });
  app.post(P.bookingCancel, {
    schema: {
      tags,
      summary: 'Cancels a booking: unpaid at no cost; paid by the cancellation rule, the rest refunded',
      params: IdParam,
      body: BookingCancelInput,
      response: { 200: envelope(BookingCancelAnswer) },
    },
    config: { access: access.permission('sevenShort:cancel'), audit },
    handler: async (req) => {
      req.auditNote = { targetId: req.params.id, summary: { reason: req.body.reason } };
      return ok(await cancelBooking(deps, req.ctx, req.params.id, req.body.reason));
    },
  });
  app.post(P.bookingPickUp, {
    schema: {
      tags,
      summary: 'Pick-up with the dispatch inspection: the usage period opens for the renter, the car is rented out',
      params: IdParam,
      body: BookingPickUpInput,
      response: { 200: envelope(z.object({ id: z.number().int() })) },
    },
    config: { access: access.permission('sevenShort:dispatch'), audit },
    handler: async (req) => {
      req.auditNote = { targetId: req.params.id };
      await pickUpBooking(deps, req.ctx, req.params.id, req.body);
      return ok({ id: req.params.id });
    },
  });
  app.post(P.bookingReturn, {
    schema: {
      tags,
      summary: 'Return with the return inspection: the period closes, the car comes back, the charges are computed',
      params: IdParam,
      body: BookingReturnInput,
      response: { 200: envelope(BookingReturnAnswer) },
    },
    config: { access: access.permission('sevenShort:return'), audit },
    handler: async (req) => {
      req.auditNote = { targetId: req.params.id };
      return ok(await returnBooking(deps, req.ctx, req.params.id, req.body));
    },
  });
  app.post(P.bookingSettle, {
    schema: {
      tags,
      summary: 'Settles a returned booking against the damage deposit (refund, or a balance order to pay)',
      params: IdParam,
      body: BookingSettleInput,
      response: { 200: envelope(BookingSettleAnswer) },
    },
    config: { access: access.permission('sevenShort:settle'), audit },
    handler: async (req) => {
      req.auditNote = { targetId: req.params.id };
      return ok(await settleBooking(deps, req.ctx, req.params.id, req.body));
    },
  });
}
