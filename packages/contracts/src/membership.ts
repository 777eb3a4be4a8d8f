import { z } from 'zod';
import { PageQuery, type LocalText } from './common.js';

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
  orderList: '/api/ccwadmin/order/list',
  orderGet: '/api/ccwadmin/order/:id',
  orderCancel: '/api/ccwadmin/order/cancel/:id',
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

export const ORDER_STATUSES = ['unpaid', 'paid', 'cancelled', 'closed'] as const;
export const OrderStatus = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof OrderStatus>;
export const ORDER_TYPES = ['membership'] as const;

export const CreateMembershipOrder = z.object({
  planCode: z.string().min(1).max(32),
  years: z.number().int().min(1).max(5).default(1),
});
export type CreateMembershipOrder = z.infer<typeof CreateMembershipOrder>;

export const Order = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  type: z.enum(ORDER_TYPES),
  planCode: z.string().nullable(),
  planName: z.string().nullable(),
  years: z.number().int(),
  amount: z.number().describe('yuan'),
  status: OrderStatus,
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  expiresAt: z.string().describe('an unpaid order closes at this time'),
});
export type Order = z.infer<typeof Order>;

export const OrderListQuery = PageQuery.extend({
  type: z.enum(ORDER_TYPES).optional(),
  status: OrderStatus.optional(),
});
