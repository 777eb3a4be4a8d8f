import { useTranslation } from 'react-i18next';
import { LANGUAGES, setLanguage } from '../lib/i18n';

/** The zh-CN / en-US switch of the screens that do not load antd (sign-in, agreements, annals). */
export function LanguageLinks() {
  const { t, i18n } = useTranslation();
  return (
    <div className="fd-lang-switch" role="group" aria-label={t('language.switch')}>
      {LANGUAGES.map((lang) => (
        <button
          key={lang}
          type="button"
          className="fd-link-button"
          aria-pressed={i18n.language === lang}
          onClick={() => void setLanguage(lang)}
        >
          {t(`language.${lang}`)}
        </button>
      ))}
    </div>
  );
}
