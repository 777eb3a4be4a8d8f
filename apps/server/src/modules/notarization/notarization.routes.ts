import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, IdParam, paged } from '@fleetdesk/contracts/common';
import {
  EsignCancelInput,
  EsignFlow,
  EsignPanel,
  EsignPaths,
  EsignSandboxPage,
  EsignSandboxSignInput,
  EsignSealUrl,
  EsignSendInput,
  NotarizationDetail,
  NotarizationInput,
  NotarizationOptions,
  NotarizationPaths,
  NotarizationQuery,
  NotarizationRow,
  NotarizationSupplementInput,
  NotarizationUpdateInput,
  NotarizationWithdrawInput,
  NotarySandboxAction,
  NotarySandboxCase,
} from '@fleetdesk/contracts/notarization';
import { access } from '../../core/access.js';
import { ok } from '../../core/envelope.js';
import { NotFoundError } from '../../core/errors.js';
import { sendPdf } from '../../core/pdf.js';
import { consume } from '../../core/rate-limit.js';
import { sha256 } from '../../core/secrets.js';
import { dossierPdf } from './dossier.js';
import {
  cancelFlow,
  esignPanel,
  handleEsignCallback,
  remindSigner,
  sealUrl,
  sendForSigning,
  signedFile,
} from './esign.service.js';
import {
  createNotarization,
  deleteNotarization,
  documentFile,
  getNotarization,
  handleNotaryCallback,
  listNotarizations,
  notarizationOptions,
  submitNotarization,
  supplementNotarization,
  updateNotarization,
  withdrawNotarization,
} from './notarization.service.js';
import { notarizationProviders } from './providers/index.js';

const tags = ['notarization'];
const ProviderParam = z.object({ provider: z.string().max(20) });
const TokenParam = z.object({ token: z.string().max(200) });
const CaseParam = z.object({ caseNo: z.string().max(60) });
const DocParam = z.object({ id: IdParam.shape.id, documentId: IdParam.shape.id });
/** The sandbox pages are open: each link's token is limited (a guessing or hammering caller is refused). */
const SANDBOX_PER_TOKEN = { limit: 30, windowSeconds: 600 };

/** E-signature of contracts and online notarization (docs/notarization.md). */
export async function notarizationRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  const providers = () => notarizationProviders(deps);

  // The sandboxes call back through the same routes as real providers, as HTTP requests to this app.
  const esignSandbox = providers().esignSandbox;
  if (esignSandbox) {
    esignSandbox.sender = (c) =>
      fastify.inject({
        method: 'POST',
        url: EsignPaths.callback.replace(':provider', 'sandbox'),
        headers: c.headers,
        payload: c.body,
      });
  }
  const notarySandbox = providers().notarySandbox;
  if (notarySandbox) {
    notarySandbox.sender = (c) =>
      fastify.inject({
        method: 'POST',
        url: NotarizationPaths.callback.replace(':provider', 'sandbox'),
        headers: c.headers,
        payload: c.body,
      });
  }
  const liveEsignSandbox = () => {
    const s = providers().esignSandbox;
    if (!s) throw new NotFoundError();
    return s;
  };
  const liveNotarySandbox = () => {
    const s = providers().notarySandbox;
    if (!s) throw new NotFoundError();
    return s;
  };

  // ---------------------------------------------------------------------------------------------- e-signature

  app.get(EsignPaths.panel, {
    schema: {
      tags,
      summary: "A contract's e-signature panel",
      params: IdParam,
      response: { 200: envelope(EsignPanel) },
    },
    config: { access: access.permission('rentContract:view') },
    handler: async (req) => ok(await esignPanel(deps, req.ctx, req.params.id)),
  });

  app.post(EsignPaths.send, {
    schema: {
      tags,
      summary: 'Send a pending contract for e-signature (the driver, then the company seal); charges S40',
      params: IdParam,
      body: EsignSendInput,
      response: { 200: envelope(EsignFlow) },
    },
    config: {
      access: access.permission('rentContract:sign'),
      audit: { action: 'esign.send', targetType: 'rentContract' },
    },
    handler: async (req) => {
      const flow = await sendForSigning(deps, req.ctx, req.params.id, req.body);
      req.auditNote = { targetId: req.params.id, summary: { flowNo: flow.flowNo, provider: flow.provider } };
      return ok(flow);
    },
  });

  app.post(EsignPaths.remind, {
    schema: {
      tags,
      summary: 'Remind the signer whose turn it is',
      params: IdParam,
      response: { 200: envelope(EsignFlow) },
    },
    config: {
      access: access.permission('rentContract:sign'),
      audit: { action: 'esign.remind', targetType: 'esignFlow' },
    },
    handler: async (req) => ok(await remindSigner(deps, req.ctx, req.params.id)),
  });

  app.post(EsignPaths.seal, {
    schema: {
      tags,
      summary: "The company seal's signing address (once the driver has signed)",
      params: IdParam,
      response: { 200: envelope(EsignSealUrl) },
    },
    config: {
      access: access.permission('rentContract:sign'),
      audit: { action: 'esign.seal', targetType: 'esignFlow' },
    },
    handler: async (req) => ok(await sealUrl(deps, req.ctx, req.params.id)),
  });

  app.post(EsignPaths.cancel, {
    schema: {
      tags,
      summary: 'Cancel a flow still signing (the fee back when nobody signed)',
      params: IdParam,
      body: EsignCancelInput,
      response: { 200: envelope(EsignFlow) },
    },
    config: {
      access: access.permission('rentContract:sign'),
      audit: { action: 'esign.cancel', targetType: 'esignFlow' },
    },
    handler: async (req) => ok(await cancelFlow(deps, req.ctx, req.params.id, req.body.reason)),
  });

  app.get(EsignPaths.signedFile, {
    schema: { tags, summary: 'The signed PDF (its SHA-256 checked)', params: IdParam, produces: ['application/pdf'] },
    config: { access: access.permission('rentContract:view') },
    handler: async (req, reply) => {
      const { fileName, data } = await signedFile(deps, req.ctx, req.params.id);
      return sendPdf(reply, fileName, data);
    },
  });

  // The providers' callbacks: the raw body as it came (the signatures cover its exact bytes).
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body));
    const typed = raw.withTypeProvider<ZodTypeProvider>();
    typed.post(EsignPaths.callback, {
      schema: {
        tags,
        summary: "An e-signature provider's callback (e签宝: X-Tsign-Open-SIGNATURE; sandbox: X-Sandbox-Signature)",
        params: ProviderParam,
      },
      config: { access: access.public() },
      handler: async (req, reply) => {
        const body = typeof req.body === 'string' ? req.body : '';
        const query = req.url.includes('?') ? req.url.slice(req.url.indexOf('?') + 1) : '';
        const a = await handleEsignCallback(deps, req.params.provider, { headers: req.headers, body, query });
        return reply.code(a.status).type(a.contentType).send(a.body);
      },
    });
    typed.post(NotarizationPaths.callback, {
      schema: { tags, summary: "A notary platform's callback (sandbox: X-Sandbox-Signature)", params: ProviderParam },
      config: { access: access.public() },
      handler: async (req, reply) => {
        const body = typeof req.body === 'string' ? req.body : '';
        const a = await handleNotaryCallback(deps, req.params.provider, { headers: req.headers, body });
        return reply.code(a.status).type(a.contentType).send(a.body);
      },
    });
  });

  app.get(EsignPaths.sandboxPage, {
    schema: {
      tags,
      summary: "The e-signature sandbox's signing page (public: the link's token proves the signer)",
      params: TokenParam,
      response: { 200: envelope(EsignSandboxPage) },
    },
    config: { access: access.public() },
    handler: async (req) => {
      await consume(deps.db, deps.clock, { key: `esign:page:${sha256(req.params.token)}`, ...SANDBOX_PER_TOKEN });
      return ok(await liveEsignSandbox().page(req.params.token));
    },
  });

  app.get(EsignPaths.sandboxPdf, {
    schema: { tags, summary: 'The PDF a sandbox signer signs (public: the token)', params: TokenParam },
    config: { access: access.public() },
    handler: async (req, reply) => {
      await consume(deps.db, deps.clock, { key: `esign:page:${sha256(req.params.token)}`, ...SANDBOX_PER_TOKEN });
      return sendPdf(reply, 'contract.pdf', await liveEsignSandbox().pdf(req.params.token), true);
    },
  });

  app.post(EsignPaths.sandboxSign, {
    schema: {
      tags,
      summary: 'The sandbox signer signs (the driver proves the last six characters of his ID number) or refuses',
      params: TokenParam,
      body: EsignSandboxSignInput,
      response: { 200: envelope(EsignSandboxPage) },
    },
    config: { access: access.public() },
    handler: async (req) => {
      await consume(deps.db, deps.clock, {
        key: `esign:sign:${sha256(req.params.token)}`,
        limit: 10,
        windowSeconds: 600,
      });
      return ok(await liveEsignSandbox().sign(req.params.token, req.body));
    },
  });

  // ---------------------------------------------------------------------------------------------- notarization

  app.get(NotarizationPaths.options, {
    schema: {
      tags,
      summary: 'The notary platform, the fee and the offices',
      response: { 200: envelope(NotarizationOptions) },
    },
    config: { access: access.permission('notarization:view') },
    handler: async (req) => ok(await notarizationOptions(deps, req.ctx)),
  });

  app.get(NotarizationPaths.list, {
    schema: {
      tags,
      summary: 'Notarization applications (contract, driver, kind, state, dates, keyword)',
      querystring: NotarizationQuery,
      response: { 200: envelope(paged(NotarizationRow)) },
    },
    config: { access: access.permission('notarization:view') },
    handler: async (req) => ok(await listNotarizations(deps, req.ctx, req.query)),
  });

  app.get(NotarizationPaths.detail, {
    schema: {
      tags,
      summary: 'An application with its documents and timeline',
      params: IdParam,
      response: { 200: envelope(NotarizationDetail) },
    },
    config: { access: access.permission('notarization:view') },
    handler: async (req) => ok(await getNotarization(deps, req.ctx, req.params.id)),
  });

  app.post(NotarizationPaths.add, {
    schema: {
      tags,
      summary: 'A new application (draft) for a signed contract',
      body: NotarizationInput,
      response: { 200: envelope(NotarizationDetail) },
    },
    config: {
      access: access.permission('notarization:add'),
      audit: { action: 'notarization.add', targetType: 'notarization' },
    },
    handler: async (req) => {
      const d = await createNotarization(deps, req.ctx, req.body);
      req.auditNote = { targetId: d.id, summary: { number: d.number, contract: d.contractNumber } };
      return ok(d);
    },
  });

  app.post(NotarizationPaths.update, {
    schema: {
      tags,
      summary: 'Change a draft',
      params: IdParam,
      body: NotarizationUpdateInput,
      response: { 200: envelope(NotarizationDetail) },
    },
    config: {
      access: access.permission('notarization:add'),
      audit: { action: 'notarization.update', targetType: 'notarization' },
    },
    handler: async (req) => ok(await updateNotarization(deps, req.ctx, req.params.id, req.body)),
  });

  app.post(NotarizationPaths.remove, {
    schema: { tags, summary: 'Delete a draft', params: IdParam, response: { 200: envelope(z.null()) } },
    config: {
      access: access.permission('notarization:delete'),
      audit: { action: 'notarization.delete', targetType: 'notarization' },
    },
    handler: async (req) => {
      await deleteNotarization(deps, req.ctx, req.params.id);
      return ok(null);
    },
  });

  app.post(NotarizationPaths.submit, {
    schema: {
      tags,
      summary: 'Submit a draft to the notary platform; charges S30 once',
      params: IdParam,
      response: { 200: envelope(NotarizationDetail) },
    },
    config: {
      access: access.permission('notarization:apply'),
      audit: { action: 'notarization.submit', targetType: 'notarization' },
    },
    handler: async (req) => ok(await submitNotarization(deps, req.ctx, req.params.id)),
  });

  app.post(NotarizationPaths.supplement, {
    schema: {
      tags,
      summary: 'Send the supplement the notary asked for',
      params: IdParam,
      body: NotarizationSupplementInput,
      response: { 200: envelope(NotarizationDetail) },
    },
    config: {
      access: access.permission('notarization:add'),
      audit: { action: 'notarization.supplement', targetType: 'notarization' },
    },
    handler: async (req) => ok(await supplementNotarization(deps, req.ctx, req.params.id, req.body)),
  });

  app.post(NotarizationPaths.withdraw, {
    schema: {
      tags,
      summary: 'Withdraw an application the notary has not decided (the fee back before acceptance)',
      params: IdParam,
      body: NotarizationWithdrawInput,
      response: { 200: envelope(NotarizationDetail) },
    },
    config: {
      access: access.permission('notarization:apply'),
      audit: { action: 'notarization.withdraw', targetType: 'notarization' },
    },
    handler: async (req) => ok(await withdrawNotarization(deps, req.ctx, req.params.id, req.body.reason)),
  });

  app.get(NotarizationPaths.document, {
    schema: { tags, summary: 'A stored document of an application (its SHA-256 checked)', params: DocParam },
    config: { access: access.permission('notarization:view') },
    handler: async (req, reply) => {
      const { fileName, data } = await documentFile(deps, req.ctx, req.params.id, req.params.documentId);
      return reply
        .header(
          'content-type',
          fileName.toLowerCase().endsWith('.pdf') ? 'application/pdf' : 'application/octet-stream',
        )
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`)
        .header('x-content-sha256', (await import('node:crypto')).createHash('sha256').update(data).digest('hex'))
        .send(data);
    },
  });

  app.get(NotarizationPaths.dossier, {
    schema: { tags, summary: 'The evidence dossier (PDF)', params: IdParam, produces: ['application/pdf'] },
    config: { access: access.permission('notarization:export') },
    handler: async (req, reply) => {
      const { fileName, data } = await dossierPdf(deps, req.ctx, req.params.id);
      return sendPdf(reply, fileName, data);
    },
  });

  app.get(NotarizationPaths.sandboxCase, {
    schema: {
      tags,
      summary: "The notary sandbox's page of a case (public: the token proves the office)",
      params: CaseParam,
      querystring: z.object({ token: z.string().max(200) }),
      response: { 200: envelope(NotarySandboxCase) },
    },
    config: { access: access.public() },
    handler: async (req) => {
      await consume(deps.db, deps.clock, { key: `notary:page:${req.params.caseNo}`, ...SANDBOX_PER_TOKEN });
      return ok(await liveNotarySandbox().view(req.params.caseNo, req.query.token));
    },
  });

  app.post(NotarizationPaths.sandboxAct, {
    schema: {
      tags,
      summary: 'The sandbox notary accepts, asks for a supplement, notarizes or rejects',
      params: CaseParam,
      body: NotarySandboxAction,
      response: { 200: envelope(NotarySandboxCase) },
    },
    config: { access: access.public() },
    handler: async (req) => {
      await consume(deps.db, deps.clock, { key: `notary:act:${req.params.caseNo}`, limit: 20, windowSeconds: 600 });
      return ok(await liveNotarySandbox().act(req.params.caseNo, req.body));
    },
  });
}
