import Button from 'antd/es/button';
import Space from 'antd/es/space';
import { useTranslation } from 'react-i18next';
import type { Violation } from '@fleetdesk/contracts/violations';
import { useAccess } from '../../../lib/access';
import { useUpdateViolation } from '../api/update-violation';

/** Row actions: attribute to a driver (opens the dialog), mark handled or not. Editors only. */
export function ViolationActions({ violation, onAttribute }: { violation: Violation; onAttribute: () => void }) {
  const { t } = useTranslation('violations');
  const access = useAccess();
  const { handle } = useUpdateViolation();
  if (!access.can('rentCar:edit')) return null;
  return (
    <Space size={0}>
      <Button type="link" size="small" onClick={onAttribute}>
        {t('actions.attribute')}
      </Button>
      <Button
        type="link"
        size="small"
        loading={handle.isPending}
        onClick={() => handle.mutate({ id: violation.id, handled: !violation.handled })}
      >
        {violation.handled ? t('actions.markUnhandled') : t('actions.markHandled')}
      </Button>
    </Space>
  );
}
