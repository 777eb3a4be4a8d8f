import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import DatePicker from 'antd/es/date-picker';
import Empty from 'antd/es/empty';
import Result from 'antd/es/result';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Tree from 'antd/es/tree';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  COST_CATEGORIES,
  COST_CATEGORY_TITLES,
  COST_CENTRE_KIND_TITLES,
  type CostCentre,
  type Posting,
} from '@fleetdesk/contracts/cost-centres';
import { barOption } from '../../../components/chart-options';
import { EChart } from '../../../components/echart';
import { ListPage, type ListColumn } from '../../../components/list-page/list-page';
import type { FilterField, ListParams } from '../../../components/list-page/list-params';
import { SavedFilters } from '../../../components/list-page/saved-filters';
import { useAccess } from '../../../lib/access';
import { formatMoney } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { costCentresQuery, exportReport, postingsQuery, reportQuery, useDeleteCentre } from '../api/cost-centres';
import { CentreForm } from '../components/centre-form';
import '../i18n';
import './cost-centres.css';

interface TreeNode {
  key: number;
  title: string;
  centre: CostCentre;
  children: TreeNode[];
}

function treeOf(all: CostCentre[]): TreeNode[] {
  const nodes = new Map(all.map((c) => [c.id, { key: c.id, title: c.name, centre: c, children: [] as TreeNode[] }]));
  const roots: TreeNode[] = [];
  for (const c of all) {
    const parent = c.parentId ? nodes.get(c.parentId) : undefined;
    (parent ? parent.children : roots).push(nodes.get(c.id)!);
  }
  return roots;
}

/** The screen of the postings' saved filters. */
const POSTINGS_SCREEN = 'oaCostCentrePostings';
const POSTING_KEYS = ['centreId', 'category', 'month'] as const;
const isId = (v: string | null | undefined) => !!v && /^\d+$/.test(v);
function postingQuery(p: ListParams) {
  const { centreId, category, month } = p.filters;
  return {
    pageNum: p.pageNum,
    pageSize: p.pageSize,
    ...(isId(centreId) ? { centreId: Number(centreId) } : {}),
    ...(category ? { category } : {}),
    ...(month ? { month } : {}),
  };
}
/** A saved filter is the list's URL filter values. */
const toSaved = (filters: Record<string, string>) => ({ ...filters }) as Record<string, unknown>;
const fromSaved = (saved: Record<string, unknown>): Record<string, string | undefined> =>
  Object.fromEntries(POSTING_KEYS.map((k) => [k, typeof saved[k] === 'string' && saved[k] ? saved[k] : undefined]));

/** `/oa/costCenter`: the tree of centres, the monthly report with its chart and export, the postings. */
export default function CostCentresPage() {
  const { t } = useTranslation('costCentres');
  const { modal, message } = App.useApp();
  const lang = currentLanguage();
  const access = useAccess();
  const centres = useQuery(costCentresQuery());
  const remove = useDeleteCentre();
  // The centre chosen in the tree is the postings' `centreId` filter: in the address, like the list's others.
  const [search, setSearch] = useSearchParams();
  const centreParam = search.get('centreId');
  const selected = isId(centreParam) ? Number(centreParam) : undefined;
  const setSelected = (id: number | undefined) =>
    setSearch((current) => {
      const next = new URLSearchParams(current);
      if (id === undefined) next.delete('centreId');
      else next.set('centreId', String(id));
      next.delete('pageNum');
      return next;
    });
  const [range, setRange] = useState<[Dayjs, Dayjs]>([dayjs().subtract(5, 'month'), dayjs()]);
  const [editing, setEditing] = useState<{ centre?: CostCentre; parentId?: number | null } | null>(null);
  const [exporting, setExporting] = useState(false);
  const months = { from: range[0].format('YYYY-MM'), to: range[1].format('YYYY-MM') };
  const report = useQuery(reportQuery({ ...months, centreId: selected }));
  const all = useMemo(() => centres.data ?? [], [centres.data]);
  const postingFilters = useMemo<FilterField[]>(
    () => [
      {
        type: 'hidden',
        name: 'centreId',
        label: t('postings.centre'),
        display: (id) => all.find((c) => String(c.id) === id)?.name ?? id,
      },
      {
        type: 'select',
        name: 'category',
        label: t('postings.category'),
        options: COST_CATEGORIES.map((c) => ({ value: c, label: COST_CATEGORY_TITLES[c][lang] })),
      },
      { type: 'month', name: 'month', label: t('postings.month') },
    ],
    [t, all, lang],
  );
  const postingColumns: ListColumn<Posting>[] = [
    { key: 'on', title: t('postings.on'), dataIndex: 'occurredOn', width: 110 },
    { key: 'centre', title: t('postings.centre'), dataIndex: 'centreName', width: 140 },
    {
      key: 'category',
      title: t('postings.category'),
      width: 110,
      render: (_, p) => COST_CATEGORY_TITLES[p.category][lang],
    },
    { key: 'description', title: t('postings.description'), dataIndex: 'description', ellipsis: true },
    {
      key: 'source',
      title: t('postings.source'),
      width: 130,
      render: (_, p) => (p.sourceType === 'approval' ? t('postings.approval', { id: p.sourceId }) : p.sourceId),
    },
    {
      key: 'amount',
      title: t('postings.amount'),
      align: 'right',
      width: 120,
      render: (_, p) => formatMoney(p.amount),
    },
  ];
  const tree = useMemo(() => treeOf(all), [all]);
  const current = all.find((c) => c.id === selected);
  // The report's lines in the tree's order, each with its depth.
  const depth = useMemo(() => {
    const out = new Map<number, { order: number; depth: number }>();
    const walk = (nodes: TreeNode[], d: number) =>
      nodes.forEach((n) => {
        out.set(n.key, { order: out.size, depth: d });
        walk(n.children, d + 1);
      });
    walk(tree, 0);
    return out;
  }, [tree]);

  const chart = useMemo(() => {
    if (!report.data) return null;
    return barOption({
      categories: report.data.months,
      series: report.data.categories
        .filter((c) => c.total > 0)
        .map((c) => ({ name: COST_CATEGORY_TITLES[c.category][lang], data: c.amounts, stack: 'cost' })),
    });
  }, [report.data, lang]);

  const confirmDelete = (c: CostCentre) =>
    modal.confirm({
      title: t('tree.deleteConfirm', { name: c.name }),
      okButtonProps: { danger: true },
      onOk: async () => {
        const ok = await remove.mutateAsync(c.id).then(
          () => true,
          () => false,
        );
        if (ok) {
          void message.success(t('tree.deleted', { name: c.name }));
          if (selected === c.id) setSelected(undefined);
        }
      },
    });

  const download = async () => {
    setExporting(true);
    try {
      await exportReport(months, `${t('report.fileName')}-${months.from}-${months.to}.xlsx`);
    } catch {
      // The request layer has told the user.
    } finally {
      setExporting(false);
    }
  };

  if (centres.isError && !centres.data)
    return (
      <Result
        status="warning"
        title={t('common:list.loadFailed')}
        extra={<Button onClick={() => void centres.refetch()}>{t('common:actions.retry')}</Button>}
      />
    );

  return (
    <section className="fd-cost-page" data-testid="cost-centres">
      <h1 className="fd-page-title">{t('title')}</h1>
      <div className="fd-cost-layout">
        <Card
          size="small"
          title={t('tree.title')}
          className="fd-cost-tree"
          extra={
            access.can('oaCostCenter:add') && (
              <Button size="small" icon={<PlusOutlined />} onClick={() => setEditing({ parentId: selected ?? null })}>
                {t('tree.add')}
              </Button>
            )
          }
        >
          {tree.length === 0 && !centres.isFetching ? (
            <Empty description={t('tree.empty')} />
          ) : (
            <Tree<TreeNode>
              blockNode
              defaultExpandAll
              key={tree.length}
              treeData={tree}
              selectedKeys={selected ? [selected] : []}
              onSelect={(keys) => {
                setSelected(keys.length ? Number(keys[0]) : undefined);
              }}
              titleRender={(node) => (
                <span className="fd-cost-node">
                  <span className={node.centre.enabled ? '' : 'fd-muted'}>{node.centre.name}</span>
                  <Tag bordered={false}>{COST_CENTRE_KIND_TITLES[node.centre.kind][lang]}</Tag>
                  {!node.centre.enabled && <Tag>{t('tree.disabled')}</Tag>}
                </span>
              )}
            />
          )}
          {current && (access.can('oaCostCenter:edit') || access.can('oaCostCenter:delete')) && (
            <Space className="fd-cost-actions">
              {access.can('oaCostCenter:edit') && (
                <Button size="small" onClick={() => setEditing({ centre: current })}>
                  {t('tree.edit', { name: current.name })}
                </Button>
              )}
              {access.can('oaCostCenter:delete') && (
                <Button size="small" danger onClick={() => confirmDelete(current)}>
                  {t('actions.delete')}
                </Button>
              )}
            </Space>
          )}
        </Card>
        <div className="fd-cost-main">
          <Card
            size="small"
            title={current ? t('report.titleOf', { name: current.name }) : t('report.title')}
            extra={
              <Space wrap>
                <DatePicker.RangePicker
                  picker="month"
                  allowClear={false}
                  value={range}
                  aria-label={t('report.months')}
                  onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])}
                  disabledDate={(d) => d.isAfter(dayjs(), 'month')}
                />
                {access.can('oaCostCenter:export') && (
                  <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void download()}>
                    {t('report.export')}
                  </Button>
                )}
              </Space>
            }
          >
            {report.isError && !report.data ? (
              <Result status="warning" title={t('report.failed')} />
            ) : chart ? (
              <EChart option={chart} height={300} label={t('report.chartLabel')} />
            ) : (
              <Empty description={t('report.empty')} />
            )}
            <Table
              size="small"
              rowKey="id"
              className="fd-cost-table"
              loading={report.isFetching}
              pagination={false}
              scroll={{ x: true }}
              dataSource={(report.data?.centres ?? [])
                .filter((c) => !selected || c.id === selected || c.parentId === selected)
                .sort((a, b) => (depth.get(a.id)?.order ?? 0) - (depth.get(b.id)?.order ?? 0))}
              columns={[
                {
                  key: 'name',
                  title: t('fields.name'),
                  fixed: 'left',
                  render: (_, c) => (
                    <span
                      style={{
                        paddingLeft: 16 * ((depth.get(c.id)?.depth ?? 0) - (depth.get(selected ?? -1)?.depth ?? 0)),
                      }}
                    >
                      {c.name}
                    </span>
                  ),
                },
                ...(report.data?.months ?? []).map((m, i) => ({
                  key: m,
                  title: m,
                  align: 'right' as const,
                  render: (_: unknown, c: { amounts: number[] }) => formatMoney(c.amounts[i] ?? 0),
                })),
                { key: 'total', title: t('report.total'), align: 'right', render: (_, c) => formatMoney(c.total) },
              ]}
            />
          </Card>
          <ListPage<Posting>
            id="cost-centre-postings"
            title={t('postings.title')}
            filters={postingFilters}
            filterActions={
              <SavedFilters screen={POSTINGS_SCREEN} fields={postingFilters} toSaved={toSaved} fromSaved={fromSaved} />
            }
            columns={postingColumns}
            rowKey={(p) => p.id}
            defaultPageSize={10}
            query={(p) => postingsQuery(postingQuery(p))}
            emptyText={t('postings.empty')}
          />
        </div>
      </div>
      {editing && (
        <CentreForm all={all} centre={editing.centre} parentId={editing.parentId} onClose={() => setEditing(null)} />
      )}
    </section>
  );
}
