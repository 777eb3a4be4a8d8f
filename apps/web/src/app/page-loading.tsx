import { useTranslation } from 'react-i18next';

/** Shown while a screen group loads; appears only after a short delay so fast loads do not flash. */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="fd-loading" role="status" aria-label={t('loading')}>
      <span className="fd-spinner" />
    </div>
  );
}
