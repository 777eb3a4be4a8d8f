import PlusOutlined from '@ant-design/icons/PlusOutlined';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Space from 'antd/es/space';
import Tabs from 'antd/es/tabs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LABEL_KINDS, type Label, type LabelKind } from '@fleetdesk/contracts/organisation';
import { ListPage, type ListColumn } from '../../../components/list-page/list-page';
import type { FilterField } from '../../../components/list-page/list-params';
import { hasKeyword, localPaged } from '../../../components/list-page/local-list';
import { useAccess } from '../../../lib/access';
import { useDeleteLabel } from '../api/delete-label';
import { labelsQuery } from '../api/get-labels';
import { LabelForm } from '../components/label-form';
import { LabelTag } from '../components/status-tags';
import '../i18n';
import './organisation.css';

const kindOf = (value: string | null): LabelKind =>
  (LABEL_KINDS as readonly string[]).includes(value ?? '') ? (value as LabelKind) : 'employee';

/**
 * `/oa/labelManagement`: labels by kind (the tab is `?kind=`), with colour and use count. Another tab is another
 * list: switching drops the keyword and the page.
 */
export default function LabelsPage() {
  const { t } = useTranslation('organisation');
  const [search, setSearch] = useSearchParams();
  const kind = kindOf(search.get('kind'));
  return (
    <section data-testid="labels">
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
  const filters = useMemo<FilterField[]>(
    () => [{ type: 'text', name: 'keyword', label: t('filters.keyword'), placeholder: t('labels.keywordHint') }],
    [t],
  );
  // A kind's labels come whole (under the key the label mutations and the pickers of other areas share): the
  // keyword and the page are applied here.
  const query = useMemo(() => localPaged(labelsQuery(kind), (l: Label, f) => hasKeyword(f.keyword, l.name)), [kind]);
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

  const columns: ListColumn<Label>[] = [
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
  ];

  return (
    <>
      <ListPage<Label>
        id="organisation-labels"
        extra={<span className="fd-muted">{t('labels.hint', { kind: t(`labelKind.${kind}`) })}</span>}
        toolbar={
          access.can('oaLabel:add') && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
              {t('labels.add')}
            </Button>
          )
        }
        filters={filters}
        columns={columns}
        rowKey={(l) => l.id}
        query={query}
        emptyText={t('labels.empty')}
      />
      {editing && <LabelForm kind={kind} label={editing.label} onClose={() => setEditing(null)} />}
    </>
  );
}
