import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import ImportOutlined from '@ant-design/icons/ImportOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import Button from 'antd/es/button';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DRIVER_SOURCES, DRIVER_STATES, type DriverListRow } from '@fleetdesk/contracts/drivers';
import { ImportWizard } from '../../../components/import-wizard/import-wizard';
import { useFinishedTasks } from '../../../components/import-wizard/use-finished-tasks';
import { exportFilter, ListPage, type ListColumn } from '../../../components/list-page/list-page';
import type { FilterField } from '../../../components/list-page/list-params';
import { RestoreButton } from '../../../components/list-page/restore-button';
import { SavedFilters } from '../../../components/list-page/saved-filters';
import { useAccess } from '../../../lib/access';
import { formatDate, formatDateTime } from '../../../lib/format';
import { labelsQuery } from '../../../lib/organisation-lists';
import { useSession } from '../../../lib/session';
import {
  driversKey,
  driversQuery,
  driversSummaryQuery,
  exportDrivers,
  useRestoreDriver,
  type DriverFilterBody,
} from '../api/drivers';
import { DriverActionsMenu } from '../components/driver-actions';
import { DocumentExpiry, DriverStateTag } from '../components/driver-tags';
import { driverFilterBody, driverFilterParams } from '../model/driver-filter';
import '../i18n';
import './drivers-page.css';

const SCREEN = 'rentDriver';
const toSaved = (filters: Record<string, string>) => driverFilterBody(filters) as Record<string, unknown>;

function useDriverFilterFields(): FilterField[] {
  const { t } = useTranslation('drivers');
  const rents = useSession((s) => s.user?.rents ?? []);
  const labels = useQuery(labelsQuery('driver'));
  return useMemo<FilterField[]>(() => {
    const fields: FilterField[] = [
      { type: 'text', name: 'keyword', label: t('filters.keyword'), placeholder: t('filters.keyword') },
      {
        type: 'select',
        name: 'state',
        label: t('filters.state'),
        multiple: true,
        options: DRIVER_STATES.map((s) => ({ value: s, label: t(`state.${s}`) })),
      },
      {
        type: 'select',
        name: 'documentDue',
        label: t('filters.documentDue'),
        options: (['soon', 'expired'] as const).map((d) => ({ value: d, label: t(`due.${d}`) })),
      },
      {
        type: 'select',
        name: 'labelId',
        label: t('filters.labelId'),
        multiple: true,
        options: (labels.data ?? []).map((l) => ({ value: String(l.id), label: l.name })),
      },
    ];
    if (rents.length > 1) {
      fields.push({
        type: 'select',
        name: 'rentId',
        label: t('filters.rentId'),
        options: rents.map((r) => ({ value: String(r.id), label: r.shortName || r.name })),
      });
    }
    fields.push(
      {
        type: 'select',
        name: 'source',
        label: t('filters.source'),
        multiple: true,
        advanced: true,
        options: DRIVER_SOURCES.map((s) => ({ value: s, label: t(`source.${s}`) })),
      },
      {
        type: 'date-range',
        name: 'licenceExpiry',
        label: t('filters.licenceExpiry'),
        keys: ['licenceExpiryFrom', 'licenceExpiryTo'],
        advanced: true,
      },
    );
    return fields;
  }, [t, rents, labels.data]);
}

function ExportButton({ filter, selected }: { filter: DriverFilterBody | { ids: number[] }; selected: number }) {
  const { t } = useTranslation('drivers');
  const [busy, setBusy] = useState(false);
  const run = () => {
    setBusy(true);
    exportDrivers(filter, t('export.file', { date: formatDate(new Date()).replace(/-/g, '') }))
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };
  return (
    <Button icon={<DownloadOutlined />} loading={busy} onClick={run}>
      {selected ? t('common:list.exportSelected', { count: selected }) : t('actions.export')}
    </Button>
  );
}

/** Counts for the header: active, prospects, blacklisted, documents due; each a link to its filter. */
function Summary() {
  const { t } = useTranslation('drivers');
  const summary = useQuery(driversSummaryQuery());
  const s = summary.data;
  if (!s) return null;
  return (
    <Space className="fd-drivers-summary" wrap>
      <Link to="?state=active">
        <Tag color="green">
          {t('summary.active')} {s.byState.active}
        </Tag>
      </Link>
      <Link to="?state=prospect">
        <Tag color="blue">
          {t('summary.prospect')} {s.byState.prospect}
        </Tag>
      </Link>
      <Link to="?state=blacklisted">
        <Tag color="red">
          {t('summary.blacklisted')} {s.byState.blacklisted}
        </Tag>
      </Link>
      <Link to="?documentDue=soon">
        <Tag color="orange">{t('summary.soon', { licence: s.licenceSoon, certificate: s.certificateSoon })}</Tag>
      </Link>
      <Link to="?documentDue=expired">
        <Tag color="volcano">
          {t('summary.expired', { licence: s.licenceExpired, certificate: s.certificateExpired })}
        </Tag>
      </Link>
    </Space>
  );
}

/** `/rentDriver`: the drivers of the caller's rents, with the list-page pattern. */
export default function DriversPage() {
  const { t } = useTranslation('drivers');
  const access = useAccess();
  const client = useQueryClient();
  const fields = useDriverFilterFields();
  const [importing, setImporting] = useState(false);
  const rents = useSession((s) => s.user?.rents ?? []);
  const refresh = useCallback(() => void client.invalidateQueries({ queryKey: driversKey }), [client]);
  const followTask = useFinishedTasks(refresh);
  const restore = useRestoreDriver();

  const columns: ListColumn<DriverListRow>[] = [
    {
      key: 'name',
      title: t('columns.name'),
      fixed: 'left',
      render: (_, d) => <Link to={`/rentDriver/${d.id}`}>{d.name}</Link>,
    },
    { key: 'phone', title: t('columns.phone'), dataIndex: 'phone' },
    { key: 'idNumber', title: t('columns.idNumber'), render: (_, d) => <span className="fd-mono">{d.idNumber}</span> },
    { key: 'gender', title: t('columns.gender'), render: (_, d) => `${t(`gender.${d.gender}`)} · ${d.age}` },
    {
      key: 'state',
      title: t('columns.state'),
      render: (_, d) => <DriverStateTag state={d.state} reason={d.stateReason} />,
    },
    { key: 'licence', title: t('columns.licence'), render: (_, d) => d.licenceClass ?? '-' },
    {
      key: 'licenceExpiry',
      title: t('columns.licenceExpiry'),
      render: (_, d) => <DocumentExpiry day={d.licenceExpiry} due={d.licenceDue} />,
    },
    {
      key: 'certificateExpiry',
      title: t('columns.certificateExpiry'),
      render: (_, d) => <DocumentExpiry day={d.certificateExpiry} due={d.certificateDue} />,
    },
    {
      key: 'labels',
      title: t('columns.labels'),
      render: (_, d) =>
        d.labels.length
          ? d.labels.map((l) => (
              <Tag key={l.id} color={l.color}>
                {l.name}
              </Tag>
            ))
          : '-',
    },
    { key: 'rent', title: t('columns.rent'), dataIndex: 'rentName' },
    { key: 'source', title: t('columns.source'), render: (_, d) => (d.source ? t(`source.${d.source}`) : '-') },
    { key: 'createdAt', title: t('columns.createdAt'), render: (_, d) => formatDateTime(d.createdAt) },
    {
      key: 'actions',
      title: t('columns.actions'),
      fixed: 'right',
      render: (_, d) =>
        d.deletedAt ? (
          access.can('rentDriver:delete') ? (
            <RestoreButton name={d.name} restore={() => restore.mutateAsync(d.id)} />
          ) : null
        ) : (
          <Space size={0}>
            <Link to={`/rentDriver/${d.id}`} className="fd-row-link">
              {t('actions.view')}
            </Link>
            {access.can('rentDriver:edit') && (
              <Link to={`/rentDriver/${d.id}/edit`} className="fd-row-link">
                {t('actions.edit')}
              </Link>
            )}
            <DriverActionsMenu driver={d} />
          </Space>
        ),
    },
  ];

  const toolbar = (
    <>
      {access.can('rentDriver:import') && (
        <Button icon={<ImportOutlined />} onClick={() => setImporting(true)}>
          {t('actions.import')}
        </Button>
      )}
      {access.can('rentDriver:add') && (
        <Link to="/rentDriver/new">
          <Button type="primary" icon={<PlusOutlined />}>
            {t('actions.add')}
          </Button>
        </Link>
      )}
    </>
  );

  return (
    <div className="fd-drivers">
      <ListPage<DriverListRow>
        id="drivers"
        title={t('title')}
        extra={<Summary />}
        toolbar={toolbar}
        filters={fields}
        filterActions={
          <SavedFilters screen={SCREEN} fields={fields} toSaved={toSaved} fromSaved={driverFilterParams} />
        }
        columns={columns}
        rowKey={(d) => d.id}
        query={(p) => driversQuery({ ...driverFilterBody(p.filters), pageNum: p.pageNum, pageSize: p.pageSize })}
        deletedSwitch={access.can('rentDriver:delete')}
        exportsSelection
        exportSlot={
          access.can('rentDriver:export')
            ? (p, selected) => (
                <ExportButton
                  filter={exportFilter(driverFilterBody(p.filters), selected, (d) => d.id)}
                  selected={selected.length}
                />
              )
            : undefined
        }
      />
      {importing && (
        <ImportWizard
          type="driver"
          ns="drivers"
          targets={rents.map((r) => ({ value: r.id, label: r.name }))}
          onClose={() => setImporting(false)}
          onImported={(taskId) => {
            refresh();
            if (taskId) followTask(taskId);
          }}
        />
      )}
    </div>
  );
}
