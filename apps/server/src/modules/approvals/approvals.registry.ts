import type { BusinessType, FormField } from '@fleetdesk/contracts/approvals';
import type { LocalText } from '@fleetdesk/contracts/common';
import type { Tx } from '../../core/db.js';
import type { AppDeps } from '../../core/deps.js';

/** A request as its owning area sees it when the outcome is known. */
export interface ApprovalSubject {
  id: number;
  tenantId: number;
  businessType: string;
  businessId: string | null;
  rentId: number | null;
  applicantId: number;
  departmentId: number | null;
  summary: string;
  amountFen: number | null;
  form: Record<string, string | number | null>;
}

export interface ApprovalOutcome {
  tx: Tx;
  request: ApprovalSubject;
  outcome: 'approved' | 'rejected' | 'withdrawn';
  /** Who made the final decision (or withdrew). */
  actorId: number;
  now: Date;
}

/**
 * A business type, registered by the area that owns its outcome. `onOutcome` runs inside the transaction
 * that records the final decision (or the withdrawal): if it throws, nothing of the decision is kept, so an
 * area can refuse an outcome it can no longer apply (e.g. a settlement changed meanwhile).
 */
export interface ApprovalTypeDefinition {
  code: string;
  name: LocalText;
  area: string;
  /** Started by users in the approval centre (else only by the area, from its own record). */
  manual: boolean;
  fields: FormField[];
  amountField: string | null;
  /**
   * The request must be decided by someone other than the applicant (a fuel cut): when the flow leaves nobody
   * else (he is its only approver, or no step applies) the tenant's second approver (approval settings) decides,
   * and without one the submission is refused (409) instead of approved at once.
   */
  distinctDecider?: boolean;
  /** Checks the form beyond the field rules (e.g. that a cost centre exists); throws a field error. */
  validate?: (tx: Tx, tenantId: number, form: Record<string, string | number | null>) => Promise<void>;
  onOutcome?: (o: ApprovalOutcome) => Promise<void>;
  /**
   * Runs after the transaction of the final decision has committed (a decision through the approval centre):
   * work that must not undo the decision, e.g. storing a document. Its failure is logged, never answered.
   */
  afterOutcome?: (deps: AppDeps, o: Omit<ApprovalOutcome, 'tx'>) => Promise<void>;
}

const registry = new Map<string, ApprovalTypeDefinition>();

/**
 * Registers (or replaces, for the same code) a business type. Areas call it from their `register.ts`
 * (`modules/register.ts` runs them all); the approvals engine and the `types` call see every registered type.
 * The answer takes the type out again (a test's own type, gone with its test).
 */
export function registerApprovalType(def: ApprovalTypeDefinition): () => void {
  if (!/^[a-z][a-zA-Z0-9_]{1,39}$/.test(def.code)) throw new Error(`bad approval type code ${def.code}`);
  if (def.amountField && !def.fields.some((f) => f.key === def.amountField && f.kind === 'money')) {
    throw new Error(`approval type ${def.code}: amount field ${def.amountField} is not a money field`);
  }
  registry.set(def.code, def);
  return () => {
    if (registry.get(def.code) === def) registry.delete(def.code);
  };
}

/** What an area that does not own a type's form may add to it: what happens on the outcome. */
export type ApprovalHooks = Pick<ApprovalTypeDefinition, 'validate' | 'onOutcome' | 'afterOutcome'>;

/**
 * Adds hooks to a registered type (the settlement's outcome from the contracts, its statement from the
 * documents), instead of registering the type again. Adding the same hook again is harmless; a second,
 * different hook of the same name is a mistake and throws, as does an unknown type.
 */
export function extendApprovalType(code: string, hooks: ApprovalHooks): void {
  const def = registry.get(code);
  if (!def) throw new Error(`approval type ${code} is not registered`);
  for (const key of ['validate', 'onOutcome', 'afterOutcome'] as const) {
    const given = hooks[key];
    const held = def[key];
    if (given && held && held !== given) throw new Error(`approval type ${code} has its ${key} already`);
  }
  registry.set(code, { ...def, ...hooks });
}

export function approvalType(code: string): ApprovalTypeDefinition | undefined {
  return registry.get(code);
}

export function approvalTypes(): BusinessType[] {
  return [...registry.values()].map(({ code, name, area, manual, fields, amountField }) => ({
    code,
    name,
    area,
    manual,
    fields,
    amountField,
  }));
}

const t = (zh: string, en: string): LocalText => ({ 'zh-CN': zh, 'en-US': en });

const REASON: FormField = { key: 'reason', label: t('说明', 'Details'), kind: 'textarea', required: false, max: 500 };

/** A rental contract's request: the contract's number, an amount and details. */
function contractType(code: string, name: LocalText, amount: LocalText): ApprovalTypeDefinition {
  return {
    code,
    name,
    area: 'rentContract',
    manual: false,
    amountField: 'amount',
    fields: [
      { key: 'contractNo', label: t('合同编号', 'Contract number'), kind: 'text', required: true, max: 40 },
      { key: 'amount', label: amount, kind: 'money', required: true, max: 10_000_000 },
      REASON,
    ],
  };
}

/**
 * The types whose areas are built later (contracts, financing, car transfer): their forms are known, so flows
 * can be set up now; each area adds its handlers with `extendApprovalType`. Registered by `registerApprovals`.
 */
export const AREA_TYPES: ApprovalTypeDefinition[] = [
  {
    code: 'purchase',
    name: t('采购申请', 'Purchase'),
    area: 'office',
    manual: true,
    amountField: 'amount',
    fields: [
      { key: 'item', label: t('采购物品', 'Item'), kind: 'text', required: true, max: 60 },
      { key: 'quantity', label: t('数量', 'Quantity'), kind: 'number', required: true, max: 100_000 },
      {
        key: 'amount',
        label: t('预计金额（元）', 'Estimated amount (yuan)'),
        kind: 'money',
        required: true,
        max: 10_000_000,
      },
      { key: 'neededOn', label: t('需用日期', 'Needed on'), kind: 'date', required: false },
      REASON,
    ],
  },
  contractType('contractDiscount', t('合同优惠', 'Contract discount'), t('优惠金额（元）', 'Discount (yuan)')),
  contractType('depositRefund', t('退押金', 'Deposit refund'), t('退还金额（元）', 'Refund (yuan)')),
  contractType('settlement', t('退租结算', 'Settlement'), t('结算金额（元）', 'Settlement amount (yuan)')),
  {
    code: 'carTransfer',
    name: t('车辆调拨', 'Car transfer'),
    area: 'rentCar',
    manual: false,
    amountField: null,
    fields: [
      { key: 'plateNo', label: t('车牌号', 'Plate number'), kind: 'text', required: true, max: 20 },
      { key: 'fromRent', label: t('调出公司', 'From company'), kind: 'text', required: true, max: 60 },
      { key: 'toRent', label: t('调入公司', 'To company'), kind: 'text', required: true, max: 60 },
      REASON,
    ],
  },
  {
    code: 'financing',
    name: t('融资申请', 'Financing application'),
    area: 'finance',
    manual: false,
    amountField: 'amount',
    fields: [
      { key: 'plateNo', label: t('车牌号', 'Plate number'), kind: 'text', required: true, max: 20 },
      { key: 'amount', label: t('融资金额（元）', 'Amount (yuan)'), kind: 'money', required: true, max: 100_000_000 },
      { key: 'months', label: t('期数（月）', 'Term (months)'), kind: 'number', required: true, max: 120 },
      REASON,
    ],
  },
];

/**
 * Registers the types of `AREA_TYPES` that are not registered yet (a second call keeps the hooks that areas
 * have added since). Called by `registerApprovals` and by the demo seed, which files requests of these types.
 */
export function registerAreaTypes(): void {
  for (const def of AREA_TYPES) if (!registry.has(def.code)) registerApprovalType(def);
}
