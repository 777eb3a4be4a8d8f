import CloseOutlined from '@ant-design/icons/CloseOutlined';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAds } from '../../features/session/api/get-ads';
import { useSession } from '../../lib/session';
import { readClosedAds, writeClosedAd } from '../../lib/storage';
import { findRoute, routeAllowed } from '../route-rules';
import { ROUTES } from '../routes';

const ROTATE_MS = 8000;

/**
 * Fleetdesk's announcements while showAd is on. Closing one keeps it closed for this user (localStorage, per user
 * and announcement, `lib/storage.ts`): it does not come back on the next page load; a new announcement shows.
 */
export function AdBanner() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const showAd = useSession((s) => s.showAd);
  const user = useSession((s) => s.user);
  const signedIn = !!user;
  const { data: all = [] } = useAds(showAd && signedIn);
  // Closed in this page: the stored list is read on each render, so another account sees its own.
  const [, setClosedNow] = useState(0);
  const closedIds = user ? readClosedAds(user.tenantId, user.id) : [];
  const ads = all.filter((a) => !closedIds.includes(a.id));
  const [index, setIndex] = useState(0);

  useEffect(() => {
    if (ads.length < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % ads.length), ROTATE_MS);
    return () => clearInterval(timer);
  }, [ads.length]);

  const routes = useSession((s) => s.routes);
  const ad = ads[index % Math.max(ads.length, 1)];
  if (!showAd || !signedIn || !ad) return null;
  // A link to a screen this user does not have (or that does not exist yet) is no link.
  const external = !!ad.linkUrl && /^https?:\/\//.test(ad.linkUrl);
  const route = ad.linkUrl && !external ? findRoute(ad.linkUrl, ROUTES) : undefined;
  const linkable = external || (!!route && routeAllowed(route, routes));
  const open = () => {
    if (!ad.linkUrl || !linkable) return;
    if (external) window.open(ad.linkUrl, '_blank', 'noopener');
    else navigate(ad.linkUrl);
  };
  return (
    <aside className="fd-ad" aria-label={t('header.ad')}>
      <button
        type="button"
        className="fd-ad-body"
        style={{ backgroundImage: `url(${JSON.stringify(ad.imageUrl)})` }}
        onClick={open}
        disabled={!linkable}
      >
        <span className="fd-ad-title">{ad.title}</span>
      </button>
      {ads.length > 1 && (
        <div className="fd-ad-dots">
          {ads.map((a, i) => (
            <button
              key={a.id}
              type="button"
              aria-label={t('header.adNumber', { n: i + 1 })}
              aria-current={i === index % ads.length}
              onClick={() => setIndex(i)}
            />
          ))}
        </div>
      )}
      <button
        type="button"
        className="fd-ad-close"
        aria-label={t('header.adClose')}
        onClick={() => {
          if (!user) return;
          writeClosedAd(user.tenantId, user.id, ad.id);
          setIndex(0);
          setClosedNow((n) => n + 1);
        }}
      >
        <CloseOutlined />
      </button>
    </aside>
  );
}
