import { queryOptions, useQuery } from '@tanstack/react-query';
import { fenToYuan } from '@fleetdesk/contracts/common';
import { MembershipPaths, PLANS, type Plan } from '@fleetdesk/contracts/membership';
import { MENU_CODES } from '@fleetdesk/contracts/permissions';
import type { Language } from '../../../lib/i18n';
import { request } from '../../../lib/request';

/** The plans with their prices and which one is the tenant's now. */
export function getPlans(): Promise<Plan[]> {
  return request<Plan[]>(MembershipPaths.plans);
}

/** The same plans from the shared catalogue, for a visitor who has not signed in (the page is open). */
export function catalogPlans(lang: Language): Plan[] {
  return PLANS.map((p) => ({
    code: p.code,
    level: p.level,
    name: p.name[lang],
    price: fenToYuan(p.priceFen),
    days: p.days,
    menus: p.menus === '*' ? [...MENU_CODES] : [...p.menus],
    purchasable: p.purchasable,
    current: false,
  }));
}

export const plansQuery = (lang: Language) =>
  queryOptions({ queryKey: ['membership', 'plans', lang], queryFn: getPlans, staleTime: 5 * 60_000 });

export function usePlans(lang: Language, signedIn: boolean) {
  return useQuery({ ...plansQuery(lang), enabled: signedIn });
}
