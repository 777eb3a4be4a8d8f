import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Descriptions from 'antd/es/descriptions';
import Drawer from 'antd/es/drawer';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Statistic from 'antd/es/statistic';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Timeline from 'antd/es/timeline';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  PROPOSABLE_STATES,
  RISK_CLOSE_REASONS,
  RISK_RULES,
  RISK_STATES,
  type RiskCaseDetail,
  type RiskCaseRow,
  type RiskCloseReason,
  type RiskState,
} from '@fleetdesk/contracts/gps-risk';
import { CarLink, ContractLink, DeviceLink, DriverLink } from '../../../../components/entity-links';
import { useDefaultFilters } from '../../../../components/list-page/default-filters';
import { ListPage, type ListColumn } from '../../../../components/list-page/list-page';
import type { FilterField, ListParams } from '../../../../components/list-page/list-params';
import { SavedFilters } from '../../../../components/list-page/saved-filters';
import { serverFieldErrors } from '../../../../lib/field-failure';
import { useAccess } from '../../../../lib/access';
import { mapSettingsQuery } from '../../api/gps';
import { GpsMap } from '../../components/gps-map';
import { PositionText } from '../../components/position-text';
import { GpsEventsTabs } from '../../events/components/gps-events-tabs';
import { closeRiskCase, proposeFuelCut, riskBoardQuery, riskCaseQuery, riskCasesQuery, riskKey } from '../api/gps-risk';
import '../i18n';

const fmt = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm');
const yuan = (v: number) => v.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
export const STATE_COLOURS: Record<RiskState, string> = {
  open: 'red',
  fuelCutProposed: 'orange',
  fuelCutApproved: 'gold',
  fuelCutSent: 'purple',
  fuelCutDone: 'magenta',
  fuelCutRejected: 'default',
  closed: 'green',
};

/** The screen of the risk cases' saved filters. */
const SCREEN = 'gpsRiskCases';
/** The list opens on the cases not closed. */
const DEFAULTS = { open: 'true' };
const FILTER_KEYS = ['open', 'state', 'rule', 'keyword'] as const;
const toQuery = (p: ListParams) => ({ pageNum: p.pageNum, pageSize: p.pageSize, ...p.filters });
/** A saved filter is the list's URL filter values. */
const toSaved = (filters: Record<string, string>) => ({ ...filters }) as Record<string, unknown>;
const fromSaved = (saved: Record<string, unknown>): Record<string, string | undefined> =>
  Object.fromEntries(FILTER_KEYS.map((k) => [k, typeof saved[k] === 'string' && saved[k] ? saved[k] : undefined]));

function useRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: [...riskKey] });
}

/** Propose a fuel cut: the reason, then a confirmation (the cut needs an approval, then waits for a safe speed). */
function ProposeDialog({ c, onClose }: { c: RiskCaseDetail | null; onClose: () => void }) {
  const { t } = useTranslation('gps-risk');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason: string }>();
  const refresh = useRefresh();
  const save = useMutation({
    mutationFn: (reason: string) => proposeFuelCut(c!.id, reason),
    onSuccess: async () => {
      void message.success(t('propose.done'));
      await refresh();
      form.resetFields();
      onClose();
    },
    onError: (e) => form.setFields(serverFieldErrors(e).map((f) => ({ name: f.path, errors: [f.message] })) as never),
  });
  return (
    <Modal
      open={c !== null}
      title={c ? t('propose.title', { plate: c.plate }) : ''}
      okText={t('propose.confirm')}
      okButtonProps={{ danger: true }}
      onCancel={onClose}
      onOk={() =>
        void form
          .validateFields()
          .then((v) => save.mutate(v.reason.trim()))
          .catch(() => undefined)
      }
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Alert type="warning" showIcon title={t('propose.warning')} className="fd-risk-warning" />
      <Form form={form} layout="vertical">
        <Form.Item
          name="reason"
          label={t('propose.reason')}
          rules={[{ required: true, whitespace: true, max: 200, message: t('propose.reasonRequired') }]}
        >
          <Input.TextArea rows={3} maxLength={200} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Close a case: debt paid, car recovered, or dismissed (a note is then required). */
function CloseDialog({ c, onClose }: { c: RiskCaseDetail | null; onClose: () => void }) {
  const { t } = useTranslation('gps-risk');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason: RiskCloseReason; note?: string }>();
  const reason = Form.useWatch('reason', form);
  const refresh = useRefresh();
  const save = useMutation({
    mutationFn: (v: { reason: RiskCloseReason; note?: string }) =>
      closeRiskCase(c!.id, { reason: v.reason, note: v.note?.trim() || null }),
    onSuccess: async () => {
      void message.success(t('close.done'));
      await refresh();
      form.resetFields();
      onClose();
    },
    onError: (e) => form.setFields(serverFieldErrors(e).map((f) => ({ name: f.path, errors: [f.message] })) as never),
  });
  return (
    <Modal
      open={c !== null}
      title={c ? t('close.title', { plate: c.plate }) : ''}
      onCancel={onClose}
      onOk={() =>
        void form
          .validateFields()
          .then((v) => save.mutate(v))
          .catch(() => undefined)
      }
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ reason: 'carRecovered' }}>
        <Form.Item name="reason" label={t('close.reason')} rules={[{ required: true }]}>
          <Select
            aria-label={t('close.reason')}
            options={RISK_CLOSE_REASONS.map((r) => ({ value: r, label: t(`closeReason.${r}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="note"
          label={t('close.note')}
          rules={[
            { required: reason === 'dismissed', whitespace: true, message: t('close.noteRequired') },
            { max: 200, message: t('close.noteRequired') },
          ]}
        >
          <Input.TextArea rows={3} maxLength={200} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** A small map of the case's positions (oldest to newest, the newest marked) and alarms. */
function CaseMap({ c }: { c: RiskCaseDetail }) {
  const { t } = useTranslation('gps-risk');
  const settings = useQuery(mapSettingsQuery());
  const points = useMemo(() => {
    const ps = [...c.evidence.positions].sort((a, b) => a.at.localeCompare(b.at));
    const last = c.lastPosition;
    if (last && !ps.some((p) => p.at === last.at)) ps.push(last);
    return ps.map((p) => ({ lat: p.lat, lon: p.lon }));
  }, [c]);
  if (!points.length) return null;
  return (
    <GpsMap
      className="fd-risk-map"
      cars={[]}
      tiles={settings.data?.mapTiles ?? 'none'}
      selected={null}
      onSelect={() => undefined}
      route={{ points, index: points.length - 1 }}
      label={t('case.map')}
    />
  );
}

/** One case: the car, driver and contract, the evidence (triggers, alarms, positions, overdue bills), the steps. */
function CaseDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation('gps-risk');
  const access = useAccess();
  const canAct = access.can('riskGpsMap:risk');
  const q = useQuery({ ...riskCaseQuery(id ?? 0), enabled: id !== null });
  const [proposing, setProposing] = useState(false);
  const [closing, setClosing] = useState(false);
  const c = q.data;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={760}
      title={c ? t('case.title', { id: c.id, plate: c.plate }) : t('case.loading')}
      extra={
        c && canAct && c.state !== 'closed' ? (
          <Space>
            {PROPOSABLE_STATES.includes(c.state) && (
              <Button danger type="primary" onClick={() => setProposing(true)}>
                {t('case.propose')}
              </Button>
            )}
            <Button onClick={() => setClosing(true)}>{t('case.close')}</Button>
          </Space>
        ) : null
      }
    >
      {q.isError && <Alert type="error" showIcon title={t('loadFailed')} />}
      {c && (
        <div data-testid="risk-case" className="fd-risk-case">
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label={t('col.plate')}>
              <CarLink id={c.carId} plate={c.plate} />
            </Descriptions.Item>
            <Descriptions.Item label={t('col.state')}>
              <Tag color={STATE_COLOURS[c.state]}>{t(`state.${c.state}`)}</Tag>
              {c.closeReason && <span>{t(`closeReason.${c.closeReason}`)}</span>}
            </Descriptions.Item>
            <Descriptions.Item label={t('col.rule')}>{t(`rule.${c.rule}`)}</Descriptions.Item>
            <Descriptions.Item label={t('col.raisedAt')}>{fmt(c.raisedAt)}</Descriptions.Item>
            <Descriptions.Item label={t('col.driver')}>
              {c.driverName ? <DriverLink id={c.driverId} name={c.driverName} /> : '-'}
            </Descriptions.Item>
            <Descriptions.Item label={t('col.contract')}>
              {c.contractNo ? <ContractLink id={c.contractId} number={c.contractNo} /> : '-'}
            </Descriptions.Item>
            <Descriptions.Item label={t('col.overdue')}>
              {t('overdue', { amount: yuan(c.overdueAmount), days: c.overdueDays })}
            </Descriptions.Item>
            <Descriptions.Item label={t('col.device')}>{c.imei ? <DeviceLink imei={c.imei} /> : '-'}</Descriptions.Item>
            <Descriptions.Item label={t('col.lastPosition')} span={2}>
              {c.lastPosition ? (
                <span data-testid="risk-case-last-position">
                  <PositionText lat={c.lastPosition.lat} lon={c.lastPosition.lon} /> · {fmt(c.lastPosition.at)}
                </span>
              ) : (
                '-'
              )}
            </Descriptions.Item>
            {c.closeNote && (
              <Descriptions.Item label={t('close.note')} span={2}>
                {c.closeNote}
              </Descriptions.Item>
            )}
          </Descriptions>
          <CaseMap c={c} />
          <h4>{t('case.triggers')}</h4>
          <Space wrap>
            {c.evidence.triggers.map((x) => (
              <Tag key={x.key} color="volcano">
                {t(`rule.${x.rule}`)} · {fmt(x.at)}
                {x.note ? ` · ${x.note}` : ''}
              </Tag>
            ))}
          </Space>
          <h4>{t('case.alarms')}</h4>
          <Table
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={c.evidence.alarms}
            locale={{ emptyText: t('case.none') }}
            columns={[
              { title: t('col.at'), dataIndex: 'at', render: (v: string) => fmt(v) },
              { title: t('col.alarm'), dataIndex: 'type', render: (v: string) => t(`alarm.${v}`, v) },
              { title: t('col.geofence'), dataIndex: 'geofenceName', render: (v: string | null) => v ?? '-' },
              {
                title: t('col.position'),
                render: (_: unknown, a) =>
                  a.lat === null || a.lon === null ? '-' : <PositionText lat={a.lat} lon={a.lon} />,
              },
            ]}
          />
          <h4>{t('case.positions')}</h4>
          <Table
            rowKey="at"
            size="small"
            pagination={false}
            dataSource={c.evidence.positions}
            locale={{ emptyText: t('case.none') }}
            columns={[
              { title: t('col.at'), dataIndex: 'at', render: (v: string) => fmt(v) },
              { title: t('col.position'), render: (_: unknown, p) => <PositionText lat={p.lat} lon={p.lon} /> },
              {
                title: t('col.speed'),
                dataIndex: 'speed',
                render: (v: number | null) => (v === null ? '-' : `${Math.round(v)} km/h`),
              },
            ]}
          />
          <h4>{t('case.bills')}</h4>
          <Table
            rowKey="lineId"
            size="small"
            pagination={false}
            dataSource={c.evidence.bills}
            locale={{ emptyText: t('case.noBills') }}
            columns={[
              {
                title: t('col.contract'),
                dataIndex: 'contractNo',
                render: (v: string) => (v === c.contractNo ? <ContractLink id={c.contractId} number={v} /> : v),
              },
              { title: t('col.period'), dataIndex: 'period', render: (v: number | null) => v ?? '-' },
              { title: t('col.dueDate'), dataIndex: 'dueDate' },
              { title: t('col.amount'), dataIndex: 'amount', render: (v: number) => yuan(v) },
              { title: t('col.outstanding'), dataIndex: 'outstanding', render: (v: number) => yuan(v) },
              { title: t('col.days'), dataIndex: 'days' },
            ]}
          />
          <h4>{t('case.steps')}</h4>
          <Timeline
            items={c.steps.map((s) => ({
              key: s.id,
              color: s.kind === 'closed' ? 'green' : s.kind === 'rejected' ? 'gray' : 'red',
              content: (
                <div>
                  <strong>{t(`step.${s.kind}`)}</strong> {fmt(s.at)} · {s.actorName ?? t('engine')}
                  {s.note && <div>{s.note}</div>}
                  {typeof s.data.commandId === 'number' && (
                    <div>{t('commandOf', { id: s.data.commandId, status: String(s.data.status ?? '') })}</div>
                  )}
                  {typeof s.data.reason === 'string' && <div>{t(`closeReason.${s.data.reason}`)}</div>}
                </div>
              ),
            }))}
          />
          <ProposeDialog c={proposing ? c : null} onClose={() => setProposing(false)} />
          <CloseDialog c={closing ? c : null} onClose={() => setClosing(false)} />
        </div>
      )}
    </Drawer>
  );
}

/** `/riskGpsMap/risk`: the risk board's figures, the cases (open by default) and a case's drawer (`?case=<id>`). */
export default function RiskPage() {
  const { t } = useTranslation('gps-risk');
  const [params, setParams] = useSearchParams();
  const caseId = Number(params.get('case')) || null;
  const board = useQuery(riskBoardQuery());
  const filters = useMemo<FilterField[]>(
    () => [
      {
        type: 'select',
        name: 'open',
        label: t('filter.open'),
        options: [
          { value: 'true', label: t('filter.openOnly') },
          { value: 'false', label: t('filter.closedOnly') },
        ],
      },
      {
        type: 'select',
        name: 'state',
        label: t('col.state'),
        options: RISK_STATES.map((s) => ({ value: s, label: t(`state.${s}`) })),
      },
      {
        type: 'select',
        name: 'rule',
        label: t('col.rule'),
        options: RISK_RULES.map((s) => ({ value: s, label: t(`rule.${s}`) })),
      },
      { type: 'text', name: 'keyword', label: t('filter.keyword'), placeholder: t('filter.search') },
    ],
    [t],
  );
  const landing = useDefaultFilters(filters, SCREEN, DEFAULTS);
  const openCase = (id: number | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (id === null) next.delete('case');
        else next.set('case', String(id));
        return next;
      },
      { replace: true },
    );
  const columns: ListColumn<RiskCaseRow>[] = [
    { key: 'raisedAt', title: t('col.raisedAt'), render: (_, r) => fmt(r.raisedAt) },
    { key: 'plate', title: t('col.plate'), render: (_, r) => <CarLink id={r.carId} plate={r.plate} /> },
    { key: 'rule', title: t('col.rule'), render: (_, r) => t(`rule.${r.rule}`) },
    {
      key: 'state',
      title: t('col.state'),
      render: (_, r) => <Tag color={STATE_COLOURS[r.state]}>{t(`state.${r.state}`)}</Tag>,
    },
    {
      key: 'driver',
      title: t('col.driver'),
      render: (_, r) => (r.driverName ? <DriverLink id={r.driverId} name={r.driverName} /> : '-'),
    },
    {
      key: 'contract',
      title: t('col.contract'),
      render: (_, r) => (r.contractNo ? <ContractLink id={r.contractId} number={r.contractNo} /> : '-'),
    },
    {
      key: 'overdue',
      title: t('col.overdue'),
      render: (_, r) =>
        r.overdueAmount > 0 ? t('overdue', { amount: yuan(r.overdueAmount), days: r.overdueDays }) : '-',
    },
    {
      key: 'lastPosition',
      title: t('col.lastPosition'),
      render: (_, r) =>
        r.lastPosition ? (
          <>
            <PositionText lat={r.lastPosition.lat} lon={r.lastPosition.lon} /> · {fmt(r.lastPosition.at)}
          </>
        ) : (
          '-'
        ),
    },
    { key: 'rent', title: t('col.rent'), dataIndex: 'rentName' },
  ];
  const count = (state: RiskState) => board.data?.byState.find((s) => s.state === state)?.count ?? 0;

  return (
    <div className="fd-page" data-testid="gps-risk-page">
      <GpsEventsTabs active="risk" />
      {board.isError ? (
        <Alert type="error" showIcon title={t('loadFailed')} />
      ) : (
        <Card size="small" loading={board.isPending} data-testid="risk-figures">
          <Space wrap size="large">
            <Statistic title={t('figures.open')} value={board.data?.openCount ?? 0} />
            <Statistic title={t('figures.overdue')} value={yuan(board.data?.overdueAmount ?? 0)} />
            {(['fuelCutProposed', 'fuelCutSent', 'fuelCutDone', 'closed'] as const).map((s) => (
              <Statistic key={s} title={t(`state.${s}`)} value={count(s)} />
            ))}
            {board.data?.byRule.map((r) => (
              <Tag key={r.rule} color="volcano">
                {t(`rule.${r.rule}`)} {r.count}
              </Tag>
            ))}
          </Space>
        </Card>
      )}
      <ListPage<RiskCaseRow>
        id="gps-risk-cases"
        filters={filters}
        filterActions={<SavedFilters screen={SCREEN} fields={filters} toSaved={toSaved} fromSaved={fromSaved} />}
        columns={columns}
        rowKey={(r) => r.id}
        query={(p) => riskCasesQuery(toQuery(landing(p)))}
        onRow={(r) => ({ onClick: () => openCase(r.id), className: 'fd-clickable' })}
        emptyText={t('empty')}
      />
      <CaseDrawer id={caseId} onClose={() => openCase(null)} />
    </div>
  );
}
