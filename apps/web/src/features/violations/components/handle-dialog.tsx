import Form from 'antd/es/form';
import Modal from 'antd/es/modal';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Violation } from '@fleetdesk/contracts/violations';
import { CostCentreSelect } from '../../../components/cost-centre-select';
import { formatMoney, formatPlate } from '../../../lib/format';
import { serverFieldErrors } from '../../../lib/field-failure';
import { useUpdateViolation } from '../api/update-violation';

/**
 * Marks a violation handled (the company paid it): its fine is booked to the cost centre chosen here, else to
 * the vehicle cost centre of the company settings (none set: not booked).
 */
export function HandleDialog({ violation, onClose }: { violation: Violation; onClose: () => void }) {
  const { t } = useTranslation('violations');
  const [costCentreId, setCostCentreId] = useState<number | null>(violation.costCentreId ?? null);
  const [error, setError] = useState<string | null>(null);
  const { handle } = useUpdateViolation();
  const save = async () => {
    setError(null);
    try {
      await handle.mutateAsync({ id: violation.id, handled: true, costCentreId });
      onClose();
    } catch (err) {
      const field = serverFieldErrors(err).find((f) => f.path === 'costCentreId');
      if (field) setError(field.message);
    }
  };
  return (
    <Modal
      open
      title={t('handle.title', { plate: formatPlate(violation.plate) })}
      okText={t('handle.save')}
      confirmLoading={handle.isPending}
      onOk={() => void save()}
      onCancel={onClose}
    >
      <p>{t('handle.fine', { fine: formatMoney(violation.fine) })}</p>
      <Form layout="vertical">
        <Form.Item
          label={t('handle.costCentre')}
          extra={t('handle.costCentreHint')}
          validateStatus={error ? 'error' : undefined}
          help={error ?? undefined}
        >
          <CostCentreSelect
            value={costCentreId}
            onChange={setCostCentreId}
            placeholder={t('handle.costCentrePlaceholder')}
            ariaLabel={t('handle.costCentre')}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
