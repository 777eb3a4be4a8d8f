import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import type { InvalidRecipient } from '@fleetdesk/contracts/sms-notices';

/** Why a recipient cannot be sent to (a duplicate only gets one message: a warning, not a refusal). */
export function InvalidReason({ problem }: { problem: InvalidRecipient }) {
  const { t } = useTranslation('sms-notices');
  const variables = (problem.detail ?? '')
    .split(',')
    .filter(Boolean)
    .map((k) => t(`variableNames.${k}`, { defaultValue: k }))
    .join(', ');
  return (
    <Tag color={problem.reason === 'duplicate' ? 'warning' : 'error'}>
      {t(`invalid.${problem.reason}`, { variables })}
    </Tag>
  );
}
