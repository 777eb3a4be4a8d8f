import { z } from 'zod';
import { Id, PageQuery, YearMonth, type LocalText } from './common.js';
import { addValidationMessages } from './validation-registry.js';

/**
 * Cost centres (成本中心, `/oa/costCenter`): a tree (company, rent, department, car group) to which every cost
 * is posted once: expense claims when approved, and the costs of maintenance, insurance, violations and GPS
 * fees through the same posting call. A monthly report per centre with a chart, and its export.
 */
const base = '/api/ccwadmin/oa/costCenter';

export const CostCentrePaths = {
  centres: `${base}/list`,
  centreAdd: `${base}/add`,
  centreUpdate: `${base}/update/:id`,
  centreDelete: `${base}/delete/:id`,
  postings: `${base}/posting/list`,
  report: `${base}/report`,
  reportExport: `${base}/report/export`,
} as const;

export const COST_CENTRE_KINDS = ['company', 'rent', 'department', 'carGroup'] as const;
export const CostCentreKind = z.enum(COST_CENTRE_KINDS);
export type CostCentreKind = z.infer<typeof CostCentreKind>;
export const COST_CENTRE_KIND_TITLES: Record<CostCentreKind, LocalText> = {
  company: { 'zh-CN': '公司', 'en-US': 'Company' },
  rent: { 'zh-CN': '子公司', 'en-US': 'Subsidiary' },
  department: { 'zh-CN': '部门', 'en-US': 'Department' },
  carGroup: { 'zh-CN': '车组', 'en-US': 'Car group' },
};

export const COST_CATEGORIES = [
  'expense',
  'maintenance',
  'insurance',
  'accident',
  'violation',
  'gps',
  'other',
] as const;
export const CostCategory = z.enum(COST_CATEGORIES);
export type CostCategory = z.infer<typeof CostCategory>;
export const COST_CATEGORY_TITLES: Record<CostCategory, LocalText> = {
  expense: { 'zh-CN': '费用报销', 'en-US': 'Expense claims' },
  maintenance: { 'zh-CN': '维修保养', 'en-US': 'Maintenance' },
  insurance: { 'zh-CN': '保险', 'en-US': 'Insurance' },
  accident: { 'zh-CN': '事故', 'en-US': 'Accidents' },
  violation: { 'zh-CN': '违章', 'en-US': 'Violations' },
  gps: { 'zh-CN': 'GPS 服务费', 'en-US': 'GPS fees' },
  other: { 'zh-CN': '其他', 'en-US': 'Other' },
};

addValidationMessages({
  'v.costCentreName': {
    'zh-CN': '请输入成本中心名称（最多 30 个字）',
    'en-US': 'Enter a cost centre name (at most 30 characters)',
  },
  'v.costCentreCode': {
    'zh-CN': '编码为 1-20 位字母、数字、横线或下划线',
    'en-US': 'The code is 1-20 letters, digits, hyphens or underscores',
  },
  'v.month': { 'zh-CN': '月份格式为 YYYY-MM', 'en-US': 'A month is YYYY-MM' },
  'v.monthRange': {
    'zh-CN': '结束月份不能早于开始月份，且最多 24 个月',
    'en-US': 'The last month cannot be before the first, and at most 24 months',
  },
});

export const CostCentre = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  kind: CostCentreKind,
  code: z.string(),
  name: z.string(),
  enabled: z.boolean(),
  sort: z.number().int(),
  /** Costs posted directly to this centre (yuan). */
  postedTotal: z.number(),
});
export type CostCentre = z.infer<typeof CostCentre>;

export const CostCentreInput = z.strictObject({
  parentId: Id.nullable().default(null),
  kind: CostCentreKind,
  code: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,20}$/, { message: 'v.costCentreCode' }),
  name: z.string().trim().min(1, { message: 'v.costCentreName' }).max(30, { message: 'v.costCentreName' }),
  enabled: z.boolean().default(true),
  sort: z.number().int().min(0).max(9999).default(0),
});
export type CostCentreInput = z.infer<typeof CostCentreInput>;

export const Month = YearMonth;

export const PostingQuery = PageQuery.extend({
  centreId: Id.optional(),
  category: CostCategory.optional(),
  month: Month.optional(),
});
export const Posting = z.object({
  id: z.number().int(),
  centreId: z.number().int(),
  centreName: z.string(),
  category: CostCategory,
  sourceType: z.string(),
  sourceId: z.string(),
  amount: z.number(),
  occurredOn: z.string(),
  description: z.string(),
  createdAt: z.string(),
});
export type Posting = z.infer<typeof Posting>;

export const ReportQuery = z
  .object({
    from: Month,
    to: Month,
    /** The centre to break down by category (with everything under it); all centres when absent. */
    centreId: Id.optional(),
  })
  .superRefine((q, c) => {
    const months = monthsBetween(q.from, q.to).length;
    if (months < 1 || months > 24) c.addIssue({ code: 'custom', path: ['to'], message: 'v.monthRange' });
  });
export type ReportQuery = z.infer<typeof ReportQuery>;

export const CostReport = z.object({
  months: z.array(z.string()),
  /** Each centre with its own postings and everything under it, per month (yuan). */
  centres: z.array(
    z.object({
      id: z.number().int(),
      parentId: z.number().int().nullable(),
      name: z.string(),
      kind: CostCentreKind,
      amounts: z.array(z.number()),
      total: z.number(),
    }),
  ),
  /** The chosen centre (or all) per category and month (yuan). */
  categories: z.array(z.object({ category: CostCategory, amounts: z.array(z.number()), total: z.number() })),
});
export type CostReport = z.infer<typeof CostReport>;

/** The months from `from` to `to`, both YYYY-MM (empty when `to` is before `from`). */
export function monthsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  let [y, m] = from.split('-').map(Number) as [number, number];
  const [ty, tm] = to.split('-').map(Number) as [number, number];
  while ((y < ty || (y === ty && m <= tm)) && out.length <= 24) {
    out.push(`${y}-${String(m).padStart(2, '0')}`);
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
  return out;
}
