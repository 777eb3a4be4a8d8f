import App from 'antd/es/app';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Paged } from '@fleetdesk/contracts/common';
import { GpsPaths as P, type Device } from '@fleetdesk/contracts/gps';
import { fillPath } from '@fleetdesk/contracts/paths';
import { isFieldFailure, serverFieldErrors } from '../../../lib/field-failure';
import { request } from '../../../lib/request';

interface UnboundCar {
  id: number;
  plate: string;
  vin: string;
}

/** Register a device (number, model, SIM). */
export function AddDevice({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('gps');
  const [form] = Form.useForm<{ imei: string; model: string; sim?: string }>();
  const client = useQueryClient();
  const save = useMutation({
    mutationFn: (v: { imei: string; model: string; sim?: string }) =>
      request<Device>(P.deviceAdd, {
        method: 'POST',
        json: { imei: v.imei, model: v.model, sim: v.sim || null },
        silent: isFieldFailure,
      }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ['gps'] });
      form.resetFields();
      onClose();
    },
    onError: (err) =>
      form.setFields(serverFieldErrors(err).map((e) => ({ name: e.path as 'imei', errors: [e.message] }))),
  });
  return (
    <Modal
      open={open}
      title={t('actions.add')}
      onCancel={onClose}
      onOk={() => void form.validateFields().then((v) => save.mutate(v))}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ model: 'JT-W100' }}>
        <Form.Item name="imei" label={t('device.imei')} rules={[{ required: true, pattern: /^\d{6,20}$/ }]}>
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item name="model" label={t('device.model')} rules={[{ required: true }]}>
          <Select options={['JT-W100', 'JT-B200', 'MD300', 'PHONE'].map((m) => ({ value: m, label: m }))} />
        </Form.Item>
        <Form.Item name="sim" label={t('device.sim')} rules={[{ pattern: /^\d{11,20}$/ }]}>
          <Input maxLength={20} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Bind a device to a car of its company that has none. */
export function BindCar({ device, onClose }: { device: Device | null; onClose: () => void }) {
  const { t } = useTranslation('gps');
  const { message } = App.useApp();
  const client = useQueryClient();
  const [carId, setCarId] = useState<number | null>(null);
  const [keyword, setKeyword] = useState('');
  const cars = useQuery({
    queryKey: ['gps', 'unbound', device?.rentId, keyword],
    enabled: device !== null,
    queryFn: () =>
      request<Paged<UnboundCar>>(P.unboundCars, {
        query: { rentId: device!.rentId, pageSize: 50, ...(keyword ? { keyword } : {}) },
      }),
  });
  const bind = useMutation({
    mutationFn: () => request<Device>(fillPath(P.bindToCar, { id: device!.id }), { method: 'POST', json: { carId } }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ['gps'] });
      void message.success(t('actions.bound'));
      setCarId(null);
      onClose();
    },
  });
  return (
    <Modal
      open={device !== null}
      title={t('actions.bindTitle', { imei: device?.imei ?? '' })}
      onCancel={onClose}
      onOk={() => carId && bind.mutate()}
      okButtonProps={{ disabled: !carId }}
      confirmLoading={bind.isPending}
      destroyOnHidden
    >
      <Select
        showSearch
        style={{ width: '100%' }}
        placeholder={t('device.plate')}
        filterOption={false}
        onSearch={setKeyword}
        value={carId ?? undefined}
        onChange={setCarId}
        loading={cars.isFetching}
        options={(cars.data?.rows ?? []).map((c) => ({ value: c.id, label: `${c.plate} · ${c.vin}` }))}
      />
    </Modal>
  );
}

export function useUnbind() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request<Device>(fillPath(P.unbindFromCar, { id }), { method: 'POST', json: {} }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['gps'] }),
  });
}
