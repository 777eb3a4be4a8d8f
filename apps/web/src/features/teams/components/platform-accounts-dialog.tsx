import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Result from 'antd/es/result';
import Select from 'antd/es/select';
import Skeleton from 'antd/es/skeleton';
import Switch from 'antd/es/switch';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  FLOW_PLATFORM_TITLES,
  FLOW_PLATFORMS,
  PlatformAccounts,
  type FlowPlatform,
  type PlatformAccount,
  type PlatformSetup,
} from '@fleetdesk/contracts/team-performance';
import { InlineFailure } from '../../../components/inline-failure';
import { useAccess } from '../../../lib/access';
import { RequestError } from '../../../lib/request';
import { useTitle } from '../../../lib/use-title';
import { issueMessage } from '../../../lib/validation';
import { platformsQuery, useSavePlatforms } from '../api/platforms';
import { LastSync, SyncHistory } from './sync-history';

/** A row of the editor; `fresh`: added in this dialog (its platform is still to choose). */
interface Row {
  platform?: FlowPlatform;
  partnerId?: string;
  enabled?: boolean;
  fresh?: boolean;
}
interface Values {
  accounts: Row[];
}

const PARTNER_ID = /^[A-Za-z0-9_.-]+$/;
const PARTNER_ID_MAX = 64;
/** A server path about one field of one row: `1.partnerId`. */
const ROW_FIELD = /^(\d+)\.(platform|partnerId|enabled)$/;

const rowsOf = (setup: PlatformSetup): Row[] =>
  setup.accounts.map((a) => ({ platform: a.platform, partnerId: a.partnerId, enabled: a.enabled }));

/**
 * The fleet's accounts at the platforms (`teams:edit` changes them, `teams:import` reads them): the adapter the
 * server is configured with, each account's partner id, whether the daily job syncs it and its last sync; an
 * account per platform at most. Saving sends the whole list; the server's field errors land on their rows, a rule
 * of the whole list (one account per platform) above them. The history of the syncs follows.
 */
export function PlatformAccountsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('teams');
  const title = useTitle();
  const { message } = App.useApp();
  const canEdit = useAccess().can('teams:edit');
  const platforms = useQuery(platformsQuery());
  const save = useSavePlatforms();
  const [form] = Form.useForm<Values>();
  const [failure, setFailure] = useState<string | null>(null);
  const loaded = useRef(false);

  // Once: a later refetch (a sync's refresh) must not wipe what is being edited.
  useEffect(() => {
    if (platforms.data && !loaded.current) {
      loaded.current = true;
      form.setFieldsValue({ accounts: rowsOf(platforms.data) });
    }
  }, [platforms.data, form]);

  const lastSync = (platform: FlowPlatform | undefined) =>
    platforms.data?.accounts.find((a) => a.platform === platform)?.lastSync ?? null;
  const nameOf = (row: Row | undefined) =>
    row?.platform ? title(FLOW_PLATFORM_TITLES[row.platform]) : t('platforms.newAccount');

  const showServerErrors = (error: unknown) => {
    if (!(error instanceof RequestError) || error.httpStatus !== 400) return;
    const errors = (error.body as { errors?: { path: string; message: string }[] } | null)?.errors ?? [];
    const fields: { name: (string | number)[]; errors: string[] }[] = [];
    const stray: string[] = [];
    for (const e of errors) {
      const m = ROW_FIELD.exec(e.path);
      if (m) fields.push({ name: ['accounts', Number(m[1]), m[2]!], errors: [e.message] });
      else stray.push(e.message);
    }
    form.setFields(fields as Parameters<typeof form.setFields>[0]);
    if (stray.length || !fields.length) setFailure([...new Set(stray)].join('; ') || error.serverMessage);
  };

  const finish = async () => {
    const list = ((form.getFieldValue('accounts') ?? []) as Row[]).map((r) => ({
      platform: r.platform!,
      partnerId: (r.partnerId ?? '').trim(),
      enabled: r.enabled ?? true,
    }));
    const parsed = PlatformAccounts.safeParse(list);
    if (!parsed.success) {
      setFailure(issueMessage(parsed.error.issues[0]!, t));
      return;
    }
    setFailure(null);
    try {
      await save.mutateAsync(parsed.data as PlatformAccount[]);
      void message.success(t('platforms.saved'));
      onClose();
    } catch (error) {
      showServerErrors(error);
    }
  };

  const setup = platforms.data;
  return (
    <Modal
      open
      title={t('platforms.title')}
      onCancel={onClose}
      width={760}
      destroyOnHidden
      footer={
        canEdit
          ? [
              <Button key="cancel" onClick={onClose}>
                {t('common:actions.cancel')}
              </Button>,
              <Button
                key="save"
                type="primary"
                loading={save.isPending}
                disabled={!setup}
                onClick={() => form.submit()}
              >
                {t('common:actions.save')}
              </Button>,
            ]
          : [
              <Button key="close" onClick={onClose}>
                {t('platforms.close')}
              </Button>,
            ]
      }
    >
      {platforms.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : !setup ? (
        <Result
          status="warning"
          title={t('platforms.loadFailed')}
          extra={<Button onClick={() => void platforms.refetch()}>{t('common:actions.retry')}</Button>}
        />
      ) : (
        <>
          <Alert
            className="fd-platforms-adapter"
            type={setup.sandbox ? 'warning' : 'info'}
            showIcon
            title={t('platforms.adapter', {
              name: setup.sandbox
                ? t('platforms.sandbox')
                : setup.provider === 'http'
                  ? t('platforms.http')
                  : setup.provider,
            })}
          />
          <p className="fd-muted">{canEdit ? t('platforms.intro') : t('platforms.readOnly')}</p>
          <InlineFailure failure={failure} onClose={() => setFailure(null)} className="fd-platforms-failure" />
          <Form<Values>
            form={form}
            name="platform-accounts"
            disabled={!canEdit}
            onFinish={() => void finish()}
            onValuesChange={() => setFailure(null)}
          >
            <Form.List name="accounts">
              {(fields, { add, remove }) => (
                // Every change re-renders the rows: a row's platform names its fields and narrows the others' choice.
                <Form.Item noStyle shouldUpdate>
                  {() => {
                    const rows = (form.getFieldValue('accounts') ?? []) as Row[];
                    return (
                      <div className="fd-platforms">
                        {fields.length ? (
                          <div className="fd-platform-row fd-platform-head" aria-hidden>
                            <span>{t('platforms.platform')}</span>
                            <span>{t('platforms.partnerId')}</span>
                            <span>{t('platforms.enabled')}</span>
                            <span />
                          </div>
                        ) : (
                          <p className="fd-muted fd-platforms-empty">{t('platforms.empty')}</p>
                        )}
                        {fields.map((field) => {
                          const row = rows[field.name];
                          const name = nameOf(row);
                          const taken = new Set(rows.filter((_, i) => i !== field.name).map((r) => r?.platform));
                          return (
                            <div key={field.key} className="fd-platform-item" data-testid="platform-account">
                              <div className="fd-platform-row">
                                {row?.fresh ? (
                                  <Form.Item
                                    name={[field.name, 'platform']}
                                    rules={[{ required: true, message: t('common:validation.choose') }]}
                                  >
                                    <Select<FlowPlatform>
                                      aria-label={t('platforms.platform')}
                                      placeholder={t('platforms.platformPlaceholder')}
                                      options={FLOW_PLATFORMS.filter((p) => !taken.has(p)).map((p) => ({
                                        value: p,
                                        label: title(FLOW_PLATFORM_TITLES[p]),
                                      }))}
                                    />
                                  </Form.Item>
                                ) : (
                                  <Form.Item>
                                    <strong>{name}</strong>
                                  </Form.Item>
                                )}
                                <Form.Item
                                  name={[field.name, 'partnerId']}
                                  normalize={(v: string | undefined) => v?.trim()}
                                  rules={[
                                    { required: true, message: t('common:validation.required') },
                                    {
                                      max: PARTNER_ID_MAX,
                                      message: t('platforms.partnerIdMax', { max: PARTNER_ID_MAX }),
                                    },
                                    { pattern: PARTNER_ID, message: t('platforms.partnerIdFormat') },
                                  ]}
                                >
                                  <Input
                                    aria-label={t('platforms.partnerIdOf', { platform: name })}
                                    placeholder={t('platforms.partnerIdPlaceholder')}
                                    maxLength={PARTNER_ID_MAX}
                                  />
                                </Form.Item>
                                <Form.Item name={[field.name, 'enabled']} valuePropName="checked">
                                  <Switch aria-label={t('platforms.enabledOf', { platform: name })} />
                                </Form.Item>
                                {canEdit ? (
                                  <Form.Item>
                                    <Button
                                      type="text"
                                      danger
                                      icon={<DeleteOutlined />}
                                      aria-label={t('platforms.removeOf', { platform: name })}
                                      title={t('platforms.remove')}
                                      onClick={() => remove(field.name)}
                                    />
                                  </Form.Item>
                                ) : (
                                  <span />
                                )}
                              </div>
                              {row?.fresh ? null : <LastSync sync={lastSync(row?.platform)} />}
                            </div>
                          );
                        })}
                        {canEdit ? (
                          <Button
                            type="dashed"
                            icon={<PlusOutlined />}
                            className="fd-platforms-add"
                            disabled={rows.length >= FLOW_PLATFORMS.length}
                            onClick={() => add({ partnerId: '', enabled: true, fresh: true } satisfies Row)}
                          >
                            {t('platforms.add')}
                          </Button>
                        ) : null}
                      </div>
                    );
                  }}
                </Form.Item>
              )}
            </Form.List>
          </Form>
          <SyncHistory />
        </>
      )}
    </Modal>
  );
}
