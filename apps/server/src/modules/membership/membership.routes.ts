import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AuthPaths } from '@fleetdesk/contracts/auth';
import {
  CreateMembershipOrder,
  MembershipInfo,
  MembershipPaths,
  Order,
  OrderListQuery,
  Plan,
  PLANS,
} from '@fleetdesk/contracts/membership';
import { envelope, fenToYuan, IdParam, paged } from '@fleetdesk/contracts/common';
import { MENU_CODES } from '@fleetdesk/contracts/permissions';
import { access } from '../../core/access.js';
import { ok, page } from '../../core/envelope.js';
import './membership.messages.js';
import { cancelOrder, createMembershipOrder, getOrder, listOrders } from './orders.service.js';
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

  const buyer = access.permission('oaSetting:edit', { allowExpired: true });

  app.post(MembershipPaths.createOrder, {
    schema: {
      tags,
      summary: 'Order a membership plan (paid in the orders area; closes unpaid after 30 minutes)',
      body: CreateMembershipOrder,
      response: { 200: envelope(Order) },
    },
    config: { access: buyer, audit: { action: 'order.create', targetType: 'order' } },
    handler: async (req) => {
      const order = await createMembershipOrder(deps, req.ctx, req.body);
      req.auditNote = {
        targetId: order.id,
        summary: { orderNo: order.orderNo, planCode: order.planCode, amount: order.amount },
      };
      return ok(order);
    },
  });

  app.get(MembershipPaths.orderList, {
    schema: {
      tags,
      summary: "The tenant's orders, newest first",
      querystring: OrderListQuery,
      response: { 200: envelope(paged(Order)) },
    },
    config: { access: buyer },
    handler: async (req) => {
      const { rows, total } = await listOrders(deps, req.ctx, req.query);
      return ok(page(rows, total, req.query));
    },
  });

  app.get(MembershipPaths.orderGet, {
    schema: { tags, summary: 'One order', params: IdParam, response: { 200: envelope(Order) } },
    config: { access: buyer },
    handler: async (req) => ok(await getOrder(deps, req.ctx, req.params.id)),
  });

  app.put(MembershipPaths.orderCancel, {
    schema: { tags, summary: 'Cancel an unpaid order', params: IdParam, response: { 200: envelope(Order) } },
    config: { access: buyer, audit: { action: 'order.cancel', targetType: 'order' } },
    handler: async (req) => ok(await cancelOrder(deps, req.ctx, req.params.id)),
  });
}
