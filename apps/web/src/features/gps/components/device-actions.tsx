import App from 'antd/es/app';
import AutoComplete from 'antd/es/auto-complete';
import DatePicker from 'antd/es/date-picker';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Paged } from '@fleetdesk/contracts/common';
import {
  DEVICE_MODELS,
  DeviceInput,
  GPS_PROTOCOLS,
  GpsPaths as P,
  Imei,
  modelProtocol,
  type BindableUser,
  type Device,
  type GpsProtocol,
} from '@fleetdesk/contracts/gps';
import { fillPath } from '@fleetdesk/contracts/paths';
import { useModalForm } from '../../../components/use-modal-form';
import { isFieldFailure } from '../../../lib/field-failure';
import { currentLanguage } from '../../../lib/i18n';
import { request } from '../../../lib/request';
import { zodRule } from '../../../lib/validation';

interface UnboundCar {
  id: number;
  plate: string;
  vin: string;
}

type DeviceValues = {
  imei: string;
  model: string;
  protocol: GpsProtocol;
  sim?: string;
  installedAt?: Dayjs | null;
  installer?: string;
  installPosition?: string;
  remark?: string;
};

const orNull = (v: string | undefined) => (v?.trim() ? v.trim() : null);

/** Register a device (`device` null) or change one: number, model, protocol, SIM and the install details. */
export function DeviceForm({ open, device, onClose }: { open: boolean; device: Device | null; onClose: () => void }) {
  const { t } = useTranslation('gps');
  const { message } = App.useApp();
  const client = useQueryClient();
  const save = useMutation({
    mutationFn: (v: DeviceValues) => {
      const json = {
        imei: v.imei.trim(),
        model: v.model.trim(),
        protocol: v.protocol,
        sim: orNull(v.sim),
        installedAt: v.installedAt ? v.installedAt.toISOString() : null,
        installer: orNull(v.installer),
        installPosition: orNull(v.installPosition),
        remark: orNull(v.remark),
      };
      return device
        ? request<Device>(fillPath(P.deviceUpdate, { id: device.id }), { method: 'PUT', json, silent: isFieldFailure })
        : request<Device>(P.deviceAdd, { method: 'POST', json, silent: isFieldFailure });
    },
  });
  const { form, submit } = useModalForm<DeviceValues, Device>({
    submit: (v) => save.mutateAsync(v),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ['gps'] });
      void message.success(t('actions.saved'));
    },
    onClose,
  });
  const initial: Partial<DeviceValues> = device
    ? {
        imei: device.imei,
        model: device.model,
        protocol: device.protocol,
        sim: device.sim ?? '',
        installedAt: device.installedAt ? dayjs(device.installedAt) : null,
        installer: device.installer ?? '',
        installPosition: device.installPosition ?? '',
        remark: device.remark ?? '',
      }
    : { model: 'JT-W100', protocol: 'jt808' };
  return (
    <Modal
      open={open}
      title={device ? t('actions.editTitle', { imei: device.imei }) : t('actions.add')}
      onCancel={onClose}
      onOk={() =>
        // An invalid form shows its messages on the fields; nothing else to do.
        void form.validateFields().then(
          (v) => void submit(v),
          () => undefined,
        )
      }
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={initial}
        preserve={false}
        onValuesChange={(changed: Partial<DeviceValues>) => {
          // A known model speaks one protocol: follow it.
          const protocol = changed.model ? modelProtocol(changed.model.trim()) : null;
          if (protocol) form.setFieldsValue({ protocol });
          if (changed.model !== undefined) void form.validateFields(['protocol']).catch(() => undefined);
        }}
      >
        <Form.Item name="imei" label={t('device.imei')} rules={[zodRule(Imei, t)]}>
          <Input maxLength={20} inputMode="numeric" />
        </Form.Item>
        <Form.Item
          name="model"
          label={t('device.model')}
          extra={t('device.modelHint')}
          rules={[zodRule(DeviceInput.shape.model, t)]}
        >
          <AutoComplete
            maxLength={30}
            options={DEVICE_MODELS.map((m) => ({ value: m.code, label: `${m.code} · ${m.title[currentLanguage()]}` }))}
          />
        </Form.Item>
        <Form.Item
          name="protocol"
          label={t('device.protocol')}
          dependencies={['model']}
          rules={[
            { required: true, message: t('device.modelProtocol') },
            ({ getFieldValue }) => ({
              validator: async (_: unknown, value: GpsProtocol) => {
                const fits = modelProtocol(String(getFieldValue('model') ?? '').trim());
                if (fits && value && fits !== value) throw new Error(t('device.modelProtocol'));
              },
            }),
          ]}
        >
          <Select options={GPS_PROTOCOLS.map((p) => ({ value: p, label: t(`device.protocols.${p}`) }))} />
        </Form.Item>
        <Form.Item name="sim" label={t('device.sim')} rules={[zodRule(DeviceInput.shape.sim, t)]}>
          <Input maxLength={20} inputMode="numeric" />
        </Form.Item>
        <Form.Item name="installedAt" label={t('device.installedAt')}>
          <DatePicker showTime style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="installer" label={t('device.installer')} rules={[zodRule(DeviceInput.shape.installer, t)]}>
          <Input maxLength={30} />
        </Form.Item>
        <Form.Item
          name="installPosition"
          label={t('device.installPosition')}
          rules={[zodRule(DeviceInput.shape.installPosition, t)]}
        >
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item name="remark" label={t('device.remark')} rules={[zodRule(DeviceInput.shape.remark, t)]}>
          <Input.TextArea maxLength={200} rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The active users one may give a device, searched by name, username or phone. */
function UserPicker({ value, onChange }: { value: number | null; onChange: (id: number) => void }) {
  const { t } = useTranslation('gps');
  const [keyword, setKeyword] = useState('');
  const users = useQuery({
    queryKey: ['gps', 'users', keyword],
    queryFn: () => request<BindableUser[]>(P.bindableUsers, { query: keyword ? { keyword } : {} }),
    placeholderData: (previous) => previous,
  });
  return (
    <Select
      showSearch
      style={{ width: '100%' }}
      placeholder={t('actions.pickUser')}
      aria-label={t('device.user')}
      filterOption={false}
      onSearch={(v) => setKeyword(v.trim())}
      value={value ?? undefined}
      onChange={onChange}
      loading={users.isFetching}
      notFoundContent={users.isFetching ? null : t('actions.noUsers')}
      options={(users.data ?? []).map((u) => ({
        value: u.id,
        label: `${u.name} · ${u.username} · ${u.phone}${u.devices ? ` (${t('actions.userDevices', { n: u.devices })})` : ''}`,
      }))}
    />
  );
}

/** Bind a device to a user (who carries or looks after it). */
export function BindUser({ device, onClose }: { device: Device | null; onClose: () => void }) {
  const { t } = useTranslation('gps');
  const { message } = App.useApp();
  const client = useQueryClient();
  const [userId, setUserId] = useState<number | null>(null);
  const bind = useMutation({
    mutationFn: () => request<Device>(fillPath(P.userBind, { id: device!.id }), { method: 'POST', json: { userId } }),
    onSuccess: async (d) => {
      await client.invalidateQueries({ queryKey: ['gps'] });
      void message.success(t('actions.userBound', { name: d.userName ?? '' }));
      setUserId(null);
      onClose();
    },
  });
  return (
    <Modal
      open={device !== null}
      title={t('actions.userBindTitle', { imei: device?.imei ?? '' })}
      onCancel={() => {
        setUserId(null);
        onClose();
      }}
      onOk={() => userId && bind.mutate()}
      okButtonProps={{ disabled: !userId }}
      confirmLoading={bind.isPending}
      destroyOnHidden
    >
      {device !== null && <UserPicker value={userId} onChange={setUserId} />}
    </Modal>
  );
}

/** A phone tracker (Traccar Client, OsmAnd) for a user in one step; says how to set the app up. */
export function QuickUserBind({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('gps');
  const { modal } = App.useApp();
  const client = useQueryClient();
  const [userId, setUserId] = useState<number | null>(null);
  const quick = useMutation({
    mutationFn: () => request<Device>(fillPath(P.quickUserBind, { id: userId! }), { method: 'POST' }),
    onSuccess: async (d) => {
      await client.invalidateQueries({ queryKey: ['gps'] });
      setUserId(null);
      onClose();
      modal.success({
        title: t('actions.quickDone', { imei: d.imei, name: d.userName ?? '' }),
        // The secret identifier is answered this once (the server keeps only its hash).
        content: t('actions.quickSetup', { url: `${window.location.origin}${P.osmand}`, secret: d.osmandSecret ?? '' }),
      });
    },
  });
  return (
    <Modal
      open={open}
      title={t('actions.quickTitle')}
      onCancel={() => {
        setUserId(null);
        onClose();
      }}
      onOk={() => userId && quick.mutate()}
      okButtonProps={{ disabled: !userId }}
      confirmLoading={quick.isPending}
      destroyOnHidden
    >
      <p>{t('actions.quickHint')}</p>
      {open && <UserPicker value={userId} onChange={setUserId} />}
    </Modal>
  );
}

/** An operator's reset of a JT/T 808 device's identity (it may register again; audited). */
export function useResetIdentity() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request<Device>(fillPath(P.deviceResetIdentity, { id }), { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['gps'] }),
  });
}

/** A new OsmAnd secret identifier for a phone tracker (the old one stops working); answered once. */
export function useNewOsmandSecret() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request<Device>(fillPath(P.deviceOsmandSecret, { id }), { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['gps'] }),
  });
}

export function useUserUnbind() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request<Device>(fillPath(P.userUnbind, { id }), { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['gps'] }),
  });
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
