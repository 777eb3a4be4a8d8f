import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import type { LocalText } from '@fleetdesk/contracts/common';
import { TRIP_STATE_TITLES, type TripState } from '@fleetdesk/contracts/time-share';

/** Catalogue titles of the contracts in the current language. */
export function useTitle(): (text: LocalText) => string {
  const { i18n } = useTranslation();
  return (text) => (i18n.language === 'en-US' ? text['en-US'] : text['zh-CN']);
}

const TRIP_COLOURS: Record<TripState, string> = {
  reserved: 'blue',
  inUse: 'processing',
  ended: 'orange',
  paid: 'green',
  cancelled: 'default',
};

/** A trip's state, with the balance warning and the lock when they happened. */
export function TripStateTag({ state, warned, locked }: { state: TripState; warned?: boolean; locked?: boolean }) {
  const title = useTitle();
  const { t } = useTranslation('time-share');
  return (
    <span className="fd-ts-tags">
      <Tag color={TRIP_COLOURS[state]} data-state={state}>
        {title(TRIP_STATE_TITLES[state])}
      </Tag>
      {warned ? <Tag color="warning">{t('trip.warned')}</Tag> : null}
      {locked ? <Tag color="error">{t('trip.locked')}</Tag> : null}
    </span>
  );
}
