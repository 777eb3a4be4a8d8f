import App from 'antd/es/app';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Drawer from 'antd/es/drawer';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Segmented from 'antd/es/segmented';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  GEOFENCE_KINDS,
  type Geofence,
  type GeofenceDevice,
  type GeofenceInput,
  type GeofenceKind,
} from '@fleetdesk/contracts/gps-events';
import { ListPage, type ListColumn } from '../../../../components/list-page/list-page';
import { useListParams, type FilterField, type ListParams } from '../../../../components/list-page/list-params';
import { SavedFilters } from '../../../../components/list-page/saved-filters';
import { useAccess } from '../../../../lib/access';
import { serverFieldErrors } from '../../../../lib/field-failure';
import { mapSettingsQuery } from '../../api/gps';
import {
  bindGeofenceDevices,
  deleteGeofence,
  geofenceDevicesQuery,
  geofencesQuery,
  key,
  saveGeofence,
  unbindGeofenceDevices,
} from '../api/gps-events';
import { GeofenceMap, type Draft } from '../components/geofence-map';
import { GpsEventsTabs } from '../components/gps-events-tabs';
import '../i18n';
import './gps-events.css';

/** The screen of the geofences' saved filters. */
const SCREEN = 'gpsGeofences';
const toQuery = (p: ListParams) => ({
  pageNum: p.pageNum,
  pageSize: p.pageSize,
  ...(p.filters.keyword ? { keyword: p.filters.keyword } : {}),
});
/** A saved filter is the list's URL filter values. */
const toSaved = (filters: Record<string, string>) => ({ ...filters }) as Record<string, unknown>;
const fromSaved = (saved: Record<string, unknown>): Record<string, string | undefined> => ({
  keyword: typeof saved.keyword === 'string' && saved.keyword ? saved.keyword : undefined,
});

interface FormValues {
  name: string;
  radius: number | null;
  alarmOnEnter: boolean;
  alarmOnExit: boolean;
  speedLimitKmh?: number | null;
  remark?: string;
}

const shapeOk = (d: Draft) =>
  d.kind === 'circle' ? d.points.length === 1 : d.kind === 'polygon' ? d.points.length >= 3 : d.points.length >= 2;

/** Draw or edit one geofence: the shape on the map, the rest in the form. */
function Editor({
  editing,
  draft,
  setDraft,
  onDone,
}: {
  editing: Geofence | null;
  draft: Draft;
  setDraft: (d: Draft) => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('gps-events');
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<FormValues>();
  const [shapeError, setShapeError] = useState(false);
  const save = useMutation({
    mutationFn: (v: FormValues) => {
      const input: GeofenceInput = {
        name: v.name.trim(),
        kind: draft.kind,
        points: draft.points,
        radius: draft.kind === 'polygon' ? null : (v.radius ?? null),
        alarmOnEnter: v.alarmOnEnter,
        alarmOnExit: v.alarmOnExit,
        speedLimitKmh: v.speedLimitKmh ?? null,
        remark: v.remark?.trim() || null,
      };
      return saveGeofence(editing?.id ?? null, input);
    },
    onSuccess: async () => {
      void message.success(t('geofences.saved'));
      await client.invalidateQueries({ queryKey: [...key] });
      onDone();
    },
    onError: (err) => {
      const errors = serverFieldErrors(err);
      if (errors.some((e) => e.path === 'points')) setShapeError(true);
      form.setFields(
        errors
          .filter((e) => e.path !== 'points')
          .map((e) => ({ name: e.path as keyof FormValues, errors: [e.message] })),
      );
    },
  });
  return (
    <Form<FormValues>
      form={form}
      layout="vertical"
      size="small"
      initialValues={{
        name: editing?.name ?? '',
        radius: editing?.radius ?? 500,
        alarmOnEnter: editing?.alarmOnEnter ?? false,
        alarmOnExit: editing?.alarmOnExit ?? true,
        speedLimitKmh: editing?.speedLimitKmh ?? null,
        remark: editing?.remark ?? '',
      }}
      onFinish={(v) => {
        if (!shapeOk(draft)) return setShapeError(true);
        setShapeError(false);
        save.mutate(v);
      }}
    >
      <Form.Item label={t('geofences.kind')}>
        <Segmented<GeofenceKind>
          value={draft.kind}
          onChange={(kind) =>
            setDraft({ ...draft, kind, points: kind === 'circle' ? draft.points.slice(0, 1) : draft.points })
          }
          options={GEOFENCE_KINDS.map((k) => ({ value: k, label: t(`geofences.kinds.${k}`) }))}
        />
      </Form.Item>
      <Alert type="info" showIcon message={t('geofences.drawHint')} />
      <Space className="fd-geofence-points">
        <span>{t('geofences.points', { count: draft.points.length })}</span>
        <Button size="small" onClick={() => setDraft({ ...draft, points: [] })}>
          {t('geofences.clear')}
        </Button>
      </Space>
      {shapeError && <Alert type="error" message={t('geofences.shapeInvalid')} data-testid="geofence-shape-error" />}
      <Form.Item name="name" label={t('geofences.name')} rules={[{ required: true, whitespace: true, max: 40 }]}>
        <Input maxLength={40} />
      </Form.Item>
      {draft.kind !== 'polygon' && (
        <Form.Item name="radius" label={t('geofences.radius')} rules={[{ required: draft.kind === 'circle' }]}>
          <InputNumber
            min={10}
            max={100000}
            style={{ width: '100%' }}
            onChange={(r) => setDraft({ ...draft, radius: typeof r === 'number' ? r : null })}
          />
        </Form.Item>
      )}
      <Form.Item name="alarmOnEnter" valuePropName="checked">
        <Checkbox>{t('geofences.alarmOnEnter')}</Checkbox>
      </Form.Item>
      <Form.Item name="alarmOnExit" valuePropName="checked">
        <Checkbox>{t('geofences.alarmOnExit')}</Checkbox>
      </Form.Item>
      <Form.Item name="speedLimitKmh" label={t('geofences.speedLimit')} extra={t('geofences.speedLimitHint')}>
        <InputNumber<number> min={1} max={300} precision={0} suffix="km/h" style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="remark" label={t('geofences.remark')} rules={[{ max: 200 }]}>
        <Input.TextArea rows={2} maxLength={200} />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="geofence-save">
          {t('geofences.save')}
        </Button>
        <Button onClick={onDone}>{t('geofences.cancel')}</Button>
      </Space>
    </Form>
  );
}

/** Devices bound to a geofence, whether they are inside, and binding more. */
function FenceDevices({ fence, onClose }: { fence: Geofence | null; onClose: () => void }) {
  const { t } = useTranslation('gps-events');
  const client = useQueryClient();
  const canBind = useAccess().can('riskGpsMap:bind');
  const [keyword, setKeyword] = useState('');
  const [picked, setPicked] = useState<number[]>([]);
  const bound = useQuery({ ...geofenceDevicesQuery(fence?.id ?? 0, true, ''), enabled: fence !== null });
  const candidates = useQuery({
    ...geofenceDevicesQuery(fence?.id ?? 0, false, keyword),
    enabled: fence !== null && canBind,
  });
  const refresh = () => client.invalidateQueries({ queryKey: [...key] });
  const bind = useMutation({
    mutationFn: () => bindGeofenceDevices(fence!.id, picked),
    onSuccess: async () => {
      setPicked([]);
      await refresh();
    },
  });
  const unbind = useMutation({
    mutationFn: (id: number) => unbindGeofenceDevices(fence!.id, [id]),
    onSuccess: refresh,
  });
  return (
    <Drawer
      open={fence !== null}
      onClose={onClose}
      size={520}
      title={fence ? t('geofences.bindTitle', { name: fence.name }) : ''}
    >
      {canBind && (
        <Space.Compact style={{ width: '100%', marginBottom: 12 }}>
          <Select
            mode="multiple"
            style={{ flex: 1 }}
            placeholder={t('geofences.pick')}
            value={picked}
            onChange={setPicked}
            showSearch
            filterOption={false}
            onSearch={(v) => setKeyword(v.trim())}
            options={(candidates.data?.rows ?? []).map((d) => ({ value: d.id, label: `${d.plate ?? '-'} ${d.imei}` }))}
          />
          <Button type="primary" disabled={!picked.length} loading={bind.isPending} onClick={() => bind.mutate()}>
            {t('geofences.bind')}
          </Button>
        </Space.Compact>
      )}
      <Table<GeofenceDevice>
        rowKey="id"
        size="small"
        loading={bound.isFetching}
        dataSource={bound.data?.rows ?? []}
        pagination={false}
        columns={[
          { title: t('alarms.plate'), dataIndex: 'plate', render: (v: string | null) => v ?? '-' },
          { title: t('alarms.imei'), dataIndex: 'imei' },
          {
            title: '',
            dataIndex: 'inside',
            render: (v: boolean | null) =>
              v === null ? (
                <Tag>{t('geofences.unknown')}</Tag>
              ) : (
                <Tag color={v ? 'green' : 'orange'}>{t(v ? 'geofences.inside' : 'geofences.outside')}</Tag>
              ),
          },
          {
            title: '',
            render: (_: unknown, d) =>
              canBind ? (
                <Button size="small" danger onClick={() => unbind.mutate(d.id)}>
                  {t('geofences.unbind')}
                </Button>
              ) : null,
          },
        ]}
      />
    </Drawer>
  );
}

/** `/riskGpsMap/geofences`: the geofences on the map and in a list; draw, edit, delete, bind devices. */
export default function GeofencesPage() {
  const { t } = useTranslation('gps-events');
  const { modal } = App.useApp();
  const client = useQueryClient();
  const access = useAccess();
  const filters = useMemo<FilterField[]>(
    () => [{ type: 'text', name: 'keyword', label: t('geofences.name'), placeholder: t('geofences.search') }],
    [t],
  );
  // The map draws the fences of the page the list shows (the same query, asked once).
  const { params } = useListParams(filters);
  const q = useQuery(geofencesQuery(toQuery(params)));
  const tiles = useQuery(mapSettingsQuery()).data?.mapTiles ?? 'osm';
  const [selected, setSelected] = useState<number | null>(null);
  const [editing, setEditing] = useState<Geofence | 'new' | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [devicesOf, setDevicesOf] = useState<Geofence | null>(null);
  const remove = useMutation({
    mutationFn: deleteGeofence,
    onSuccess: () => client.invalidateQueries({ queryKey: [...key] }),
  });
  const startEdit = (g: Geofence | 'new') => {
    setEditing(g);
    setDraft(
      g === 'new' ? { kind: 'circle', points: [], radius: 500 } : { kind: g.kind, points: g.points, radius: g.radius },
    );
  };
  const stopEdit = () => {
    setEditing(null);
    setDraft(null);
  };
  const onMapClick = (p: [number, number]) => {
    if (!draft) return;
    setDraft({ ...draft, points: draft.kind === 'circle' ? [p] : [...draft.points, p] });
  };
  const fences = q.data?.rows ?? [];
  const columns: ListColumn<Geofence>[] = [
    { key: 'name', title: t('geofences.name'), dataIndex: 'name' },
    { key: 'kind', title: t('geofences.kind'), render: (_, g) => t(`geofences.kinds.${g.kind}`) },
    { key: 'devices', title: t('geofences.deviceCount'), dataIndex: 'devices' },
    {
      key: 'actions',
      title: '',
      render: (_, g) => (
        <Space size={2} wrap>
          <Button size="small" onClick={() => setDevicesOf(g)}>
            {t('geofences.devices')}
          </Button>
          {access.can('riskGpsMap:edit') && (
            <Button size="small" onClick={() => startEdit(g)}>
              {t('geofences.edit')}
            </Button>
          )}
          {access.can('riskGpsMap:delete') && (
            <Button
              size="small"
              danger
              onClick={() =>
                modal.confirm({
                  title: t('geofences.deleteConfirm', { name: g.name }),
                  onOk: () => remove.mutateAsync(g.id),
                })
              }
            >
              {t('geofences.delete')}
            </Button>
          )}
        </Space>
      ),
    },
  ];
  return (
    <div className="fd-page" data-testid="gps-geofences-page">
      <GpsEventsTabs active="geofences" />
      <div className="fd-geofence-layout">
        <div className="fd-geofence-side">
          {editing ? (
            <Editor
              key={editing === 'new' ? 'new' : editing.id}
              editing={editing === 'new' ? null : editing}
              draft={draft!}
              setDraft={setDraft}
              onDone={stopEdit}
            />
          ) : (
            <ListPage<Geofence>
              id="gps-geofences"
              toolbar={
                access.can('riskGpsMap:add') && (
                  <Button type="primary" onClick={() => startEdit('new')} data-testid="geofence-add">
                    {t('geofences.add')}
                  </Button>
                )
              }
              filters={filters}
              filterActions={<SavedFilters screen={SCREEN} fields={filters} toSaved={toSaved} fromSaved={fromSaved} />}
              columns={columns}
              rowKey={(g) => g.id}
              query={(p) => geofencesQuery(toQuery(p))}
              onRow={(g) => ({
                onClick: () => setSelected(g.id),
                className: g.id === selected ? 'fd-clickable fd-geofence-row-on' : 'fd-clickable',
              })}
              emptyText={t('geofences.empty')}
            />
          )}
        </div>
        <div className="fd-geofence-main">
          <GeofenceMap
            fences={editing && editing !== 'new' ? fences.filter((f) => f.id !== editing.id) : fences}
            draft={draft}
            tiles={tiles}
            selected={selected}
            onClick={onMapClick}
          />
        </div>
      </div>
      <FenceDevices fence={devicesOf} onClose={() => setDevicesOf(null)} />
    </div>
  );
}
