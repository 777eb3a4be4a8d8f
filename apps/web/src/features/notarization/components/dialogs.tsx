import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  NOTARIZATION_MAX_FILES,
  NotarizationSupplementInput,
  type NotarizationSupplementInput as SupplementInput,
} from '@fleetdesk/contracts/notarization';
import { InlineFailure, useInlineFailure } from '../../../components/inline-failure';
import { useModalForm } from '../../../components/use-modal-form';
import { FilesInput } from './file-input';
import { checked } from '../../../components/form-check/form-check';

/**
 * A reason asked before an action (cancel a signing flow, withdraw an application), checked with the action's
 * contracts schema (`{reason}`); a refusal of the server (409) stays in the dialog.
 */
export function ReasonDialog<S extends z.ZodType<{ reason: string }>>({
  title,
  label,
  hint,
  okText,
  schema,
  submit,
  onClose,
}: {
  title: ReactNode;
  label: string;
  hint?: ReactNode;
  okText: ReactNode;
  schema: S;
  submit: (input: z.output<S>) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation('notarization');
  const inline = useInlineFailure();
  const [form] = Form.useForm<{ reason?: string }>();
  const modal = useModalForm<{ reason?: string }, unknown, z.output<S>>({
    form,
    submit: async (input) => {
      inline.clear();
      try {
        return await submit(input);
      } catch (e) {
        inline.capture(e);
        throw e;
      }
    },
    onClose,
  });
  return (
    <Modal
      open
      title={title}
      okText={okText}
      okButtonProps={{ danger: true }}
      confirmLoading={modal.saving}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <InlineFailure failure={inline.failure} onClose={inline.clear} />
      {hint ? <p className="fd-muted">{hint}</p> : null}
      <Form
        form={form}
        layout="vertical"
        onFinish={(v) => {
          const input = checked(form, schema, { reason: v.reason ?? '' }, t);
          if (input) void modal.submit(input);
        }}
      >
        <Form.Item name="reason" label={label} required>
          <Input.TextArea rows={3} maxLength={200} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The supplement the notary asked for: what is added (a note) and the files. */
export function SupplementDialog({
  request,
  submit,
  onClose,
}: {
  /** What the notary asked for. */
  request: string | null;
  submit: (input: SupplementInput) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation('notarization');
  const inline = useInlineFailure();
  const [form] = Form.useForm<{ note?: string; files?: string[] }>();
  const modal = useModalForm<{ note?: string; files?: string[] }, unknown, SupplementInput>({
    form,
    submit: async (input) => {
      inline.clear();
      try {
        return await submit(input);
      } catch (e) {
        inline.capture(e);
        throw e;
      }
    },
    onClose,
  });
  return (
    <Modal
      open
      title={t('supplement.title')}
      okText={t('supplement.ok')}
      confirmLoading={modal.saving}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <InlineFailure failure={inline.failure} onClose={inline.clear} />
      {request ? (
        <p className="fd-nz-asked">
          {t('supplement.asked')}
          {request}
        </p>
      ) : null}
      <Form
        form={form}
        layout="vertical"
        initialValues={{ files: [] }}
        onFinish={(v) => {
          const input = checked(form, NotarizationSupplementInput, { note: v.note ?? '', files: v.files ?? [] }, t);
          if (input) void modal.submit(input);
        }}
      >
        <Form.Item name="note" label={t('supplement.note')} required>
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
        <Form.Item name="files" label={t('supplement.files')} required>
          <FilesInput max={NOTARIZATION_MAX_FILES} label={t('supplement.files')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
