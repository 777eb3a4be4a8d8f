import { useTranslation } from 'react-i18next';
import '../detail-i18n';

/** `/rentCar/car/:id`: one car. */
export default function CarDetailPage() {
  const { t } = useTranslation('vehicle-detail');
  return <h1 className="fd-page-title">{t('detail.title')}</h1>;
}
