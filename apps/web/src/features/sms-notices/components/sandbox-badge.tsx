import ExperimentOutlined from '@ant-design/icons/ExperimentOutlined';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import { useTranslation } from 'react-i18next';

/** DESIGN.md section 9: where a sandbox provider is in use, the screen says so. */
export function SandboxBadge() {
  const { t } = useTranslation('sms-notices');
  return (
    <Tooltip title={t('sandbox.hint')}>
      <Tag color="orange" icon={<ExperimentOutlined />} className="fd-sms-sandbox" data-testid="sandbox-badge">
        {t('sandbox.badge')}
      </Tag>
    </Tooltip>
  );
}
