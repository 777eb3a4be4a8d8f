import { registerRecipientSource } from '../sms-notices/sms-notices.service.js';
import { listDepartments, subtree } from './departments.service.js';
import { listLabels } from './labels.repository.js';
import { listStaff } from './organisation.repository.js';

const ids = (v: string | string[] | undefined) =>
  v === undefined || v === '' ? undefined : (Array.isArray(v) ? v : [v]).map(Number).filter(Number.isSafeInteger);

/** The SMS recipient source "staff" (by department or label); registered by this area's `register.ts`. */
export function registerStaffRecipients(): void {
  registerRecipientSource({
    key: 'staff',
    title: { 'zh-CN': '员工（按部门或标签）', 'en-US': 'Staff (by department or label)' },
    variables: ['name', 'company'],
    async filters(deps, ctx) {
      const [depts, tags] = await Promise.all([
        listDepartments(deps, ctx),
        listLabels(deps.db, ctx.tenantId, 'employee'),
      ]);
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
      const all = deptIds ? await listDepartments(deps, ctx) : [];
      const staff = await listStaff(deps.db, ctx, {
        ...(deptIds ? { departmentIds: [...new Set(deptIds.flatMap((d) => subtree(all, d)))] } : {}),
        ...(labelIds ? { labelIds } : {}),
      });
      return staff.map((s) => ({ phone: s.phone, name: s.name }));
    },
  });
}
