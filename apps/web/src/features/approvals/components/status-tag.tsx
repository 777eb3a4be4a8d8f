import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import type { RequestStatus } from '@fleetdesk/contracts/approvals';

const COLOURS: Record<RequestStatus, string> = {
  draft: 'default',
  pending: 'processing',
  approved: 'success',
  rejected: 'error',
  withdrawn: 'warning',
};

export function StatusTag({ status }: { status: RequestStatus }) {
  const { t } = useTranslation('approvals');
  return <Tag color={COLOURS[status]}>{t(`status.${status}`)}</Tag>;
}
