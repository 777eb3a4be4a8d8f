import RightOutlined from '@ant-design/icons/RightOutlined';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Select from 'antd/es/select';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { switchCompany, useSignOut, useStartSession } from '../api/auth';
import { meQuery } from '../api/portal';
import { LanguageSwitch } from '../components/language-switch';
import { PortalFrame } from '../components/portal-frame';
import { Loadable } from '../components/states';
import { AGREEMENT_PATHS, PORTAL_PATHS } from '../model/paths';

const LINKS = [
  { key: 'contracts', to: PORTAL_PATHS.contracts },
  { key: 'documents', to: PORTAL_PATHS.documents },
  { key: 'surveys', to: PORTAL_PATHS.surveys },
  { key: 'membership', to: PORTAL_PATHS.membership },
] as const;

/** The driver: name, masked phone, company (and the switch between his companies), links, language, sign-out. */
export default function PortalMePage() {
  const { t } = useTranslation('driverPortal');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const me = useQuery(meQuery());
  const start = useStartSession();
  const signOut = useSignOut();
  const [switching, setSwitching] = useState(false);
  const [leaving, setLeaving] = useState(false);

  const change = async (tenantId: number) => {
    setSwitching(true);
    try {
      const session = await switchCompany(tenantId);
      start(session);
      void message.success(t('me.switched', { name: session.me.tenantName }));
    } catch {
      // The request layer has said why.
    } finally {
      setSwitching(false);
    }
  };

  const leave = async () => {
    setLeaving(true);
    await signOut();
    void navigate(PORTAL_PATHS.login, { replace: true });
  };

  return (
    <PortalFrame title={t('me.title')}>
      <Loadable query={me} rows={3}>
        {(m) => (
          <section className="fd-dp-card fd-dp-me" data-testid="dp-me">
            <div className="fd-dp-hello-name">{m.name}</div>
            <dl className="fd-dp-facts fd-dp-facts-grid">
              <dt>{t('me.phone')}</dt>
              <dd>{m.phone}</dd>
              <dt>{t('me.company')}</dt>
              <dd>
                {m.tenantName}
                {m.rentName && m.rentName !== m.tenantName ? (
                  <div className="fd-muted fd-dp-small">{m.rentName}</div>
                ) : null}
              </dd>
            </dl>
            {m.companies.length > 1 ? (
              <div className="fd-dp-field">
                <label className="fd-dp-label" htmlFor="fd-dp-company">
                  {t('me.switchCompany')}
                </label>
                <Select<number>
                  id="fd-dp-company"
                  className="fd-dp-block"
                  value={m.companies.find((c) => c.current)?.tenantId}
                  loading={switching}
                  disabled={switching}
                  options={m.companies.map((c) => ({ value: c.tenantId, label: c.name }))}
                  onChange={(id) => void change(id)}
                />
              </div>
            ) : null}
          </section>
        )}
      </Loadable>
      <nav className="fd-dp-card fd-dp-links" aria-label={t('me.title')}>
        {LINKS.map((l) => (
          <Link key={l.key} to={l.to} className="fd-dp-row-link">
            <span>{t(`me.links.${l.key}`)}</span>
            <RightOutlined aria-hidden />
          </Link>
        ))}
        <a href={AGREEMENT_PATHS.personal} target="_blank" rel="noopener noreferrer" className="fd-dp-row-link">
          <span>{t('me.personal')}</span>
          <RightOutlined aria-hidden />
        </a>
        <a href={AGREEMENT_PATHS.members} target="_blank" rel="noopener noreferrer" className="fd-dp-row-link">
          <span>{t('me.members')}</span>
          <RightOutlined aria-hidden />
        </a>
      </nav>
      <section className="fd-dp-card fd-dp-row-link">
        <span>{t('me.language')}</span>
        <LanguageSwitch />
      </section>
      <Button danger block size="large" loading={leaving} onClick={() => void leave()}>
        {t('me.signOut')}
      </Button>
    </PortalFrame>
  );
}
