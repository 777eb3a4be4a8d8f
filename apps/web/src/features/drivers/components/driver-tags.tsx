import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import { useTranslation } from 'react-i18next';
import type { DocumentDue, DriverState } from '@fleetdesk/contracts/drivers';

const COLORS: Record<DriverState, string> = {
  prospect: 'blue',
  active: 'green',
  left: 'default',
  blacklisted: 'red',
};

export function DriverStateTag({ state, reason }: { state: DriverState; reason?: string | null }) {
  const { t } = useTranslation('drivers');
  const tag = <Tag color={COLORS[state]}>{t(`state.${state}`)}</Tag>;
  return state === 'blacklisted' && reason ? <Tooltip title={reason}>{tag}</Tooltip> : tag;
}

const daysBetween = (from: Date, day: string) =>
  Math.round((Date.parse(`${day}T00:00:00+08:00`) - from.getTime()) / 86_400_000);

/** A document's expiry with its standing (from the server: the company's lead days): red expired, orange soon. */
export function DocumentExpiry({ day, due }: { day: string | null; due: DocumentDue | null }) {
  const { t } = useTranslation('drivers');
  if (!day) return <span className="fd-muted">-</span>;
  if (due === 'valid' || !due) return <span>{day}</span>;
  const days = daysBetween(new Date(), day);
  return (
    <Tooltip
      title={
        due === 'expired'
          ? t('due.expiredIn', { days: Math.max(-days, 0) })
          : t('due.soonIn', { days: Math.max(days, 0) })
      }
    >
      <span className={due === 'expired' ? 'fd-due fd-due-over' : 'fd-due fd-due-soon'} data-due={due}>
        {day} · {t(`due.${due}`)}
      </span>
    </Tooltip>
  );
}
