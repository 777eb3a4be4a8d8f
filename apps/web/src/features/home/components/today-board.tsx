import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { OperationFigures } from '@fleetdesk/contracts/dashboard';
import type { CarStatus } from '@fleetdesk/contracts/vehicles';
import { formatMoney } from '../../../lib/format';

/** A day `n` days from `day` (YYYY-MM-DD, calendar arithmetic in UTC: no time zone can shift it). */
export function plusDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** The statuses of the cars in service (not sold or scrapped), the ones the fleet's total counts. */
const inService = (byStatus: Record<CarStatus, number>) =>
  (Object.keys(byStatus) as CarStatus[]).filter((s) => s !== 'sold' && s !== 'scrapped');
const SHOWN = ['idle', 'rented', 'maintenance'];

export interface Tile {
  key: string;
  value: string | number;
  /** The filtered list the figure counts. */
  to: string;
  /** A second line: an amount, a share. */
  note?: string;
  /** Drawn in the warning colour when the figure is not zero. */
  warn?: boolean;
  count?: number;
}

const q = (path: string, params: Record<string, string>) => `${path}?${new URLSearchParams(params).toString()}`;

/** Each area's tiles, each linking to the list whose total it is (the same filters the server counts with). */
export function tilesOf(f: OperationFigures, pct: (v: number) => string): { area: string; tiles: Tile[] }[] {
  const out: { area: string; tiles: Tile[] }[] = [];
  const statuses = f.fleet ? inService(f.fleet.byStatus) : [];
  const others = statuses.filter((s) => !SHOWN.includes(s));
  const cars = (params: Record<string, string>) => q('/rentCar', { status: statuses.join(','), ...params });
  const today = f.today;
  const yesterday = plusDays(today, -1);
  const soon = f.fleet?.soonUntil ?? today;
  if (f.fleet) {
    const s = f.fleet.byStatus;
    out.push({
      area: 'fleet',
      tiles: [
        { key: 'fleet', value: f.fleet.total, to: cars({}) },
        {
          key: 'rented',
          value: s.rented,
          to: q('/rentCar', { status: 'rented' }),
          note: pct(f.fleet.utilisation),
        },
        { key: 'idle', value: s.idle, to: q('/rentCar', { status: 'idle' }) },
        { key: 'maintenance', value: s.maintenance, to: q('/rentCar', { status: 'maintenance' }) },
        {
          key: 'otherStatus',
          value: others.reduce((n, k) => n + s[k], 0),
          to: q('/rentCar', { status: others.join(',') }),
        },
        {
          key: 'violations',
          value: f.fleet.violationsUnhandled,
          to: q('/rentCar/violations', { handled: 'unhandled' }),
          warn: true,
        },
      ],
    });
  }
  const papers: Tile[] = f.fleet
    ? [
        {
          key: 'inspectionOverdue',
          value: f.fleet.inspectionOverdue,
          to: cars({ inspectionDueTo: yesterday }),
          warn: true,
        },
        {
          key: 'inspectionSoon',
          value: f.fleet.inspectionDueSoon,
          to: cars({ inspectionDueFrom: today, inspectionDueTo: soon }),
        },
        {
          key: 'insuranceExpired',
          value: f.fleet.insuranceExpired,
          to: cars({ insuranceExpiryTo: yesterday }),
          warn: true,
        },
        {
          key: 'insuranceSoon',
          value: f.fleet.insuranceDueSoon,
          to: cars({ insuranceExpiryFrom: today, insuranceExpiryTo: soon }),
        },
        {
          key: 'licencesExpired',
          value: f.fleet.licencesExpired,
          to: q('/rentCar/licences', { due: 'expired' }),
          warn: true,
        },
        { key: 'licencesSoon', value: f.fleet.licencesExpiring, to: q('/rentCar/licences', { due: 'soon' }) },
      ]
    : [];
  if (f.drivers) {
    papers.push(
      {
        key: 'driverPapersExpired',
        value: f.drivers.documentsExpired,
        to: q('/rentDriver', { documentDue: 'expired' }),
        warn: true,
      },
      { key: 'driverPapersSoon', value: f.drivers.documentsSoon, to: q('/rentDriver', { documentDue: 'soon' }) },
    );
  }
  if (papers.length) out.push({ area: 'papers', tiles: papers });
  if (f.contracts) {
    const c = f.contracts;
    const duty = (d: string) => q('/rentContract', { duty: d });
    out.push({
      area: 'contracts',
      tiles: [
        { key: 'toSign', value: c.toSign, to: duty('sign') },
        { key: 'toDispatch', value: c.toDispatch, to: duty('dispatch') },
        { key: 'toReturn', value: c.toReturn, to: duty('return') },
        { key: 'toSettle', value: c.toSettle, to: duty('settle') },
        {
          key: 'dueToday',
          value: formatMoney(c.dueToday.amount),
          count: c.dueToday.contracts,
          to: duty('collect'),
        },
        {
          key: 'overdue',
          value: formatMoney(c.overdue.amount),
          count: c.overdue.contracts,
          to: q('/rentContract', { overdue: 'true' }),
          warn: c.overdue.contracts > 0,
        },
      ],
    });
  }
  if (f.risk || f.services) {
    const tiles: Tile[] = [];
    if (f.risk) {
      tiles.push(
        {
          key: 'riskCases',
          value: f.risk.openCases,
          to: q('/riskGpsMap/risk', { open: 'true' }),
          note: formatMoney(f.risk.overdueAmount),
          warn: true,
        },
        {
          key: 'alarms',
          value: f.risk.unhandledAlarms,
          to: q('/riskGpsMap/alarms', { status: 'unhandled' }),
          warn: true,
        },
      );
    }
    if (f.services) {
      tiles.push(
        {
          key: 'servicesOverdue',
          value: f.services.overdue,
          to: q('/maintenance/due', { state: 'overdue' }),
          warn: true,
        },
        { key: 'servicesDue', value: f.services.due, to: q('/maintenance/due', { state: 'all-due' }) },
      );
    }
    out.push({ area: 'watch', tiles });
  }
  return out;
}

/** Today: one card per area the user reads, each figure a link to the list it counts. */
export function TodayBoard({ figures }: { figures: OperationFigures }) {
  const { t } = useTranslation('home');
  const pct = (v: number) => t('today.utilisation', { value: (v * 100).toFixed(1) });
  const areas = tilesOf(figures, pct);
  if (!areas.length) return null;
  return (
    <section className="fd-today" aria-label={t('today.title')} data-testid="home-today">
      {areas.map(({ area, tiles }) => (
        <div key={area} className="fd-card fd-today-area" data-area={area}>
          <h2>{t(`today.areas.${area}`)}</h2>
          <div className="fd-today-tiles">
            {tiles.map((tile) => {
              const zero = tile.count === undefined ? tile.value === 0 : tile.count === 0;
              return (
                <Link
                  key={tile.key}
                  to={tile.to}
                  className={`fd-tile${tile.warn && !zero ? ' fd-tile-warn' : ''}`}
                  data-tile={tile.key}
                >
                  <span className="fd-tile-label">{t(`today.tiles.${tile.key}`)}</span>
                  <strong className="fd-tile-value">{tile.value}</strong>
                  {tile.count !== undefined && (
                    <span className="fd-tile-note">{t('today.contracts', { count: tile.count })}</span>
                  )}
                  {tile.note && <span className="fd-tile-note">{tile.note}</span>}
                  {tile.key === 'dueToday' && figures.contracts && (
                    <span className="fd-tile-note">
                      {t('today.collected', { amount: formatMoney(figures.contracts.collectedToday) })}
                    </span>
                  )}
                </Link>
              );
            })}
          </div>
        </div>
      ))}
    </section>
  );
}
