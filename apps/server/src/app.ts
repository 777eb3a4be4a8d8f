import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { registerAuditHook } from './core/audit.js';
import { authenticateUser, clientAuthenticated } from './core/auth.js';
import { authenticateDriver } from './core/driver-auth.js';
import type { AppDeps } from './core/deps.js';
import { UnauthorizedError } from './core/errors.js';
import { registerErrorHandler } from './core/error-handler.js';
import { resolveLang, translate } from './core/i18n.js';
import { ErrorStatus } from '@fleetdesk/contracts/errors';
import { registerInputGuard } from './core/input-guard.js';
import { registerHttpMetrics } from './core/metrics.js';
import { registerMultipart } from './core/multipart.js';
import { registerOpenApi } from './core/openapi.js';
import { registerRouteDeclarations } from './core/routes.js';
import { createSerializerCompiler } from './core/serializer.js';
import { validatorCompiler } from './core/validation.js';
import { registerWebApp } from './core/web.js';
import { registerModules } from './modules/index.js';
import { registerAll } from './modules/register.js';

const REQUEST_ID = /^[\w.:-]{1,128}$/;

export interface BuildOptions {
  /** The process's pino logger; none in tests. */
  logger?: FastifyBaseLogger | false;
  /** Serve the built web app (off in API tests). */
  web?: boolean;
}

/**
 * Builds the Fastify app: external plugins, then core (language, access, audit, errors), then the modules.
 * It does not listen; main.ts does, and tests call inject().
 */
/** Paths the per-IP request limit does not count. */
const UNLIMITED_PATHS = new Set(['/healthz', '/readyz']);

export async function buildApp(deps: AppDeps, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    trustProxy: deps.config.TRUST_PROXY,
    // A caller's X-Request-Id is kept when it is a plain token (it is logged and echoed); else a new one.
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    bodyLimit: 2 * 1024 * 1024,
    // On SIGTERM the listener stops taking connections, but a request already on one (accepted just before, or on a
    // kept-alive connection) is served, not answered 503: a proxy passes a refused POST on to no other process.
    return503OnClosing: false,
    // Prototype keys stay plain own keys so that the input guard can refuse them naming the field.
    onProtoPoisoning: 'ignore',
    onConstructorPoisoning: 'ignore',
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // A URL the router cannot decode (bad percent-encoding) fails before any hook: answer it like a field error.
    frameworkErrors: (error, req, reply) => {
      const lang = resolveLang(req.headers['accept-language']);
      const message = translate(lang, 'error.urlInvalid');
      void (reply as FastifyReply).code(400).send({
        status: ErrorStatus.badRequest,
        message: translate(lang, 'error.badRequest'),
        errors: [{ path: 'url', message }],
      });
      req.log.info({ code: error.code }, 'request refused by the router');
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.decorate('deps', deps);
  app.decorateRequest('ctx', null as never);
  app.decorateRequest('lang', 'zh-CN');
  app.setValidatorCompiler(validatorCompiler);
  // Compiled per route from its zod response schema; the test suite also checks each answer against zod.
  app.setSerializerCompiler(createSerializerCompiler({ check: deps.config.NODE_ENV === 'test' }));
  registerRouteDeclarations(app);
  registerErrorHandler(app);
  registerHttpMetrics(app);

  // External plugins.
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        // Plain http on localhost must keep loading its own assets.
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // HSTS only on answers that went out over HTTPS (the request's own, or the proxy's X-Forwarded-Proto with
    // TRUST_PROXY): a plain-http deployment on a LAN must not pin browsers to an https it does not serve.
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', async (req, reply) => {
    if (req.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });
  if (deps.config.RATE_LIMIT_PER_MINUTE > 0) {
    // Not per route (route hooks run after ours): one app hook below, before authentication, counts every call.
    await app.register(rateLimit, { global: false, max: deps.config.RATE_LIMIT_PER_MINUTE, timeWindow: 60_000 });
  }
  // JSON answers over 2 KB are gzipped for clients that accept it; static assets come pre-compressed.
  await app.register(compress, { global: true, threshold: 2048, encodings: ['gzip', 'deflate'] });
  await app.register(formbody);
  registerMultipart(app);
  await registerOpenApi(app);

  // Core hooks: language, the per-IP limit, the input guard, then access (before the body is read), then the
  // operation log.
  app.addHook('onRequest', async (req, reply) => {
    req.lang = resolveLang(req.headers['accept-language']);
    reply.header('x-request-id', req.id);
  });
  if (deps.config.RATE_LIMIT_PER_MINUTE > 0) {
    // Health probes are never counted: a load balancer that got 429 from /healthz would take a healthy process
    // out of service (and they cost nothing).
    app.addHook('onRequest', app.rateLimit({ allowList: (req) => UNLIMITED_PATHS.has(req.routeOptions.url ?? '') }));
  }
  registerInputGuard(app);
  app.addHook('onRequest', async (req) => {
    const access = req.routeOptions.config?.access;
    if (!access || access.kind === 'public') return;
    if (access.kind === 'client') {
      if (!clientAuthenticated(req, deps.config)) throw new UnauthorizedError('error.clientInvalid');
      return;
    }
    if (access.kind === 'driver') {
      req.driver = await authenticateDriver(req, deps);
      return;
    }
    req.ctx = await authenticateUser(req, access, deps);
  });
  registerAuditHook(app, deps.db);
  // A write answers only once this process has heard every session change committed so far, so that the
  // caller's next call sees what the write changed (a disabled user, a revoked token, new grants). A read sent
  // as POST (`config.reads`) changed nothing and does not pay that round trip.
  await deps.sessions.start(deps.database);
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.method === 'GET' || req.method === 'HEAD' || reply.statusCode >= 400) return payload;
    if (!req.routeOptions.config.reads) await deps.sessions.settled();
    return payload;
  });
  app.addHook('onClose', async () => deps.sessions.close());

  // Approval and import types, task kinds, schedules, sources: registered once per deps (the worker does the same).
  registerAll(deps);
  await registerModules(app);
  if (options.web !== false) await registerWebApp(app);
  else await registerWebApp(app, '/nonexistent');
  return app;
}
