import { useTranslation } from 'react-i18next';
import '../detail-i18n';

/** The fleet reports (charts). */
export default function ReportsTab() {
  const { t } = useTranslation('vehicle-detail');
  return <div className="fd-vehicle-reports">{t('reports.title')}</div>;
}
