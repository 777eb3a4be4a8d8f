import App from 'antd/es/app';
import Button from 'antd/es/button';
import Popconfirm from 'antd/es/popconfirm';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COVERAGE_TITLES, POLICY_KIND_TITLES, type Policy } from '@fleetdesk/contracts/compliance';
import type { CarTabProps } from '../../../components/car-tabs/car-tabs';
import { useAccess } from '../../../lib/access';
import { formatMoney } from '../../../lib/format';
import { policiesQuery, useDeletePolicy } from '../api/compliance';
import { PolicyModal } from '../components/policy-modal';
import { DueTag, titleOf } from '../components/shared';
import '../i18n';
import '../compliance.css';

/** A car's policies, the current ones marked, with renewal from the current one. */
export default function CarInsuranceTab({ carId }: CarTabProps) {
  const { t } = useTranslation('compliance');
  const { message } = App.useApp();
  const access = useAccess();
  const canEdit = access.can('rentCar:edit');
  const list = useQuery(policiesQuery({ carId, pageNum: 1, pageSize: 50 }));
  const remove = useDeletePolicy();
  const [editing, setEditing] = useState<{ policy: Policy | null; renewOf?: Policy } | null>(null);

  return (
    <div className="fd-compliance-tab">
      {canEdit ? (
        <Space className="fd-compliance-actions">
          <Button type="primary" ghost onClick={() => setEditing({ policy: null })}>
            {t('policies.add')}
          </Button>
        </Space>
      ) : null}
      <Table<Policy>
        rowKey="id"
        size="middle"
        loading={list.isLoading}
        dataSource={list.data?.rows ?? []}
        pagination={false}
        locale={{ emptyText: t('policies.empty') }}
        columns={[
          {
            key: 'kind',
            title: t('policies.kind'),
            className: 'fd-nowrap',
            render: (_, p) => (
              <span>
                {titleOf(POLICY_KIND_TITLES[p.kind])}{' '}
                {p.current ? <Tag color="blue">{t('policies.current')}</Tag> : null}
              </span>
            ),
          },
          { key: 'company', title: t('policies.company'), dataIndex: 'companyName', className: 'fd-nowrap' },
          { key: 'policyNo', title: t('policies.policyNo'), dataIndex: 'policyNo' },
          {
            key: 'period',
            title: t('policies.period'),
            render: (_, p) => (
              <span>
                {p.startDate} ~ {p.current ? <DueTag due={p.due} date={p.endDate} /> : p.endDate}
              </span>
            ),
          },
          { key: 'premium', title: t('policies.premium'), align: 'right', render: (_, p) => formatMoney(p.premium) },
          {
            key: 'coverage',
            title: t('policies.coverage'),
            render: (_, p) =>
              p.coverage.map((c) => (
                <Tag key={c.code} title={c.sumInsured != null ? formatMoney(c.sumInsured) : undefined}>
                  {titleOf(COVERAGE_TITLES[c.code])}
                </Tag>
              )),
          },
          ...(canEdit
            ? [
                {
                  key: 'actions',
                  title: '',
                  render: (_: unknown, p: Policy) => (
                    <Space size={0}>
                      {p.current && p.due !== 'valid' ? (
                        <Button type="link" size="small" onClick={() => setEditing({ policy: null, renewOf: p })}>
                          {t('policies.renew')}
                        </Button>
                      ) : null}
                      <Button type="link" size="small" onClick={() => setEditing({ policy: p })}>
                        {t('actions.edit')}
                      </Button>
                      {access.can('rentCar:delete') ? (
                        <Popconfirm
                          title={t('actions.confirmDelete')}
                          onConfirm={async () => {
                            if (await remove.mutateAsync(p.id).catch(() => null))
                              void message.success(t('actions.deleted'));
                          }}
                        >
                          <Button type="link" size="small" danger>
                            {t('actions.delete')}
                          </Button>
                        </Popconfirm>
                      ) : null}
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      {editing ? (
        <PolicyModal carId={carId} policy={editing.policy} renewOf={editing.renewOf} onClose={() => setEditing(null)} />
      ) : null}
    </div>
  );
}
