import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SMS_RESEND_SECONDS } from '@fleetdesk/contracts/auth';

interface Props {
  /** Sends the code; resolves with the seconds before another may be sent (0: nothing was sent). */
  onSend: () => Promise<number>;
}

/** "Get code", then a 60-second countdown before the next one. */
export function SendCodeButton({ onSend }: Props) {
  const { t } = useTranslation('auth');
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  const send = async () => {
    setSending(true);
    try {
      const wait = await onSend();
      if (wait > 0) setLeft(Math.min(wait, SMS_RESEND_SECONDS));
    } catch {
      // The request layer has said what went wrong.
    } finally {
      setSending(false);
    }
  };

  return (
    <button type="button" className="fd-button fd-code-button" onClick={send} disabled={sending || left > 0}>
      {left > 0 ? t('code.resendIn', { count: left }) : t('code.send')}
    </button>
  );
}
