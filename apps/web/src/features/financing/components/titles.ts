import { useTranslation } from 'react-i18next';
import type { LocalText } from '@fleetdesk/contracts/common';

/** Catalogue titles of the financing contracts in the current language. */
export function useTitle(): (text: LocalText) => string {
  const { i18n } = useTranslation();
  return (text) => (i18n.language === 'en-US' ? text['en-US'] : text['zh-CN']);
}
