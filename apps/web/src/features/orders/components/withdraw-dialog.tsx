import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import { useTranslation } from 'react-i18next';
import { WithdrawInput, type OrderDetail } from '@fleetdesk/contracts/payments';
import { formatMoney } from '../../../lib/format';
import { zodRule } from '../../../lib/validation';
import { useWithdraw } from '../api/withdraw';

interface Props {
  order: OrderDetail;
  open: boolean;
  onClose: () => void;
}

/** Refunds unused money of a top-up to the payer: an amount up to what is refundable, and a reason. */
export function WithdrawDialog({ order, open, onClose }: Props) {
  const { t } = useTranslation('orders');
  const [form] = Form.useForm<{ amount: number; reason: string }>();
  const withdraw = useWithdraw(order.id);
  return (
    <Modal
      open={open}
      title={t('withdraw.title', { orderNo: order.orderNo })}
      okText={t('withdraw.submit')}
      confirmLoading={withdraw.isPending}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ amount: order.refundable }}
        onFinish={(v) => withdraw.mutate(v, { onSuccess: onClose })}
      >
        <p className="fd-muted">{t('withdraw.text', { amount: formatMoney(order.refundable) })}</p>
        <Form.Item
          name="amount"
          label={t('withdraw.amount')}
          rules={[
            zodRule(WithdrawInput.shape.amount, t),
            {
              validator: async (_, v: number | null) => {
                if (typeof v === 'number' && v > order.refundable)
                  throw new Error(t('withdraw.tooMuch', { amount: formatMoney(order.refundable) }));
              },
            },
          ]}
        >
          <InputNumber min={0} precision={2} prefix="¥" style={{ width: 200 }} aria-label={t('withdraw.amount')} />
        </Form.Item>
        <Form.Item name="reason" label={t('withdraw.reason')} rules={[zodRule(WithdrawInput.shape.reason, t)]}>
          <Input.TextArea rows={3} maxLength={100} showCount aria-label={t('withdraw.reason')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
