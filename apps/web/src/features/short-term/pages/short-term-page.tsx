import Result from 'antd/es/result';
import Tabs from 'antd/es/tabs';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useAccess } from '../../../lib/access';
import { shortTabs, type ShortTab } from '../model/tabs';
import { BoardTab } from './board-tab';
import { BookingPage } from './booking-page';
import { BookingsTab } from './bookings-tab';
import { PricesTab } from './prices-tab';
import { StoresTab } from './stores-tab';
import '../i18n';
import '../short-term.css';

function panel(key: ShortTab) {
  switch (key) {
    case 'board':
      return <BoardTab />;
    case 'bookings':
      return <BookingsTab />;
    case 'stores':
      return <StoresTab />;
    case 'prices':
      return <PricesTab />;
  }
}

const idOf = (v: string | undefined) => (v && /^\d+$/.test(v) ? Number(v) : undefined);

/**
 * `/sevenShort/{page?}/{id?}`: the board (default: a store's day and its cars' calendar), the bookings, the stores
 * and the prices as tabs, and the booking page (`booking/{id}`).
 */
export default function ShortTermPage() {
  const { t } = useTranslation('shortTerm');
  const { page, id } = useParams();
  const navigate = useNavigate();
  const access = useAccess();
  const tabs = shortTabs(access);
  if (!tabs.length) return <Result status="403" title={t('noAccess')} />;
  const bookingId = idOf(id);
  if (page === 'booking' && bookingId) return <BookingPage id={bookingId} />;
  const active: ShortTab = (tabs as readonly string[]).includes(page ?? '') ? (page as ShortTab) : 'board';
  return (
    <div className="fd-short" data-testid="short-term-page">
      <h1 className="fd-page-title">{t('title')}</h1>
      <Tabs
        activeKey={active}
        onChange={(k) => void navigate(k === 'board' ? '/sevenShort' : `/sevenShort/${k}`)}
        items={tabs.map((k) => ({ key: k, label: t(`tabs.${k}`), children: k === active ? panel(k) : null }))}
      />
    </div>
  );
}
