import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import UploadOutlined from '@ant-design/icons/UploadOutlined';
import Button from 'antd/es/button';
import DatePicker from 'antd/es/date-picker';
import Result from 'antd/es/result';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Tabs from 'antd/es/tabs';
import Tag from 'antd/es/tag';
import TreeSelect from 'antd/es/tree-select';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SHEET_COLUMNS, type ClockRecord, type SheetRow } from '@fleetdesk/contracts/attendance';
import { useDefaultFilters } from '../../../components/list-page/default-filters';
import { ListPage, type ListColumn } from '../../../components/list-page/list-page';
import type { FilterField } from '../../../components/list-page/list-params';
import { SavedFilters } from '../../../components/list-page/saved-filters';
import { ImportWizard } from '../../../components/import-wizard/import-wizard';
import { useFinishedTasks } from '../../../components/import-wizard/use-finished-tasks';
import { useAccess } from '../../../lib/access';
import { departmentsQuery } from '../../../lib/organisation-lists';
import { formatDateTime } from '../../../lib/format';
import { attendanceKey, exportSheet, recordsQuery, sheetQuery } from '../api/attendance';
import { ClockPanel } from '../components/clock-panel';
import '../i18n';
import { departmentOptions } from '../model/department-options';
import './attendance.css';

const TABS = ['clock', 'sheet', 'records'] as const;
type Tab = (typeof TABS)[number];

/** `/oaAttendance`: clocking in and out (the phone page on a small screen), the monthly sheet, the records. */
export default function AttendancePage() {
  const { t } = useTranslation('attendance');
  const [search, setSearch] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(search.get('tab') ?? '') ? (search.get('tab') as Tab) : 'clock';
  return (
    <section className="fd-attendance-page" data-testid="attendance">
      <h1 className="fd-page-title">{t('title')}</h1>
      <Tabs
        activeKey={tab}
        onChange={(key) => setSearch({ tab: key })}
        items={[
          { key: 'clock', label: t('tabs.clock'), children: <ClockPanel /> },
          { key: 'sheet', label: t('tabs.sheet'), children: <SheetTab /> },
          { key: 'records', label: t('tabs.records'), children: <RecordsTab /> },
        ]}
      />
    </section>
  );
}

function MonthPicker({ value, onChange }: { value: Dayjs; onChange: (v: Dayjs) => void }) {
  const { t } = useTranslation('attendance');
  return (
    <DatePicker
      picker="month"
      allowClear={false}
      value={value}
      aria-label={t('sheet.month')}
      disabledDate={(d) => d.isAfter(dayjs(), 'month')}
      onChange={(v) => v && onChange(v)}
    />
  );
}

function SheetTab() {
  const { t } = useTranslation('attendance');
  const access = useAccess();
  const everyone = access.can('oaAttendance:edit');
  const [month, setMonth] = useState(dayjs());
  const [departmentId, setDepartmentId] = useState<number | undefined>();
  const [exporting, setExporting] = useState(false);
  const q = { month: month.format('YYYY-MM'), ...(departmentId ? { departmentId } : {}) };
  const sheet = useQuery(sheetQuery(q));
  const departments = useQuery({ ...departmentsQuery(), enabled: everyone && access.can('oaDepart') });
  const numbers = SHEET_COLUMNS.map((k) => ({
    key: k,
    title: t(`sheet.${k}`),
    align: 'right' as const,
    render: (_: unknown, r: Record<string, unknown>) => {
      const v = Number(r[k]);
      const bad = ['late', 'early', 'missingOut', 'absent'].includes(k) && v > 0;
      return bad ? <Tag color="red">{v}</Tag> : v;
    },
  }));

  const download = async () => {
    setExporting(true);
    try {
      await exportSheet(q, `${t('sheet.fileName')}-${q.month}.xlsx`);
    } catch {
      // The request layer has told the user.
    } finally {
      setExporting(false);
    }
  };

  if (sheet.isError && !sheet.data)
    return (
      <Result
        status="warning"
        title={t('common:list.loadFailed')}
        extra={<Button onClick={() => void sheet.refetch()}>{t('common:actions.retry')}</Button>}
      />
    );
  return (
    <>
      <Space wrap className="fd-attendance-filters">
        <MonthPicker value={month} onChange={setMonth} />
        {everyone && departments.data && (
          <TreeSelect
            allowClear
            treeDefaultExpandAll
            className="fd-attendance-dept"
            placeholder={t('sheet.allDepartments')}
            value={departmentId}
            onChange={(v?: number) => setDepartmentId(v)}
            treeData={departmentOptions(departments.data ?? [])}
          />
        )}
        {access.can('oaAttendance:export') && (
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void download()}>
            {t('sheet.export')}
          </Button>
        )}
      </Space>
      {everyone && (
        <Table
          size="small"
          rowKey={(r) => String(r.departmentId)}
          className="fd-attendance-table"
          loading={sheet.isFetching}
          pagination={false}
          scroll={{ x: true }}
          dataSource={sheet.data?.departments ?? []}
          title={() => t('sheet.byDepartment')}
          columns={[
            { key: 'd', title: t('sheet.department'), render: (_, d) => d.departmentName ?? t('sheet.noDepartment') },
            { key: 'n', title: t('sheet.employees'), dataIndex: 'employees', align: 'right' },
            ...numbers,
          ]}
        />
      )}
      <Table<SheetRow>
        size="small"
        rowKey="userId"
        loading={sheet.isFetching}
        pagination={false}
        scroll={{ x: true }}
        dataSource={sheet.data?.rows ?? []}
        title={() => t('sheet.byEmployee')}
        locale={{ emptyText: t('sheet.empty') }}
        columns={[
          { key: 'name', title: t('sheet.name'), dataIndex: 'name', fixed: 'left' },
          { key: 'dept', title: t('sheet.department'), render: (_, r) => r.departmentName ?? '—' },
          { key: 'shift', title: t('sheet.shift'), render: (_, r) => r.shiftName ?? t('sheet.noShift') },
          ...numbers,
        ]}
      />
    </>
  );
}

/** The screen of the records' saved filters. */
const RECORDS_SCREEN = 'oaAttendanceRecords';
/** A saved filter is the list's URL filter values. */
const toSaved = (filters: Record<string, string>) => ({ ...filters }) as Record<string, unknown>;
const fromSaved = (saved: Record<string, unknown>): Record<string, string | undefined> => ({
  month: typeof saved.month === 'string' && saved.month ? saved.month : undefined,
});

function RecordsTab() {
  const { t } = useTranslation('attendance');
  const access = useAccess();
  const client = useQueryClient();
  const [importing, setImporting] = useState(false);
  const filters = useMemo<FilterField[]>(() => [{ type: 'month', name: 'month', label: t('sheet.month') }], [t]);
  // The list opens on this month; a cleared month lists every record.
  const thisMonth = useMemo(() => ({ month: dayjs().format('YYYY-MM') }), []);
  const landing = useDefaultFilters(filters, RECORDS_SCREEN, thisMonth);
  // Imported records change the records, the sheet and perhaps today: everything of the area is read again.
  const refresh = () => void client.invalidateQueries({ queryKey: attendanceKey });
  const followTask = useFinishedTasks(refresh);
  const columns: ListColumn<ClockRecord>[] = [
    { key: 'at', title: t('records.at'), render: (_, r) => formatDateTime(r.at, true) },
    {
      key: 'name',
      title: t('sheet.name'),
      render: (_, r) => `${r.userName}${r.departmentName ? ` · ${r.departmentName}` : ''}`,
    },
    {
      key: 'kind',
      title: t('records.kind'),
      render: (_, r) => (
        <>
          {t(`kind.${r.kind}`)} {r.mark && <Tag color="red">{t(`mark.${r.mark}`)}</Tag>}
        </>
      ),
    },
    { key: 'source', title: t('records.source'), render: (_, r) => t(`source.${r.source}`) },
    {
      key: 'place',
      title: t('records.place'),
      render: (_, r) =>
        [r.latitude !== null ? `${r.latitude}, ${r.longitude}` : '', r.address ?? ''].filter(Boolean).join(' · ') ||
        '—',
    },
  ];
  return (
    <>
      <ListPage<ClockRecord>
        id="attendance-records"
        toolbar={
          access.can('oaAttendance:import') && (
            <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
              {t('import.button')}
            </Button>
          )
        }
        filters={filters}
        filterActions={
          <SavedFilters screen={RECORDS_SCREEN} fields={filters} toSaved={toSaved} fromSaved={fromSaved} />
        }
        columns={columns}
        rowKey={(r) => r.id}
        query={(p) => {
          const { filters: f, pageNum, pageSize } = landing(p);
          return recordsQuery({ pageNum, pageSize, ...(f.month ? { month: f.month } : {}) });
        }}
        emptyText={t('records.empty')}
      />
      {importing && (
        <ImportWizard
          type="attendance"
          ns="attendance"
          onClose={() => setImporting(false)}
          onImported={(taskId) => {
            refresh();
            if (taskId) followTask(taskId);
          }}
        />
      )}
    </>
  );
}
