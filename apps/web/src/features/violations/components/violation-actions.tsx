import Button from 'antd/es/button';
import Space from 'antd/es/space';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Violation } from '@fleetdesk/contracts/violations';
import { useCanPickCostCentre } from '../../../components/cost-centre-select';
import { useAccess } from '../../../lib/access';
import { useUpdateViolation } from '../api/update-violation';
import { HandleDialog } from './handle-dialog';

/**
 * Row actions: attribute to a driver (opens the dialog), mark handled (with the cost centre of its fine, for
 * someone who may read the cost centres) or not. Editors only.
 */
export function ViolationActions({ violation, onAttribute }: { violation: Violation; onAttribute: () => void }) {
  const { t } = useTranslation('violations');
  const access = useAccess();
  const { handle } = useUpdateViolation();
  const pickCentre = useCanPickCostCentre();
  const [handling, setHandling] = useState(false);
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
        onClick={() =>
          !violation.handled && pickCentre
            ? setHandling(true)
            : handle.mutate({ id: violation.id, handled: !violation.handled })
        }
      >
        {violation.handled ? t('actions.markUnhandled') : t('actions.markHandled')}
      </Button>
      {handling && <HandleDialog violation={violation} onClose={() => setHandling(false)} />}
    </Space>
  );
}
