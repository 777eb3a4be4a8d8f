import Button from 'antd/es/button';
import Result from 'antd/es/result';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isSignedIn } from '../../../lib/session';
import '../i18n';

/** `/paySuccess`: where a payment provider returns the payer (no shared header). */
export default function PaySuccessPage() {
  const { t } = useTranslation('membership');
  const navigate = useNavigate();
  const signedIn = isSignedIn();
  return (
    <div className="fd-fallback" style={{ maxWidth: 560 }}>
      <Result
        status="success"
        title={t('paySuccess.title')}
        subTitle={t('paySuccess.text')}
        extra={[
          <Button key="orders" type="primary" onClick={() => navigate(signedIn ? '/order/membership' : '/login')}>
            {signedIn ? t('paySuccess.orders') : t('paySuccess.signIn')}
          </Button>,
          <Button key="home" onClick={() => navigate('/')}>
            {t('common:actions.backHome')}
          </Button>,
        ]}
      />
    </div>
  );
}
