import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ForgetPasswordQuery } from '@fleetdesk/contracts/auth';
import { fieldErrors } from '../../../lib/validation';
import { useForgetPassword } from '../api/forget-password';
import { useSendCode } from '../hooks/use-send-code';
import { mobileError } from './mobile-check';
import { SendCodeButton } from './send-code-button';
import { TextField } from './text-field';

type Field = 'phone' | 'verify' | 'password' | 'confirm';

/** Forgotten password: a code to the registered phone (scene reset), then a new password. */
export default function ForgotPasswordForm({ onDone, onBack }: { onDone: () => void; onBack: () => void }) {
  const { t } = useTranslation('auth');
  const [values, setValues] = useState<Record<Field, string>>({ phone: '', verify: '', password: '', confirm: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const reset = useForgetPassword();
  const sms = useSendCode({
    scene: 'reset',
    check: (input) => mobileError(input, t),
  });
  const set = (field: Field) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = ForgetPasswordQuery.safeParse({
      phone: values.phone.trim(),
      verify: values.verify.trim(),
      password: values.password,
    });
    const next: Partial<Record<Field, string>> = parsed.success ? {} : fieldErrors(parsed.error, t);
    if (values.confirm !== values.password) next.confirm = t('forgot.mismatch');
    setErrors(next);
    sms.clearError();
    if (!parsed.success || next.confirm) return;
    try {
      await reset.mutateAsync(parsed.data);
      onDone();
    } catch {
      // Shown by the request layer.
    }
  };

  return (
    <form className="fd-auth-form" onSubmit={submit} noValidate>
      <h2 className="fd-auth-subtitle">{t('forgot.title')}</h2>
      <TextField
        label={t('forgot.phone')}
        placeholder={t('forgot.phonePlaceholder')}
        value={values.phone}
        onChange={set('phone')}
        error={errors.phone ?? sms.error ?? undefined}
        inputMode="tel"
        autoComplete="tel"
        autoFocus
      />
      <TextField
        label={t('code.code')}
        placeholder={t('code.codePlaceholder')}
        value={values.verify}
        onChange={(v) => set('verify')(v.replace(/\D/g, '').slice(0, 6))}
        error={errors.verify}
        inputMode="numeric"
        autoComplete="one-time-code"
        addon={<SendCodeButton onSend={() => sms.send(values.phone)} />}
      />
      {sms.notice && (
        <p className="fd-auth-notice" role="status">
          {sms.notice}
        </p>
      )}
      <TextField
        label={t('forgot.newPassword')}
        placeholder={t('forgot.passwordRule')}
        type="password"
        value={values.password}
        onChange={set('password')}
        error={errors.password}
        autoComplete="new-password"
      />
      <TextField
        label={t('forgot.confirm')}
        type="password"
        value={values.confirm}
        onChange={set('confirm')}
        error={errors.confirm}
        autoComplete="new-password"
      />
      <button type="submit" className="fd-button fd-button-primary fd-button-block" disabled={reset.isPending}>
        {t('forgot.submit')}
      </button>
      <button type="button" className="fd-link-button fd-auth-back" onClick={onBack}>
        {t('backToLogin')}
      </button>
    </form>
  );
}
