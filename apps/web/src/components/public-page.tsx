import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageLinks } from './language-links';
import './public-page.css';

/** Frame of the open reading pages (agreements, annals): the brand, the language switch, the text. */
export function PublicPage({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="fd-public">
      <header className="fd-public-bar">
        <Link to="/" className="fd-public-brand">
          <img src="/favicon.svg" alt="" width={24} height={24} />
          <span>{t('appName')}</span>
        </Link>
        <LanguageLinks />
      </header>
      <main className="fd-public-main">{children}</main>
      <footer className="fd-public-footer">
        © {new Date().getFullYear()} {t('appName')}
      </footer>
    </div>
  );
}
