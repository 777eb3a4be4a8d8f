import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { lazyPage } from '../../../lib/lazy-page';
import { LanguageLinks } from '../../../components/language-links';
import { CodeLoginForm } from '../components/code-login-form';
import { PasswordLoginForm } from '../components/password-login-form';
import { QrLoginPanel } from '../components/qr-login-panel';
import '../components/auth.css';
import '../i18n';

// Rarely needed, and they bring zod: their own chunks.
const ForgotPasswordForm = lazyPage(() => import('../components/forgot-password-form'));
const RegisterForm = lazyPage(() => import('../components/register-form'));

const METHODS = ['password', 'code', 'qr'] as const;
type Method = (typeof METHODS)[number];

/** `/login`, and `/register/{id}` on the same screen (id: the referral code). */
export default function LoginPage() {
  const { t } = useTranslation('auth');
  const { id: referral } = useParams();
  const registering = referral !== undefined;
  const [method, setMethod] = useState<Method>('password');
  const [forgot, setForgot] = useState(false);
  const [resetDone, setResetDone] = useState(false);

  let body;
  if (registering) {
    body = <RegisterForm referral={referral} />;
  } else if (forgot) {
    body = (
      <ForgotPasswordForm
        onBack={() => setForgot(false)}
        onDone={() => {
          setForgot(false);
          setResetDone(true);
          setMethod('password');
        }}
      />
    );
  } else {
    body = (
      <>
        <div className="fd-tabs" role="tablist" aria-label={t('methods.label')}>
          {METHODS.map((m) => (
            <button
              key={m}
              type="button"
              role="tab"
              id={`login-tab-${m}`}
              aria-selected={method === m}
              aria-controls={`login-panel-${m}`}
              className="fd-tab"
              onClick={() => setMethod(m)}
            >
              {t(`methods.${m}`)}
            </button>
          ))}
        </div>
        {resetDone && (
          <p className="fd-auth-success" role="status">
            {t('forgot.done')}
          </p>
        )}
        <div role="tabpanel" id={`login-panel-${method}`} aria-labelledby={`login-tab-${method}`}>
          {method === 'password' && (
            <PasswordLoginForm
              onForgot={() => {
                setResetDone(false);
                setForgot(true);
              }}
            />
          )}
          {method === 'code' && <CodeLoginForm />}
          {method === 'qr' && <QrLoginPanel />}
        </div>
        <p className="fd-auth-switch">
          {t('register.noAccount')} <Link to="/register/fleetdesk">{t('register.link')}</Link>
        </p>
      </>
    );
  }

  return (
    <div className="fd-auth">
      <section className="fd-auth-hero" aria-hidden="true">
        <div className="fd-auth-hero-inner">
          <div className="fd-auth-logo">
            <img src="/favicon.svg" alt="" width={40} height={40} />
            <span>{t('common:appName')}</span>
          </div>
          <h1>{t('hero.title')}</h1>
          <p>{t('hero.subtitle')}</p>
          <ul>
            <li>{t('hero.point1')}</li>
            <li>{t('hero.point2')}</li>
            <li>{t('hero.point3')}</li>
          </ul>
        </div>
      </section>
      <main className="fd-auth-main">
        <div className="fd-auth-top">
          <LanguageLinks />
        </div>
        <div className={`fd-auth-card${registering ? ' fd-auth-card-wide' : ''}`}>
          <h1 className="fd-auth-title">{registering ? t('register.title') : t('title')}</h1>
          <p className="fd-muted fd-auth-lead">{registering ? t('register.lead') : t('lead')}</p>
          <Suspense fallback={<span className="fd-spinner" />}>{body}</Suspense>
        </div>
        <footer className="fd-auth-footer">
          <span>
            {t('agreementNote')} <Link to="/useragreement">{t('agreements.user')}</Link> ·{' '}
            <Link to="/privacyagreement">{t('agreements.privacy')}</Link>
          </span>
          <span>
            <Link to="/annals">{t('common:routes.annals')}</Link> · ©{' '}
            {/* The prerendered page carries its build's year; the browser's may be later (no hydration error). */}
            <span suppressHydrationWarning>{new Date().getFullYear()}</span> {t('common:appName')}
          </span>
        </footer>
      </main>
    </div>
  );
}
