import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageLinks } from '../../../components/language-links';

/** The frame of the open CRM pages (a survey, the lead form): phone-first, a title bar, no shared header. */
export function PublicFrame({ title, children }: { title?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="fd-crm-public">
      <header className="fd-crm-public-bar">
        <span className="fd-crm-public-brand">{title ?? t('appName')}</span>
        <LanguageLinks />
      </header>
      <main className="fd-crm-public-main">{children}</main>
    </div>
  );
}
