import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, IdParam } from '@fleetdesk/contracts/common';
import {
  OrderDetail,
  OrderPaths,
  WithdrawInput,
  PayInfo,
  PaymentPaths,
  PayStatus,
  ProviderInfo,
  ProviderParam,
  SandboxDecision,
  SandboxOrderParam,
  SandboxTrade,
  SandboxTradeQuery,
} from '@fleetdesk/contracts/payments';
import { access } from '../../core/access.js';
import { ok } from '../../core/envelope.js';
import { handleNotification, payOrder, payStatus } from './pay.service.js';
import { payProviders } from './providers/index.js';
import { withdraw } from './withdraw.service.js';
import { orderReceipt } from './receipt.service.js';
import { sendPdf } from '../../core/pdf.js';

const tags = ['payments'];
const buy = access.permission('billing:buy', { allowExpired: true });
const watch = access.anyOf(['billing:buy', 'billing:view'], { allowExpired: true });

/** Paying orders: the QR code, its status, the providers' notifications and the sandbox's payment page. */
export async function payRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  const providers = () => payProviders(deps);

  // The sandbox notifies through the same route as the real providers, as an HTTP request to this app.
  providers().sandbox.notifier = async (n) => {
    const res = await fastify.inject({
      method: 'POST',
      url: PaymentPaths.notify.replace(':provider', 'sandbox'),
      headers: n.headers as Record<string, string>,
      payload: n.body,
    });
    return { statusCode: res.statusCode, body: res.body };
  };

  app.post(OrderPaths.pay, {
    schema: {
      tags,
      summary: 'Offer an unpaid membership or top-up order to the payment provider: its QR code (again: the same)',
      params: IdParam,
      response: { 200: envelope(PayInfo) },
    },
    config: { access: buy, audit: { action: 'order.pay', targetType: 'order' } },
    handler: async (req) => {
      const info = await payOrder(deps, req.ctx, req.params.id);
      req.auditNote = { targetId: info.orderId, summary: { orderNo: info.orderNo, provider: info.provider } };
      return ok(info);
    },
  });

  app.get(OrderPaths.payStatus, {
    schema: {
      tags,
      summary: "An order's payment state, for the page showing its QR code (asks the provider while unpaid)",
      params: IdParam,
      response: { 200: envelope(PayStatus) },
    },
    config: { access: watch },
    handler: async (req) => ok(await payStatus(deps, req.ctx, req.params.id)),
  });

  app.post(OrderPaths.withdraw, {
    schema: {
      tags,
      summary:
        'Refund unused top-up to the payer through the provider that took it (at most the smaller of what is left of it and the balance)',
      params: IdParam,
      body: WithdrawInput,
      response: { 200: envelope(OrderDetail) },
    },
    config: {
      access: access.permission('billing:withdraw'),
      audit: { action: 'order.withdraw', targetType: 'order' },
    },
    handler: async (req) => {
      const detail = await withdraw(deps, req.ctx, req.params.id, req.body);
      req.auditNote = { targetId: detail.id, summary: { orderNo: detail.orderNo, amount: req.body.amount } };
      return ok(detail);
    },
  });

  app.get(OrderPaths.receipt, {
    schema: {
      tags,
      summary: 'The receipt of a paid order (PDF, in the caller’s language)',
      params: IdParam,
      produces: ['application/pdf'],
    },
    config: { access: access.permission('billing:view', { allowExpired: true }) },
    handler: async (req, reply) => {
      const { fileName, data } = await orderReceipt(deps, req.ctx, req.params.id);
      return sendPdf(reply, fileName, data);
    },
  });

  app.get(PaymentPaths.provider, {
    schema: { tags, summary: 'The payment provider in use', response: { 200: envelope(ProviderInfo) } },
    config: { access: access.signedIn({ allowExpired: true }) },
    handler: async () => ok({ name: providers().active.name, sandbox: providers().active.sandbox }),
  });

  // The notification: the raw body is kept as it came (the signature covers its exact bytes).
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body));
    raw.withTypeProvider<ZodTypeProvider>().post(PaymentPaths.notify, {
      schema: {
        tags,
        summary:
          "A payment provider's notification (WeChat Pay: JSON, signed headers; Alipay: form, RSA2 sign; sandbox: HMAC). Answered as the provider expects",
        params: ProviderParam,
      },
      config: { access: access.public() },
      handler: async (req, reply) => {
        const body = typeof req.body === 'string' ? req.body : '';
        const result = await handleNotification(deps, req.params.provider, { headers: req.headers, body });
        return reply.code(result.answer.status).type(result.answer.contentType).send(result.answer.body);
      },
    });
  });

  app.get(PaymentPaths.sandboxTrade, {
    schema: {
      tags,
      summary:
        "The sandbox provider's payment page: the trade (public; the token from the QR code). Opening it counts as a scan",
      params: SandboxOrderParam,
      querystring: SandboxTradeQuery,
      response: { 200: envelope(SandboxTrade) },
    },
    config: { access: access.public() },
    handler: async (req) => ok(await providers().sandbox.trade(req.params.orderNo, req.query.token)),
  });

  app.post(PaymentPaths.sandboxDecide, {
    schema: {
      tags,
      summary:
        'The sandbox payer approves (notified), approves silently (no notification: polling finds it), approves a wrong amount (refused) or declines',
      params: SandboxOrderParam,
      body: SandboxDecision,
      response: { 200: envelope(SandboxTrade) },
    },
    config: { access: access.public() },
    handler: async (req) => ok(await providers().sandbox.decide(req.params.orderNo, req.body.token, req.body.action)),
  });
}
