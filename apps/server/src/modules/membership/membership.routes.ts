import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AuthPaths } from '@fleetdesk/contracts/auth';
import { MembershipInfo, MembershipPaths, Plan, PLANS } from '@fleetdesk/contracts/membership';
import { envelope, fenToYuan } from '@fleetdesk/contracts/common';
import { MENU_CODES } from '@fleetdesk/contracts/permissions';
import { access } from '../../core/access.js';
import { ok } from '../../core/envelope.js';
import { membershipInfo } from './membership.service.js';

const tags = ['membership'];
const signedIn = access.signedIn({ allowExpired: true });

export async function membershipRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;

  app.get(AuthPaths.membershipEffective, {
    schema: { tags, summary: "Is the tenant's membership in force?", response: { 200: envelope(z.boolean()) } },
    config: { access: signedIn },
    handler: async (req) => ok((await membershipInfo(deps, req.ctx.tenantId, req.lang)).days !== -1),
  });

  app.get(AuthPaths.membershipInfo, {
    schema: {
      tags,
      summary: 'Membership: days left (-1 once expired), expiry date, level, code and name',
      response: { 200: envelope(MembershipInfo) },
    },
    config: { access: signedIn },
    handler: async (req) => ok(await membershipInfo(deps, req.ctx.tenantId, req.lang)),
  });

  app.get(MembershipPaths.plans, {
    schema: {
      tags,
      summary: 'The membership plans with their prices, and which is the current one',
      response: { 200: envelope(z.array(Plan)) },
    },
    config: { access: signedIn },
    handler: async (req) => {
      const info = await membershipInfo(deps, req.ctx.tenantId, req.lang);
      return ok(
        PLANS.map((p) => ({
          code: p.code,
          level: p.level,
          name: p.name[req.lang],
          price: fenToYuan(p.priceFen),
          days: p.days,
          menus: p.menus === '*' ? [...MENU_CODES] : [...p.menus],
          purchasable: p.purchasable,
          current: p.code === info.associatorCode,
        })),
      );
    },
  });
}
