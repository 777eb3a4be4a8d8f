import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AuthPaths, MenuItem, MenuTreeNode, TenantPermission } from '@fleetdesk/contracts/auth';
import { envelope, IdParam } from '@fleetdesk/contracts/common';
import { MENUS } from '@fleetdesk/contracts/permissions';
import { access } from '../../core/access.js';
import { ok } from '../../core/envelope.js';
import { menuItem, roleMenuTree } from './access.service.js';

const tags = ['permissions'];

export async function accessRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  app.get(AuthPaths.menuAll, {
    schema: {
      tags,
      summary: 'Every menu of the catalogue with its titles and icon (the permission-menu list)',
      response: { 200: envelope(z.array(MenuItem)) },
    },
    config: { access: access.signedIn({ allowExpired: true }) },
    handler: async (req) => ok(MENUS.map((m) => menuItem(m.code, req.lang)!)),
  });

  app.get(AuthPaths.tenantPermissions, {
    schema: {
      tags,
      summary: "Codes the tenant's plan allows (menus and their elements)",
      response: { 200: envelope(z.array(TenantPermission)) },
    },
    config: { access: access.signedIn({ allowExpired: true }) },
    handler: async (req) =>
      ok(
        MENUS.filter((m) => req.ctx.permissions.plan.has(m.code)).flatMap((m) => [
          { permissionCode: m.code },
          ...m.elements.map((e) => ({ permissionCode: e.code })),
        ]),
      ),
  });

  app.get(AuthPaths.menuTree, {
    schema: {
      tags,
      summary: 'The catalogue as a tree (menus, child menus, elements) checked with what role {id} grants',
      params: IdParam,
      response: { 200: envelope(z.array(MenuTreeNode)) },
    },
    config: { access: access.permission('oaSetting:role') },
    handler: async (req) => ok(await roleMenuTree(db, req.ctx, req.params.id)),
  });
}
