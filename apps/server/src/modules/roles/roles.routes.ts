import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, IdParam } from '@fleetdesk/contracts/common';
import {
  OrganisationPaths as P,
  PermissionNode,
  Role,
  RoleCopyInput,
  RoleInput,
  RoleRow,
} from '@fleetdesk/contracts/organisation';
import { access } from '../../core/access.js';
import { ok } from '../../core/envelope.js';
import {
  copyRole,
  createRole,
  deleteRole,
  getRole,
  listRoles,
  permissionTree,
  ROLE_LIST_ANY_OF,
  updateRole,
} from './roles.service.js';

const tags = ['roles'];
// Reading and changing roles (with their grants and data scope) is `oaSetting:role`. The list alone is also
// open to `oaSetting:user` (the employee form picks roles) and `oaSetting:view`: declared signed-in, checked
// in the service.
const manage = access.permission('oaSetting:role');
const audit = { targetType: 'role' };

export async function rolesRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;

  app.get(P.roles, {
    schema: {
      tags,
      summary:
        "The tenant's roles with the number of employees holding each (the roles screen and the employee form's picker)",
      response: { 200: envelope(z.array(RoleRow)) },
    },
    config: { access: access.anyOf(ROLE_LIST_ANY_OF) },
    handler: async (req) => ok(await listRoles(deps, req.ctx)),
  });

  app.get(P.permissionTree, {
    schema: {
      tags,
      summary: "The permission catalogue as a tree (menus, child menus, elements) limited to the tenant's plan",
      response: { 200: envelope(z.array(PermissionNode)) },
    },
    config: { access: manage },
    handler: async (req) => ok(permissionTree(req.ctx)),
  });

  app.get(P.role, {
    schema: {
      tags,
      summary: 'A role with its grants (an all-permissions role: every code of the plan)',
      params: IdParam,
      response: { 200: envelope(Role) },
    },
    config: { access: manage },
    handler: async (req) => ok(await getRole(deps.db, req.ctx, req.params.id)),
  });

  app.post(P.roleAdd, {
    schema: {
      tags,
      summary: "Create a role; grants are codes of the catalogue within the tenant's plan (parent menus are added)",
      body: RoleInput,
      response: { 200: envelope(Role) },
    },
    config: { access: manage, audit },
    handler: async (req) => {
      const role = await createRole(deps, req.ctx, req.body);
      req.auditNote = { targetId: role.id, summary: { after: req.body } };
      return ok(role);
    },
  });

  app.put(P.roleUpdate, {
    schema: {
      tags,
      summary:
        "Change a role's name, description, data scope and grants (an all-permissions role keeps its grants and scope)",
      params: IdParam,
      body: RoleInput,
      response: { 200: envelope(Role) },
    },
    config: { access: manage, audit },
    handler: async (req) => {
      const { role, before, after } = await updateRole(deps, req.ctx, req.params.id, req.body);
      req.auditNote = { summary: { before, after } };
      return ok(role);
    },
  });

  app.post(P.roleCopy, {
    schema: {
      tags,
      summary: 'Copy a role under a new name: same description, data scope and grants',
      params: IdParam,
      body: RoleCopyInput,
      response: { 200: envelope(Role) },
    },
    config: { access: manage, audit },
    handler: async (req) => {
      const role = await copyRole(deps, req.ctx, req.params.id, req.body.name);
      req.auditNote = { targetId: role.id, summary: { from: req.params.id, name: role.name } };
      return ok(role);
    },
  });

  app.delete(P.roleDelete, {
    schema: {
      tags,
      summary: 'Delete a role no employee holds (a built-in role, or one in use, is 409)',
      params: IdParam,
      response: { 200: envelope(z.boolean()) },
    },
    config: { access: manage, audit },
    handler: async (req) => {
      const role = await deleteRole(deps, req.ctx, req.params.id);
      req.auditNote = { summary: { before: { name: role.name, dataScope: role.dataScope, grants: role.grants } } };
      return ok(true);
    },
  });
}
