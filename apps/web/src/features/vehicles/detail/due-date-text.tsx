import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import { DUE_SOON_DAYS } from '@fleetdesk/contracts/vehicles';
import { formatDate } from '../../../lib/format';

/** A due date with a tag when it is past or near (in the display zone's calendar). */
export function DueDate({ date }: { date: string | null }) {
  const { t } = useTranslation('vehicle-detail');
  if (!date) return <>—</>;
  const today = formatDate(new Date());
  const days = Math.round((Date.parse(date) - Date.parse(today)) / 86_400_000);
  return (
    <span>
      {date}{' '}
      {days < 0 ? (
        <Tag color="error">{t('detail.overdue')}</Tag>
      ) : days <= DUE_SOON_DAYS ? (
        <Tag color="warning">{t('detail.dueIn', { count: days })}</Tag>
      ) : null}
    </span>
  );
}
