import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CodeScene } from '@fleetdesk/contracts/auth';
import { checkPhone } from '../api/check-phone';

interface Options {
  scene: CodeScene;
  /** What is wrong with the input before asking the server (null: nothing). */
  check: (input: string) => string | null;
}

/**
 * Sending an SMS code through checkPhone: checks the input and says where the code went. The server answers
 * the same whether the account exists (it tells nobody which names and phones are registered), so the notice
 * says "if". `send` resolves with the seconds before the next one (for SendCodeButton's countdown).
 */
export function useSendCode({ scene, check }: Options) {
  const { t } = useTranslation('auth');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const send = async (value: string): Promise<number> => {
    const input = value.trim();
    const wrong = check(input);
    setError(wrong);
    if (wrong) return 0;
    const result = await checkPhone({ phone: input, scene });
    const where = scene === 'register' ? 'Register' : '';
    setNotice(result.sandbox ? t(`code.sent${where}Sandbox`) : t(`code.sent${where}`));
    return result.resendIn;
  };

  return { send, error, notice, clearError: () => setError(null) };
}
