import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Input from 'antd/es/input';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MobilePhone } from '@fleetdesk/contracts/common';
import { PortalSignInInput } from '@fleetdesk/contracts/driver-portal';
import { serverFieldErrors } from '../../../lib/field-failure';
import { RequestError } from '../../../lib/request';
import { issueMessage } from '../../../lib/validation';
import { requestCode, signIn, useStartSession } from '../api/auth';
import { Field } from '../components/states';
import { LanguageSwitch } from '../components/language-switch';
import { AGREEMENT_PATHS, PORTAL_PATHS } from '../model/paths';

/** Seconds before another code may be asked for. */
export const CODE_WAIT_SECONDS = 60;

type Errors = { phone?: string; code?: string; agree?: string; form?: string };

/** The wait a 429 names ("... 42 seconds"), else the full minute. */
function waitOf(error: RequestError): number {
  const n = /(\d+)/.exec(error.serverMessage)?.[1];
  return n ? Math.max(1, Math.min(Number(n), 3600)) : CODE_WAIT_SECONDS;
}

/**
 * The portal's sign-in (open): phone, an SMS code (a minute between two), the two super driver agreements accepted,
 * then the driver token is kept and the portal opens. Errors are said under their fields, the server's too.
 */
export default function PortalLoginPage() {
  const { t } = useTranslation('driverPortal');
  const navigate = useNavigate();
  const start = useStartSession();
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [agree, setAgree] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  const phoneError = (value: string) => {
    if (!value) return t('login.phoneRequired');
    const parsed = MobilePhone.safeParse(value);
    return parsed.success ? undefined : issueMessage(parsed.error.issues[0]!, t);
  };

  const sendCode = async () => {
    const wrong = phoneError(phone.trim());
    setErrors((e) => ({ ...e, phone: wrong, form: undefined }));
    if (wrong) return;
    setSending(true);
    try {
      const answer = await requestCode(phone.trim());
      setNotice(answer.sandbox ? t('login.sentSandbox') : t('login.sent'));
      setLeft(CODE_WAIT_SECONDS);
    } catch (e) {
      if (!(e instanceof RequestError)) return;
      if (e.httpStatus === 429) {
        const wait = waitOf(e);
        setLeft(wait);
        setErrors((x) => ({ ...x, phone: t('login.tooMany', { count: wait }) }));
      } else {
        const field = serverFieldErrors(e).find((f) => f.path === 'phone');
        setErrors((x) => ({ ...x, phone: field?.message ?? (e.serverMessage || t('states.failed')) }));
      }
    } finally {
      setSending(false);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next: Errors = {};
    next.phone = phoneError(phone.trim());
    const parsed = PortalSignInInput.safeParse({ phone: phone.trim(), code: code.trim() });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] === 'code' ? 'code' : 'phone';
        next[key] ??= issueMessage(issue, t);
      }
    }
    if (!agree) next.agree = t('login.agreeRequired');
    setErrors(next);
    if (next.phone || next.code || next.agree || !parsed.success) return;
    setSubmitting(true);
    try {
      start(await signIn(parsed.data));
      void navigate(PORTAL_PATHS.home, { replace: true });
    } catch (err) {
      if (!(err instanceof RequestError)) return;
      const fields = serverFieldErrors(err);
      if (fields.length) {
        setErrors({
          phone: fields.find((f) => f.path === 'phone')?.message,
          code: fields.find((f) => f.path === 'code')?.message,
          form: fields.find((f) => f.path !== 'phone' && f.path !== 'code')?.message,
        });
      } else if (err.httpStatus !== undefined && err.httpStatus < 500) {
        setErrors({ form: err.serverMessage || t('states.failed') });
      }
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className="fd-dp">
      <div className="fd-dp-column">
        <header className="fd-dp-header">
          <h1 className="fd-dp-title">{t('brand')}</h1>
          <div className="fd-dp-header-extra">
            <LanguageSwitch />
          </div>
        </header>
        <main className="fd-dp-main">
          <form className="fd-dp-card fd-dp-login" onSubmit={submit} noValidate aria-label={t('login.title')}>
            <h2 className="fd-dp-login-title">{t('login.title')}</h2>
            <p className="fd-muted">{t('login.subtitle')}</p>
            <Field label={t('login.phone')} error={errors.phone} htmlFor="fd-dp-phone">
              <Input
                id="fd-dp-phone"
                size="large"
                inputMode="numeric"
                autoComplete="tel"
                maxLength={11}
                placeholder={t('login.phonePlaceholder')}
                value={phone}
                status={errors.phone ? 'error' : undefined}
                onChange={(e) => setPhone(e.target.value.replace(/\D/g, '').slice(0, 11))}
              />
            </Field>
            <Field label={t('login.code')} error={errors.code} htmlFor="fd-dp-code">
              <div className="fd-dp-code-row">
                <Input
                  id="fd-dp-code"
                  size="large"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  placeholder={t('login.codePlaceholder')}
                  value={code}
                  status={errors.code ? 'error' : undefined}
                  onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
                />
                <Button size="large" onClick={() => void sendCode()} loading={sending} disabled={left > 0}>
                  {left > 0 ? t('login.resendIn', { count: left }) : t('login.sendCode')}
                </Button>
              </div>
            </Field>
            {notice ? (
              <p className="fd-dp-notice" role="status">
                {notice}
              </p>
            ) : null}
            <Field label={null} error={errors.agree}>
              <Checkbox checked={agree} onChange={(e) => setAgree(e.target.checked)} aria-invalid={!!errors.agree}>
                {t('login.agree')}
                <a href={AGREEMENT_PATHS.personal} target="_blank" rel="noopener noreferrer">
                  {t('login.personal')}
                </a>
                {t('login.and')}
                <a href={AGREEMENT_PATHS.members} target="_blank" rel="noopener noreferrer">
                  {t('login.members')}
                </a>
              </Checkbox>
            </Field>
            {errors.form ? <Alert type="error" showIcon title={errors.form} /> : null}
            <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
              {t('login.submit')}
            </Button>
          </form>
        </main>
      </div>
    </div>
  );
}
