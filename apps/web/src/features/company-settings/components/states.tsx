import Button from 'antd/es/button';
import Result from 'antd/es/result';
import Spin from 'antd/es/spin';
import { useTranslation } from 'react-i18next';

export function Loading() {
  return <Spin className="fd-cs-loading" />;
}

/** A tab whose data could not be loaded (the request layer has said why): a retry. */
export function LoadFailed({ retry }: { retry: () => void }) {
  const { t } = useTranslation('companySettings');
  return (
    <Result
      status="warning"
      title={t('loadFailed')}
      extra={
        <Button type="primary" onClick={retry}>
          {t('common:actions.retry')}
        </Button>
      }
    />
  );
}
