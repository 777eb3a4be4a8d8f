import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, IdParam } from '@fleetdesk/contracts/common';
import { Department, DepartmentInput, OrganisationPaths as P } from '@fleetdesk/contracts/organisation';
import { access } from '../../core/access.js';
import { ok } from '../../core/envelope.js';
import { createDepartment, deleteDepartment, listDepartments, updateDepartment } from './departments.service.js';

const tags = ['organisation: departments'];
const audit = { targetType: 'department' };

/** Departments of the address book (通讯录), as a tree. */
export async function departmentsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;

  app.get(P.departments, {
    schema: {
      tags,
      summary: "The tenant's departments, flat (parentId makes the tree), with the employees directly in each",
      response: { 200: envelope(z.array(Department)) },
    },
    config: { access: access.permission('oaDepart:view') },
    handler: async (req) => ok(await listDepartments(deps, req.ctx)),
  });

  app.post(P.departmentAdd, {
    schema: {
      tags,
      summary: 'Add a department (its name is unique among its siblings)',
      body: DepartmentInput,
      response: { 200: envelope(Department) },
    },
    config: { access: access.permission('oaDepart:add'), audit },
    handler: async (req) => {
      const dept = await createDepartment(deps, req.ctx, req.body);
      req.auditNote = { targetId: dept.id, summary: req.body };
      return ok(dept);
    },
  });

  app.put(P.departmentUpdate, {
    schema: {
      tags,
      summary: 'Rename, move or resort a department (not under itself or its own sub-departments: 409)',
      params: IdParam,
      body: DepartmentInput,
      response: { 200: envelope(Department) },
    },
    config: { access: access.permission('oaDepart:edit'), audit },
    handler: async (req) => {
      const { department, changed } = await updateDepartment(deps, req.ctx, req.params.id, req.body);
      req.auditNote = { targetId: department.id, summary: changed };
      return ok(department);
    },
  });

  app.delete(P.departmentDelete, {
    schema: {
      tags,
      summary: 'Delete a department without sub-departments and employees (409 otherwise)',
      params: IdParam,
      response: { 200: envelope(z.boolean()) },
    },
    config: { access: access.permission('oaDepart:delete'), audit },
    handler: async (req) => {
      const dept = await deleteDepartment(deps, req.ctx, req.params.id);
      req.auditNote = { targetId: dept.id, summary: { name: dept.name, parentId: dept.parentId } };
      return ok(true);
    },
  });
}
