import { useState } from 'react';
import { isBlockingFailure, serverFieldErrors } from '../../../lib/field-failure';
import { RequestError } from '../../../lib/request';

/**
 * What a dialog of this area says above its fields until the user acts: a refusal (409: a driver who left, a
 * disabled fleet) and the server's field errors about something the dialog has no field for (the ids of a
 * removal). The field errors it has fields for are the form's (`useModalForm`).
 */
export function useDialogFailure(fields: readonly string[]) {
  const [failure, setFailure] = useState<string | null>(null);
  const capture = (error: unknown) => {
    if (error instanceof RequestError && isBlockingFailure(error)) {
      setFailure(error.serverMessage || error.message);
      return;
    }
    const stray = serverFieldErrors(error).filter((e) => !fields.includes(e.path.split('.')[0] ?? ''));
    if (stray.length) setFailure([...new Set(stray.map((e) => e.message))].join('; '));
  };
  return { failure, capture, clear: () => setFailure(null) };
}
