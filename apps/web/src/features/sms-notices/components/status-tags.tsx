import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import type { SmsBatch, SmsMessage } from '@fleetdesk/contracts/sms-notices';

const BATCH_COLORS: Record<SmsBatch['state'], string> = {
  queued: 'default',
  running: 'processing',
  completed: 'success',
  failed: 'error',
  cancelled: 'warning',
};

export function BatchStateTag({ state }: { state: SmsBatch['state'] }) {
  const { t } = useTranslation('sms-notices');
  return <Tag color={BATCH_COLORS[state]}>{t(`batchState.${state}`)}</Tag>;
}

const MESSAGE_COLORS: Record<SmsMessage['status'], string> = {
  queued: 'processing',
  sent: 'success',
  failed: 'error',
  retried: 'warning',
};

export function MessageStatusTag({ status }: { status: SmsMessage['status'] }) {
  const { t } = useTranslation('sms-notices');
  return <Tag color={MESSAGE_COLORS[status]}>{t(`messageStatus.${status}`)}</Tag>;
}
