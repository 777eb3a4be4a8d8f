import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Popconfirm from 'antd/es/popconfirm';
import Radio from 'antd/es/radio';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DocumentTemplateInput,
  TEMPLATE_KIND_TITLES,
  TEMPLATE_KINDS,
  TEMPLATE_PLACEHOLDER_TITLES,
  TEMPLATE_PLACEHOLDERS,
  type DocumentTemplate,
  type TemplateKind,
} from '@fleetdesk/contracts/handover';
import { useAccess } from '../../../lib/access';
import { formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { downloadPreview, templatesQuery, useResetTemplate, useSaveTemplate } from '../api/document-templates';
import { schemaErrors, serverErrors } from './form-errors';
import { LoadFailed, Loading } from './states';

interface Values {
  title: string;
  headerLines: string;
  notes: string;
  footerLines: string;
  sealText: string;
}

const FIELDS = new Set(['title', 'headerLines', 'notes', 'footerLines', 'sealText']);
const lines = (text: string | undefined) =>
  (text ?? '')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

/** The form's values as the template to send: header and footer one line each. */
export function toTemplate(v: Values): unknown {
  return {
    title: v.title ?? '',
    headerLines: lines(v.headerLines),
    notes: v.notes ?? '',
    footerLines: lines(v.footerLines),
    sealText: v.sealText ?? '',
  };
}

/** A field error of a line (`headerLines.1`) goes to its text box. */
function onField<T extends { name: (string | number)[] }>(errors: T[]): T[] {
  return errors.map((e) => ({ ...e, name: [e.name[0]!] }));
}

/** `/oaSetting?tab=templates`: the layouts of the contract, settlement statement, receipt and inspection sheet. */
export function TemplatesTab() {
  const { t } = useTranslation('companySettings');
  const list = useQuery(templatesQuery());
  const [kind, setKind] = useState<TemplateKind>('contract');
  if (list.isPending) return <Loading />;
  if (list.isError) return <LoadFailed retry={() => void list.refetch()} />;
  const lang = currentLanguage();
  const current = list.data.find((x) => x.kind === kind)!;
  return (
    <div className="fd-cs-templates">
      <Radio.Group
        optionType="button"
        value={kind}
        onChange={(e) => setKind(e.target.value as TemplateKind)}
        options={TEMPLATE_KINDS.map((k) => ({ value: k, label: TEMPLATE_KIND_TITLES[k][lang] }))}
        aria-label={t('templates.kind')}
      />
      <TemplateForm key={`${kind}-${current.updatedAt ?? 'default'}`} template={current} />
    </div>
  );
}

function TemplateForm({ template }: { template: DocumentTemplate }) {
  const { t } = useTranslation('companySettings');
  const { message } = App.useApp();
  const canEdit = useAccess().can('oaSetting:edit');
  const [form] = Form.useForm<Values>();
  const save = useSaveTemplate();
  const reset = useResetTemplate();
  const [previewing, setPreviewing] = useState(false);
  const lang = currentLanguage();
  const initial: Values = {
    title: template.title,
    headerLines: template.headerLines.join('\n'),
    notes: template.notes,
    footerLines: template.footerLines.join('\n'),
    sealText: template.sealText,
  };

  /** The form checked against the contracts' schema; field errors shown, null when invalid. */
  const checked = (): DocumentTemplateInput | null => {
    form.setFields([...FIELDS].map((name) => ({ name, errors: [] })) as never);
    const parsed = DocumentTemplateInput.safeParse(toTemplate(form.getFieldsValue(true) as Values));
    if (parsed.success) return parsed.data;
    form.setFields(onField(schemaErrors(parsed.error, t)) as never);
    return null;
  };
  const fromServer = (e: unknown) =>
    form.setFields(onField(serverErrors(e, (name) => FIELDS.has(name[0]!), ['title'])) as never);

  const submit = async () => {
    const body = checked();
    if (!body) return;
    try {
      await save.mutateAsync({ kind: template.kind, body });
      void message.success(t('templates.saved'));
    } catch (e) {
      fromServer(e);
    }
  };
  const preview = async () => {
    const body = checked();
    if (!body) return;
    setPreviewing(true);
    try {
      await downloadPreview(
        template.kind,
        body,
        `${t('templates.previewFile')}-${TEMPLATE_KIND_TITLES[template.kind]['zh-CN']}.pdf`,
      );
    } catch (e) {
      fromServer(e);
    } finally {
      setPreviewing(false);
    }
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      className="fd-cs-form"
      initialValues={initial}
      onFinish={() => void submit()}
      aria-label={t('tabs.templates')}
    >
      {canEdit ? null : <Alert type="info" showIcon className="fd-cs-readonly" title={t('templates.readOnly')} />}
      <p className="fd-cs-template-state">
        {template.custom
          ? t('templates.custom', { at: formatDateTime(template.updatedAt!), by: template.updatedBy ?? '-' })
          : t('templates.default')}
      </p>
      <Form.Item name="title" label={t('templates.title')}>
        <Input maxLength={40} disabled={!canEdit} />
      </Form.Item>
      <Form.Item name="headerLines" label={t('templates.headerLines')} extra={t('templates.linesHint')}>
        <Input.TextArea rows={3} disabled={!canEdit} />
      </Form.Item>
      <Form.Item name="notes" label={t('templates.notes')} extra={t('templates.notesHint')}>
        <Input.TextArea rows={6} disabled={!canEdit} />
      </Form.Item>
      <Form.Item name="footerLines" label={t('templates.footerLines')} extra={t('templates.linesHint')}>
        <Input.TextArea rows={2} disabled={!canEdit} />
      </Form.Item>
      <Form.Item name="sealText" label={t('templates.sealText')} extra={t('templates.sealHint')}>
        <Input maxLength={30} disabled={!canEdit} />
      </Form.Item>
      <div className="fd-cs-placeholders" aria-label={t('templates.placeholders')}>
        <strong>{t('templates.placeholders')}</strong>
        <div>
          {TEMPLATE_PLACEHOLDERS.map((p) => (
            <Tag key={p} title={TEMPLATE_PLACEHOLDER_TITLES[p][lang]}>
              {`{{${p}}}`} {TEMPLATE_PLACEHOLDER_TITLES[p][lang]}
            </Tag>
          ))}
        </div>
      </div>
      <Space className="fd-cs-actions">
        {canEdit && (
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('templates.save')}
          </Button>
        )}
        <Button loading={previewing} onClick={() => void preview()}>
          {t('templates.preview')}
        </Button>
        {canEdit && template.custom && (
          <Popconfirm
            title={t('templates.resetConfirm')}
            onConfirm={async () => {
              await reset.mutateAsync(template.kind);
              void message.success(t('templates.resetDone'));
            }}
          >
            <Button danger>{t('templates.reset')}</Button>
          </Popconfirm>
        )}
      </Space>
    </Form>
  );
}
