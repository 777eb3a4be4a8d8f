import Alert from 'antd/es/alert';
import { useState, type ReactNode } from 'react';
import { isBlockingFailure } from '../lib/field-failure';
import { RequestError } from '../lib/request';

/**
 * A blocking failure inside a dialog or a wizard stays there, as an inline alert, until the user acts (tries again,
 * closes it, changes what it is about): a message would vanish after two seconds. The call passes `silent` (the
 * request layer then stays quiet about a refusal); `capture(error)` keeps the refusal's text and answers whether
 * it took the error (any other failure has been shown by the request layer).
 */
export function useInlineFailure() {
  const [failure, setFailure] = useState<string | null>(null);
  const capture = (error: unknown): boolean => {
    if (error instanceof RequestError && isBlockingFailure(error)) {
      setFailure(error.serverMessage || error.message);
      return true;
    }
    return false;
  };
  /** Runs a call with the alert cleared first; a refusal lands in the alert, the promise resolves to null. */
  const run = async <T,>(call: () => Promise<T>): Promise<T | null> => {
    setFailure(null);
    try {
      return await call();
    } catch (error) {
      if (capture(error)) return null;
      throw error;
    }
  };
  return { failure, capture, run, clear: () => setFailure(null), silent: isBlockingFailure };
}

/** The alert of `useInlineFailure`: nothing while there is no failure. `action` offers the way out (a link). */
export function InlineFailure({
  failure,
  onClose,
  action,
  className,
}: {
  failure: string | null;
  onClose?: () => void;
  action?: ReactNode;
  className?: string;
}) {
  if (!failure) return null;
  return (
    <Alert
      className={['fd-inline-failure', className].filter(Boolean).join(' ')}
      type="error"
      showIcon
      title={failure}
      action={action}
      closable={onClose ? { onClose } : false}
    />
  );
}
