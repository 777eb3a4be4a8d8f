import { useTranslation } from 'react-i18next';
import type { LocalText } from '@fleetdesk/contracts/common';

/** A catalogue title in the language on screen. */
export function useTitle() {
  const { i18n } = useTranslation();
  return (text: LocalText) => (i18n.language === 'en-US' ? text['en-US'] : text['zh-CN']);
}
