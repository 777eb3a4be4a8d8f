import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';

export function HandledTag({ handled }: { handled: boolean }) {
  const { t } = useTranslation('violations');
  return handled ? <Tag color="green">{t('handled.handled')}</Tag> : <Tag color="orange">{t('handled.unhandled')}</Tag>;
}
