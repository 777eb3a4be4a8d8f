import Alert from 'antd/es/alert';
import DatePicker from 'antd/es/date-picker';
import Form from 'antd/es/form';
import InputNumber from 'antd/es/input-number';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import message from 'antd/es/message';
import { useQuery } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { LINE_TYPE_TITLES, type LineType } from '@fleetdesk/contracts/rental-contracts';
import { accountsQuery, useCollect, useWaive } from '../api/contracts';
import { useTitle } from './titles';

export interface CollectTarget {
  id: number;
  type: LineType;
  period: number | null;
  outstanding: number;
  version: number;
}

/**
 * Collects money against one line (partial allowed) or waives it. The line's version goes with the call: if
 * another clerk collected it meanwhile the server answers 409 and the request layer shows its message.
 */
export function CollectDialog({
  line,
  mode = 'collect',
  onClose,
}: {
  line: CollectTarget;
  mode?: 'collect' | 'waive';
  onClose: () => void;
}) {
  const { t } = useTranslation('contracts');
  const title = useTitle();
  const accounts = useQuery(accountsQuery());
  const collect = useCollect();
  const waive = useWaive();
  const [form] = Form.useForm<{ amount: number; accountId: number; paidDate?: Dayjs; reason?: string }>();
  const name = `${title(LINE_TYPE_TITLES[line.type])}${line.period ? ` #${line.period}` : ''}`;
  const submit = async () => {
    const v = await form.validateFields();
    if (mode === 'waive') {
      await waive.mutateAsync({ lineId: line.id, reason: v.reason ?? '', version: line.version });
    } else {
      await collect.mutateAsync({
        lineId: line.id,
        amount: v.amount,
        accountId: v.accountId,
        version: line.version,
        ...(v.paidDate ? { paidDate: v.paidDate.format('YYYY-MM-DD') } : {}),
      });
    }
    void message.success(t('collect.done'));
    onClose();
  };
  return (
    <Modal
      open
      title={t('collect.title', { name })}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      confirmLoading={collect.isPending || waive.isPending}
      destroyOnHidden
    >
      <Alert type="info" showIcon message={t('collect.outstanding', { amount: line.outstanding })} />
      <Form form={form} layout="vertical" initialValues={{ amount: line.outstanding }} className="fd-collect-form">
        {mode === 'collect' ? (
          <>
            <Form.Item name="amount" label={t('collect.amount')} rules={[{ required: true }]}>
              <InputNumber min={0.01} max={line.outstanding} precision={2} style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item
              name="accountId"
              label={t('collect.account')}
              rules={[{ required: true }]}
              initialValue={accounts.data?.[0]?.id}
            >
              <Select options={(accounts.data ?? []).map((a) => ({ value: a.id, label: a.name }))} />
            </Form.Item>
            <Form.Item name="paidDate" label={t('collect.paidDate')}>
              <DatePicker style={{ width: '100%' }} />
            </Form.Item>
          </>
        ) : (
          <Form.Item name="reason" label={t('collect.reason')} rules={[{ required: true }]}>
            <Input.TextArea maxLength={200} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
