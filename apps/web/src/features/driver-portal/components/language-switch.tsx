import Segmented from 'antd/es/segmented';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, setLanguage, type Language } from '../../../lib/i18n';

/** Chinese / English, the app's own language setting (the back office and the portal share it). */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <Segmented<Language>
      size="small"
      aria-label={t('language.switch')}
      value={i18n.language as Language}
      options={LANGUAGES.map((lang) => ({ value: lang, label: t(`language.${lang}`) }))}
      onChange={(lang) => void setLanguage(lang)}
    />
  );
}
