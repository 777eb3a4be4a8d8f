import PlusOutlined from '@ant-design/icons/PlusOutlined';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Popconfirm from 'antd/es/popconfirm';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SmsTemplate } from '@fleetdesk/contracts/sms-notices';
import { ListPage, type ListColumn } from '../../../components/list-page/list-page';
import type { FilterField } from '../../../components/list-page/list-params';
import { useAccess } from '../../../lib/access';
import { formatDateTime } from '../../../lib/format';
import { useDeleteTemplate } from '../api/delete-template';
import { templatesQuery } from '../api/get-templates';
import { useUpdateTemplate } from '../api/update-template';
import { TemplateModal } from './template-modal';

/** The text with its `{variables}` marked. */
function TemplateText({ content }: { content: string }) {
  const parts = content.split(/(\{\w+\})/g);
  return (
    <span className="fd-sms-template-text" title={content}>
      {parts.map((p, i) =>
        /^\{\w+\}$/.test(p) ? (
          <mark key={i} className="fd-sms-var">
            {p}
          </mark>
        ) : (
          p
        ),
      )}
    </span>
  );
}

/** The tenant's templates: written once, used by every notice; disabled rather than deleted once sent. */
export function TemplatesList({ onUse }: { onUse: ((template: SmsTemplate) => void) | null }) {
  const { t } = useTranslation('sms-notices');
  const { message } = App.useApp();
  const access = useAccess();
  const manage = access.can('oaMessage:template');
  const [editing, setEditing] = useState<SmsTemplate | null | undefined>(undefined);
  const update = useUpdateTemplate();
  const remove = useDeleteTemplate();
  const filters = useMemo<FilterField[]>(
    () => [
      {
        type: 'text',
        name: 'keyword',
        label: t('filters.templateName'),
        placeholder: t('filters.templatePlaceholder'),
      },
      {
        type: 'select',
        name: 'status',
        label: t('filters.state'),
        options: (['active', 'disabled'] as const).map((s) => ({ value: s, label: t(`templateStatus.${s}`) })),
      },
    ],
    [t],
  );
  const toggle = async (tpl: SmsTemplate) => {
    const status = tpl.status === 'active' ? 'disabled' : 'active';
    const done = await update
      .mutateAsync({
        id: tpl.id,
        input: { name: tpl.name, content: tpl.content, providerTemplate: tpl.providerTemplate, status },
      })
      .catch(() => null);
    if (done) void message.success(t(status === 'active' ? 'templates.enabled' : 'templates.disabled'));
  };
  const columns: ListColumn<SmsTemplate>[] = [
    { key: 'name', title: t('templates.name'), dataIndex: 'name' },
    { key: 'content', title: t('templates.content'), render: (_, tpl) => <TemplateText content={tpl.content} /> },
    {
      key: 'providerTemplate',
      title: t('templates.providerTemplate'),
      render: (_, tpl) => tpl.providerTemplate ?? <span className="fd-muted">-</span>,
    },
    {
      key: 'status',
      title: t('templates.status'),
      render: (_, tpl) => (
        <Tag color={tpl.status === 'active' ? 'green' : 'default'}>{t(`templateStatus.${tpl.status}`)}</Tag>
      ),
    },
    {
      key: 'updatedAt',
      title: t('templates.updatedAt'),
      render: (_, tpl) => formatDateTime(tpl.updatedAt),
      width: 150,
    },
    {
      key: 'actions',
      title: t('columns.actions'),
      fixed: 'right',
      render: (_, tpl) => (
        <Space size={0} wrap>
          {onUse && tpl.status === 'active' && (
            <Button type="link" size="small" onClick={() => onUse(tpl)}>
              {t('templates.use')}
            </Button>
          )}
          {manage && (
            <>
              <Button type="link" size="small" onClick={() => setEditing(tpl)}>
                {t('templates.editShort')}
              </Button>
              <Button type="link" size="small" onClick={() => void toggle(tpl)}>
                {t(tpl.status === 'active' ? 'templates.disable' : 'templates.enable')}
              </Button>
              <Popconfirm
                title={t('templates.deleteConfirm', { name: tpl.name })}
                onConfirm={() => remove.mutateAsync(tpl.id).catch(() => undefined)}
              >
                <Button type="link" size="small" danger>
                  {t('templates.delete')}
                </Button>
              </Popconfirm>
            </>
          )}
        </Space>
      ),
    },
  ];
  return (
    <>
      <ListPage<SmsTemplate>
        id="sms-templates"
        filters={filters}
        columns={columns}
        rowKey={(tpl) => tpl.id}
        query={(p) => templatesQuery({ pageNum: p.pageNum, pageSize: p.pageSize, ...p.filters })}
        exportSlot={() =>
          manage ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
              {t('templates.create')}
            </Button>
          ) : null
        }
      />
      {editing !== undefined && <TemplateModal template={editing} onClose={() => setEditing(undefined)} />}
    </>
  );
}
