import GlobalOutlined from '@ant-design/icons/GlobalOutlined';
import Dropdown from 'antd/es/dropdown';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, setLanguage, type Language } from '../../lib/i18n';

/** Choosing a language. Server texts (menus, messages, ads) are in the request's language: refetch them. */
export function useLanguageChoice() {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  return {
    current: i18n.language,
    items: LANGUAGES.map((lang) => ({ key: lang, label: t(`language.${lang}`) })),
    choose: (lang: string) => {
      void setLanguage(lang as Language).then(() => client.invalidateQueries());
    },
  };
}

/** zh-CN / en-US (desktop width; below 768 px it is in the account menu). */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const { current, items, choose } = useLanguageChoice();
  return (
    <Dropdown
      trigger={['click']}
      menu={{ selectable: true, selectedKeys: [current], items, onClick: ({ key }) => choose(key) }}
    >
      <button type="button" className="fd-icon-button fd-lang" aria-label={t('language.switch')}>
        <GlobalOutlined className="fd-header-icon" />
        <span>{t(`language.short.${current}`)}</span>
      </button>
    </Dropdown>
  );
}
