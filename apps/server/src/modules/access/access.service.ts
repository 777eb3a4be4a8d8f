import { and, eq, notInArray } from 'drizzle-orm';
import type { MenuItem, MenuTreeNodeT } from '@fleetdesk/contracts/auth';
import type { Lang } from '@fleetdesk/contracts/common';
import { findPlan, PLANS } from '@fleetdesk/contracts/membership';
import { MENUS, MENU_CODES, type MenuDef } from '@fleetdesk/contracts/permissions';
import type { RequestContext } from '../../core/access.js';
import { NotFoundError } from '../../core/errors.js';
import { roleGrants, roles } from '../../db/schema/identity.js';
import type { Db, DbOrTx } from '../../core/db.js';
import { sysElements, sysMenus } from '../../db/schema/catalogue.js';
import { memberships, tenantPermissions } from '../../db/schema/tenancy.js';

/** The menu codes a plan allows. */
export function planMenus(planCode: string): string[] {
  const plan = findPlan(planCode) ?? PLANS[0]!;
  return plan.menus === '*' ? [...MENU_CODES] : [...plan.menus];
}

/**
 * Writes the catalogue of @fleetdesk/contracts into `sys_menus`/`sys_elements` (added, renamed, removed),
 * and gives each tenant the menus its plan now allows that it lacks (a menu added by a new release).
 */
export async function syncCatalogue(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    for (const [i, m] of MENUS.entries()) {
      const row = {
        parentCode: m.parent ?? null,
        path: m.path,
        titleZh: m.title['zh-CN'],
        titleEn: m.title['en-US'],
        icon: m.icon,
        sort: i,
      };
      await tx
        .insert(sysMenus)
        .values({ code: m.code, ...row })
        .onConflictDoUpdate({ target: sysMenus.code, set: row });
      for (const [j, e] of m.elements.entries()) {
        const el = { menuCode: m.code, titleZh: e.title['zh-CN'], titleEn: e.title['en-US'], sort: j };
        await tx
          .insert(sysElements)
          .values({ code: e.code, ...el })
          .onConflictDoUpdate({ target: sysElements.code, set: el });
      }
    }
    const elementCodes = MENUS.flatMap((m) => m.elements.map((e) => e.code));
    await tx.delete(sysElements).where(notInArray(sysElements.code, elementCodes));
    await tx.delete(sysMenus).where(notInArray(sysMenus.code, [...MENU_CODES]));
    const subscribed = await tx
      .select({ tenantId: memberships.tenantId, planCode: memberships.planCode })
      .from(memberships);
    for (const m of subscribed) {
      const rows = planMenus(m.planCode).map((code) => ({ tenantId: m.tenantId, code }));
      await tx.insert(tenantPermissions).values(rows).onConflictDoNothing();
    }
  });
}

/** Sets a tenant's plan permissions to exactly what `planCode` allows (a new tenant, a plan change). */
export async function applyPlan(db: DbOrTx, tenantId: number, planCode: string): Promise<void> {
  const codes = planMenus(planCode);
  await db
    .delete(tenantPermissions)
    .where(and(eq(tenantPermissions.tenantId, tenantId), notInArray(tenantPermissions.code, codes)));
  await db
    .insert(tenantPermissions)
    .values(codes.map((code) => ({ tenantId, code })))
    .onConflictDoNothing();
}

export async function tenantPlanCode(db: DbOrTx, tenantId: number): Promise<string | null> {
  const [row] = await db
    .select({ planCode: memberships.planCode })
    .from(memberships)
    .where(eq(memberships.tenantId, tenantId));
  return row?.planCode ?? null;
}

/** A catalogue menu as the API shows it, titled in the caller's language. */
export function menuItem(code: string, lang: Lang): MenuItem | null {
  const index = MENUS.findIndex((m) => m.code === code);
  const m = MENUS[index];
  if (!m) return null;
  return {
    code,
    parentCode: m.parent ?? null,
    path: m.path,
    title: m.title[lang],
    titles: m.title,
    icon: m.icon,
    sort: index,
  };
}

/** The catalogue as a tree (menus, child menus, elements), each node checked when role `roleId` grants it. */
export async function roleMenuTree(db: DbOrTx, ctx: RequestContext, roleId: number): Promise<MenuTreeNodeT[]> {
  const [role] = await db
    .select({ allPermissions: roles.allPermissions })
    .from(roles)
    .where(and(eq(roles.tenantId, ctx.tenantId), eq(roles.id, roleId)));
  if (!role) throw new NotFoundError();
  const grants = await db
    .select({ code: roleGrants.code })
    .from(roleGrants)
    .where(and(eq(roleGrants.tenantId, ctx.tenantId), eq(roleGrants.roleId, roleId)));
  const granted = new Set(grants.map((g) => g.code));
  const checked = (code: string) => role.allPermissions || granted.has(code);
  const node = (m: MenuDef): MenuTreeNodeT => ({
    code: m.code,
    kind: 'menu',
    title: m.title[ctx.lang],
    icon: m.icon,
    checked: checked(m.code),
    allowedByPlan: ctx.permissions.plan.has(m.code),
    children: [
      ...MENUS.filter((c) => c.parent === m.code).map(node),
      ...m.elements.map((e) => ({
        code: e.code,
        kind: 'element' as const,
        title: e.title[ctx.lang],
        icon: null,
        checked: checked(e.code),
        allowedByPlan: ctx.permissions.plan.has(m.code),
        children: [],
      })),
    ],
  });
  return MENUS.filter((m) => !m.parent).map(node);
}
