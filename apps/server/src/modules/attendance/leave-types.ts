import { registerApprovalType, type ApprovalTypeDefinition } from '../approvals/approvals.service.js';
import './attendance.messages.js';
import { invalidField } from '../../core/errors.js';
import { attendanceAbsences } from '../../db/schema/office.js';
import type { FormField } from '@fleetdesk/contracts/approvals';

const t = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });

const dates = [
  { key: 'startsOn', label: t('开始日期', 'From'), kind: 'date' as const, required: true },
  { key: 'endsOn', label: t('结束日期', 'To'), kind: 'date' as const, required: true },
];

async function checkDates(form: Record<string, string | number | null>) {
  if (typeof form.startsOn === 'string' && typeof form.endsOn === 'string' && form.endsOn < form.startsOn) {
    throw invalidField('form.endsOn', 'attendance.endsBeforeStart');
  }
}

/**
 * Leave (请假) and business trips (出差) are approvals; an approved one becomes an absence of the applicant
 * on those days, which the monthly attendance sheet counts instead of absent or late days.
 */
const TYPES: [string, { 'zh-CN': string; 'en-US': string }, 'leave' | 'trip', FormField[]][] = [
  [
    'leave',
    t('请假', 'Leave'),
    'leave',
    [
      {
        key: 'leaveType',
        label: t('请假类型', 'Kind of leave'),
        kind: 'select',
        required: true,
        options: [
          { value: 'annual', label: t('年假', 'Annual leave') },
          { value: 'sick', label: t('病假', 'Sick leave') },
          { value: 'personal', label: t('事假', 'Personal leave') },
          { value: 'other', label: t('其他', 'Other') },
        ],
      },
    ],
  ],
  [
    'trip',
    t('出差', 'Business trip'),
    'trip',
    [{ key: 'destination', label: t('目的地', 'Destination'), kind: 'text', required: true, max: 60 }],
  ],
];
const LEAVE_TYPES: ApprovalTypeDefinition[] = TYPES.map(([code, name, kind, extra]) => ({
  code,
  name,
  area: 'office',
  manual: true,
  amountField: null,
  fields: [
    ...extra,
    ...dates,
    { key: 'reason', label: t('事由', 'Reason'), kind: 'textarea', required: false, max: 500 },
  ],
  validate: (_tx, _tenantId, form) => checkDates(form),
  async onOutcome({ tx, request, outcome }) {
    if (outcome !== 'approved') return;
    await tx
      .insert(attendanceAbsences)
      .values({
        tenantId: request.tenantId,
        userId: request.applicantId,
        kind,
        startsOn: String(request.form.startsOn),
        endsOn: String(request.form.endsOn),
        requestId: request.id,
      })
      .onConflictDoNothing();
  },
}));

/** Registers the leave and trip types (the attendance's `register.ts`, and the demo seed, which files requests). */
export function registerLeaveTypes(): void {
  for (const def of LEAVE_TYPES) registerApprovalType(def);
}
