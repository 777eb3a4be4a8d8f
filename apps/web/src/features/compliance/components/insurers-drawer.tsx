import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Switch from 'antd/es/switch';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Insurer } from '@fleetdesk/contracts/compliance';
import { useAccess } from '../../../lib/access';
import { insurersQuery, useEnableInsurer, useSaveInsurer } from '../api/compliance';
import { showServerErrors } from './shared';

interface Values {
  name: string;
  shortName: string;
  nameEn?: string;
}

function InsurerModal({ insurer, onClose }: { insurer: Insurer | null; onClose: () => void }) {
  const { t } = useTranslation('compliance');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const save = useSaveInsurer();
  const submit = async (v: Values) => {
    try {
      await save.mutateAsync({
        ...(insurer ? { id: insurer.id } : {}),
        input: { name: v.name, shortName: v.shortName, ...(v.nameEn ? { nameEn: v.nameEn } : {}) },
      });
      void message.success(t('actions.saved'));
      onClose();
    } catch (err) {
      if (!showServerErrors(form, err)) throw err;
    }
  };
  return (
    <Modal
      open
      title={insurer ? t('insurers.edit') : t('insurers.add')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={insurer ? { name: insurer.name, shortName: insurer.shortName, nameEn: insurer.nameEn } : {}}
      >
        <Form.Item
          name="name"
          label={t('insurers.name')}
          rules={[{ required: true, whitespace: true, min: 2, max: 60, message: t('insurers.nameRule') }]}
        >
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item
          name="shortName"
          label={t('insurers.shortName')}
          rules={[{ required: true, whitespace: true, min: 2, max: 20, message: t('insurers.shortNameRule') }]}
        >
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item name="nameEn" label={t('insurers.nameEn')} extra={t('insurers.nameEnHint')}>
          <Input maxLength={80} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * The company's insurers (from the insurance tab): the common ones every company starts with and its own; an
 * editor adds, renames, disables and enables them. A disabled insurer stays on the records naming it.
 */
export default function InsurersDrawer({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('compliance');
  const access = useAccess();
  const editor = access.can('rentCar:edit');
  const insurers = useQuery(insurersQuery());
  const enable = useEnableInsurer();
  const [editing, setEditing] = useState<Insurer | null | 'new'>(null);
  return (
    <Drawer
      open
      size="large"
      title={t('insurers.title')}
      onClose={onClose}
      extra={
        editor ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {t('insurers.add')}
          </Button>
        ) : null
      }
    >
      {insurers.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('insurers.loadFailed')}
          action={<Button onClick={() => void insurers.refetch()}>{t('insurers.retry')}</Button>}
        />
      ) : (
        <Table<Insurer>
          rowKey="id"
          size="small"
          loading={insurers.isLoading}
          dataSource={insurers.data ?? []}
          pagination={{ pageSize: 15, showSizeChanger: false }}
          locale={{ emptyText: t('insurers.empty') }}
          columns={[
            {
              key: 'shortName',
              title: t('insurers.shortName'),
              render: (_, i) => (
                <span>
                  {i.shortName} {i.code.startsWith('c-') ? <Tag>{t('insurers.own')}</Tag> : null}
                </span>
              ),
            },
            { key: 'name', title: t('insurers.name'), dataIndex: 'name' },
            { key: 'nameEn', title: t('insurers.nameEn'), dataIndex: 'nameEn' },
            {
              key: 'enabled',
              title: t('insurers.enabled'),
              render: (_, i) =>
                editor ? (
                  <Switch
                    size="small"
                    checked={i.enabled}
                    aria-label={`${t('insurers.enabled')} ${i.shortName}`}
                    loading={enable.isPending && enable.variables?.id === i.id}
                    onChange={(enabled) => void enable.mutateAsync({ id: i.id, enabled })}
                  />
                ) : (
                  <Tag color={i.enabled ? 'green' : 'default'}>{i.enabled ? t('insurers.on') : t('insurers.off')}</Tag>
                ),
            },
            ...(editor
              ? [
                  {
                    key: 'actions',
                    title: '',
                    render: (_: unknown, i: Insurer) => (
                      <Button size="small" type="link" onClick={() => setEditing(i)}>
                        {t('actions.edit')}
                      </Button>
                    ),
                  },
                ]
              : []),
          ]}
        />
      )}
      {editing ? <InsurerModal insurer={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </Drawer>
  );
}
