import DatePicker from 'antd/es/date-picker';
import Form from 'antd/es/form';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import { useQuery } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ESIGN_EXPIRE_DAYS, EsignSendInput, type EsignPanel } from '@fleetdesk/contracts/notarization';
import type { Contract } from '@fleetdesk/contracts/rental-contracts';
import { InlineFailure, useInlineFailure } from '../../../components/inline-failure';
import { useModalForm } from '../../../components/use-modal-form';
import { formatMoney } from '../../../lib/format';
import { esignAccountsQuery, useSendEsign } from '../api/esign';
import { checked } from '../../../components/form-check/form-check';

interface Values {
  accountId?: number;
  paidDate?: Dayjs | null;
  expireDays?: number | null;
}

const FIELDS = new Set(['accountId', 'paidDate', 'expireDays']);

/**
 * Sends a pending contract for signing: the account its first receipts go to once every signature is in, their
 * date (empty: the day the last signature comes), how many days the signers have; the fee charged now.
 */
export function SendDialog({
  contract,
  panel,
  onSent,
  onClose,
}: {
  contract: Pick<Contract, 'id' | 'number'>;
  panel: EsignPanel;
  onSent?: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('notarization');
  const accounts = useQuery(esignAccountsQuery());
  const send = useSendEsign();
  const inline = useInlineFailure();
  const [form] = Form.useForm<Values>();
  const modal = useModalForm<Values, unknown, EsignSendInput>({
    form,
    submit: async (input) => {
      inline.clear();
      try {
        return await send.mutateAsync({ contractId: contract.id, input });
      } catch (e) {
        inline.capture(e);
        throw e;
      }
    },
    onSuccess: () => onSent?.(),
    onClose,
  });
  const finish = (v: Values) => {
    const input = checked(
      form,
      EsignSendInput,
      {
        accountId: v.accountId,
        ...(v.paidDate ? { paidDate: v.paidDate.format('YYYY-MM-DD') } : {}),
        ...(v.expireDays != null ? { expireDays: v.expireDays } : {}),
      },
      t,
      FIELDS,
    );
    if (input) void modal.submit(input);
  };
  const short = panel.unitPrice !== null && panel.balance < panel.unitPrice;
  return (
    <Modal
      open
      title={t('esign.sendTitle', { number: contract.number })}
      okText={t('esign.sendOk')}
      confirmLoading={modal.saving}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <InlineFailure failure={inline.failure} onClose={inline.clear} />
      <p className="fd-muted">{t('esign.sendHint')}</p>
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={finish}
        initialValues={{ expireDays: ESIGN_EXPIRE_DAYS.default, paidDate: null }}
        aria-label={t('esign.sendTitle', { number: contract.number })}
      >
        <Form.Item name="accountId" label={t('esign.account')} required extra={t('esign.accountHint')}>
          <Select<number>
            placeholder={t('form.choose')}
            loading={accounts.isLoading}
            options={(accounts.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
          />
        </Form.Item>
        <Form.Item name="paidDate" label={t('esign.paidDate')} extra={t('esign.paidDateHint')}>
          <DatePicker className="fd-nz-full" />
        </Form.Item>
        <Form.Item
          name="expireDays"
          label={t('esign.expireDays')}
          extra={t('esign.expireDaysHint', { min: ESIGN_EXPIRE_DAYS.min, max: ESIGN_EXPIRE_DAYS.max })}
        >
          <InputNumber min={ESIGN_EXPIRE_DAYS.min} max={ESIGN_EXPIRE_DAYS.max} precision={0} className="fd-nz-full" />
        </Form.Item>
      </Form>
      <p data-testid="esign-send-fee" className={short ? 'fd-nz-short' : undefined}>
        {panel.unitPrice !== null
          ? t('esign.feeLine', { fee: formatMoney(panel.unitPrice), balance: formatMoney(panel.balance) })
          : t('esign.noPrice')}
        {short ? ` ${t('esign.short')}` : ''}
      </p>
    </Modal>
  );
}
