import { z } from 'zod';
import type { LocalText } from './common.js';

/** Membership info of the signed-in tenant. `days` is -1 once the membership has expired. */
export const MembershipInfo = z.object({
  days: z.number().int(),
  date: z.string().describe('expiry date, YYYY-MM-DD in the tenant time zone'),
  associatorLevel: z.number().int(),
  associatorCode: z.string(),
  associatorName: z.string(),
});
export type MembershipInfo = z.infer<typeof MembershipInfo>;

export const MEMBERSHIP_EXPIRED_DAYS = -1;

export interface PlanDef {
  code: string;
  level: number;
  name: LocalText;
  /** Price of one year in fen; 0 for the trial. */
  priceFen: number;
  /** Length of one purchase in days. */
  days: number;
  /** Menus the plan allows; '*' is every menu of the catalogue. */
  menus: readonly string[] | '*';
  purchasable: boolean;
}

const CORE_MENUS = [
  'rentCar',
  'rentDriver',
  'crm',
  'rentContract',
  'maintenance',
  'oa',
  'oaDepart',
  'oaCompany',
  'oaLabel',
  'oaMessage',
  'oaCostCenter',
  'oaLog',
  'oaSetting',
  'billing',
];
const PRO_MENUS = [
  ...CORE_MENUS,
  'riskGpsMap',
  'finance',
  'teams',
  'oaApproval',
  'oaApprovalFlow',
  'oaAttendance',
  'oaAttendanceRule',
];

export const PLANS: readonly PlanDef[] = [
  {
    code: 'TRIAL',
    level: 0,
    name: { 'zh-CN': '试用版', 'en-US': 'Trial' },
    priceFen: 0,
    days: 15,
    menus: '*',
    purchasable: false,
  },
  {
    code: 'STANDARD',
    level: 1,
    name: { 'zh-CN': '标准版', 'en-US': 'Standard' },
    priceFen: 398_000,
    days: 365,
    menus: CORE_MENUS,
    purchasable: true,
  },
  {
    code: 'PROFESSIONAL',
    level: 2,
    name: { 'zh-CN': '专业版', 'en-US': 'Professional' },
    priceFen: 980_000,
    days: 365,
    menus: PRO_MENUS,
    purchasable: true,
  },
  {
    code: 'ENTERPRISE',
    level: 3,
    name: { 'zh-CN': '旗舰版', 'en-US': 'Enterprise' },
    priceFen: 1_980_000,
    days: 365,
    menus: '*',
    purchasable: true,
  },
];

export function findPlan(code: string): PlanDef | undefined {
  return PLANS.find((p) => p.code === code);
}

export const MembershipPaths = {
  plans: '/api/ccwadmin/associatorTenant/plans',
  createOrder: '/api/ccwadmin/order/membership',
} as const;

export const Plan = z.object({
  code: z.string(),
  level: z.number().int(),
  name: z.string(),
  price: z.number().describe('yuan per purchase'),
  days: z.number().int(),
  menus: z.array(z.string()).describe('menu codes the plan allows'),
  purchasable: z.boolean(),
  current: z.boolean().describe("the tenant's plan now"),
});
export type Plan = z.infer<typeof Plan>;
