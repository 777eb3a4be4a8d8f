import Button from 'antd/es/button';
import type { FormInstance } from 'antd/es/form';
import Tag from 'antd/es/tag';
import Upload from 'antd/es/upload';
import type { UploadFile } from 'antd/es/upload/interface';
import UploadOutlined from '@ant-design/icons/UploadOutlined';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { LocalText } from '@fleetdesk/contracts/common';
import type { DueState, FileRef } from '@fleetdesk/contracts/compliance';
import type { UploadType } from '@fleetdesk/contracts/files';
import { serverFieldErrors } from '../../../lib/field-failure';
import { currentLanguage } from '../../../lib/i18n';
import { uploadFile } from '../../../lib/upload';
import { fieldErrors } from '../../../lib/validation';

/** A title of the contracts (`{zh-CN, en-US}`) in the language on screen. */
export function titleOf(text: LocalText): string {
  return text[currentLanguage()];
}

const DUE_COLOURS: Record<DueState, string> = { valid: 'green', soon: 'orange', expired: 'red' };

/** A paper's due state as a coloured tag with its date. */
export function DueTag({ due, date }: { due: DueState | null; date: string | null }) {
  const { t } = useTranslation('compliance');
  if (!due || !date) return <span className="fd-muted">{t('due.none')}</span>;
  return (
    <span>
      {date} <Tag color={DUE_COLOURS[due]}>{t(`due.${due}`)}</Tag>
    </span>
  );
}

/** A form's list of uploaded images: `{url, signedUrl}` each, the stable `url` is what is saved. */
export function ImagesField({
  value = [],
  onChange,
  max,
  type = 'car',
}: {
  value?: FileRef[];
  onChange?: (v: FileRef[]) => void;
  max: number;
  type?: UploadType;
}) {
  const { t } = useTranslation('compliance');
  const files: UploadFile[] = value.map((f, i) => ({
    uid: `${i}:${f.url}`,
    name: f.url.split('/').pop() ?? f.url,
    status: 'done',
    url: f.signedUrl,
    thumbUrl: f.signedUrl,
  }));
  return (
    <Upload
      listType="picture-card"
      accept="image/jpeg,image/png,image/webp"
      fileList={files}
      onRemove={(file) => {
        onChange?.(value.filter((_, i) => `${i}:${value[i]!.url}` !== file.uid));
        return false;
      }}
      customRequest={({ file, onSuccess, onError }) => {
        uploadFile({ type, file: file as File })
          .then((res) => {
            onChange?.([...value, { url: res.url, signedUrl: res.signedUrl }]);
            onSuccess?.(res);
          })
          .catch((err: Error) => onError?.(err));
      }}
      showUploadList={{ showPreviewIcon: false }}
    >
      {value.length < max ? (
        <Button type="text" icon={<UploadOutlined />} title={t('fields.imagesHint', { max })}>
          {t('fields.upload')}
        </Button>
      ) : null}
    </Upload>
  );
}

/**
 * Checks an input with its contracts schema and shows each problem under its field (cross-field rules too);
 * answers the parsed input, or null when the form shows errors.
 */
export function checked<S extends z.ZodType>(
  form: FormInstance,
  schema: S,
  input: unknown,
  t: TFunction,
): z.output<S> | null {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors = fieldErrors(result.error, t);
  // A choice left empty (an enum, a number) is "required", not "the format is not valid".
  const values = (input ?? {}) as Record<string, unknown>;
  for (const issue of result.error.issues) {
    const name = String(issue.path[0] ?? '');
    const missing = values[name] === undefined || values[name] === null;
    if (issue.path.length === 1 && missing && issue.code !== 'custom') errors[name] = t('common:validation.required');
  }
  form.setFields(Object.entries(errors).map(([name, message]) => ({ name, errors: [message] })));
  return null;
}

/** The server's field errors (400) under the form's fields; answers whether there were any. */
export function showServerErrors(form: FormInstance, error: unknown): boolean {
  const errors = serverFieldErrors(error);
  if (!errors.length) return false;
  form.setFields(errors.map((e) => ({ name: e.path.split('.')[0]!, errors: [e.message] })));
  return true;
}

/** Days from a YYYY-MM-DD string to a dayjs-free `Date` at noon UTC (for DatePicker values see the forms). */
export const dateOnly = (d: { format(f: string): string } | null | undefined) => (d ? d.format('YYYY-MM-DD') : null);
