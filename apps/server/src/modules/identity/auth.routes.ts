import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AuthPaths,
  CheckPhoneQuery,
  CheckPhoneResult,
  ForgetPasswordQuery,
  QrConfirmBody,
  QrPoll,
  QrScanResult,
  QrSession,
  REGISTER_PATH,
  RegisterTenant,
  RevokeQuery,
  SMS_RESEND_SECONDS,
  TokenErrorBody,
  TokenRequest,
  TokenResponse,
} from '@fleetdesk/contracts/auth';
import { envelope, MobilePhone } from '@fleetdesk/contracts/common';
import { ErrorBody } from '@fleetdesk/contracts/errors';
import { access } from '../../core/access.js';
import { ok } from '../../core/envelope.js';
import { BadRequestError } from '../../core/errors.js';
import { grantToken } from './auth.service.js';
import { sendCode, type CodeDelivery } from './codes.service.js';
import { findLoginUser, findUserByPhone } from './identity.repository.js';
import './identity.messages.js';
import { resetPassword } from './password.service.js';
import { registerTenant } from './registration.service.js';
import { confirmQrSession, createQrSession, pollQrSession, scanQrSession } from './qr.service.js';
import { revokeAccessToken } from './tokens.service.js';
import { sha256 } from '../../core/secrets.js';

const tags = ['auth'];
const QrIdParam = z.object({ id: z.string().min(8).max(64) });

export async function authRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;

  app.post(AuthPaths.token, {
    schema: {
      tags,
      summary: 'Sign in (password or one-time code) or refresh; OAuth 2 token endpoint, client by HTTP Basic',
      querystring: TokenRequest.partial(),
      body: TokenRequest.partial().nullish(),
      response: { 200: TokenResponse, 400: z.union([TokenErrorBody, ErrorBody]) },
    },
    config: { access: access.client(), audit: false },
    handler: async (req) => {
      const parsed = TokenRequest.safeParse({ ...req.query, ...(req.body ?? {}) });
      if (!parsed.success) {
        throw new BadRequestError(
          'error.badRequest',
          undefined,
          parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
        );
      }
      return grantToken(deps, parsed.data, { ip: req.ip, userAgent: req.headers['user-agent'] });
    },
  });

  // Public on purpose: holding the token is the authority to revoke it, and an expired one can still be revoked.
  app.delete(AuthPaths.token, {
    schema: {
      tags,
      summary: 'Sign out: revoke an access token and its refresh token',
      querystring: RevokeQuery,
      response: { 200: envelope(z.boolean()) },
    },
    config: { access: access.public(), audit: false },
    handler: async (req) => {
      const revoked = await revokeAccessToken(deps.db, deps.clock, req.query.access_token);
      deps.sessions.forget(sha256(req.query.access_token));
      return ok(revoked);
    },
  });

  app.get(AuthPaths.qr, {
    schema: { tags, summary: 'Start a QR sign-in on the desktop', response: { 200: envelope(QrSession) } },
    config: { access: access.client() },
    handler: async (req) => ok(await createQrSession(deps, req.ip)),
  });

  app.get(AuthPaths.qrLogin, {
    schema: {
      tags,
      summary: 'Poll a QR sign-in; once confirmed, answers the username and a one-time code (once)',
      params: QrIdParam,
      response: { 200: envelope(QrPoll) },
    },
    config: { access: access.client() },
    handler: async (req) => ok(await pollQrSession(deps, req.params.id)),
  });

  app.post(AuthPaths.qrScan, {
    schema: {
      tags,
      summary: 'The signed-in phone opened the QR',
      params: QrIdParam,
      response: { 200: envelope(QrScanResult) },
    },
    config: { access: access.signedIn({ allowExpired: true }), audit: false },
    handler: async (req) => ok(await scanQrSession(deps, req.params.id)),
  });

  app.post(AuthPaths.qrConfirm, {
    schema: {
      tags,
      summary: "The signed-in phone approves (or refuses) the desktop's sign-in",
      params: QrIdParam,
      body: QrConfirmBody,
      response: { 200: envelope(z.object({ state: z.enum(['confirmed', 'cancelled']) })) },
    },
    config: { access: access.signedIn({ allowExpired: true }), audit: { action: 'qr.confirm', targetType: 'qr' } },
    handler: async (req) => {
      req.auditNote = { summary: { approve: req.body.approve } };
      return ok(await confirmQrSession(deps, req.ctx, req.params.id, req.body.approve));
    },
  });

  app.post(AuthPaths.checkPhone, {
    schema: {
      tags,
      summary:
        'Send an SMS code for the scene to this phone (or username); the answer is the same whether the account exists',
      params: z.object({ phone: z.string().trim().min(1).max(64) }),
      querystring: CheckPhoneQuery,
      response: { 200: envelope(CheckPhoneResult) },
    },
    config: { access: access.client() },
    handler: async (req) => {
      const scene = req.query.scene;
      const raw = req.params.phone;
      const asPhone = MobilePhone.safeParse(raw);
      if (scene !== 'login' && !asPhone.success) {
        throw new BadRequestError('error.badRequest', undefined, [{ path: 'phone', message: 'v.mobile' }]);
      }
      const user = asPhone.success ? await findUserByPhone(deps.db, raw) : await findLoginUser(deps.db, raw);
      const active = !!user && user.status === 'active';
      // Known or not, the answer and the limits are the same: every lookup counts (per IP, per name typed).
      let delivery: CodeDelivery;
      if (scene === 'register') delivery = active ? { to: raw, send: 'taken' } : { to: raw, send: 'code' };
      else delivery = active && user.phone ? { to: user.phone, send: 'code' } : { to: raw.toLowerCase(), send: 'none' };
      await sendCode(deps, { ...delivery, purpose: scene, ip: req.ip, log: req.log });
      return ok({ sent: true, resendIn: SMS_RESEND_SECONDS, sandbox: deps.sms.sandbox });
    },
  });

  app.post(REGISTER_PATH, {
    schema: {
      tags,
      summary: 'Register a new company on the trial plan with an SMS code (scene register); answers its tokens',
      body: RegisterTenant,
      response: { 200: TokenResponse },
    },
    config: { access: access.client(), audit: false },
    handler: async (req) => registerTenant(deps, req.body, { ip: req.ip, userAgent: req.headers['user-agent'] }),
  });

  app.post(AuthPaths.forgetPassword, {
    schema: {
      tags,
      summary: 'Reset a forgotten password with an SMS code (scene reset); signs the user out everywhere',
      querystring: ForgetPasswordQuery,
      response: { 200: envelope(z.boolean()) },
    },
    config: { access: access.client() },
    handler: async (req) => {
      await resetPassword(deps, { ...req.query, ip: req.ip });
      return ok(true);
    },
  });
}
