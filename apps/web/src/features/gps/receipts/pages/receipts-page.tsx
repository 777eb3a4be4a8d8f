import App from 'antd/es/app';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Drawer from 'antd/es/drawer';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Transfer from 'antd/es/transfer';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  GPS_RECEIPT_KINDS,
  GPS_RECEIPT_STATES,
  type GpsReceipt,
  type GpsReceiptDetail,
  type GpsReceiptKind,
  type GpsReceiptState,
} from '@fleetdesk/contracts/gps-receipts';
import { ListPage, type ListColumn } from '../../../../components/list-page/list-page';
import type { FilterField } from '../../../../components/list-page/list-params';
import { useAccess } from '../../../../lib/access';
import { serverFieldErrors } from '../../../../lib/field-failure';
import { formatDateTime } from '../../../../lib/format';
import { rentsQuery } from '../../../../lib/organisation-lists';
import { useSession } from '../../../../lib/session';
import { GpsEventsTabs } from '../../events/components/gps-events-tabs';
import {
  availableB2aQuery,
  cancelReceipt,
  createReceipt,
  key,
  receiptQuery,
  receiptsQuery,
  receiveReceipt,
  senderDevicesQuery,
} from '../api/receipts';
import '../i18n';

const STATE_COLOURS: Record<GpsReceiptState, string> = { pending: 'orange', received: 'green', cancelled: 'default' };

/** China midnight of a `YYYY-MM-DD` day (the list filter's dates), plus `days`. */
const dayStart = (day: string, days = 0) => {
  const d = new Date(`${day}T00:00:00+08:00`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString();
};

interface CreateValues {
  fromRentId: number;
  toRentId: number;
  deviceIds: number[];
  expressNo?: string;
  note?: string;
}

/**
 * The create dialog: a send-out (a2b) picks the sending and receiving companies and the sender's devices not bound
 * to a car (a transfer list); a send-back (b2a, `source` given) offers the devices still available on that receipt.
 */
function CreateDialog({
  open,
  source,
  onClose,
  onCreated,
}: {
  open: boolean;
  source: GpsReceiptDetail | null;
  onClose: () => void;
  onCreated: (id: number) => void;
}) {
  const { t } = useTranslation('gps-receipts');
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<CreateValues>();
  const currentRent = useSession((s) => s.user?.rentId ?? null);
  const rents = useQuery({ ...rentsQuery(), enabled: open && !source });
  const fromRentId = Form.useWatch('fromRentId', form) ?? (source ? null : currentRent);
  const devices = useQuery({ ...senderDevicesQuery(source ? null : fromRentId), enabled: open && !source });
  const back = useQuery({ ...availableB2aQuery(source?.id ?? null), enabled: open && !!source });
  const [picked, setPicked] = useState<number[]>([]);
  const dataSource = source
    ? (back.data ?? []).map((d) => ({ key: String(d.deviceId), title: `${d.imei} · ${d.model}` }))
    : (devices.data ?? []).map((d) => ({ key: String(d.id), title: `${d.imei} · ${d.model}` }));
  const save = useMutation({
    mutationFn: (v: CreateValues) =>
      createReceipt(
        source
          ? {
              kind: 'b2a',
              sourceId: source.id,
              deviceIds: picked,
              expressNo: v.expressNo || null,
              note: v.note || null,
            }
          : {
              kind: 'a2b',
              fromRentId: v.fromRentId,
              toRentId: v.toRentId,
              deviceIds: picked,
              expressNo: v.expressNo || null,
              note: v.note || null,
            },
      ),
    onSuccess: async (r) => {
      void message.success(t('created', { number: r.number }));
      await client.invalidateQueries({ queryKey: [...key] });
      form.resetFields();
      setPicked([]);
      onCreated(r.id);
    },
    onError: (err) =>
      form.setFields(serverFieldErrors(err).map((e) => ({ name: e.path as keyof CreateValues, errors: [e.message] }))),
  });
  return (
    <Modal
      open={open}
      width={720}
      title={source ? t('createBack', { number: source.number }) : t('create')}
      onCancel={onClose}
      onOk={() => void form.submit()}
      okText={t('submit')}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form<CreateValues>
        form={form}
        layout="vertical"
        initialValues={{ fromRentId: currentRent ?? undefined }}
        onFinish={(v) => save.mutate(v)}
      >
        {source ? (
          <p>{t('backTo', { from: source.toRentName, to: source.fromRentName })}</p>
        ) : (
          <Space size="large" wrap>
            <Form.Item
              name="fromRentId"
              label={t('fields.fromRent')}
              rules={[{ required: true, message: t('pickFrom') }]}
            >
              <Select
                style={{ width: 220 }}
                options={(rents.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
                onChange={() => setPicked([])}
              />
            </Form.Item>
            <Form.Item
              name="toRentId"
              label={t('fields.toRent')}
              dependencies={['fromRentId']}
              rules={[
                { required: true, message: t('pickTo') },
                ({ getFieldValue }) => ({
                  validator: (_, v) =>
                    v && v === getFieldValue('fromRentId')
                      ? Promise.reject(new Error(t('sameRent')))
                      : Promise.resolve(),
                }),
              ]}
            >
              <Select
                aria-label={t('fields.toRent')}
                style={{ width: 220 }}
                options={(rents.data ?? [])
                  .filter((r) => r.id !== fromRentId && r.status === 'active')
                  .map((r) => ({ value: r.id, label: r.name }))}
              />
            </Form.Item>
          </Space>
        )}
        <Form.Item
          name="deviceIds"
          label={t('fields.devices')}
          required
          rules={[
            {
              validator: () =>
                picked.length >= 1 && picked.length <= 200
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('pickDevices'))),
            },
          ]}
        >
          <Transfer
            dataSource={dataSource}
            titles={[t('available'), t('chosen')]}
            targetKeys={picked.map(String)}
            onChange={(keys) => setPicked(keys.map(Number))}
            render={(item) => item.title}
            showSearch
            listStyle={{ width: 300, height: 280 }}
            locale={{ notFoundContent: t('noDevices') }}
          />
        </Form.Item>
        <Form.Item
          name="expressNo"
          label={t('fields.expressNo')}
          rules={[{ pattern: /^[A-Za-z0-9-]{4,40}$/, message: t('badExpress') }]}
        >
          <Input maxLength={40} style={{ width: 260 }} />
        </Form.Item>
        <Form.Item name="note" label={t('fields.note')}>
          <Input.TextArea rows={2} maxLength={200} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The detail drawer: the receipt, its devices, and receive / cancel / send back as the caller may. */
function DetailDrawer({
  id,
  onClose,
  onSendBack,
}: {
  id: number | null;
  onClose: () => void;
  onSendBack: (r: GpsReceiptDetail) => void;
}) {
  const { t } = useTranslation('gps-receipts');
  const { modal, message } = App.useApp();
  const client = useQueryClient();
  const access = useAccess();
  const q = useQuery({ ...receiptQuery(id ?? 0), enabled: id !== null });
  const r = q.data;
  const act = (kind: 'receive' | 'cancel') =>
    modal.confirm({
      title: t(`${kind}Confirm`, { number: r!.number }),
      onOk: async () => {
        await (kind === 'receive' ? receiveReceipt(r!.id) : cancelReceipt(r!.id));
        void message.success(t(kind === 'receive' ? 'received' : 'cancelled'));
        await client.invalidateQueries({ queryKey: [...key] });
      },
    });
  return (
    <Drawer open={id !== null} onClose={onClose} width={640} title={r ? t('detailTitle', { number: r.number }) : ''}>
      {r && (
        <div data-testid="gps-receipt-detail">
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label={t('fields.kind')}>{t(`kind.${r.kind}`)}</Descriptions.Item>
            <Descriptions.Item label={t('fields.state')}>
              <Tag color={STATE_COLOURS[r.state]}>{t(`state.${r.state}`)}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.fromRent')}>{r.fromRentName}</Descriptions.Item>
            <Descriptions.Item label={t('fields.toRent')}>{r.toRentName}</Descriptions.Item>
            <Descriptions.Item label={t('fields.expressNo')}>{r.expressNo ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('fields.source')}>{r.sourceNumber ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('fields.createdBy')}>
              {r.createdByName} {formatDateTime(r.createdAt)}
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.settledBy')}>
              {r.receivedByName
                ? `${r.receivedByName} ${formatDateTime(r.receivedAt)}`
                : r.cancelledByName
                  ? `${r.cancelledByName} ${formatDateTime(r.cancelledAt)}`
                  : '-'}
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.note')} span={2}>
              {r.note ?? '-'}
            </Descriptions.Item>
          </Descriptions>
          <Table
            size="small"
            rowKey="deviceId"
            style={{ marginTop: 16 }}
            pagination={false}
            dataSource={r.devices}
            columns={[
              { title: t('fields.imei'), dataIndex: 'imei' },
              { title: t('fields.model'), dataIndex: 'model' },
              { title: t('fields.now'), dataIndex: 'rentName' },
            ]}
          />
          <Space style={{ marginTop: 16 }}>
            {r.canReceive && (
              <Button type="primary" onClick={() => act('receive')}>
                {t('receive')}
              </Button>
            )}
            {r.canCancel && (
              <Button danger onClick={() => act('cancel')}>
                {t('cancel')}
              </Button>
            )}
            {r.kind === 'a2b' && r.state === 'received' && access.can('riskGpsMap:receipt') && (
              <Button onClick={() => onSendBack(r)}>{t('sendBack')}</Button>
            )}
          </Space>
        </div>
      )}
    </Drawer>
  );
}

/** `/riskGpsMap/receipts`: device receipts between the tenant's companies (list, create, receive, cancel). */
export default function ReceiptsPage() {
  const { t } = useTranslation('gps-receipts');
  const access = useAccess();
  const [creating, setCreating] = useState(false);
  const [backOf, setBackOf] = useState<GpsReceiptDetail | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const filters = useMemo<FilterField[]>(
    () => [
      { type: 'text', name: 'number', label: t('fields.number') },
      {
        type: 'select',
        name: 'state',
        label: t('fields.state'),
        options: GPS_RECEIPT_STATES.map((s) => ({ value: s, label: t(`state.${s}`) })),
      },
      {
        type: 'select',
        name: 'kind',
        label: t('fields.kind'),
        options: GPS_RECEIPT_KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) })),
      },
      {
        type: 'select',
        name: 'direction',
        label: t('fields.direction'),
        options: [
          { value: 'out', label: t('direction.out') },
          { value: 'in', label: t('direction.in') },
        ],
      },
      { type: 'date-range', name: 'created', label: t('fields.created'), keys: ['from', 'to'] },
    ],
    [t],
  );
  const columns: ListColumn<GpsReceipt>[] = [
    { key: 'number', title: t('fields.number'), dataIndex: 'number' },
    { key: 'kind', title: t('fields.kind'), render: (_, r) => t(`kind.${r.kind}`) },
    { key: 'fromRent', title: t('fields.fromRent'), dataIndex: 'fromRentName' },
    { key: 'toRent', title: t('fields.toRent'), dataIndex: 'toRentName' },
    { key: 'devices', title: t('fields.deviceCount'), dataIndex: 'deviceCount', align: 'right' },
    { key: 'expressNo', title: t('fields.expressNo'), render: (_, r) => r.expressNo ?? '-' },
    {
      key: 'state',
      title: t('fields.state'),
      render: (_, r) => <Tag color={STATE_COLOURS[r.state]}>{t(`state.${r.state}`)}</Tag>,
    },
    { key: 'createdBy', title: t('fields.createdBy'), dataIndex: 'createdByName' },
    { key: 'createdAt', title: t('fields.created'), render: (_, r) => formatDateTime(r.createdAt) },
    {
      key: 'actions',
      title: '',
      render: (_, r) => (
        <Button type="link" size="small" onClick={() => setOpen(r.id)}>
          {t('detail')}
        </Button>
      ),
    },
  ];
  return (
    <div className="fd-page" data-testid="gps-receipts-page">
      <GpsEventsTabs active="receipts" />
      <ListPage<GpsReceipt>
        id="gps-receipts"
        toolbar={
          access.can('riskGpsMap:receipt') ? (
            <Button type="primary" onClick={() => setCreating(true)}>
              {t('create')}
            </Button>
          ) : null
        }
        filters={filters}
        columns={columns}
        rowKey={(r) => r.id}
        query={(p) =>
          receiptsQuery({
            pageNum: p.pageNum,
            pageSize: p.pageSize,
            ...(p.filters.number ? { number: p.filters.number } : {}),
            ...(p.filters.state ? { state: p.filters.state as GpsReceiptState } : {}),
            ...(p.filters.kind ? { kind: p.filters.kind as GpsReceiptKind } : {}),
            ...(p.filters.direction ? { direction: p.filters.direction as 'out' | 'in' } : {}),
            ...(p.filters.from ? { from: dayStart(p.filters.from) } : {}),
            ...(p.filters.to ? { to: dayStart(p.filters.to, 1) } : {}),
          })
        }
      />
      <CreateDialog
        open={creating || backOf !== null}
        source={backOf}
        onClose={() => {
          setCreating(false);
          setBackOf(null);
        }}
        onCreated={(id) => {
          setCreating(false);
          setBackOf(null);
          setOpen(id);
        }}
      />
      <DetailDrawer
        id={open}
        onClose={() => setOpen(null)}
        onSendBack={(r) => {
          setOpen(null);
          setBackOf(r);
        }}
      />
    </div>
  );
}
