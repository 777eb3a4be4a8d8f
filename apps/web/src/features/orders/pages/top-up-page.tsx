import WalletOutlined from '@ant-design/icons/WalletOutlined';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import InputNumber from 'antd/es/input-number';
import Segmented from 'antd/es/segmented';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CreateTopUpOrder, TOP_UP_MAX_YUAN, TOP_UP_MIN_YUAN } from '@fleetdesk/contracts/payments';
import { useAccess } from '../../../lib/access';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { balanceQuery } from '../../../lib/payments';
import { zodRule } from '../../../lib/validation';
import { useCreateTopUp } from '../api/create-top-up';
import { usePayOrder } from '../components/use-pay-order';
import '../i18n';
import './orders.css';

const PRESETS = [100, 500, 1_000, 5_000];

/**
 * `/order/topUp` (TOP_UP_PAGE, where the short-balance message links): the balance and a top-up of
 * TOP_UP_MIN..MAX yuan, paid by QR code like a plan.
 */
export default function TopUpPage() {
  const { t } = useTranslation('orders');
  const access = useAccess();
  const [form] = Form.useForm<{ amount: number }>();
  const amount = Form.useWatch('amount', form);
  const balance = useQuery({ ...balanceQuery(), enabled: access.can('billing:view') });
  const create = useCreateTopUp();
  const { pay, dialog } = usePayOrder((order) =>
    create.mutate({ amount: order.amount }, { onSuccess: (created) => pay(created) }),
  );
  const canBuy = access.can('billing:buy');

  return (
    <div className="fd-top-up">
      <h1 className="fd-page-title">{t('topUpPage.title')}</h1>
      <section className="fd-order-box fd-top-up-balance" data-testid="top-up-balance">
        <WalletOutlined />
        <div>
          <div className="fd-muted">{t('topUpPage.balance')}</div>
          <strong>{balance.data ? formatMoney(balance.data.balance) : '-'}</strong>
          {balance.data?.updatedAt && (
            <div className="fd-muted">{t('topUpPage.updated', { time: formatDateTime(balance.data.updatedAt) })}</div>
          )}
        </div>
        {access.can('billing:view') && <Link to="/billing/ledger">{t('topUpPage.ledger')}</Link>}
      </section>
      <section className="fd-order-box">
        {!canBuy && <Alert type="info" showIcon title={t('topUpPage.noRight')} style={{ marginBottom: 16 }} />}
        <Form
          form={form}
          layout="vertical"
          initialValues={{ amount: 500 }}
          disabled={!canBuy}
          onFinish={(v) => create.mutate({ amount: v.amount }, { onSuccess: (order) => pay(order) })}
        >
          <Form.Item label={t('topUpPage.preset')}>
            <Segmented
              value={PRESETS.includes(amount) ? amount : undefined}
              options={PRESETS.map((p) => ({ value: p, label: formatMoney(p) }))}
              onChange={(v) => form.setFieldsValue({ amount: Number(v) })}
            />
          </Form.Item>
          <Form.Item
            name="amount"
            label={t('topUpPage.amount')}
            extra={t('topUpPage.range', {
              min: formatMoney(TOP_UP_MIN_YUAN),
              max: formatMoney(TOP_UP_MAX_YUAN),
            })}
            rules={[zodRule(CreateTopUpOrder.shape.amount, t)]}
          >
            <InputNumber min={0} precision={2} prefix="¥" style={{ width: 240 }} aria-label={t('topUpPage.amount')} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={create.isPending}>
            {t('topUpPage.submit')}
          </Button>
          <p className="fd-muted fd-top-up-note">{t('topUpPage.note')}</p>
        </Form>
      </section>
      <p>
        <Link to="/order/list?type=topUp">{t('topUpPage.orders')}</Link>
      </p>
      {dialog}
    </div>
  );
}
