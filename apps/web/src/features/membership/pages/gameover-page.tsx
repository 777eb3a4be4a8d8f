import Button from 'antd/es/button';
import Result from 'antd/es/result';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { useSession } from '../../../lib/session';
import '../i18n';

/**
 * `/gameover`: the membership has expired; the way on is /membership. A tenant whose membership runs (or
 * runs again, once renewed) has nothing to do here: on to `/`.
 */
export default function GameoverPage() {
  const { t } = useTranslation('membership');
  const navigate = useNavigate();
  const membership = useSession((s) => s.membership);
  if (membership && membership.days !== -1) return <Navigate to="/" replace />;
  return (
    <Result
      status="warning"
      title={t('gameover.title')}
      subTitle={
        membership ? t('gameover.textWithDate', { name: membership.name, date: membership.date }) : t('gameover.text')
      }
      extra={
        <Button type="primary" size="large" onClick={() => navigate('/membership')}>
          {t('gameover.renew')}
        </Button>
      }
    />
  );
}
