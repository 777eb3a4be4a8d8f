import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FEEDBACK_CONTENT_MAX, FEEDBACK_PER_HOUR, FeedbackInput } from '@fleetdesk/contracts/feedback';
import { serverFieldErrors } from '../../../lib/field-failure';
import type { RequestError } from '../../../lib/request';
import { issueMessage } from '../../../lib/validation';
import { isRateLimited, useSendFeedback } from '../api/send-feedback';
import { ScreenshotsField, type Shot } from './screenshots-field';

interface Values {
  content?: string;
  images?: Shot[];
  contact?: string;
}
type Field = keyof Values;
const FIELDS: readonly Field[] = ['content', 'images', 'contact'];

/** A field's rule from the contracts' schema of that field (the server's own check); empty is checked too. */
const ruleOf = (schema: z.ZodType, t: TFunction, empty: unknown) => ({
  validator: async (_: unknown, value: unknown) => {
    const result = schema.safeParse(value === undefined || value === '' ? empty : value);
    if (!result.success) throw new Error(issueMessage(result.error.issues[0]!, t));
  },
});

/**
 * Feedback to the platform: the text (5 to 2,000 characters, counted), up to six screenshots, a contact; the screen
 * it is about goes with it. Checked with the contracts' `FeedbackInput` before sending; the server's field errors
 * show on their fields and nothing typed is lost; sent, the form is cleared. Past the hourly limit (429) it says so
 * in place and keeps what was written.
 */
export function FeedbackForm({ page }: { page: string | null }) {
  const { t } = useTranslation('feedback');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const send = useSendFeedback();
  const [limited, setLimited] = useState<string | null>(null);
  const [pageError, setPageError] = useState<string | null>(null);

  const show = (errors: { path: string; message: string }[]) => {
    const byField = new Map<Field, string>();
    for (const e of errors) {
      const field = e.path.split('.')[0] as Field;
      if (e.path.startsWith('page')) setPageError(e.message);
      else if (FIELDS.includes(field) && !byField.has(field)) byField.set(field, e.message);
    }
    form.setFields([...byField].map(([name, text]) => ({ name, errors: [text] })));
  };

  const submit = async () => {
    setLimited(null);
    setPageError(null);
    const v = form.getFieldsValue(true) as Values;
    const parsed = FeedbackInput.safeParse({
      content: v.content ?? '',
      images: (v.images ?? []).map((s) => s.url),
      contact: v.contact?.trim() || null,
      page,
    });
    if (!parsed.success) {
      show(parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: issueMessage(i, t) })));
      return;
    }
    try {
      await send.mutateAsync(parsed.data);
      void message.success(t('form.sent'));
      form.resetFields();
    } catch (e) {
      if (isRateLimited(e)) setLimited((e as RequestError).serverMessage);
      else show(serverFieldErrors(e));
    }
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      className="fd-feedback-form"
      initialValues={{ content: '', images: [], contact: '' }}
      // Called once the fields' own rules pass.
      onFinish={() => void submit()}
      // A field's error stays until it is edited, and is checked again when the field is left.
      onValuesChange={(changed: Values) =>
        form.setFields(Object.keys(changed).map((name) => ({ name: name as Field, errors: [] })))
      }
      requiredMark={false}
    >
      <Form.Item
        name="content"
        label={t('form.content')}
        rules={[ruleOf(FeedbackInput.shape.content, t, '')]}
        validateTrigger="onBlur"
      >
        <Input.TextArea
          rows={5}
          showCount
          maxLength={FEEDBACK_CONTENT_MAX}
          placeholder={t('form.contentPlaceholder')}
        />
      </Form.Item>
      <Form.Item name="images" label={t('form.images')}>
        <ScreenshotsField />
      </Form.Item>
      <Form.Item
        name="contact"
        label={t('form.contact')}
        rules={[ruleOf(FeedbackInput.shape.contact, t, null)]}
        validateTrigger="onBlur"
      >
        <Input maxLength={60} placeholder={t('form.contactPlaceholder')} autoComplete="tel" />
      </Form.Item>
      <Form.Item
        label={t('form.page')}
        tooltip={t('form.pageHint')}
        validateStatus={pageError ? 'error' : undefined}
        help={pageError ?? undefined}
      >
        <span className="fd-feedback-page" data-testid="feedback-page">
          {page ?? <span className="fd-muted">{t('form.noPage')}</span>}
        </span>
      </Form.Item>
      {limited !== null && (
        <Alert
          type="warning"
          showIcon
          className="fd-feedback-limited"
          title={t('form.limitedTitle', { count: FEEDBACK_PER_HOUR })}
          description={[limited, t('form.limitedText')].filter(Boolean).join(' ')}
        />
      )}
      <Button type="primary" htmlType="submit" loading={send.isPending}>
        {t('form.send')}
      </Button>
    </Form>
  );
}
