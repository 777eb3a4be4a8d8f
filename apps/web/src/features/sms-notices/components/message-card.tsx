import Alert from 'antd/es/alert';
import Card from 'antd/es/card';
import Select from 'antd/es/select';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { activeTemplatesQuery } from '../api/get-templates';
import type { SmsVariable } from '../api/get-variables';
import type { DraftApi } from '../model/draft';
import { VariableTextArea } from './variable-text-area';

interface Props {
  api: DraftApi;
  variables: readonly SmsVariable[];
  signature: string | undefined;
}

/** Step 1: the text, from a template or written here, with variables filled per recipient. */
export function MessageCard({ api, variables, signature }: Props) {
  const { t } = useTranslation('sms-notices');
  const templates = useQuery(activeTemplatesQuery());
  const { draft } = api;
  return (
    <Card title={t('compose.messageStep')} className="fd-sms-card">
      <label className="fd-sms-label" htmlFor="sms-template">
        {t('compose.template')}
      </label>
      <Select
        id="sms-template"
        className="fd-sms-template-select"
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        placeholder={t('compose.templatePlaceholder')}
        loading={templates.isLoading}
        value={draft.templateId ?? undefined}
        options={(templates.data?.rows ?? []).map((tpl) => ({ value: tpl.id, label: tpl.name }))}
        onChange={(id?: number) => api.pickTemplate(templates.data?.rows.find((tpl) => tpl.id === id) ?? null)}
        notFoundContent={t('compose.noTemplates')}
      />
      {draft.edited && draft.templateName && (
        <Alert
          className="fd-sms-edited"
          type="info"
          showIcon
          closable={{ onClose: api.forgetTemplate, 'aria-label': t('compose.dismiss') }}
          title={t('compose.edited', { name: draft.templateName })}
        />
      )}
      <label className="fd-sms-label" htmlFor="sms-content">
        {t('compose.content')}
      </label>
      <VariableTextArea
        id="sms-content"
        value={draft.content}
        onChange={api.setContent}
        variables={variables}
        signature={signature}
        placeholder={t('compose.contentPlaceholder')}
      />
    </Card>
  );
}
