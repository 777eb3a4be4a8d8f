import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SMS_CODE_LENGTH } from '@fleetdesk/contracts/auth';
import { useSignIn } from '../api/sign-in';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';
import { useSendCode } from '../hooks/use-send-code';
import { SendCodeButton } from './send-code-button';
import { TextField } from './text-field';

/** Username or phone, and an SMS code sent through checkPhone (scene login). */
export function CodeLoginForm() {
  const { t } = useTranslation('auth');
  const [account, setAccount] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ account?: string; code?: string }>({});
  const signIn = useSignIn();
  const complete = useCompleteSignIn();
  const sms = useSendCode({
    scene: 'login',
    check: (input) => (input ? null : t('code.accountRequired')),
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next = {
      ...(account.trim() ? {} : { account: t('code.accountRequired') }),
      ...(new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`).test(code.trim()) ? {} : { code: t('code.codeInvalid') }),
    };
    setErrors(next);
    sms.clearError();
    if (next.account || next.code) return;
    try {
      await complete(await signIn.mutateAsync({ username: account, password: '', verify: code }));
    } catch {
      // Shown by the request layer (wrong code, too many attempts, ...).
    }
  };

  return (
    <form className="fd-auth-form" onSubmit={submit} noValidate>
      <TextField
        label={t('code.account')}
        placeholder={t('code.accountPlaceholder')}
        value={account}
        onChange={setAccount}
        error={errors.account ?? sms.error ?? undefined}
        autoComplete="username"
        name="account"
        autoFocus
      />
      <TextField
        label={t('code.code')}
        placeholder={t('code.codePlaceholder')}
        value={code}
        onChange={(v) => setCode(v.replace(/\D/g, '').slice(0, SMS_CODE_LENGTH))}
        error={errors.code}
        inputMode="numeric"
        autoComplete="one-time-code"
        name="code"
        addon={<SendCodeButton onSend={() => sms.send(account)} />}
      />
      {sms.notice && (
        <p className="fd-auth-notice" role="status">
          {sms.notice}
        </p>
      )}
      <button type="submit" className="fd-button fd-button-primary fd-button-block" disabled={signIn.isPending}>
        {signIn.isPending ? t('submitting') : t('submit')}
      </button>
    </form>
  );
}
