import { useTranslation } from 'react-i18next';

/** A send's source in words: our own (typed, uploaded, staff) and, for a source another area adds, its key. */
export function useSourceName() {
  const { t } = useTranslation('sms-notices');
  return (source: string) => t(`sourceNames.${source}`, { defaultValue: source });
}
