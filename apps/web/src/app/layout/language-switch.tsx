import GlobalOutlined from '@ant-design/icons/GlobalOutlined';
import Dropdown from 'antd/es/dropdown';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, setLanguage, type Language } from '../../lib/i18n';

/** zh-CN / en-US. Server texts (menus, messages, ads) are in the request's language: refetch them. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [i18n.language],
        items: LANGUAGES.map((lang) => ({ key: lang, label: t(`language.${lang}`) })),
        onClick: ({ key }) => {
          void setLanguage(key as Language).then(() => client.invalidateQueries());
        },
      }}
    >
      <button type="button" className="fd-icon-button fd-lang" aria-label={t('language.switch')}>
        <GlobalOutlined className="fd-header-icon" />
        <span>{t(`language.short.${i18n.language}`)}</span>
      </button>
    </Dropdown>
  );
}
