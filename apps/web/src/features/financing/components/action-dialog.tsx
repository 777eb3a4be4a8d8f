import Form from 'antd/es/form';
import Modal from 'antd/es/modal';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useModalForm } from '../../../components/use-modal-form';
import { financingKey } from '../api/keys';

/**
 * A financing decision or request in a modal form: runs `submit` with the form's values, refreshes every financing
 * query, closes; the server's field errors stay on the fields (the call passes `isFieldFailure` as `silent`).
 */
export function ActionDialog<V extends object>({
  title,
  okText,
  danger,
  initialValues,
  submit,
  onDone,
  onClose,
  children,
}: {
  title: ReactNode;
  okText?: ReactNode;
  danger?: boolean;
  initialValues?: Partial<V>;
  submit: (values: V) => Promise<unknown>;
  /** The call's answer, before the dialog closes. */
  onDone?: (result: unknown) => void;
  onClose: () => void;
  children?: ReactNode | ((values: Partial<V>) => ReactNode);
}) {
  const client = useQueryClient();
  const modal = useModalForm<V, unknown>({
    submit,
    onSuccess: async (result) => {
      onDone?.(result);
      await client.invalidateQueries({ queryKey: financingKey });
    },
    onClose,
  });
  const values = (Form.useWatch([], modal.form) ?? initialValues ?? {}) as Partial<V>;
  return (
    <Modal
      open
      title={title}
      okText={okText}
      okButtonProps={{ danger, loading: modal.saving }}
      onCancel={modal.close}
      onOk={() =>
        void modal.form
          .validateFields()
          .then((v) => modal.submit({ ...(initialValues ?? {}), ...v } as V))
          .catch(() => undefined)
      }
      destroyOnHidden
    >
      <Form<V> form={modal.form} layout="vertical" initialValues={initialValues as never} preserve={false}>
        {typeof children === 'function' ? children(values) : children}
      </Form>
    </Modal>
  );
}
