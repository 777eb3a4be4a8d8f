import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import Switch from 'antd/es/switch';
import App from 'antd/es/app';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ZoneInput, ZoneUpdateInput } from '@fleetdesk/contracts/time-share';
import { useModalForm } from '../../../components/use-modal-form';
import { useSession } from '../../../lib/session';
import { useDebounced } from '../../../lib/use-debounced';
import { issueMessage } from '../../../lib/validation';
import { geofencesQuery, useSaveZone, type ZoneRow } from '../api/time-share';

type Shape = 'circle' | 'geofence';

export interface ZoneValues {
  rentId: number;
  name: string;
  city: string;
  address: string;
  lat: number | null;
  lon: number | null;
  shape: Shape;
  radiusM: number | null;
  geofenceId: number | null;
  bays: number | null;
  parkingFee: number | null;
  enabled: boolean;
}

/** The form's values as the create/update body: a circle or a geofence, never both. */
export function zoneBody(v: ZoneValues, zone?: ZoneRow): unknown {
  const body = {
    rentId: v.rentId,
    name: v.name?.trim() ?? '',
    city: v.city?.trim() ?? '',
    address: v.address?.trim() ?? '',
    lat: v.lat,
    lon: v.lon,
    radiusM: v.shape === 'circle' ? (v.radiusM ?? null) : null,
    geofenceId: v.shape === 'geofence' ? (v.geofenceId ?? null) : null,
    bays: v.bays ?? 0,
    parkingFee: v.parkingFee ?? 0,
    enabled: v.enabled,
  };
  return zone ? { ...body, id: zone.id, version: zone.version } : body;
}

/** A zone: where time-share cars are parked, a circle (centre, radius) or one of the tenant's GPS geofences. */
export function ZoneForm({ zone, onClose }: { zone?: ZoneRow; onClose: () => void }) {
  const { t } = useTranslation('time-share');
  const { message } = App.useApp();
  const rents = useSession((s) => s.user?.rents ?? []);
  const rentId = useSession((s) => s.user?.rentId);
  const save = useSaveZone();
  const [fenceSearch, setFenceSearch] = useState('');
  const fenceKeyword = useDebounced(fenceSearch, 300);
  const fences = useQuery(geofencesQuery(fenceKeyword));
  const { form, submit, saving } = useModalForm<ZoneValues, unknown, ZoneInput>({
    submit: (input) => save.mutateAsync(input),
    onSuccess: () => void message.success(t('zones.saved')),
    onClose,
  });
  const shape = Form.useWatch('shape', form);

  const initial: ZoneValues = zone
    ? {
        rentId: zone.rentId,
        name: zone.name,
        city: zone.city,
        address: zone.address,
        lat: zone.lat,
        lon: zone.lon,
        shape: zone.geofenceId ? 'geofence' : 'circle',
        radiusM: zone.radiusM,
        geofenceId: zone.geofenceId,
        bays: zone.bays,
        parkingFee: zone.parkingFee,
        enabled: zone.enabled,
      }
    : {
        rentId: rentId ?? rents[0]?.id ?? 0,
        name: '',
        city: rents.find((r) => r.id === rentId)?.city ?? '',
        address: '',
        lat: null,
        lon: null,
        shape: 'circle',
        radiusM: 200,
        geofenceId: null,
        bays: 0,
        parkingFee: 0,
        enabled: true,
      };

  const finish = (v: ZoneValues) => {
    const parsed = (zone ? ZoneUpdateInput : ZoneInput).safeParse(zoneBody(v, zone));
    if (!parsed.success) {
      const byField = new Map<string, string>();
      for (const issue of parsed.error.issues) {
        const name = String(issue.path[0] ?? '');
        // The shape's refusal (neither radius nor geofence) lands on the field in use.
        const field = name === 'radiusM' && v.shape === 'geofence' ? 'geofenceId' : name;
        if (!byField.has(field)) byField.set(field, issueMessage(issue, t));
      }
      form.setFields([...byField].map(([name, error]) => ({ name: name as keyof ZoneValues, errors: [error] })));
      return;
    }
    void submit(parsed.data as ZoneInput);
  };

  const fenceOptions = (fences.data?.rows ?? []).map((f) => ({ value: f.id, label: `${f.name} · ${f.rentName}` }));
  if (zone?.geofenceId && !fenceOptions.some((o) => o.value === zone.geofenceId))
    fenceOptions.unshift({ value: zone.geofenceId, label: zone.geofenceName ?? String(zone.geofenceId) });

  return (
    <Modal
      open
      title={zone ? t('zones.editTitle', { name: zone.name }) : t('zones.createTitle')}
      okText={t('actions.save')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={saving}
      destroyOnHidden
      width={640}
    >
      <Form<ZoneValues>
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={finish}
        aria-label={t('zones.form')}
        className="fd-ts-form"
      >
        <div className="fd-ts-grid">
          <Form.Item
            name="name"
            label={t('fields.name')}
            rules={[{ required: true, whitespace: true, message: t('form.required') }]}
          >
            <Input maxLength={40} />
          </Form.Item>
          <Form.Item name="rentId" label={t('fields.rent')} rules={[{ required: true, message: t('form.choose') }]}>
            <Select
              options={rents.map((r) => ({ value: r.id, label: r.shortName || r.name }))}
              onChange={(id: number) => {
                const city = rents.find((r) => r.id === id)?.city;
                if (city && !form.getFieldValue('city')) form.setFieldValue('city', city);
              }}
            />
          </Form.Item>
          <Form.Item
            name="city"
            label={t('fields.city')}
            rules={[{ required: true, whitespace: true, message: t('form.required') }]}
          >
            <Input maxLength={20} />
          </Form.Item>
          <Form.Item
            name="address"
            label={t('fields.address')}
            rules={[{ required: true, whitespace: true, message: t('form.required') }]}
          >
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item name="lat" label={t('fields.lat')} extra={t('zones.wgs84')}>
            <InputNumber<number> min={-90} max={90} precision={6} step={0.0001} className="fd-ts-full" />
          </Form.Item>
          <Form.Item name="lon" label={t('fields.lon')}>
            <InputNumber<number> min={-180} max={180} precision={6} step={0.0001} className="fd-ts-full" />
          </Form.Item>
        </div>
        <Form.Item name="shape" label={t('fields.shape')}>
          <Radio.Group
            optionType="button"
            options={(['circle', 'geofence'] as const).map((s) => ({ value: s, label: t(`zones.shapes.${s}`) }))}
          />
        </Form.Item>
        {shape === 'geofence' ? (
          <Form.Item name="geofenceId" label={t('fields.geofence')} extra={t('zones.geofenceHint')}>
            <Select
              showSearch
              filterOption={false}
              onSearch={setFenceSearch}
              loading={fences.isFetching}
              aria-label={t('fields.geofence')}
              notFoundContent={fences.isError ? t('zones.noGeofenceAccess') : t('zones.noGeofences')}
              options={fenceOptions}
            />
          </Form.Item>
        ) : (
          <Form.Item name="radiusM" label={t('fields.radius')} extra={t('zones.radiusHint')}>
            <InputNumber<number> min={20} max={5000} precision={0} suffix="m" className="fd-ts-full" />
          </Form.Item>
        )}
        <div className="fd-ts-grid">
          <Form.Item name="bays" label={t('fields.bays')} extra={t('zones.baysHint')}>
            <InputNumber<number> min={0} max={1000} precision={0} className="fd-ts-full" />
          </Form.Item>
          <Form.Item name="parkingFee" label={t('fields.parkingFee')} extra={t('zones.parkingFeeHint')}>
            <InputNumber<number> min={0} max={100000} precision={2} prefix="¥" className="fd-ts-full" />
          </Form.Item>
        </div>
        <Form.Item name="enabled" label={t('fields.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
