import Form from 'antd/es/form';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DRIVER_FLOW_IMPORT_TYPE,
  FLOW_PLATFORM_TITLES,
  FLOW_PLATFORMS,
  type FlowPlatform,
} from '@fleetdesk/contracts/team-performance';
import { ImportWizard } from '../../../components/import-wizard/import-wizard';
import { useTitle } from '../../../lib/use-title';

/**
 * Importing platform flows (`teams:import`): the platform first (a file holds one platform's days; its export's own
 * columns are recognised), then the shared import wizard with the platform as the import's `extra`.
 */
export function FlowImport({
  onClose,
  onImported,
}: {
  onClose: () => void;
  /** Rows were written, or a background import started (its task id). */
  onImported: (taskId?: number) => void;
}) {
  const { t } = useTranslation('teams');
  const title = useTitle();
  const [platform, setPlatform] = useState<FlowPlatform | null>(null);
  const [form] = Form.useForm<{ platform?: FlowPlatform }>();

  if (platform) {
    return (
      <ImportWizard
        type={DRIVER_FLOW_IMPORT_TYPE}
        ns="teams"
        extra={{ value: platform, label: t('flowImport.target', { platform: title(FLOW_PLATFORM_TITLES[platform]) }) }}
        onClose={onClose}
        onImported={onImported}
      />
    );
  }
  return (
    <Modal
      open
      title={t('flowImport.title')}
      okText={t('flowImport.next')}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} name="flow-import" layout="vertical" onFinish={(v) => v.platform && setPlatform(v.platform)}>
        <Form.Item
          name="platform"
          label={t('flowImport.platform')}
          extra={t('flowImport.platformHint')}
          rules={[{ required: true, message: t('common:validation.choose') }]}
        >
          <Select<FlowPlatform>
            placeholder={t('flowImport.platformPlaceholder')}
            options={FLOW_PLATFORMS.map((p) => ({ value: p, label: title(FLOW_PLATFORM_TITLES[p]) }))}
          />
        </Form.Item>
      </Form>
      <p className="fd-muted">{t('flowImport.recognised')}</p>
    </Modal>
  );
}
