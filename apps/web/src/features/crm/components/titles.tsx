import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import type { LocalText } from '@fleetdesk/contracts/common';
import { LEAD_INTENT_TITLES, LEAD_STATE_TITLES, type LeadIntent, type LeadState } from '@fleetdesk/contracts/crm';
import {
  INVITE_STATE_TITLES,
  SURVEY_STATE_TITLES,
  type InviteState,
  type SurveyState,
} from '@fleetdesk/contracts/surveys';

/** Catalogue titles of the CRM contracts in the current language. */
export function useTitle(): (text: LocalText) => string {
  const { i18n } = useTranslation();
  return (text) => (i18n.language === 'en-US' ? text['en-US'] : text['zh-CN']);
}

const LEAD_COLOURS: Record<LeadState, string> = {
  new: 'blue',
  following: 'processing',
  won: 'green',
  lost: 'default',
  paused: 'gold',
};

export function LeadStateTag({ state }: { state: LeadState }) {
  const title = useTitle();
  return (
    <Tag color={LEAD_COLOURS[state]} data-state={state}>
      {title(LEAD_STATE_TITLES[state])}
    </Tag>
  );
}

const INTENT_COLOURS: Record<LeadIntent, string> = { strong: 'red', medium: 'orange', weak: 'default' };

export function IntentTag({ intent }: { intent: LeadIntent }) {
  const title = useTitle();
  return <Tag color={INTENT_COLOURS[intent]}>{title(LEAD_INTENT_TITLES[intent])}</Tag>;
}

const SURVEY_COLOURS: Record<SurveyState, string> = { draft: 'default', published: 'green', closed: 'purple' };

export function SurveyStateTag({ state }: { state: SurveyState }) {
  const title = useTitle();
  return (
    <Tag color={SURVEY_COLOURS[state]} data-state={state}>
      {title(SURVEY_STATE_TITLES[state])}
    </Tag>
  );
}

const INVITE_COLOURS: Record<InviteState, string> = {
  sent: 'default',
  opened: 'blue',
  answered: 'green',
  expired: 'red',
};

export function InviteStateTag({ state }: { state: InviteState }) {
  const title = useTitle();
  return <Tag color={INVITE_COLOURS[state]}>{title(INVITE_STATE_TITLES[state])}</Tag>;
}
