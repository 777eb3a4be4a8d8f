import ExperimentOutlined from '@ant-design/icons/ExperimentOutlined';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import Tag from 'antd/es/tag';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import type { SandboxTrade } from '@fleetdesk/contracts/payments';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { decideSandboxTrade, sandboxTradeQuery, type SandboxAction } from '../api/sandbox';
import '../i18n';
import './billing.css';

const STATE_COLORS: Record<SandboxTrade['state'], string> = {
  waiting: 'blue',
  scanned: 'processing',
  approved: 'green',
  declined: 'red',
  closed: 'default',
};
const TESTER_ACTIONS: SandboxAction[] = ['approveSilently', 'approveWrongAmount'];

/**
 * `/pay/sandbox/{orderNo}?token=` (open, no header): the sandbox provider's own payment page, what the QR code
 * of a sandbox order holds. The payer approves or declines; the sandbox then notifies Fleetdesk through the same
 * notification path as WeChat Pay and Alipay. Approved, the payer returns to the merchant's `/paySuccess`. A
 * tester section answers the ways a real provider misbehaves (paid without a notification, a wrong amount).
 */
export default function SandboxPayPage() {
  const { t } = useTranslation('billing');
  const { orderNo = '' } = useParams();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const navigate = useNavigate();
  const client = useQueryClient();
  const trade = useQuery({ ...sandboxTradeQuery(orderNo, token), enabled: !!token });
  const decide = useMutation({
    mutationFn: (action: SandboxAction) => decideSandboxTrade(orderNo, token, action),
    onSuccess: (next, action) => {
      client.setQueryData(sandboxTradeQuery(orderNo, token).queryKey, next);
      if (action === 'approve' && next.state === 'approved')
        navigate(`/paySuccess?orderNo=${encodeURIComponent(orderNo)}`);
    },
  });

  let body;
  if (!token || trade.isError) {
    body = <Result status="warning" title={t('sandbox.invalid')} subTitle={t('sandbox.invalidText')} />;
  } else if (!trade.data) {
    body = <Skeleton active paragraph={{ rows: 5 }} />;
  } else {
    const tr = trade.data;
    const open = tr.state === 'waiting' || tr.state === 'scanned';
    body = (
      <>
        <div className="fd-sandbox-amount">
          <span className="fd-muted">{tr.merchant}</span>
          <strong data-testid="sandbox-amount">{formatMoney(tr.amount)}</strong>
          <Tag color={STATE_COLORS[tr.state]} data-testid="sandbox-state">
            {t(`sandbox.state.${tr.state}`)}
          </Tag>
        </div>
        <Descriptions
          column={1}
          size="small"
          items={[
            { key: 'merchant', label: t('sandbox.merchant'), children: tr.merchant },
            { key: 'description', label: t('sandbox.description'), children: tr.description },
            { key: 'orderNo', label: t('sandbox.orderNo'), children: tr.orderNo },
            { key: 'expires', label: t('sandbox.expiresAt'), children: formatDateTime(tr.expiresAt, true) },
          ]}
        />
        {open ? (
          <>
            <div className="fd-sandbox-actions">
              <Button
                danger
                size="large"
                loading={decide.isPending && decide.variables === 'decline'}
                disabled={decide.isPending}
                onClick={() => decide.mutate('decline')}
              >
                {t('sandbox.decline')}
              </Button>
              <Button
                type="primary"
                size="large"
                loading={decide.isPending && decide.variables === 'approve'}
                disabled={decide.isPending}
                onClick={() => decide.mutate('approve')}
              >
                {t('sandbox.approve')}
              </Button>
            </div>
            <section className="fd-sandbox-tester" aria-label={t('sandbox.tester')}>
              <strong>{t('sandbox.tester')}</strong>
              {TESTER_ACTIONS.map((action) => (
                <div key={action}>
                  <p className="fd-muted">{t(`sandbox.hint.${action}`)}</p>
                  <Button
                    size="small"
                    loading={decide.isPending && decide.variables === action}
                    disabled={decide.isPending}
                    onClick={() => decide.mutate(action)}
                  >
                    {t(`sandbox.action.${action}`)}
                  </Button>
                </div>
              ))}
            </section>
          </>
        ) : (
          <Alert
            type={tr.state === 'approved' ? 'success' : tr.state === 'declined' ? 'error' : 'info'}
            showIcon
            title={t(`sandbox.done.${tr.state}`)}
          />
        )}
      </>
    );
  }
  return (
    <div className="fd-sandbox">
      <div className="fd-sandbox-card">
        <div className="fd-sandbox-head">
          <ExperimentOutlined />
          {t('sandbox.title')}
        </div>
        <div className="fd-sandbox-body">
          {/* On every screen of the page (loading, a bad link, open, done): this is not a real payment. */}
          <Alert type="warning" showIcon title={t('sandbox.notice')} data-testid="sandbox-notice" />
          {body}
        </div>
      </div>
    </div>
  );
}
