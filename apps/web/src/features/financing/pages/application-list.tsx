import PlusOutlined from '@ant-design/icons/PlusOutlined';
import Button from 'antd/es/button';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  DEFAULT_LIST_STATE,
  FINANCING_STATE_TITLES,
  FINANCING_STATES,
  REVIEW_STAGE_TITLES,
  REVIEW_STAGES,
  type ApplicationListRow,
} from '@fleetdesk/contracts/financing';
import { useDefaultFilters } from '../../../components/list-page/default-filters';
import { ListPage, type ListColumn } from '../../../components/list-page/list-page';
import type { FilterField } from '../../../components/list-page/list-params';
import { useAccess } from '../../../lib/access';
import { formatDate, formatMoney, formatPlate } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { applicantsQuery, applicationsQuery, carTypesQuery, type ApplicationFilter } from '../api/applications';
import { StateTag } from '../components/state-tag';
import { useTitle } from '../components/titles';
import { useSide } from '../components/side';
import { percent } from '../model/form';

export const LIST_SCREEN = 'finance';
/** The list opens on S1, the work still with the applicant (spec section 4). */
const DEFAULTS = { state: DEFAULT_LIST_STATE };

/** The URL filters as the list call's query. */
export function applicationFilter(f: Record<string, string>): ApplicationFilter {
  const out: ApplicationFilter = {};
  if (f.state) out.state = f.state;
  if (f.reviewStage) out.reviewStage = f.reviewStage;
  if (f.code) out.code = f.code;
  if (f.keyword) out.keyword = f.keyword;
  if (f.rentId) out.rentId = Number(f.rentId);
  if (f.financierId) out.financierId = Number(f.financierId);
  if (f.tenantId) out.tenantId = Number(f.tenantId);
  if (f.from) out.from = f.from;
  if (f.to) out.to = f.to;
  return out;
}

function useFields(financier: boolean): FilterField[] {
  const { t } = useTranslation('financing');
  const title = useTitle();
  const rents = useSession((s) => s.user?.rents ?? []);
  const types = useQuery({ ...carTypesQuery(), enabled: !financier });
  const applicants = useQuery({ ...applicantsQuery(), enabled: financier });
  return useMemo<FilterField[]>(() => {
    const financiers = new Map<number, string>();
    for (const c of types.data ?? []) financiers.set(c.financierId, c.financierName);
    const fields: FilterField[] = [
      {
        type: 'select',
        name: 'state',
        label: t('filters.state'),
        options: FINANCING_STATES.map((s) => ({ value: s, label: title(FINANCING_STATE_TITLES[s]) })),
      },
      { type: 'text', name: 'code', label: t('filters.code'), placeholder: t('filters.codeHint') },
      { type: 'text', name: 'keyword', label: t('filters.keyword'), placeholder: t('filters.keywordHint') },
    ];
    if (!financier && rents.length > 1)
      fields.push({
        type: 'select',
        name: 'rentId',
        label: t('filters.rent'),
        options: rents.map((r) => ({ value: String(r.id), label: r.shortName || r.name })),
      });
    if (financier && (applicants.data?.length ?? 0) > 0)
      fields.push({
        type: 'select',
        name: 'tenantId',
        label: t('filters.applicant'),
        options: (applicants.data ?? []).map((a) => ({ value: String(a.tenantId), label: a.tenantName })),
      });
    if (!financier && financiers.size > 0)
      fields.push({
        type: 'select',
        name: 'financierId',
        label: t('filters.financier'),
        options: [...financiers].map(([id, name]) => ({ value: String(id), label: name })),
      });
    fields.push(
      {
        type: 'select',
        name: 'reviewStage',
        label: t('filters.reviewStage'),
        options: REVIEW_STAGES.map((s) => ({ value: s, label: title(REVIEW_STAGE_TITLES[s]) })),
        advanced: true,
      },
      { type: 'date-range', name: 'created', label: t('filters.created'), keys: ['from', 'to'], advanced: true },
    );
    return fields;
  }, [t, title, rents, types.data, applicants.data, financier]);
}

/** `/finance/list`: the applications (applicant: its own; financier: those made to it), S1 first. */
export function ApplicationList() {
  const { t } = useTranslation('financing');
  const access = useAccess();
  const financier = useSide() === 'financier';
  const fields = useFields(financier);
  const landing = useDefaultFilters(fields, LIST_SCREEN, DEFAULTS);
  const columns: ListColumn<ApplicationListRow>[] = [
    {
      key: 'code',
      title: t('columns.code'),
      fixed: 'left',
      render: (_, a) => (
        <Link to={`/finance/detail/${a.id}`} className="fd-row-link">
          {a.code}
        </Link>
      ),
    },
    { key: 'plate', title: t('columns.plate'), render: (_, a) => (a.plate ? formatPlate(a.plate) : a.vin) },
    { key: 'state', title: t('columns.state'), render: (_, a) => <StateTag state={a.state} /> },
    { key: 'carType', title: t('columns.carType'), dataIndex: 'carTypeName' },
    financier
      ? { key: 'applicant', title: t('columns.applicant'), render: (_, a) => `${a.tenantName} · ${a.rentName}` }
      : { key: 'rent', title: t('columns.rent'), dataIndex: 'rentName' },
    { key: 'financier', title: t('columns.financier'), dataIndex: 'financierName' },
    { key: 'total', title: t('columns.total'), align: 'right', render: (_, a) => formatMoney(a.totalAmount) },
    { key: 'ratio', title: t('columns.ratio'), render: (_, a) => percent(a.payProportion, 0) },
    { key: 'terms', title: t('columns.terms'), render: (_, a) => t('terms', { count: a.stagingNumber }) },
    {
      key: 'financed',
      title: t('columns.financed'),
      align: 'right',
      render: (_, a) => (a.financed == null ? '-' : formatMoney(a.financed)),
    },
    { key: 'created', title: t('columns.created'), render: (_, a) => formatDate(a.createdAt) },
    {
      key: 'actions',
      title: t('columns.actions'),
      fixed: 'right',
      render: (_, a) => (
        <Link to={`/finance/detail/${a.id}`} className="fd-row-link">
          {t('actions.view')}
        </Link>
      ),
    },
  ];
  const toolbar =
    !financier && access.can('finance:add') ? (
      <Link to="/finance/new">
        <Button type="primary" icon={<PlusOutlined />}>
          {t('actions.apply')}
        </Button>
      </Link>
    ) : undefined;
  return (
    <ListPage<ApplicationListRow>
      id="financing-applications"
      filters={fields}
      toolbar={toolbar}
      columns={columns}
      rowKey={(a) => a.id}
      query={(p) => {
        const q = landing(p);
        return applicationsQuery({ ...applicationFilter(q.filters), pageNum: q.pageNum, pageSize: q.pageSize });
      }}
      emptyText={t('list.empty')}
    />
  );
}
