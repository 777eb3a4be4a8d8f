import Checkbox from 'antd/es/checkbox';
import DatePicker from 'antd/es/date-picker';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  APPLY_ITEM_TITLES,
  AUDIT_ACTION_TITLES,
  AUDIT_ACTIONS,
  type Application,
  type ApplyItemCode,
  type AuditAction,
} from '@fleetdesk/contracts/financing';
import { formatMoney } from '../../../lib/format';
import { isFieldFailure } from '../../../lib/field-failure';
import { applicationCalls } from '../api/applications';
import { ActionDialog } from './action-dialog';
import { PercentInput } from './percent-input';
import { useTitle } from './titles';

interface AuditValues {
  action: AuditAction;
  reason?: string;
  payProportion?: number;
  stagingNumber?: number;
  annualRate?: number;
  balloon?: number;
  note?: string;
}

/** The financier's decision on an application under review: approve, with conditions, supplement, reject. */
export function AuditDialog({
  app,
  onClose,
  initial = 'approve',
}: {
  app: Application;
  onClose: () => void;
  initial?: AuditAction;
}) {
  const { t } = useTranslation('financing');
  const title = useTitle();
  return (
    <ActionDialog<AuditValues>
      title={t('audit.title', { code: app.code })}
      initialValues={{ action: initial }}
      onClose={onClose}
      submit={(v) =>
        applicationCalls.audit(
          app.id,
          {
            version: app.version,
            action: v.action,
            reason: v.reason || null,
            conditions:
              v.action === 'approveWithConditions'
                ? {
                    ...(v.payProportion != null ? { payProportion: v.payProportion } : {}),
                    ...(v.stagingNumber ? { stagingNumber: v.stagingNumber } : {}),
                    ...(v.annualRate != null ? { annualRate: v.annualRate } : {}),
                    ...(v.balloon != null ? { balloon: v.balloon } : {}),
                    note: v.note ?? '',
                  }
                : null,
          },
          isFieldFailure,
        )
      }
    >
      {(v) => (
        <>
          <Form.Item name="action" label={t('audit.action')}>
            <Radio.Group
              optionType="button"
              options={AUDIT_ACTIONS.map((a) => ({ value: a, label: title(AUDIT_ACTION_TITLES[a]) }))}
            />
          </Form.Item>
          {(v.action === 'supplement' || v.action === 'reject') && (
            <Form.Item
              name="reason"
              label={t('audit.reason')}
              rules={[{ required: true, message: t('form.required') }]}
            >
              <Input.TextArea rows={3} maxLength={500} />
            </Form.Item>
          )}
          {v.action === 'approveWithConditions' && (
            <div className="fd-fin-grid">
              <Form.Item name="payProportion" label={t('form.payProportion')}>
                <PercentInput />
              </Form.Item>
              <Form.Item name="stagingNumber" label={t('form.stagingNumber')}>
                <Select allowClear options={[12, 24, 36].map((n) => ({ value: n, label: t('terms', { count: n }) }))} />
              </Form.Item>
              <Form.Item name="annualRate" label={t('audit.annualRate')}>
                <PercentInput max={36} />
              </Form.Item>
              <Form.Item name="balloon" label={t('form.balloon')}>
                <InputNumber min={0} precision={2} />
              </Form.Item>
              <Form.Item
                name="note"
                label={t('audit.conditions')}
                rules={[{ required: true, message: t('form.required') }]}
              >
                <Input.TextArea rows={3} maxLength={500} />
              </Form.Item>
            </div>
          )}
        </>
      )}
    </ActionDialog>
  );
}

/** The applicant cancels (S1, S3, S4). */
export function CancelDialog({ app, onClose }: { app: Application; onClose: () => void }) {
  const { t } = useTranslation('financing');
  return (
    <ActionDialog<{ reason?: string }>
      title={t('actions.cancelTitle', { code: app.code })}
      danger
      onClose={onClose}
      submit={(v) => applicationCalls.cancel(app.id, app.version, v.reason, isFieldFailure)}
    >
      <Form.Item name="reason" label={t('audit.reason')}>
        <Input.TextArea rows={3} maxLength={200} />
      </Form.Item>
    </ActionDialog>
  );
}

/** S4: the loan requested for the chosen apply items. */
export function LoanApplyDialog({ app, onClose }: { app: Application; onClose: () => void }) {
  const { t } = useTranslation('financing');
  const title = useTitle();
  const open = app.items.filter((i) => i.loanState === 'none');
  const codes: ApplyItemCode[] = open.length ? open.map((i) => i.code) : app.applyItems;
  return (
    <ActionDialog<{ items: ApplyItemCode[] }>
      title={t('loan.applyTitle', { code: app.code })}
      initialValues={{ items: codes }}
      onClose={onClose}
      submit={(v) => applicationCalls.loanApply(app.id, app.version, v.items, isFieldFailure)}
    >
      <Form.Item name="items" label={t('loan.items')} rules={[{ required: true, message: t('form.required') }]}>
        <Checkbox.Group
          options={codes.map((c) => {
            const item = app.items.find((i) => i.code === c);
            return {
              value: c,
              label: `${c} ${title(APPLY_ITEM_TITLES[c])}${item ? ` ${formatMoney(item.amount)}` : ''}`,
            };
          })}
        />
      </Form.Item>
    </ActionDialog>
  );
}

/** S5 -> S6: the financier confirms the loan request (the vouchers checked). */
export function LoanConfirmDialog({ app, onClose }: { app: Application; onClose: () => void }) {
  const { t } = useTranslation('financing');
  return (
    <ActionDialog<{ note?: string }>
      title={t('loan.confirmTitle', { code: app.code })}
      onClose={onClose}
      submit={(v) => applicationCalls.loanConfirm(app.id, app.version, v.note, isFieldFailure)}
    >
      <Form.Item name="note" label={t('loan.note')}>
        <Input.TextArea rows={3} maxLength={500} />
      </Form.Item>
    </ActionDialog>
  );
}

/** S6 -> S7: the disbursement recorded; the schedule starts from its day. */
export function DisburseDialog({ app, onClose }: { app: Application; onClose: () => void }) {
  const { t } = useTranslation('financing');
  return (
    <ActionDialog<{ date?: Dayjs; note?: string }>
      title={t('loan.disburseTitle', { code: app.code })}
      onClose={onClose}
      submit={(v) =>
        applicationCalls.disburse(
          app.id,
          app.version,
          app.quote?.financed ?? app.financed ?? 0,
          v.date?.format('YYYY-MM-DD'),
          v.note,
          isFieldFailure,
        )
      }
    >
      <p>{t('loan.disburseHint', { amount: formatMoney(app.quote?.financed ?? app.financed ?? 0) })}</p>
      <Form.Item name="date" label={t('loan.date')}>
        <DatePicker />
      </Form.Item>
      <Form.Item name="note" label={t('loan.note')}>
        <Input.TextArea rows={3} maxLength={500} />
      </Form.Item>
    </ActionDialog>
  );
}
