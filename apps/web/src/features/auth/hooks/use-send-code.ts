import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CodeScene } from '@fleetdesk/contracts/auth';
import { checkPhone } from '../api/check-phone';

interface Options {
  scene: CodeScene;
  /** What is wrong with the input before asking the server (null: nothing). */
  check: (input: string) => string | null;
  /** The message when the account is not in the state the scene needs (not registered, or taken). */
  refusal: string;
}

/**
 * Sending an SMS code through checkPhone: checks the input, tells why nothing was sent, and says where the
 * code went. `send` resolves with the seconds before the next one (for SendCodeButton's countdown).
 */
export function useSendCode({ scene, check, refusal }: Options) {
  const { t } = useTranslation('auth');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const send = async (value: string): Promise<number> => {
    const input = value.trim();
    const wrong = check(input);
    setError(wrong);
    if (wrong) return 0;
    const result = await checkPhone({ phone: input, scene });
    // register wants a new phone; login and reset a known one.
    if (scene === 'register' ? result.registered : !result.registered) {
      setError(refusal);
      return 0;
    }
    setNotice(result.sandbox ? t('code.sentSandbox') : t('code.sent'));
    return result.resendIn;
  };

  return { send, error, notice, clearError: () => setError(null) };
}
