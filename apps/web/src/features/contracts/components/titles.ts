import { useTranslation } from 'react-i18next';
import type { LocalText } from '@fleetdesk/contracts/common';
import type { Language } from '../../../lib/i18n';

/** Catalogue titles of the contracts package in the current language. */
export function useTitle(): (text: LocalText) => string {
  const { i18n } = useTranslation();
  const lang = (i18n.language === 'en-US' ? 'en-US' : 'zh-CN') as Language;
  return (text) => text[lang];
}
