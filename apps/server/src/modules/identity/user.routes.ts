import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AuthPaths,
  ChangePasswordBody,
  FrontInfo,
  ProfileUpdate,
  SaveLoginInfoResult,
  UserInfo,
} from '@fleetdesk/contracts/auth';
import { envelope, IdParam } from '@fleetdesk/contracts/common';
import { access } from '../../core/access.js';
import { ok } from '../../core/envelope.js';
import { changePassword } from './password.service.js';
import { frontInfo, saveLoginInfo, updateProfile, userInfo } from './user.service.js';

const tags = ['auth'];
const signedIn = access.signedIn({ allowExpired: true });

export async function userRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;

  app.get(AuthPaths.frontInfo, {
    schema: {
      tags,
      summary: 'The signed-in user: roles (type), menus and elements',
      response: { 200: envelope(FrontInfo) },
    },
    config: { access: signedIn },
    handler: async (req) => ok(frontInfo(req.ctx)),
  });

  app.get(AuthPaths.userInfo, {
    schema: {
      tags,
      summary: 'Profile of a user of the tenant, with the rents the user may act in',
      params: IdParam,
      response: { 200: envelope(UserInfo) },
    },
    config: { access: signedIn },
    handler: async (req) => ok(await userInfo(deps, req.ctx, req.params.id)),
  });

  app.post(AuthPaths.saveLoginInfo, {
    schema: {
      tags,
      summary: 'Record the client platform and version (headers platform, version) of this sign-in',
      headers: z.looseObject({ platform: z.string().max(32).default('Web'), version: z.string().max(32).default('') }),
      response: { 200: envelope(SaveLoginInfoResult) },
    },
    config: { access: signedIn, audit: false },
    handler: async (req) =>
      ok(
        await saveLoginInfo(deps, req.ctx, {
          platform: req.headers.platform,
          version: req.headers.version,
          ip: req.ip,
          userAgent: req.headers['user-agent'],
        }),
      ),
  });

  app.post(AuthPaths.changePassword, {
    schema: {
      tags,
      summary: "Change the signed-in user's password (signs out the user's other sessions)",
      body: ChangePasswordBody,
      response: { 200: envelope(z.boolean()) },
    },
    config: { access: signedIn, audit: { action: 'user.changePassword', targetType: 'user' } },
    handler: async (req) => {
      await changePassword(deps, req.ctx, req.body.oldPassword, req.body.newPassword);
      req.auditNote = { targetId: req.ctx.userId, summary: {} };
      return ok(true);
    },
  });

  app.put(AuthPaths.updateProfile, {
    schema: {
      tags,
      summary:
        "Update the signed-in user's name, e-mail and photo (the address of a file the caller uploaded as " +
        '`avatar`; any other is a field error at profilePhoto, as for a car image)',
      body: ProfileUpdate,
      response: { 200: envelope(UserInfo) },
    },
    config: { access: signedIn, audit: { action: 'user.profile', targetType: 'user' } },
    handler: async (req) => {
      req.auditNote = { targetId: req.ctx.userId };
      return ok(await updateProfile(deps, req.ctx, req.body));
    },
  });
}
