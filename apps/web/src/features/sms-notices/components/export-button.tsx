import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import Button from 'antd/es/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A file download: busy while the server streams it; a failure is told by the request layer. */
export function ExportButton({ onExport, size }: { onExport: () => Promise<void>; size?: 'small' | 'middle' }) {
  const { t } = useTranslation('sms-notices');
  const [busy, setBusy] = useState(false);
  return (
    <Button
      icon={<DownloadOutlined />}
      size={size}
      loading={busy}
      onClick={() => {
        setBusy(true);
        onExport()
          .catch(() => undefined)
          .finally(() => setBusy(false));
      }}
    >
      {t('actions.export')}
    </Button>
  );
}
