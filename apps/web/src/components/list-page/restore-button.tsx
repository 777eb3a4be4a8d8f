import App from 'antd/es/app';
import Button from 'antd/es/button';
import Popconfirm from 'antd/es/popconfirm';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Restores a deleted record of a list (part of the list-page pattern, with `deletedSwitch`): asks first, says
 * when it is done; a refusal (a plate or phone in use again) is shown by the request layer.
 */
export function RestoreButton({ name, restore }: { name: string; restore: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  return (
    <Popconfirm
      title={t('list.restoreConfirm', { name })}
      onConfirm={() => {
        setBusy(true);
        return restore()
          .then(() => void message.success(t('list.restored', { name })))
          .catch(() => undefined)
          .finally(() => setBusy(false));
      }}
    >
      <Button type="link" size="small" loading={busy}>
        {t('list.restore')}
      </Button>
    </Popconfirm>
  );
}
