import App from 'antd/es/app';
import Button from 'antd/es/button';
import Result from 'antd/es/result';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Tabs from 'antd/es/tabs';
import Tag from 'antd/es/tag';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { BUSINESS_AREA_TITLES, type BusinessType, type Flow, type FlowStep } from '@fleetdesk/contracts/approvals';
import type { Department } from '@fleetdesk/contracts/organisation';
import { useAccess } from '../../../lib/access';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { activeStaffQuery, departmentsQuery, rolesQuery } from '../../../lib/organisation-lists';
import { departmentHeadsQuery, flowsQuery, typesQuery, useDeleteFlow, useSetDepartmentHead } from '../api/flows';
import { ApprovalSettingPanel } from '../components/approval-setting';
import { FlowEditor } from '../components/flow-editor';
import '../i18n';
import './approvals.css';

/** `/oa/approval`: a flow per business type, and the department heads its steps may name. */
export default function ApprovalFlowsPage() {
  const { t } = useTranslation('approvals');
  const [search, setSearch] = useSearchParams();
  const tab = ['heads', 'setting'].includes(search.get('tab') ?? '') ? search.get('tab')! : 'flows';
  return (
    <section className="fd-approval-page" data-testid="approval-flows">
      <h1 className="fd-page-title">{t('flows.title')}</h1>
      <Tabs
        activeKey={tab}
        onChange={(key) => setSearch({ tab: key })}
        items={[
          { key: 'flows', label: t('flows.tab'), children: <FlowList /> },
          { key: 'heads', label: t('heads.tab'), children: <HeadList /> },
          { key: 'setting', label: t('setting.tab'), children: <ApprovalSettingPanel /> },
        ]}
      />
    </section>
  );
}

function FlowList() {
  const { t } = useTranslation('approvals');
  const { modal, message } = App.useApp();
  const lang = currentLanguage();
  const access = useAccess();
  const types = useQuery(typesQuery());
  const flows = useQuery(flowsQuery());
  const staff = useQuery(activeStaffQuery());
  const roles = useQuery(rolesQuery());
  const remove = useDeleteFlow();
  const [editing, setEditing] = useState<{ type: BusinessType; flow?: Flow } | null>(null);
  const nameOf = (id: number) => staff.data?.find((e) => e.id === id)?.name ?? `#${id}`;

  const describe = (s: FlowStep) => {
    const who =
      s.kind === 'deptHead'
        ? t('kind.deptHead')
        : s.kind === 'role'
          ? `${t('kind.role')}: ${roles.data?.find((r) => r.id === s.roleId)?.name ?? `#${s.roleId}`}`
          : s.userIds.map(nameOf).join(s.mode === 'all' ? ' + ' : ' / ');
    const cond = [
      s.amountAbove !== null ? t('flows.whenAbove', { amount: formatMoney(s.amountAbove) }) : '',
      s.amountUpTo !== null ? t('flows.whenUpTo', { amount: formatMoney(s.amountUpTo) }) : '',
    ]
      .filter(Boolean)
      .join(', ');
    return `${s.name}（${who}${cond ? `; ${cond}` : ''}）`;
  };

  if ((types.isError && !types.data) || (flows.isError && !flows.data))
    return (
      <Result
        status="warning"
        title={t('common:list.loadFailed')}
        extra={<Button onClick={() => void flows.refetch()}>{t('common:actions.retry')}</Button>}
      />
    );
  const rows = (types.data ?? []).map((type) => ({
    type,
    flow: flows.data?.find((f) => f.businessType === type.code),
  }));
  return (
    <>
      <p className="fd-muted">{t('flows.hint')}</p>
      <Table
        rowKey={(r) => r.type.code}
        loading={types.isFetching || flows.isFetching}
        dataSource={rows}
        pagination={false}
        columns={[
          {
            key: 'type',
            title: t('fields.type'),
            width: 150,
            render: (_, r) => (
              <>
                <div>{r.type.name[lang]}</div>
                <div className="fd-muted">{BUSINESS_AREA_TITLES[r.type.area]?.[lang] ?? r.type.area}</div>
              </>
            ),
          },
          {
            key: 'flow',
            title: t('flows.steps'),
            render: (_, r) =>
              r.flow ? (
                <>
                  <div>
                    {r.flow.name} <Tag>v{r.flow.version}</Tag>
                    {!r.flow.enabled && <Tag color="default">{t('flows.disabled')}</Tag>}
                  </div>
                  <div className="fd-flow-summary">{r.flow.steps.map(describe).join(' → ')}</div>
                  {r.flow.copyUserIds.length > 0 && (
                    <div className="fd-flow-summary">
                      {t('flows.copyTo')}: {r.flow.copyUserIds.map(nameOf).join('、')}
                    </div>
                  )}
                </>
              ) : (
                <span className="fd-muted">{t('flows.none')}</span>
              ),
          },
          {
            key: 'updated',
            title: t('flows.updated'),
            width: 160,
            render: (_, r) => (r.flow ? `${formatDateTime(r.flow.updatedAt)} ${r.flow.updatedByName ?? ''}` : '—'),
          },
          {
            key: 'actions',
            title: t('fields.actions'),
            width: 150,
            render: (_, r) => (
              <Space size={0}>
                {r.flow && access.can('oaApprovalFlow:edit') && (
                  <Button type="link" size="small" onClick={() => setEditing({ type: r.type, flow: r.flow })}>
                    {t('flows.edit')}
                  </Button>
                )}
                {!r.flow && access.can('oaApprovalFlow:add') && (
                  <Button type="link" size="small" onClick={() => setEditing({ type: r.type })}>
                    {t('flows.setUp')}
                  </Button>
                )}
                {r.flow && access.can('oaApprovalFlow:delete') && (
                  <Button
                    type="link"
                    size="small"
                    danger
                    onClick={() =>
                      modal.confirm({
                        title: t('flows.deleteConfirm', { name: r.flow!.name }),
                        okButtonProps: { danger: true },
                        onOk: async () => {
                          const ok = await remove.mutateAsync(r.flow!.id).then(
                            () => true,
                            () => false,
                          );
                          if (ok) void message.success(t('flows.deleted'));
                        },
                      })
                    }
                  >
                    {t('actions.delete')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      {editing && <FlowEditor type={editing.type} flow={editing.flow} onClose={() => setEditing(null)} />}
    </>
  );
}

function HeadList() {
  const { t } = useTranslation('approvals');
  const { message } = App.useApp();
  const access = useAccess();
  const departments = useQuery(departmentsQuery());
  const heads = useQuery(departmentHeadsQuery());
  const staff = useQuery(activeStaffQuery());
  const setHead = useSetDepartmentHead();
  const byId = new Map((departments.data ?? []).map((d) => [d.id, d]));
  const pathOf = (d: Department) => {
    const names = [d.name];
    for (
      let p = d.parentId ? byId.get(d.parentId) : undefined;
      p && names.length < 10;
      p = p.parentId ? byId.get(p.parentId) : undefined
    )
      names.unshift(p.name);
    return names.join(' / ');
  };
  return (
    <>
      <p className="fd-muted">{t('heads.hint')}</p>
      <Table<Department>
        rowKey="id"
        loading={departments.isFetching || heads.isFetching}
        dataSource={departments.data ?? []}
        pagination={false}
        locale={{ emptyText: t('heads.empty') }}
        columns={[
          { key: 'name', title: t('heads.department'), render: (_, d) => pathOf(d) },
          {
            key: 'head',
            title: t('heads.head'),
            width: 260,
            render: (_, d) => (
              <Select
                allowClear
                showSearch
                optionFilterProp="label"
                className="fd-full-width"
                aria-label={t('heads.headOf', { name: d.name })}
                disabled={!access.can('oaApprovalFlow:edit')}
                placeholder={t('heads.none')}
                value={heads.data?.find((h) => h.departmentId === d.id)?.userId}
                options={(staff.data ?? []).map((e) => ({
                  value: e.id,
                  label: `${e.name}${e.title ? ` · ${e.title}` : ''}`,
                }))}
                onChange={(userId?: number) =>
                  void setHead.mutateAsync({ departmentId: d.id, userId: userId ?? null }).then(
                    () => message.success(t('heads.saved', { name: d.name })),
                    () => undefined,
                  )
                }
              />
            ),
          },
        ]}
      />
    </>
  );
}
