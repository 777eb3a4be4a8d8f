import { useTranslation } from 'react-i18next';
import { DUE_SOON_DAYS } from '@fleetdesk/contracts/vehicles';
import { formatDate } from '../../../lib/format';

const DAY_MS = 86_400_000;

/** Days from today (in the display zone) to a calendar day. */
function daysUntil(day: string): number {
  const today = formatDate(new Date());
  return Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS);
}

/** A paper's due day (inspection, policy): red once past, orange within the due-soon window. */
export function DueDate({ day }: { day: string | null }) {
  const { t } = useTranslation('vehicles');
  if (!day) return <span className="fd-muted">-</span>;
  const left = daysUntil(day);
  if (left < 0) {
    return (
      <span className="fd-due fd-due-over" title={t('due.overdue', { count: -left })}>
        {day}
      </span>
    );
  }
  if (left <= DUE_SOON_DAYS) {
    return (
      <span className="fd-due fd-due-soon" title={t('due.soon', { count: left })}>
        {day}
      </span>
    );
  }
  return <span>{day}</span>;
}
