import PlusOutlined from '@ant-design/icons/PlusOutlined';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Result from 'antd/es/result';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Tabs from 'antd/es/tabs';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LABEL_KINDS, type Label, type LabelKind } from '@fleetdesk/contracts/organisation';
import { useAccess } from '../../../lib/access';
import { useDeleteLabel } from '../api/delete-label';
import { labelsQuery } from '../api/get-labels';
import { LabelForm } from '../components/label-form';
import { LabelTag } from '../components/status-tags';
import '../i18n';
import './organisation.css';

const kindOf = (value: string | null): LabelKind =>
  (LABEL_KINDS as readonly string[]).includes(value ?? '') ? (value as LabelKind) : 'employee';

/** `/oa/labelManagement`: labels by kind (the tab is `?kind=`), with colour and use count. */
export default function LabelsPage() {
  const { t } = useTranslation('organisation');
  const [search, setSearch] = useSearchParams();
  const kind = kindOf(search.get('kind'));
  return (
    <section className="fd-org-page" data-testid="labels">
      <h1 className="fd-page-title">{t('labels.title')}</h1>
      <Tabs
        activeKey={kind}
        onChange={(key) => setSearch({ kind: key })}
        items={LABEL_KINDS.map((k) => ({ key: k, label: t(`labelKind.${k}`) }))}
      />
      <LabelList key={kind} kind={kind} />
    </section>
  );
}

function LabelList({ kind }: { kind: LabelKind }) {
  const { t } = useTranslation('organisation');
  const { modal, message } = App.useApp();
  const access = useAccess();
  const list = useQuery(labelsQuery(kind));
  const remove = useDeleteLabel();
  const [editing, setEditing] = useState<{ label?: Label } | null>(null);
  const canEdit = access.can('oaLabel:edit');
  const canDelete = access.can('oaLabel:delete');

  const confirmDelete = (label: Label) => {
    const used = label.used > 0;
    modal.confirm({
      title: t('labels.deleteTitle', { name: label.name }),
      content: used ? t('labels.deleteUsed', { count: label.used, name: label.name }) : t('labels.deleteUnused'),
      okText: used ? t('labels.deleteForce') : t('actions.delete'),
      okButtonProps: { danger: true },
      onOk: async () => {
        const done = await remove.mutateAsync({ id: label.id, force: used }).then(
          () => true,
          () => false,
        );
        if (done) void message.success(t('labels.deleted', { name: label.name }));
      },
    });
  };

  return (
    <>
      <div className="fd-org-page-head">
        <span className="fd-muted">{t('labels.hint', { kind: t(`labelKind.${kind}`) })}</span>
        {access.can('oaLabel:add') && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
            {t('labels.add')}
          </Button>
        )}
      </div>
      {list.isError && !list.data ? (
        <Result
          status="warning"
          title={t('common:list.loadFailed')}
          extra={<Button onClick={() => void list.refetch()}>{t('common:actions.retry')}</Button>}
        />
      ) : (
        <Table<Label>
          rowKey="id"
          loading={list.isFetching}
          dataSource={list.data ?? []}
          pagination={false}
          locale={{ emptyText: t('labels.empty') }}
          columns={[
            { key: 'name', title: t('labels.name'), render: (_, l) => <LabelTag name={l.name} color={l.color} /> },
            { key: 'colour', title: t('labels.colour'), render: (_, l) => t(`colours.${l.color}`, l.color) },
            { key: 'used', title: t('labels.used'), dataIndex: 'used', align: 'right' },
            ...(canEdit || canDelete
              ? [
                  {
                    key: 'actions',
                    title: t('fields.actions'),
                    render: (_: unknown, l: Label) => (
                      <Space size={0}>
                        {canEdit && (
                          <Button type="link" size="small" onClick={() => setEditing({ label: l })}>
                            {t('actions.edit')}
                          </Button>
                        )}
                        {canDelete && (
                          <Button
                            type="link"
                            size="small"
                            danger
                            aria-label={t('labels.deleteNamed', { name: l.name })}
                            onClick={() => confirmDelete(l)}
                          >
                            {t('actions.delete')}
                          </Button>
                        )}
                      </Space>
                    ),
                  },
                ]
              : []),
          ]}
        />
      )}
      {editing && <LabelForm kind={kind} label={editing.label} onClose={() => setEditing(null)} />}
    </>
  );
}
