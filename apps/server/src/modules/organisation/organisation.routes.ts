import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@fleetdesk/contracts/common';
import { access } from '../../core/access.js';
import { ok } from '../../core/envelope.js';
import { registerRecipientSource } from '../sms-notices/sms-notices.service.js';
import { listDepartments, listLabels, listStaff, subtree } from './organisation.repository.js';

const tags = ['organisation'];
const Department = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  name: z.string(),
  sort: z.number().int(),
});
const Label = z.object({ id: z.number().int(), name: z.string(), color: z.string() });

const ids = (v: string | string[] | undefined) =>
  v === undefined || v === '' ? undefined : (Array.isArray(v) ? v : [v]).map(Number).filter(Number.isSafeInteger);

export async function organisationRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  app.get('/api/ccwadmin/dept/list', {
    schema: {
      tags,
      summary: "The tenant's departments (flat; parentId makes the tree)",
      response: { 200: envelope(z.array(Department)) },
    },
    config: { access: access.permission('oaDepart:view') },
    handler: async (req) => ok(await listDepartments(db, req.ctx)),
  });

  app.get('/api/ccwadmin/label/list', {
    schema: { tags, summary: "The tenant's labels", response: { 200: envelope(z.array(Label)) } },
    config: { access: access.permission('oaLabel:view') },
    handler: async (req) => ok(await listLabels(db, req.ctx)),
  });

  registerRecipientSource({
    key: 'staff',
    title: { 'zh-CN': '员工（按部门或标签）', 'en-US': 'Staff (by department or label)' },
    variables: ['name', 'company'],
    async filters(deps, ctx) {
      const [depts, tags] = await Promise.all([listDepartments(deps.db, ctx), listLabels(deps.db, ctx)]);
      const zh = ctx.lang === 'zh-CN';
      return [
        {
          key: 'departmentId',
          title: zh ? '部门' : 'Department',
          type: 'multiSelect',
          options: depts.map((d) => ({ value: String(d.id), label: d.name })),
        },
        {
          key: 'labelId',
          title: zh ? '标签' : 'Label',
          type: 'multiSelect',
          options: tags.map((l) => ({ value: String(l.id), label: l.name })),
        },
      ];
    },
    async resolve(deps, ctx, filter) {
      const deptIds = ids(filter.departmentId);
      const labelIds = ids(filter.labelId);
      const all = deptIds ? await listDepartments(deps.db, ctx) : [];
      const staff = await listStaff(deps.db, ctx, {
        ...(deptIds ? { departmentIds: [...new Set(deptIds.flatMap((d) => subtree(all, d)))] } : {}),
        ...(labelIds ? { labelIds } : {}),
      });
      return staff.map((s) => ({ phone: s.phone, name: s.name }));
    },
  });
}
