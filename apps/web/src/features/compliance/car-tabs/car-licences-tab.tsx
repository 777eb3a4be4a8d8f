import App from 'antd/es/app';
import Button from 'antd/es/button';
import Image from 'antd/es/image';
import Popconfirm from 'antd/es/popconfirm';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LICENSE_KIND_TITLES, LICENSE_KINDS, type License } from '@fleetdesk/contracts/compliance';
import type { CarTabProps } from '../../../components/car-tabs/car-tabs';
import { useAccess } from '../../../lib/access';
import { licencesQuery, useDeleteLicence } from '../api/compliance';
import { LicenceModal } from '../components/licence-modal';
import { DueTag, titleOf } from '../components/shared';
import '../i18n';
import '../compliance.css';

/** A car's vehicle licence and transport certificate. */
export default function CarLicencesTab({ carId }: CarTabProps) {
  const { t } = useTranslation('compliance');
  const { message } = App.useApp();
  const access = useAccess();
  const canEdit = access.can('rentCar:edit');
  const list = useQuery(licencesQuery({ carId, pageNum: 1, pageSize: 10 }));
  const remove = useDeleteLicence();
  const [editing, setEditing] = useState<{ licence: License | null; kind?: License['kind'] } | null>(null);
  const rows = list.data?.rows ?? [];
  const missing = LICENSE_KINDS.filter((k) => !rows.some((r) => r.kind === k));

  return (
    <div className="fd-compliance-tab">
      {canEdit && missing.length ? (
        <Space className="fd-compliance-actions">
          {missing.map((k) => (
            <Button key={k} type="primary" ghost onClick={() => setEditing({ licence: null, kind: k })}>
              {t('licences.add')} · {titleOf(LICENSE_KIND_TITLES[k])}
            </Button>
          ))}
        </Space>
      ) : null}
      <Table<License>
        rowKey="id"
        size="middle"
        loading={list.isLoading}
        dataSource={rows}
        pagination={false}
        locale={{ emptyText: t('licences.empty') }}
        columns={[
          { key: 'kind', title: t('licences.kind'), render: (_, r) => titleOf(LICENSE_KIND_TITLES[r.kind]) },
          { key: 'number', title: t('licences.number'), dataIndex: 'number' },
          { key: 'issuer', title: t('licences.issuer'), render: (_, r) => r.issuer ?? '-' },
          { key: 'issueDate', title: t('licences.issueDate'), render: (_, r) => r.issueDate ?? '-' },
          {
            key: 'expiryDate',
            title: t('licences.expiryDate'),
            render: (_, r) => <DueTag due={r.due} date={r.expiryDate} />,
          },
          {
            key: 'images',
            title: t('fields.images'),
            render: (_, r) => (
              <Image.PreviewGroup>
                {r.images.map((i) => (
                  <Image key={i.url} width={40} height={30} src={i.signedUrl} alt="" />
                ))}
              </Image.PreviewGroup>
            ),
          },
          ...(canEdit
            ? [
                {
                  key: 'actions',
                  title: '',
                  render: (_: unknown, r: License) => (
                    <Space>
                      <Button type="link" size="small" onClick={() => setEditing({ licence: r })}>
                        {t('actions.edit')}
                      </Button>
                      <Popconfirm
                        title={t('actions.confirmDelete')}
                        onConfirm={async () => {
                          if (await remove.mutateAsync(r.id).catch(() => null))
                            void message.success(t('actions.deleted'));
                        }}
                      >
                        <Button type="link" size="small" danger>
                          {t('actions.delete')}
                        </Button>
                      </Popconfirm>
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      {editing ? (
        <LicenceModal carId={carId} licence={editing.licence} kind={editing.kind} onClose={() => setEditing(null)} />
      ) : null}
    </div>
  );
}
