import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { describe, expect, it, vi } from 'vitest';
import type { LiveCar } from '@fleetdesk/contracts/gps';
import { setLanguage } from '../../../lib/i18n';
import { ok, type FakeRequest } from '../../../test/fake-server';
import { ADMIN, sessionServer, signedIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

// jsdom draws no map: the map component is replaced by a list of what it is given.
vi.mock('../components/gps-map', () => ({
  STATUS_COLOURS: { moving: 'green', stopped: 'blue', offline: 'grey', never: 'white' },
  GpsMap: ({
    cars,
    tiles,
    onSelect,
    riskCars,
  }: {
    cars: LiveCar[];
    tiles: string;
    onSelect: (id: number) => void;
    riskCars?: ReadonlySet<number>;
  }) => (
    <div data-testid="gps-map" data-tiles={tiles}>
      {cars.map((c) => (
        <button
          key={c.deviceId}
          type="button"
          onClick={() => onSelect(c.deviceId)}
          data-risk={c.carId !== null && riskCars?.has(c.carId) ? 'yes' : 'no'}
        >
          marker {c.plate}
        </button>
      ))}
    </div>
  ),
}));
vi.mock('echarts/core', () => ({
  use: vi.fn(),
  init: () => ({ setOption: vi.fn(), resize: vi.fn(), dispose: vi.fn() }),
}));
vi.mock('echarts/charts', () => ({ BarChart: {}, LineChart: {}, PieChart: {} }));
vi.mock('echarts/components', () => ({ GridComponent: {}, LegendComponent: {}, TooltipComponent: {} }));
vi.mock('echarts/renderers', () => ({ CanvasRenderer: {} }));

const FIRST = { timeout: 60_000 };
const G = '/api/ccwgps';
const car = (patch: Partial<LiveCar>): LiveCar => ({
  deviceId: 1,
  imei: '644960770001',
  carId: 11,
  plate: '浙AD12345',
  status: 'moving',
  lat: 30.28,
  lon: 120.1,
  speed: 42,
  course: 90,
  fixTime: '2026-11-26T02:00:00Z',
  alarms: [],
  mileage: 1234.5,
  ...patch,
});
const CARS = [
  car({}),
  car({
    deviceId: 2,
    carId: 12,
    imei: '644960770002',
    plate: '浙AF67890',
    status: 'stopped',
    speed: 0,
    alarms: ['powerCut'],
  }),
  car({ deviceId: 3, carId: 13, imei: '644960770008', plate: '沪B82M56', status: 'offline', speed: 0 }),
];

describe('/riskGpsMap', () => {
  it('lists the cars with their status, filters by plate, opens the drawer and the replay (English)', async () => {
    await setLanguage('en-US');
    signedIn();
    sessionServer(ADMIN, {
      [`GET ${G}/live/positions`]: () => ok(CARS),
      [`GET ${G}/live/settings`]: () => ok({ mapTiles: 'osm' }),
      [`GET ${G}/live/stream`]: () => ({ status: 503, body: {} }),
      // One open risk case, on the car of 浙AD12345 (car 11).
      [`GET ${G}/risk/case`]: () =>
        ok({
          rows: [{ id: 5, carId: 11, plate: '浙AD12345', rule: 'geofenceExitOverdue', state: 'open' }],
          total: 1,
          pageNum: 1,
          pageSize: 500,
        }),
      [`GET ${G}/deviceStatus/route/1`]: () =>
        ok({
          deviceId: 1,
          points: [
            { t: '2026-11-26T01:00:00Z', lat: 30.27, lon: 120.09, speed: 30, course: 90, alarms: [] },
            { t: '2026-11-26T01:00:30Z', lat: 30.275, lon: 120.095, speed: 45, course: 90, alarms: [] },
          ],
          truncated: false,
          message: null,
          trips: [],
          stops: [],
          distance: 0.7,
        }),
    });
    renderApp('/riskGpsMap');
    const user = userEvent.setup();
    const map = await screen.findByTestId('gps-map', undefined, FIRST);
    await waitFor(() => expect(map).toHaveAttribute('data-tiles', 'osm'));
    expect(await within(map).findByText('marker 浙AD12345')).toBeInTheDocument();
    expect(screen.getByText('Power cut')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox'), '沪B');
    await waitFor(() => expect(within(map).queryByText('marker 浙AD12345')).not.toBeInTheDocument());
    expect(within(map).getByText('marker 沪B82M56')).toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox'));
    const marked = await within(map).findByText('marker 浙AD12345');
    await waitFor(() => expect(marked).toHaveAttribute('data-risk', 'yes'));
    expect(within(map).getByText('marker 浙AF67890')).toHaveAttribute('data-risk', 'no');
    await user.click(marked);
    const drawer = await screen.findByTestId('gps-drawer');
    expect(within(drawer).getByTestId('gps-drawer-risk').closest('a')).toHaveAttribute(
      'href',
      '/riskGpsMap/risk?case=5',
    );
    expect(within(drawer).getByText('Left geofence with rent overdue')).toBeInTheDocument();
    expect(within(drawer).getByText('42 km/h')).toBeInTheDocument();
    expect(within(drawer).getByText('1234.5 km')).toBeInTheDocument();
    await user.click(screen.getByTestId('gps-replay'));
    expect(await screen.findByText('2 positions')).toBeInTheDocument();
    expect(screen.getByText('0.7 km')).toBeInTheDocument();
  }, 120_000);

  it("selects ?imei=, says an offline car's last speed, labels the chips, replays the day last seen and the quick ranges", async () => {
    await setLanguage('en-US');
    signedIn();
    // Last seen three days before the test's clock: the replay opens on that day, not on the last hour.
    const seen = dayjs().subtract(3, 'day').hour(10).minute(15).second(0).millisecond(0);
    const offline = car({
      deviceId: 3,
      carId: 13,
      imei: '644960770008',
      plate: '沪B82M56',
      status: 'offline',
      speed: 37.4,
      fixTime: seen.toISOString(),
    });
    const routes: FakeRequest[] = [];
    sessionServer(ADMIN, {
      [`GET ${G}/live/positions`]: () => ok([CARS[0], CARS[1], offline]),
      [`GET ${G}/live/settings`]: () => ok({ mapTiles: 'osm' }),
      [`GET ${G}/live/stream`]: () => ({ status: 503, body: {} }),
      [`GET ${G}/risk/case`]: () => ok({ rows: [], total: 0, pageNum: 1, pageSize: 500 }),
      [`GET ${G}/deviceStatus/route/3`]: (req) => {
        routes.push(req);
        return ok({ deviceId: 3, points: [], truncated: false, message: null, trips: [], stops: [], distance: 0 });
      },
    });
    renderApp('/riskGpsMap?imei=644960770008');
    const user = userEvent.setup();
    // The chips say their status in words, not by colour alone.
    expect(await screen.findByTestId('gps-count-moving', undefined, FIRST)).toHaveTextContent('Moving 1');
    expect(screen.getByTestId('gps-count-stopped')).toHaveTextContent('Stopped 1');
    expect(screen.getByTestId('gps-count-offline')).toHaveTextContent('Offline 1');
    // The address's tracker is selected: its drawer is open.
    const drawer = await screen.findByTestId('gps-drawer');
    expect(within(drawer).getByTestId('gps-drawer-speed')).toHaveTextContent('offline · last speed 37 km/h');
    expect(within(drawer).getByRole('link', { name: '沪B·82M56' })).toHaveAttribute('href', '/rentCar/car/13');
    expect(
      within(screen.getByTestId('gps-car-沪B82M56')).getByText('offline · last speed 37 km/h'),
    ).toBeInTheDocument();
    await user.click(within(drawer.closest('.ant-drawer')!).getByTestId('gps-replay'));
    await waitFor(() => expect(routes).toHaveLength(1));
    expect(routes[0]!.query.get('from')).toBe(seen.startOf('day').toISOString());
    expect(routes[0]!.query.get('to')).toBe(seen.endOf('day').toISOString());
    await user.click(screen.getByRole('radio', { name: 'Yesterday' }));
    await waitFor(() => expect(routes).toHaveLength(2));
    const yesterday = dayjs().subtract(1, 'day');
    expect(routes[1]!.query.get('from')).toBe(yesterday.startOf('day').toISOString());
    expect(routes[1]!.query.get('to')).toBe(yesterday.endOf('day').toISOString());
    await user.click(screen.getByRole('radio', { name: 'Last 7 days' }));
    await waitFor(() => expect(routes).toHaveLength(3));
    const week = dayjs(routes[2]!.query.get('to')).diff(dayjs(routes[2]!.query.get('from')), 'hour');
    expect(week).toBe(7 * 24);
    expect(screen.getByText('No positions in this period')).toBeInTheDocument();
  }, 120_000);
});
