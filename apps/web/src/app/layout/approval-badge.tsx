import AuditOutlined from '@ant-design/icons/AuditOutlined';
import Badge from 'antd/es/badge';
import Tooltip from 'antd/es/tooltip';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { waitingCountQuery } from '../../features/approvals/api/requests';
import { useAccess } from '../../lib/access';

/** How many requests wait for my approval; opens the approval centre's box. Only for approval-centre users. */
export function ApprovalBadge() {
  const { t } = useTranslation();
  const allowed = useAccess().can('oaApproval:view');
  const { data } = useQuery(waitingCountQuery(allowed));
  if (!allowed) return null;
  const count = data ?? 0;
  return (
    <Tooltip title={t('header.approvalsWaiting', { count })}>
      <Link
        to="/oaApproval?box=waiting"
        className="fd-icon-button fd-badge-link"
        aria-label={t('header.approvalsWaiting', { count })}
        data-testid="approval-badge"
      >
        <Badge count={count} size="small" overflowCount={99}>
          <AuditOutlined className="fd-header-icon" />
        </Badge>
        <span className="fd-badge-text">{t('header.approvalsShort')}</span>
      </Link>
    </Tooltip>
  );
}
