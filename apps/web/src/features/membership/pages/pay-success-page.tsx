import Button from 'antd/es/button';
import Result from 'antd/es/result';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useAccess } from '../../../lib/access';
import { reloadMembership } from '../../../lib/membership-reload';
import { isSignedIn, useSession } from '../../../lib/session';
import '../i18n';

/**
 * `/paySuccess` (open, no shared header): where a paid order lands, from the QR code's page or from the
 * provider's own page (the sandbox's). `?order=<id>&type=membership|topUp` or `?orderNo=`. Signed in, the
 * membership is loaded again so that home opens at once after a plan was paid.
 */
export default function PaySuccessPage() {
  const { t } = useTranslation('membership');
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const signedIn = isSignedIn();
  const access = useAccess();
  const membership = useSession((s) => s.membership);
  const user = useSession((s) => s.user);
  const orderId = search.get('order');
  const orderNo = search.get('orderNo');
  const type = search.get('type');

  useEffect(() => {
    if (signedIn && user) void reloadMembership();
  }, [signedIn, user]);

  const lines = [t('paySuccess.text')];
  if (type === 'membership' && membership && membership.days !== -1)
    lines.push(t('paySuccess.membership', { name: membership.name, date: membership.date }));
  if (type === 'topUp') lines.push(t('paySuccess.topUp'));
  if (orderNo) lines.push(t('paySuccess.orderNo', { orderNo }));

  const extra = !signedIn
    ? [
        <Button key="signIn" type="primary" onClick={() => navigate('/login')}>
          {t('paySuccess.signIn')}
        </Button>,
      ]
    : [
        <Button key="home" type="primary" onClick={() => navigate('/')}>
          {t('paySuccess.home')}
        </Button>,
        type === 'topUp' && access.can('billing:view') ? (
          <Button key="ledger" onClick={() => navigate('/billing/ledger')}>
            {t('paySuccess.ledger')}
          </Button>
        ) : null,
        orderId && access.can('billing:view') ? (
          <Button key="order" onClick={() => navigate(`/order/detail/${orderId}`)}>
            {t('paySuccess.order')}
          </Button>
        ) : null,
      ];
  return (
    <div className="fd-fallback" style={{ maxWidth: 600 }}>
      <Result
        status="success"
        title={t('paySuccess.title')}
        subTitle={
          <div data-testid="pay-success">
            {lines.map((line) => (
              <p key={line} style={{ margin: '4px 0' }}>
                {line}
              </p>
            ))}
          </div>
        }
        extra={extra}
      />
    </div>
  );
}
