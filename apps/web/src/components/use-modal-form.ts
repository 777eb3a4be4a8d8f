import Form, { type FormInstance } from 'antd/es/form';
import { useState } from 'react';
import { serverFieldErrors } from '../lib/field-failure';

type NamePath = string | number | (string | number)[];

/** A server path (`plate`, `images.0.url`) as the form's field name (`['images', 0, 'url']`). */
export const pathToName = (path: string): NamePath => path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));

/**
 * The modal form's round trip: `submit(values)` runs the call; on success it hands the answer to `onSuccess`,
 * resets the form and closes (`onClose`); on a 400 that names fields (the call passes `isFieldFailure` as its
 * `silent` test, `lib/field-failure.ts`) it shows the server's messages on those fields and stays open. Any other
 * failure has been shown by the request layer. `field` maps a server path to a field of this form (null: none).
 * `Input` is what `submit` takes when the form checks and converts its values first (default: the values).
 */
export function useModalForm<Values, Result = unknown, Input = Values>(options: {
  form?: FormInstance<Values>;
  submit: (input: Input) => Promise<Result>;
  onSuccess?: (result: Result, input: Input) => void | Promise<void>;
  onClose?: () => void;
  field?: (path: string) => NamePath | null;
}) {
  const [own] = Form.useForm<Values>(options.form);
  const form = options.form ?? own;
  const [saving, setSaving] = useState(false);

  const showFieldErrors = (error: unknown): boolean => {
    const byField = new Map<string, { name: NamePath; errors: string[] }>();
    for (const e of serverFieldErrors(error)) {
      const name = (options.field ?? pathToName)(e.path);
      if (name === null) continue;
      const key = JSON.stringify(name);
      const entry = byField.get(key) ?? { name, errors: [] };
      if (!entry.errors.includes(e.message)) entry.errors.push(e.message);
      byField.set(key, entry);
    }
    form.setFields([...byField.values()] as Parameters<typeof form.setFields>[0]);
    return byField.size > 0;
  };

  const close = () => {
    form.resetFields();
    options.onClose?.();
  };

  const submit = async (input: Input): Promise<boolean> => {
    setSaving(true);
    try {
      const result = await options.submit(input);
      await options.onSuccess?.(result, input);
      close();
      return true;
    } catch (error) {
      // A field failure is shown on its fields; any other has been shown by the request layer.
      showFieldErrors(error);
      return false;
    } finally {
      setSaving(false);
    }
  };

  return { form, submit, saving, close, showFieldErrors };
}
