import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import StarOutlined from '@ant-design/icons/StarOutlined';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Empty from 'antd/es/empty';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Popconfirm from 'antd/es/popconfirm';
import Popover from 'antd/es/popover';
import Tag from 'antd/es/tag';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SavedFilterInput, type SavedFilter } from '@fleetdesk/contracts/saved-filters';
import { zodRule } from '../../lib/validation';
import { useListParams, type FilterField } from './list-params';
import { savedFiltersQuery, useDeleteSavedFilter, useRenameSavedFilter, useSaveFilter } from './saved-filters-api';

interface Props {
  /** The screen the filters belong to (`rentCar`, `rentDriver`). */
  screen: string;
  fields: readonly FilterField[];
  /** URL filter values -> the filter as the list call takes it (what is saved). */
  toSaved: (filters: Record<string, string>) => Record<string, unknown>;
  /** A saved filter -> URL filter values (every key of the list, unset ones undefined). */
  fromSaved: (saved: Record<string, unknown>) => Record<string, string | undefined>;
}

/**
 * The user's named filters of a list (part of the list-page pattern): apply one, save the filters on screen
 * under a name, rename one, delete one. The default one is applied when the list opens without filters of its own.
 */
export function SavedFilters({ screen, fields, toSaved, fromSaved }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { params, setFilters } = useListParams(fields);
  const saved = useQuery(savedFiltersQuery(screen));
  const remove = useDeleteSavedFilter(screen);
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [renaming, setRenaming] = useState<SavedFilter | null>(null);
  const hasFilters = Object.keys(params.filters).length > 0;

  const apply = (filter: SavedFilter) => {
    setFilters(fromSaved(filter.filter));
    setOpen(false);
  };

  // The default filter, once, when the list opens without filters in its address.
  const defaultChecked = useRef(false);
  useEffect(() => {
    if (defaultChecked.current || !saved.data) return;
    defaultChecked.current = true;
    const first = saved.data[0];
    if (first?.isDefault && !hasFilters) setFilters(fromSaved(first.filter));
  }, [saved.data, hasFilters, setFilters, fromSaved]);

  const list = saved.data ?? [];
  const content = (
    <div className="fd-saved-filters">
      {list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('list.savedFilters.none')} />
      ) : (
        <ul>
          {list.map((f) => (
            <li key={f.id}>
              <Button type="link" size="small" onClick={() => apply(f)} className="fd-saved-filter-name">
                {f.name}
              </Button>
              {f.isDefault && <Tag color="gold">{t('list.savedFilters.default')}</Tag>}
              <Button
                type="text"
                size="small"
                icon={<EditOutlined />}
                aria-label={t('list.savedFilters.rename', { name: f.name })}
                onClick={() => {
                  setOpen(false);
                  setRenaming(f);
                }}
              />
              <Popconfirm
                title={t('list.savedFilters.deleteConfirm', { name: f.name })}
                onConfirm={() =>
                  remove
                    .mutateAsync(f.id)
                    .then(() => message.success(t('list.savedFilters.deleted')))
                    .catch(() => undefined)
                }
              >
                <Button
                  type="text"
                  size="small"
                  icon={<DeleteOutlined />}
                  aria-label={t('list.savedFilters.delete', { name: f.name })}
                />
              </Popconfirm>
            </li>
          ))}
        </ul>
      )}
      <Button
        block
        disabled={!hasFilters}
        onClick={() => {
          setOpen(false);
          setSaving(true);
        }}
      >
        {t('list.savedFilters.saveCurrent')}
      </Button>
    </div>
  );

  return (
    <>
      <Popover
        content={content}
        title={t('list.savedFilters.title')}
        trigger="click"
        open={open}
        onOpenChange={setOpen}
        placement="bottomLeft"
      >
        <Button icon={<StarOutlined />}>
          {t('list.savedFilters.button')}
          {list.length > 0 ? ` (${list.length})` : ''}
        </Button>
      </Popover>
      {saving && (
        <SaveFilterModal
          screen={screen}
          filter={toSaved(params.filters)}
          isFirst={list.length === 0}
          onClose={() => setSaving(false)}
        />
      )}
      {renaming && <RenameFilterModal screen={screen} filter={renaming} onClose={() => setRenaming(null)} />}
    </>
  );
}

function RenameFilterModal(props: { screen: string; filter: SavedFilter; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ name: string }>();
  const rename = useRenameSavedFilter(props.screen);
  const submit = async ({ name }: { name: string }) => {
    const done = await rename.mutateAsync({ id: props.filter.id, name: name.trim() }).catch(() => null);
    if (!done) return;
    void message.success(t('list.savedFilters.renamed', { name: done.name }));
    props.onClose();
  };
  return (
    <Modal
      open
      title={t('list.savedFilters.renameTitle')}
      onCancel={props.onClose}
      onOk={() => form.submit()}
      okText={t('actions.save')}
      confirmLoading={rename.isPending}
    >
      <Form<{ name: string }>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ name: props.filter.name }}
      >
        <Form.Item
          name="name"
          label={t('list.savedFilters.name')}
          required
          rules={[zodRule(SavedFilterInput.shape.name, t)]}
        >
          <Input maxLength={30} showCount autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}

interface SaveValues {
  name: string;
  isDefault: boolean;
}

function SaveFilterModal(props: {
  screen: string;
  filter: Record<string, unknown>;
  isFirst: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<SaveValues>();
  const save = useSaveFilter(props.screen);
  const submit = async (values: SaveValues) => {
    const done = await save
      .mutateAsync({ name: values.name.trim(), filter: props.filter, isDefault: values.isDefault })
      .catch(() => null);
    if (!done) return;
    void message.success(t('list.savedFilters.saved', { name: done.name }));
    props.onClose();
  };
  return (
    <Modal
      open
      title={t('list.savedFilters.saveTitle')}
      onCancel={props.onClose}
      onOk={() => form.submit()}
      okText={t('actions.save')}
      confirmLoading={save.isPending}
    >
      <Form<SaveValues>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ name: '', isDefault: props.isFirst }}
      >
        <Form.Item
          name="name"
          label={t('list.savedFilters.name')}
          required
          rules={[zodRule(SavedFilterInput.shape.name, t)]}
          extra={t('list.savedFilters.nameHint')}
        >
          <Input maxLength={30} showCount autoFocus />
        </Form.Item>
        <Form.Item name="isDefault" valuePropName="checked">
          <Checkbox>{t('list.savedFilters.makeDefault')}</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}
