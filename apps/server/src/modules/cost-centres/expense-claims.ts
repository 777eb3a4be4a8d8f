import { registerApprovalType, type ApprovalTypeDefinition } from '../approvals/approvals.service.js';
import { checkCentre, postCost } from './cost-centres.service.js';

const t = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });

/**
 * Expense claims (费用报销) are approvals of type `expense`: once approved, the claim is posted to its cost
 * centre in the same transaction as the final decision (a disabled or deleted centre refuses the decision).
 */
const EXPENSE_TYPE: ApprovalTypeDefinition = {
  code: 'expense',
  name: t('费用报销', 'Expense claim'),
  area: 'office',
  manual: true,
  amountField: 'amount',
  fields: [
    { key: 'costCentreId', label: t('成本中心', 'Cost centre'), kind: 'costCentre', required: true },
    {
      key: 'category',
      label: t('费用类别', 'Kind of expense'),
      kind: 'select',
      required: true,
      options: [
        { value: 'travel', label: t('差旅', 'Travel') },
        { value: 'fuel', label: t('油费/充电', 'Fuel and charging') },
        { value: 'repair', label: t('车辆维修', 'Car repairs') },
        { value: 'office', label: t('办公用品', 'Office supplies') },
        { value: 'entertainment', label: t('业务招待', 'Client entertainment') },
        { value: 'other', label: t('其他', 'Other') },
      ],
    },
    { key: 'amount', label: t('报销金额（元）', 'Amount (yuan)'), kind: 'money', required: true, max: 1_000_000 },
    { key: 'spentOn', label: t('发生日期', 'Spent on'), kind: 'date', required: true },
    { key: 'reason', label: t('说明', 'Details'), kind: 'textarea', required: false, max: 500 },
  ],
  async validate(tx, tenantId, form) {
    if (typeof form.costCentreId !== 'number') return;
    await checkCentre(tx, tenantId, form.costCentreId, 'form.costCentreId');
  },
  async onOutcome({ tx, request, outcome }) {
    if (outcome !== 'approved') return;
    await postCost(
      tx,
      request.tenantId,
      {
        centreId: Number(request.form.costCentreId),
        category: 'expense',
        sourceType: 'approval',
        sourceId: String(request.id),
        amountFen: request.amountFen ?? 0,
        occurredOn: String(request.form.spentOn),
        description: request.summary,
        createdBy: request.applicantId,
      },
      'form.costCentreId',
    );
  },
};

/** Registers the `expense` type (the cost centres' `register.ts`, and the demo seed, which files claims). */
export function registerExpenseClaimType(): void {
  registerApprovalType(EXPENSE_TYPE);
}
