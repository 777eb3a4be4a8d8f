import ArrowLeftOutlined from '@ant-design/icons/ArrowLeftOutlined';
import Alert from 'antd/es/alert';
import Card from 'antd/es/card';
import Descriptions from 'antd/es/descriptions';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TRIP_LIVE_STATES, type RoutePoint, type TripAmountView } from '@fleetdesk/contracts/time-share';
import { CarLink, DriverLink } from '../../../components/entity-links';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { RequestError } from '../../../lib/request';
import { tripQuery, type TripDetail } from '../api/time-share';
import { TripStateTag } from '../components/titles';
import { TripActions } from '../components/trip-dialogs';

/** How often a live trip's page asks for it again. */
export const LIVE_REFRESH_MS = 30_000;
const LIVE: readonly string[] = TRIP_LIVE_STATES;

const W = 600;
const H = 300;
const PAD = 16;

/** The route's points in the box (equirectangular, the longitude shrunk by the latitude's cosine). */
export function routePath(points: readonly { lat: number; lon: number }[]): { x: number; y: number }[] {
  if (!points.length) return [];
  const lat0 = points.reduce((s, p) => s + p.lat, 0) / points.length;
  const k = Math.cos((lat0 * Math.PI) / 180);
  const xs = points.map((p) => p.lon * k);
  const ys = points.map((p) => p.lat);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const span = Math.max(maxX - minX, maxY - minY, 1e-9);
  const scale = Math.min((W - 2 * PAD) / span, (H - 2 * PAD) / span);
  const offX = (W - (maxX - minX) * scale) / 2;
  const offY = (H - (maxY - minY) * scale) / 2;
  return xs.map((x, i) => ({ x: offX + (x - minX) * scale, y: H - (offY + (ys[i]! - minY) * scale) }));
}

/** The trip's route from its GPS positions: a sketch (no map tiles), start and end marked, and the figures. */
function RouteCard({ route }: { route: RoutePoint[] }) {
  const { t } = useTranslation('time-share');
  if (!route.length)
    return (
      <Card size="small" title={t('trip.route')}>
        <span className="fd-muted">{t('trip.noRoute')}</span>
      </Card>
    );
  const xy = routePath(route);
  const first = xy[0]!;
  const last = xy[xy.length - 1]!;
  const speeds = route.map((p) => p.speedKmh ?? 0);
  return (
    <Card size="small" title={t('trip.route')} data-testid="trip-route">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        className="fd-ts-route"
        role="img"
        aria-label={t('trip.routeAlt', { count: route.length })}
      >
        <polyline
          points={xy.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ')}
          fill="none"
          stroke="#1677ff"
          strokeWidth={3}
          strokeLinejoin="round"
        />
        <circle cx={first.x} cy={first.y} r={7} fill="#389e0d" />
        <circle cx={last.x} cy={last.y} r={7} fill="#cf1322" />
      </svg>
      <p className="fd-muted">
        {t('trip.routeFacts', {
          count: route.length,
          from: formatDateTime(route[0]!.at),
          to: formatDateTime(route[route.length - 1]!.at),
          speed: Math.round(Math.max(...speeds)),
        })}
      </p>
    </Card>
  );
}

/** The amount of a trip, line by line. */
function AmountCard({ amount, running }: { amount: TripAmountView; running: boolean }) {
  const { t } = useTranslation('time-share');
  return (
    <Card size="small" title={running ? t('trip.runningTitle') : t('trip.amountTitle')} data-testid="trip-amount">
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label={t('amount.minutes')}>
          {t('example.split', {
            minutes: amount.minutes,
            days: amount.wholeDays,
            day: amount.dayMinutes,
            night: amount.nightMinutes,
          })}
        </Descriptions.Item>
        <Descriptions.Item label={t('amount.time')}>{formatMoney(amount.time)}</Descriptions.Item>
        <Descriptions.Item label={t('amount.km')}>{formatMoney(amount.km)}</Descriptions.Item>
        <Descriptions.Item label={t('amount.subtotal')}>{formatMoney(amount.subtotal)}</Descriptions.Item>
        <Descriptions.Item label={t('amount.parking')}>{formatMoney(amount.parking)}</Descriptions.Item>
        <Descriptions.Item label={t('amount.offZone')}>{formatMoney(amount.offZone)}</Descriptions.Item>
        <Descriptions.Item label={t('amount.total')}>
          <strong>{formatMoney(amount.total)}</strong>
        </Descriptions.Item>
      </Descriptions>
      {running ? <p className="fd-muted">{t('trip.runningHint')}</p> : null}
    </Card>
  );
}

function Summary({ trip }: { trip: TripDetail }) {
  const { t } = useTranslation('time-share');
  const r = trip.rate;
  return (
    <Descriptions size="small" bordered column={{ xs: 1, sm: 2, lg: 3 }} data-testid="trip-summary">
      <Descriptions.Item label={t('columns.state')}>
        <TripStateTag state={trip.state} warned={trip.warned} locked={trip.locked} />
      </Descriptions.Item>
      <Descriptions.Item label={t('columns.car')}>
        <CarLink id={trip.carId} plate={trip.plate} />
      </Descriptions.Item>
      <Descriptions.Item label={t('columns.renter')}>
        <DriverLink id={trip.driverId} name={trip.driverName} /> {trip.driverPhone}
      </Descriptions.Item>
      <Descriptions.Item label={t('columns.reservedAt')}>{formatDateTime(trip.reservedAt)}</Descriptions.Item>
      {trip.state === 'reserved' && trip.reserveUntil ? (
        <Descriptions.Item label={t('trip.reserveUntil')}>{formatDateTime(trip.reserveUntil)}</Descriptions.Item>
      ) : null}
      <Descriptions.Item label={t('columns.startedAt')}>{formatDateTime(trip.startedAt) || '-'}</Descriptions.Item>
      <Descriptions.Item label={t('columns.endedAt')}>{formatDateTime(trip.endedAt) || '-'}</Descriptions.Item>
      <Descriptions.Item label={t('trip.startZone')}>{trip.startZoneName ?? '-'}</Descriptions.Item>
      <Descriptions.Item label={t('trip.endZone')}>
        {trip.endZoneName ?? (trip.offZone ? t('trip.offZone') : '-')}
      </Descriptions.Item>
      <Descriptions.Item label={t('columns.km')}>{trip.km === null ? '-' : `${trip.km} km`}</Descriptions.Item>
      <Descriptions.Item label={t('renters.balance')}>{formatMoney(trip.balance)}</Descriptions.Item>
      <Descriptions.Item label={t('trip.paidAt')}>{formatDateTime(trip.paidAt) || '-'}</Descriptions.Item>
      <Descriptions.Item label={t('trip.rate')}>
        {t('trip.rateValue', {
          day: formatMoney(r.dayMinutePrice),
          night: formatMoney(r.nightMinutePrice),
          km: formatMoney(r.kmPrice),
          cap: formatMoney(r.dailyCap),
        })}
      </Descriptions.Item>
      {trip.cancelReason ? <Descriptions.Item label={t('cancel.reason')}>{trip.cancelReason}</Descriptions.Item> : null}
    </Descriptions>
  );
}

/** `/sevenTime/trip/{id}`: the trip's summary, its amount line by line (running while in use) and its route. */
export function TripPage({ id }: { id: number }) {
  const { t } = useTranslation('time-share');
  const trip = useQuery({
    ...tripQuery(id),
    retry: (n, e) => !(e instanceof RequestError && e.httpStatus === 404) && n < 2,
    // A live trip's running amount, route and balance move: asked again every half minute while it is live.
    refetchInterval: (q) => (q.state.data && LIVE.includes(q.state.data.state) ? LIVE_REFRESH_MS : false),
  });
  const back = (
    <Link to="/sevenTime">
      <ArrowLeftOutlined /> {t('trip.back')}
    </Link>
  );
  if (trip.isPending) return <Skeleton active />;
  if (trip.isError)
    return (
      <Result
        status={trip.error instanceof RequestError && trip.error.httpStatus === 404 ? '404' : 'error'}
        title={
          trip.error instanceof RequestError && trip.error.httpStatus === 404
            ? t('trip.notFound')
            : t('trip.loadFailed')
        }
        extra={back}
      />
    );
  const d = trip.data;
  const amount = d.amount ?? d.running;
  return (
    <div className="fd-ts" data-testid="trip-page">
      {back}
      <div className="fd-ts-head">
        <h1 className="fd-page-title">{t('trip.title', { code: d.code })}</h1>
        <TripActions trip={d} />
      </div>
      {d.locked ? (
        <Alert type="error" showIcon title={t('trip.lockedAt', { at: formatDateTime(d.lockedAt) })} />
      ) : d.warned ? (
        <Alert type="warning" showIcon title={t('trip.warnedAt', { at: formatDateTime(d.warnedAt) })} />
      ) : null}
      <Summary trip={d} />
      <div className="fd-ts-cards">
        {amount ? <AmountCard amount={amount} running={!d.amount} /> : null}
        <RouteCard route={d.route} />
      </div>
    </div>
  );
}
