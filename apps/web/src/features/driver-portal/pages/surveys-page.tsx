import Button from 'antd/es/button';
import Tag from 'antd/es/tag';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PortalSurvey } from '@fleetdesk/contracts/driver-portal';
import { formatDateTime } from '../../../lib/format';
import { surveysQuery } from '../api/portal';
import { PortalFrame } from '../components/portal-frame';
import { Loadable } from '../components/states';

type SurveyState = 'open' | 'answered' | 'expired';

export function surveyState(s: PortalSurvey, now = Date.now()): SurveyState {
  if (s.answered) return 'answered';
  if (!s.link || Date.parse(s.expiresAt) <= now) return 'expired';
  return 'open';
}

const COLORS: Record<SurveyState, string> = { open: 'blue', answered: 'green', expired: 'default' };

/** The surveys sent to the driver: an open one opens its own page (the open survey page); the others say why not. */
export default function PortalSurveysPage() {
  const { t } = useTranslation('driverPortal');
  const surveys = useQuery(surveysQuery());
  return (
    <PortalFrame title={t('surveys.title')} back>
      <Loadable query={surveys} empty={t('surveys.empty')} isEmpty={(d) => d.length === 0}>
        {(list) => (
          <ul className="fd-dp-list">
            {list.map((s) => {
              const state = surveyState(s);
              return (
                <li key={s.inviteId} className="fd-dp-card" data-testid={`dp-survey-${s.inviteId}`}>
                  <div className="fd-dp-bill-head">
                    <strong className="fd-dp-bill-title">{s.title}</strong>
                    <Tag color={COLORS[state]}>{t(`surveys.states.${state}`)}</Tag>
                  </div>
                  <p className="fd-muted fd-dp-small">{t('surveys.expires', { at: formatDateTime(s.expiresAt) })}</p>
                  {state === 'open' && s.link ? (
                    <Button type="primary" block href={s.link}>
                      {t('surveys.answer')}
                    </Button>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </Loadable>
    </PortalFrame>
  );
}
