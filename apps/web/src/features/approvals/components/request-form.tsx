import App from 'antd/es/app';
import Button from 'antd/es/button';
import DatePicker from 'antd/es/date-picker';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Steps from 'antd/es/steps';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  RequestInput,
  type BusinessType,
  type FormField,
  type RequestDetail,
  type RequestFile,
} from '@fleetdesk/contracts/approvals';
import { centrePath, costCentresQuery } from '../../../lib/cost-centre-list';
import { serverFieldErrors } from '../../../lib/field-failure';
import { currentLanguage } from '../../../lib/i18n';
import { issueMessage } from '../../../lib/validation';
import { typesQuery } from '../api/flows';
import { previewQuery, useSaveRequest } from '../api/requests';
import { AttachmentsField } from './attachments';

type FieldValue = string | number | Dayjs | null | undefined;
interface Values {
  businessType?: string;
  summary?: string;
  form?: Record<string, FieldValue>;
  attachments?: RequestFile[];
}

/** The form's values as the API takes them: dates as YYYY-MM-DD, empties as null. */
export function formValuesOf(type: BusinessType, values: Record<string, FieldValue> | undefined) {
  const out: Record<string, string | number | null> = {};
  for (const f of type.fields) {
    const v = values?.[f.key];
    if (v === undefined || v === null || v === '') out[f.key] = null;
    else if (dayjs.isDayjs(v)) out[f.key] = v.format('YYYY-MM-DD');
    else out[f.key] = v as string | number;
  }
  return out;
}

/** The control of one form field; Form.Item's value, onChange and id pass through to it. */
function FieldInput({ field, ...control }: { field: FormField; value?: never; onChange?: never; id?: string }) {
  const lang = currentLanguage();
  const centres = useQuery({ ...costCentresQuery(), enabled: field.kind === 'costCentre' });
  switch (field.kind) {
    case 'textarea':
      return <Input.TextArea {...control} rows={3} maxLength={field.max} showCount />;
    case 'number':
      return <InputNumber {...control} className="fd-full-width" min={0} max={field.max} precision={0} />;
    case 'money':
      return <InputNumber {...control} className="fd-full-width" min={0} max={field.max} precision={2} prefix="¥" />;
    case 'date':
      return <DatePicker {...control} className="fd-full-width" />;
    case 'select':
      return (
        <Select {...control} options={(field.options ?? []).map((o) => ({ value: o.value, label: o.label[lang] }))} />
      );
    case 'costCentre':
      return (
        <Select
          {...control}
          showSearch
          optionFilterProp="label"
          loading={centres.isFetching}
          options={(centres.data ?? [])
            .filter((c) => c.enabled)
            .map((c) => ({ value: c.id, label: centrePath(centres.data ?? [], c.id) }))}
        />
      );
    default:
      return <Input {...control} maxLength={field.max} />;
  }
}

/** The steps the request would walk, for the type and amount being entered. */
function Preview({ type, amount }: { type: BusinessType; amount: number | null }) {
  const { t } = useTranslation('approvals');
  const preview = useQuery(previewQuery(type.code, amount));
  if (preview.isError) return <p className="fd-muted">{(preview.error as Error).message}</p>;
  const steps = (preview.data ?? []).filter((s) => !s.skipped);
  return (
    <div className="fd-approval-preview">
      <div className="fd-muted">{t('form.preview')}</div>
      <Steps
        size="small"
        direction="vertical"
        items={steps.map((s) => ({
          title: s.name,
          description: `${s.approvers.map((a) => a.name).join(s.mode === 'all' ? ' + ' : ' / ')}${
            s.approvers.length > 1 ? ` (${t(`mode.${s.mode}`)})` : ''
          }`,
        }))}
      />
      {preview.data && steps.length === 0 && <p className="fd-muted">{t('form.previewNone')}</p>}
    </div>
  );
}

/** Starting a request (or changing a draft, rejected or withdrawn one): its type's form, saved or submitted. */
export function RequestForm({
  request,
  onClose,
}: {
  request?: RequestDetail;
  onClose: (saved?: RequestDetail) => void;
}) {
  const { t } = useTranslation('approvals');
  const { message } = App.useApp();
  const lang = currentLanguage();
  const [form] = Form.useForm<Values>();
  const types = useQuery(typesQuery());
  const save = useSaveRequest();
  const [submitting, setSubmitting] = useState<boolean | null>(null);
  const code = Form.useWatch('businessType', form) ?? request?.businessType;
  const type = types.data?.find((x) => x.code === code);
  const amountRaw = Form.useWatch(['form', type?.amountField ?? '__none'], form) as number | null | undefined;
  const amount = typeof amountRaw === 'number' ? amountRaw : null;

  const initialForm = Object.fromEntries(
    Object.entries(request?.form ?? {}).map(([k, v]) => {
      const f = types.data?.find((x) => x.code === request?.businessType)?.fields.find((y) => y.key === k);
      return [k, f?.kind === 'date' && typeof v === 'string' ? dayjs(v) : v];
    }),
  );

  const run = async (submit: boolean) => {
    if (!type) {
      form.setFields([{ name: 'businessType', errors: [t('form.chooseType')] }]);
      return;
    }
    const v = form.getFieldsValue(true) as Values;
    const parsed = RequestInput.safeParse({
      businessType: type.code,
      summary: v.summary ?? '',
      form: formValuesOf(type, v.form),
      attachments: (v.attachments ?? []).map((f) => f.url),
    });
    const show = (errors: { path: string; message: string }[]) =>
      form.setFields(
        errors.map((e) => ({
          name: (e.path.startsWith('form.')
            ? ['form', e.path.slice(5)]
            : e.path.startsWith('attachments')
              ? ['attachments']
              : [e.path]) as never,
          errors: [e.message],
        })),
      );
    if (!parsed.success) {
      show(parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: issueMessage(i, t) })));
      return;
    }
    setSubmitting(submit);
    try {
      const saved = await save.mutateAsync({ id: request?.id, input: parsed.data, submit });
      void message.success(t(submit ? 'form.submitted' : 'form.saved'));
      onClose(saved);
    } catch (e) {
      show(serverFieldErrors(e));
    } finally {
      setSubmitting(null);
    }
  };

  return (
    <Modal
      open
      width={640}
      title={request ? t('form.editTitle') : t('form.addTitle')}
      onCancel={() => onClose()}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={() => onClose()}>{t('common:actions.cancel')}</Button>
          <Button loading={submitting === false} onClick={() => void run(false)}>
            {t('form.saveDraft')}
          </Button>
          <Button type="primary" loading={submitting === true} onClick={() => void run(true)}>
            {t('form.submit')}
          </Button>
        </Space>
      }
    >
      <Form<Values>
        form={form}
        // Its own field ids: the list's filter bar behind it has a businessType field too.
        name="approval-request"
        layout="vertical"
        initialValues={{
          businessType: request?.businessType,
          summary: request?.summary ?? '',
          form: initialForm,
          attachments: request?.files ?? [],
        }}
      >
        <Form.Item name="businessType" label={t('fields.type')} required>
          <Select
            disabled={!!request}
            placeholder={t('form.chooseType')}
            loading={types.isFetching}
            options={(types.data ?? [])
              .filter((x) => x.manual || x.code === request?.businessType)
              .map((x) => ({ value: x.code, label: x.name[lang] }))}
          />
        </Form.Item>
        <Form.Item name="summary" label={t('fields.summary')} required>
          <Input maxLength={200} placeholder={t('form.summaryHint')} />
        </Form.Item>
        {type?.fields.map((f) => (
          <Form.Item key={`${type.code}-${f.key}`} name={['form', f.key]} label={f.label[lang]} required={f.required}>
            <FieldInput field={f} />
          </Form.Item>
        ))}
        <Form.Item name="attachments" label={t('attachments.title')}>
          <AttachmentsField />
        </Form.Item>
      </Form>
      {type && <Preview type={type} amount={amount} />}
    </Modal>
  );
}
