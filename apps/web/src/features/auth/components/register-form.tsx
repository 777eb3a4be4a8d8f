import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RegisterTenant } from '@fleetdesk/contracts/auth';
import { fieldErrors } from '../../../lib/validation';
import { useRegisterTenant } from '../api/register-tenant';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';
import { useSendCode } from '../hooks/use-send-code';
import { mobileError } from './mobile-check';
import { SendCodeButton } from './send-code-button';
import { TextField } from './text-field';

type Field = 'companyName' | 'city' | 'contactName' | 'phone' | 'verify' | 'username' | 'password' | 'confirm';
const EMPTY: Record<Field, string> = {
  companyName: '',
  city: '',
  contactName: '',
  phone: '',
  verify: '',
  username: '',
  password: '',
  confirm: '',
};

/** A new company on the trial plan: phone confirmed by SMS (scene register), then signed in at once. */
export default function RegisterForm({ referral }: { referral: string | undefined }) {
  const { t } = useTranslation('auth');
  const [values, setValues] = useState(EMPTY);
  const [agreed, setAgreed] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field | 'agree', string>>>({});
  const register = useRegisterTenant();
  const complete = useCompleteSignIn();
  const sms = useSendCode({
    scene: 'register',
    check: (input) => mobileError(input, t),
  });
  const set = (field: Field) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const { confirm, ...input } = values;
    const parsed = RegisterTenant.safeParse({
      ...input,
      phone: input.phone.trim(),
      verify: input.verify.trim(),
      ...(referral ? { referral } : {}),
    });
    const next: Partial<Record<Field | 'agree', string>> = parsed.success ? {} : fieldErrors(parsed.error, t);
    if (confirm !== values.password) next.confirm = t('forgot.mismatch');
    if (!agreed) next.agree = t('register.agreeRequired');
    setErrors(next);
    sms.clearError();
    if (!parsed.success || Object.keys(next).length) return;
    try {
      await complete(await register.mutateAsync(parsed.data));
    } catch {
      // Shown by the request layer (code wrong, username taken, ...).
    }
  };

  const field = (name: Field, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField
      label={t(`register.${name}`)}
      value={values[name]}
      onChange={set(name)}
      error={errors[name] ?? (name === 'phone' ? (sms.error ?? undefined) : undefined)}
      name={name}
      {...extra}
    />
  );

  return (
    <form className="fd-auth-form" onSubmit={submit} noValidate>
      <div className="fd-auth-grid">
        {field('companyName', { autoFocus: true, autoComplete: 'organization' })}
        {field('city', { autoComplete: 'address-level2' })}
        {field('contactName', { autoComplete: 'name' })}
        {field('phone', { inputMode: 'tel', autoComplete: 'tel' })}
      </div>
      {field('verify', {
        label: t('code.code'),
        placeholder: t('code.codePlaceholder'),
        inputMode: 'numeric',
        autoComplete: 'one-time-code',
        onChange: (v: string) => set('verify')(v.replace(/\D/g, '').slice(0, 6)),
        addon: <SendCodeButton onSend={() => sms.send(values.phone)} />,
      })}
      {sms.notice && (
        <p className="fd-auth-notice" role="status">
          {sms.notice}
        </p>
      )}
      <div className="fd-auth-grid">
        {field('username', { autoComplete: 'username', placeholder: t('register.usernameRule') })}
        {field('password', { type: 'password', autoComplete: 'new-password', placeholder: t('forgot.passwordRule') })}
      </div>
      {field('confirm', { type: 'password', autoComplete: 'new-password' })}
      <label className={`fd-check${errors.agree ? ' fd-field-error' : ''}`}>
        <input type="checkbox" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} />
        <span>
          {t('register.agreePrefix')}
          <Link to="/useragreement" target="_blank">
            {t('agreements.user')}
          </Link>
          {t('register.and')}
          <Link to="/privacyagreement" target="_blank">
            {t('agreements.privacy')}
          </Link>
        </span>
      </label>
      {errors.agree && (
        <div className="fd-field-message" role="alert">
          {errors.agree}
        </div>
      )}
      <button type="submit" className="fd-button fd-button-primary fd-button-block" disabled={register.isPending}>
        {t('register.submit')}
      </button>
      <p className="fd-auth-switch">
        {t('register.haveAccount')} <Link to="/login">{t('register.signIn')}</Link>
      </p>
    </form>
  );
}
