import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import '../detail-i18n';

/** `/rentCar/car/new` and `/rentCar/car/:id/edit`: the car form. */
export default function CarFormPage() {
  const { t } = useTranslation('vehicle-detail');
  const { id } = useParams();
  return <h1 className="fd-page-title">{t(id ? 'form.editTitle' : 'form.createTitle')}</h1>;
}
