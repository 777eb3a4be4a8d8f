import Button from 'antd/es/button';
import Result from 'antd/es/result';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title={t('notFound.title')}
      subTitle={t('notFound.text')}
      extra={
        <Button type="primary" onClick={() => navigate('/')}>
          {t('actions.backHome')}
        </Button>
      }
    />
  );
}

/** A screen whose permission the user does not hold: the no-permission message of spec section 6. */
export function ForbiddenPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title={t('forbidden.title')}
      subTitle={t('errors.noPermission')}
      extra={
        <Button type="primary" onClick={() => navigate('/')}>
          {t('actions.backHome')}
        </Button>
      }
    />
  );
}
