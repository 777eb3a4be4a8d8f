import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import enCommon from '../locales/en-US/common.json';
import zhCommon from '../locales/zh-CN/common.json';
import { LANGUAGE_KEY, readKey, writeLanguage } from './storage';

export const LANGUAGES = ['zh-CN', 'en-US'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-CN';

export type Bundles = Record<Language, Record<string, unknown>>;

function storedLanguage(): Language {
  const stored = readKey(LANGUAGE_KEY);
  return (LANGUAGES as readonly string[]).includes(stored ?? '') ? (stored as Language) : DEFAULT_LANGUAGE;
}

void i18n.use(initReactI18next).init({
  lng: storedLanguage(),
  fallbackLng: false,
  supportedLngs: [...LANGUAGES],
  ns: ['common'],
  defaultNS: 'common',
  resources: { 'zh-CN': { common: zhCommon }, 'en-US': { common: enCommon } },
  interpolation: { escapeValue: false },
  initAsync: false,
  react: { useSuspense: false },
});

/** A screen group adds its texts when its chunk loads (both languages: switching needs no round trip). */
export function registerNamespace(ns: string, bundles: Bundles): void {
  for (const lang of LANGUAGES) {
    if (!i18n.hasResourceBundle(lang, ns)) i18n.addResourceBundle(lang, ns, bundles[lang], true, true);
  }
}

export function currentLanguage(): Language {
  const lang = i18n.language;
  return (LANGUAGES as readonly string[]).includes(lang) ? (lang as Language) : DEFAULT_LANGUAGE;
}

export async function setLanguage(lang: Language): Promise<void> {
  writeLanguage(lang);
  await i18n.changeLanguage(lang);
}

i18n.on('languageChanged', (lang) => {
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
});
if (typeof document !== 'undefined') document.documentElement.lang = currentLanguage();

export { i18n };
