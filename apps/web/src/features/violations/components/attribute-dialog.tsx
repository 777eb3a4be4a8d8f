import Form from 'antd/es/form';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Violation } from '@fleetdesk/contracts/violations';
import { formatPlate } from '../../../lib/format';
import { findDrivers } from '../api/pick-lists';
import { useUpdateViolation } from '../api/update-violation';

/** Picks the driver a violation is attributed to (drivers of the car's company), or clears it. */
export function AttributeDialog({ violation, onClose }: { violation: Violation; onClose: () => void }) {
  const { t } = useTranslation('violations');
  const [keyword, setKeyword] = useState('');
  const [driverId, setDriverId] = useState<number | null>(violation.driverId);
  const { attribute } = useUpdateViolation();
  const drivers = useQuery({
    queryKey: ['violations', 'drivers', violation.rentId, keyword],
    queryFn: () => findDrivers(keyword, violation.rentId),
  });
  const options = (drivers.data ?? []).map((d) => ({ value: d.id, label: `${d.name} ${d.phone}` }));
  if (violation.driverId && !options.some((o) => o.value === violation.driverId)) {
    options.unshift({ value: violation.driverId, label: violation.driverName ?? String(violation.driverId) });
  }
  const save = async (next: number | null) => {
    await attribute.mutateAsync({ id: violation.id, driverId: next });
    onClose();
  };
  return (
    <Modal
      open
      title={t('attribute.title', { plate: formatPlate(violation.plate) })}
      okText={t('attribute.save')}
      confirmLoading={attribute.isPending}
      onOk={() => void save(driverId)}
      onCancel={onClose}
      footer={(_, { OkBtn, CancelBtn }) => (
        <>
          {violation.driverId !== null && <a onClick={() => void save(null)}>{t('attribute.clear')}</a>} <CancelBtn />
          <OkBtn />
        </>
      )}
    >
      <Form layout="vertical">
        <Form.Item label={t('attribute.driver')}>
          <Select
            showSearch
            allowClear
            filterOption={false}
            placeholder={t('attribute.placeholder')}
            value={driverId ?? undefined}
            onSearch={setKeyword}
            onChange={(v) => setDriverId(v ?? null)}
            options={options}
            loading={drivers.isFetching}
            data-testid="attribute-driver"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
