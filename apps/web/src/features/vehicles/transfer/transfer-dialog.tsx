import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VehiclePaths } from '@fleetdesk/contracts/vehicles';
import { request } from '../../../lib/request';
import { useSession } from '../../../lib/session';
import '../detail-i18n';

export interface TransferCar {
  id: number;
  plateNumber: string;
  rentId: number;
}

export interface TransferDialogProps {
  car: TransferCar | null;
  onClose: () => void;
  onDone: () => void;
}

/** Moves a car to another rent of the tenant. */
export function TransferDialog({ car, onClose, onDone }: TransferDialogProps) {
  const { t } = useTranslation('vehicle-detail');
  const rents = useSession((s) => s.user?.rents ?? []);
  const [rentId, setRentId] = useState<number | null>(null);
  const [remark, setRemark] = useState('');
  const send = useMutation({
    mutationFn: () =>
      request(VehiclePaths.transfer.replace(':id', String(car!.id)), {
        method: 'POST',
        query: { rentId },
        json: { remark: remark || null },
      }),
    onSuccess: onDone,
  });
  return (
    <Modal
      open={!!car}
      title={t('transfer.title', { plate: car?.plateNumber ?? '' })}
      okText={t('transfer.submit')}
      okButtonProps={{ disabled: !rentId, loading: send.isPending }}
      onOk={() => send.mutate()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={t('transfer.rent')}>
          <Select
            value={rentId}
            onChange={setRentId}
            options={rents.filter((r) => r.id !== car?.rentId).map((r) => ({ value: r.id, label: r.name }))}
          />
        </Form.Item>
        <Form.Item label={t('transfer.remark')}>
          <Input.TextArea value={remark} onChange={(e) => setRemark(e.target.value)} maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
