import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Paged } from '@fleetdesk/contracts/common';
import type { FlowDay } from '@fleetdesk/contracts/team-performance';
import type { TeamMove } from '@fleetdesk/contracts/teams';
import { setLanguage } from '../../../lib/i18n';
import { ok, type FakeAnswer, type FakeRequest } from '../../../test/fake-server';
import { ADMIN, sessionServer, signedIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { driver, driverRoutes, SLOW } from './driver-fixtures';

const FIRST = { timeout: 90_000 };
const MOVES = '/api/ccwadmin/team/moves';
const DAYS = '/api/ccwadmin/teamPerf/days';

const paged = <T,>(rows: T[], pageSize = 20): FakeAnswer =>
  ok({ rows, total: rows.length, pageNum: 1, pageSize } satisfies Paged<T>);

/**
 * "Today" for these tests: the screens take this month from the clock, faked here (only `Date`, moving on from this
 * instant) so that the tests pass on any day, month ends included. This month and the one before.
 */
const NOW = new Date('2026-11-15T04:00:00.000Z');
const MONTH = '2026-11';
const LAST_MONTH = dayjs(`${MONTH}-01`).subtract(1, 'month').format('YYYY-MM');
const lastDay = (month: string) => dayjs(`${month}-01`).endOf('month').format('YYYY-MM-DD');

const move = (patch: Partial<TeamMove> & Pick<TeamMove, 'id' | 'teamId' | 'teamName'>): TeamMove => ({
  driverId: 11,
  driverName: '王建国',
  joinedAt: '2026-11-03T02:00:00.000Z',
  joinReason: null,
  joinedBy: null,
  leftAt: null,
  leaveReason: null,
  leftBy: null,
  ...patch,
});

/** In the Airport team since 3 November, moved there from the Night team. */
const MOVED: TeamMove[] = [
  move({ id: 2, teamId: 2, teamName: 'Airport team', joinReason: 'Airport shifts', joinedBy: 'Zhang Wei' }),
  move({
    id: 1,
    teamId: 3,
    teamName: 'Night team',
    joinedAt: '2026-10-01T02:00:00.000Z',
    leftAt: '2026-11-03T02:00:00.000Z',
    leaveReason: 'Moved to the airport',
    leftBy: 'Zhang Wei',
  }),
];

const day = (patch: Partial<FlowDay> & Pick<FlowDay, 'id' | 'day'>): FlowDay => ({
  driverId: 11,
  driverName: '王建国',
  teamName: 'Airport team',
  platform: 'didi',
  onlineMinutes: 600,
  orders: 30,
  flow: 800.5,
  source: 'import',
  ...patch,
});

/** Two days of this month, the first on two platforms: 20 hours, 61 orders, ¥1,650.75. */
const DAYS_OF_MONTH: FlowDay[] = [
  day({ id: 3, day: `${MONTH}-02` }),
  day({ id: 2, day: `${MONTH}-01`, onlineMinutes: 480, orders: 25, flow: 700.25 }),
  day({ id: 1, day: `${MONTH}-01`, platform: 'gaode', onlineMinutes: 120, orders: 6, flow: 150 }),
];

/** The driver's page with his stays and his platform days of this month (none in another month). */
function server(moves: TeamMove[], days: FlowDay[] = DAYS_OF_MONTH) {
  return sessionServer(
    ADMIN,
    driverRoutes([driver()], {
      'GET /api/ccwadmin/operationLog/list': () => ok({ rows: [], total: 0, pageNum: 1, pageSize: 20 }),
      [`GET ${MOVES}`]: () => paged(moves, 50),
      [`GET ${DAYS}`]: (req: FakeRequest) => paged(req.query.get('from') === `${MONTH}-01` ? days : [], 100),
    }),
  );
}

const openTab = async () => {
  await userEvent.setup().click(await screen.findByRole('tab', { name: 'Fleet and performance' }, FIRST));
  return screen.findByTestId('driver-team', {}, SLOW);
};

beforeAll(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'], shouldAdvanceTime: true });
});
afterAll(() => {
  vi.useRealTimers();
});

beforeEach(async () => {
  await setLanguage('en-US');
  signedIn();
});

/** The fleet operations add a fleet and performance tab to the driver's page (components/driver-tabs). */
describe('the driver page’s fleet and performance tab', () => {
  it('shows his current team, his moves, and his platform days of a month with their sums', async () => {
    const calls = server(MOVED);
    renderApp('/rentDriver/11');
    const panel = await openTab();

    const current = await within(panel).findByTestId('driver-current-team', {}, SLOW);
    expect(current).toHaveTextContent('Airport team');
    expect(current).toHaveTextContent('Since 2026-11-03 10:00');
    const open = within(current).getByRole('link', { name: 'Open in fleet operations' });
    expect(open).toHaveAttribute('href', `/teams?team=2&tab=performance&month=${MONTH}`);
    expect(calls.calls('GET', MOVES)[0]!.query.toString()).toBe('driverId=11&pageNum=1&pageSize=50');

    const history = within(panel).getByTestId('driver-team-history');
    const stay = (team: string) => within(history).getByText(team).closest('tr')!;
    expect(within(stay('Airport team')).getByText('Still in it')).toBeInTheDocument();
    expect(stay('Airport team')).toHaveTextContent('by Zhang Wei');
    expect(stay('Airport team')).toHaveTextContent('Airport shifts');
    expect(stay('Night team')).toHaveTextContent('2026-10-01 10:00');
    expect(stay('Night team')).toHaveTextContent('2026-11-03 10:00');
    expect(stay('Night team')).toHaveTextContent('Moved to the airport');

    const figures = await within(panel).findByTestId('driver-month-figures', {}, SLOW);
    expect(figures).toHaveTextContent('Online hours20.0');
    expect(figures).toHaveTextContent('Orders61');
    expect(figures).toHaveTextContent('Flow¥1,650.75');
    expect(within(panel).getByText(`Platform figures, ${MONTH}`)).toBeInTheDocument();
    expect(calls.calls('GET', DAYS)[0]!.query.toString()).toBe(
      `driverId=11&from=${MONTH}-01&to=${lastDay(MONTH)}&pageNum=1&pageSize=100`,
    );
    const table = within(panel).getByTestId('driver-flow-days');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent(`${MONTH}-02`);
    expect(within(rows[0]!).getByText('DiDi')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('10.0')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('¥800.50')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Amap ride-hailing')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('2.0')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('¥150.00')).toBeInTheDocument();
    // Nothing after this month.
    expect(within(panel).getByRole('button', { name: 'Next month' })).toBeDisabled();

    // The month before has no figures; the way to the team's performance follows the month.
    await userEvent.setup().click(within(panel).getByRole('button', { name: 'Previous month' }));
    expect(await within(panel).findByText('No platform figures this month', {}, SLOW)).toBeInTheDocument();
    expect(within(panel).queryByTestId('driver-month-figures')).toBeNull();
    expect(calls.calls('GET', DAYS).at(-1)!.query.toString()).toBe(
      `driverId=11&from=${LAST_MONTH}-01&to=${lastDay(LAST_MONTH)}&pageNum=1&pageSize=100`,
    );
    expect(within(panel).getByRole('link', { name: 'Open in fleet operations' })).toHaveAttribute(
      'href',
      `/teams?team=2&tab=performance&month=${LAST_MONTH}`,
    );
  }, 180_000);

  it('says when he is in no fleet and has no figures', async () => {
    server([MOVED[1]!], []);
    renderApp('/rentDriver/11?tab=team');
    const panel = await screen.findByTestId('driver-team', {}, FIRST);
    expect(await within(panel).findByText('In no fleet', {}, SLOW)).toBeInTheDocument();
    expect(within(panel).queryByRole('link', { name: 'Open in fleet operations' })).toBeNull();
    // The team he left is still in his moves.
    expect(within(panel).getByTestId('driver-team-history')).toHaveTextContent('Night team');
    expect(await within(panel).findByText('No platform figures this month', {}, SLOW)).toBeInTheDocument();
  }, 180_000);

  it('is not there without teams:view', async () => {
    const calls = sessionServer(
      { menus: ['rentDriver', 'teams'], elements: ['rentDriver:view', 'teams:add'] },
      driverRoutes([driver()]),
    );
    renderApp('/rentDriver/11?tab=team');
    expect(await screen.findByRole('tab', { name: 'Profile and documents' }, FIRST)).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Fleet and performance' })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Profile and documents' })).toHaveAttribute('aria-selected', 'true'),
    );
    expect(calls.calls('GET', MOVES)).toHaveLength(0);
    expect(calls.calls('GET', DAYS)).toHaveLength(0);
  }, 180_000);
});
