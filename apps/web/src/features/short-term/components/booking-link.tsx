import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { bookingPath } from '../model/tabs';

/** A link to a booking known by its id only. */
export function BookingLinkOf({ id }: { id: number }) {
  const { t } = useTranslation('shortTerm');
  return (
    <Link to={bookingPath(id)} onClick={(e) => e.stopPropagation()}>
      {t('stores.booking', { id })}
    </Link>
  );
}
