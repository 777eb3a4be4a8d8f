import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { describe, expect, it, vi } from 'vitest';
import type { Geofence, GpsEvent } from '@fleetdesk/contracts/gps-events';
import { SavedFilterPaths } from '@fleetdesk/contracts/saved-filters';
import { setLanguage } from '../../../../lib/i18n';
import { ok, type FakeRequest } from '../../../../test/fake-server';
import { ADMIN, sessionServer, signedIn } from '../../../../test/fixtures';
import { renderApp } from '../../../../test/render-app';

// jsdom draws no map: a button stands for a click on the map at a point.
vi.mock('../components/geofence-map', () => ({
  GeofenceMap: ({ fences, onClick }: { fences: Geofence[]; onClick: (p: [number, number]) => void }) => (
    <div data-testid="geofence-map">
      {fences.map((f) => (
        <span key={f.id}>shape {f.name}</span>
      ))}
      <button type="button" onClick={() => onClick([30.2741, 120.1551])}>
        click map
      </button>
    </div>
  ),
}));

const FIRST = { timeout: 60_000 };
const SLOW = { timeout: 20_000 };
const G = '/api/ccwgps';
const where = () => screen.getByTestId('location').textContent ?? '';
const NO_SAVED_FILTERS = { [`GET ${SavedFilterPaths.list}`]: () => ok([]) };
const alarm = (patch: Partial<GpsEvent>): GpsEvent => ({
  id: 1,
  deviceId: 1,
  imei: '644960770001',
  rentId: 1,
  rentName: '杭州分公司',
  carId: 11,
  plate: '浙AD12345',
  type: 'overspeed',
  at: '2026-11-26T02:00:00Z',
  lat: 30.28,
  lon: 120.1,
  speed: 132,
  geofenceId: null,
  geofenceName: null,
  attributes: { limit: 120 },
  alarmStatus: 'unhandled',
  handledByName: null,
  handledAt: null,
  note: null,
  ...patch,
});

describe('/riskGpsMap/alarms', () => {
  it('lists alarms with the badge count, handles one with a required note and ignores the selected (English)', async () => {
    await setLanguage('en-US');
    signedIn();
    let rows = [alarm({}), alarm({ id: 2, type: 'geofenceExit', geofenceName: 'West Lake', attributes: {} })];
    const sent: FakeRequest[] = [];
    sessionServer(ADMIN, {
      ...NO_SAVED_FILTERS,
      [`GET ${G}/alarm`]: () => ok({ rows, total: rows.length, pageNum: 1, pageSize: 20 }),
      [`GET ${G}/alarm/alarmCount/unHandle`]: () => ok(rows.filter((r) => r.alarmStatus === 'unhandled').length),
      [`GET ${G}/alarm/gpsAlarmStatics`]: () =>
        ok({
          month: '2026-11',
          total: 2,
          unhandled: 2,
          byType: [{ type: 'overspeed', count: 1, unhandled: 1 }],
          byDay: [],
        }),
      [`PUT ${G}/alarm/handle/:id`]: (req) => {
        sent.push(req);
        rows = rows.map((r) =>
          r.id === 1 ? { ...r, alarmStatus: 'handled', handledByName: 'Admin', note: 'called' } : r,
        );
        return ok(rows[0]);
      },
      [`POST ${G}/alarm/ignoreBatch`]: (req) => {
        sent.push(req);
        rows = rows.map((r) => (r.id === 2 ? { ...r, alarmStatus: 'ignored' } : r));
        return ok({ changed: 1 });
      },
    });
    renderApp('/riskGpsMap/alarms');
    const user = userEvent.setup();
    await screen.findByTestId('gps-alarms-page', undefined, FIRST);
    expect(await screen.findByText('Limit 120 km/h')).toBeInTheDocument();
    expect(screen.getByText('West Lake')).toBeInTheDocument();
    expect(screen.getByText('2 alarms this month, 2 unhandled')).toBeInTheDocument();
    const badge = await screen.findByTestId('alarm-badge');
    expect(within(badge).getByText('2')).toBeInTheDocument();

    const first = screen.getByText('Limit 120 km/h').closest('tr')!;
    await user.click(within(first).getByRole('button', { name: 'Handle' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /OK/ }));
    expect(await within(dialog).findByText('Enter a note (at most 200 characters)')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox'), 'called');
    await user.click(within(dialog).getByRole('button', { name: /OK/ }));
    await waitFor(() => expect(sent[0]?.body).toEqual({ note: 'called' }));

    const second = (await screen.findByText('West Lake')).closest('tr')!;
    await user.click(within(second).getByRole('checkbox'));
    await user.click(screen.getByTestId('gps-alarms-ignore-batch'));
    const confirm = (
      await screen.findByText(/Ignore the 1 selected alarms/, { selector: '.ant-modal-confirm-title' })
    ).closest<HTMLElement>('.ant-modal')!;
    await user.click(within(confirm).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(sent[1]?.body).toEqual({ ids: [2] }));
  }, 120_000);

  it('takes its filters from the address, shows them, and asks the server for page 2', async () => {
    await setLanguage('en-US');
    signedIn();
    const s = sessionServer(ADMIN, {
      ...NO_SAVED_FILTERS,
      [`GET ${G}/alarm`]: (req) => {
        const page = Number(req.query.get('pageNum'));
        return ok({ rows: [alarm({ id: page, plate: `浙AD0000${page}` })], total: 45, pageNum: page, pageSize: 20 });
      },
      [`GET ${G}/alarm/alarmCount/unHandle`]: () => ok(0),
      [`GET ${G}/alarm/gpsAlarmStatics`]: () => ok({ month: '2026-11', total: 0, unhandled: 0, byType: [], byDay: [] }),
    });
    renderApp('/riskGpsMap/alarms?status=handled&type=overspeed&keyword=AD1&from=2026-11-01&to=2026-11-30');
    expect(await screen.findByText('浙A·D00001', {}, FIRST)).toBeInTheDocument();
    const first = s.calls('GET', `${G}/alarm`)[0]!.query;
    expect(Object.fromEntries(first)).toEqual({
      pageNum: '1',
      pageSize: '20',
      status: 'handled',
      type: 'overspeed',
      keyword: 'AD1',
      from: dayjs('2026-11-01').startOf('day').toISOString(),
      to: dayjs('2026-12-01').startOf('day').toISOString(),
    });
    // The form shows what the address asks for.
    const form = screen.getByRole('search');
    expect(within(form).getByLabelText('Keyword')).toHaveValue('AD1');
    expect(within(form).getByTitle('Handled')).toBeInTheDocument();
    expect(within(form).getByTitle('Overspeed')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByTitle('2'));
    expect(await screen.findByText('浙A·D00002', {}, SLOW)).toBeInTheDocument();
    expect(s.calls('GET', `${G}/alarm`).at(-1)!.query.get('pageNum')).toBe('2');
    expect(s.calls('GET', `${G}/alarm`).at(-1)!.query.get('status')).toBe('handled');
    expect(where()).toContain('pageNum=2');
  }, 120_000);

  it('opens on the unhandled alarms and says when there is none (Chinese)', async () => {
    await setLanguage('zh-CN');
    signedIn();
    const s = sessionServer(ADMIN, {
      ...NO_SAVED_FILTERS,
      [`GET ${G}/alarm`]: () => ok({ rows: [], total: 0, pageNum: 1, pageSize: 20 }),
      [`GET ${G}/alarm/alarmCount/unHandle`]: () => ok(0),
      [`GET ${G}/alarm/gpsAlarmStatics`]: () => ok({ month: '2026-11', total: 0, unhandled: 0, byType: [], byDay: [] }),
    });
    renderApp('/riskGpsMap/alarms');
    expect(await screen.findByText('没有报警', {}, FIRST)).toBeInTheDocument();
    await waitFor(() => expect(where()).toBe('/riskGpsMap/alarms?status=unhandled'));
    // Asked once, for the unhandled ones only.
    await waitFor(() => expect(s.calls('GET', `${G}/alarm`)).toHaveLength(1));
    expect(s.calls('GET', `${G}/alarm`)[0]!.query.get('status')).toBe('unhandled');
    expect(within(screen.getByRole('search')).getByTitle('未处理')).toBeInTheDocument();
  }, 120_000);
});

describe('/riskGpsMap/geofences', () => {
  it('draws a circle on the map and saves it in WGS-84; a shape without points is refused before sending', async () => {
    await setLanguage('en-US');
    signedIn();
    const saved: FakeRequest[] = [];
    const fences: Geofence[] = [];
    sessionServer(ADMIN, {
      ...NO_SAVED_FILTERS,
      [`GET ${G}/geofence`]: () => ok({ rows: fences, total: fences.length, pageNum: 1, pageSize: 20 }),
      [`GET ${G}/live/settings`]: () => ok({ mapTiles: 'osm' }),
      [`GET ${G}/alarm/alarmCount/unHandle`]: () => ok(0),
      [`POST ${G}/geofence`]: (req) => {
        saved.push(req);
        const body = req.body as Geofence;
        fences.push({
          ...body,
          id: 9,
          rentId: 1,
          rentName: '杭州分公司',
          devices: 0,
          createdAt: '2026-11-26T02:00:00Z',
        });
        return ok(fences[0]);
      },
    });
    renderApp('/riskGpsMap/geofences');
    const user = userEvent.setup();
    await screen.findByTestId('gps-geofences-page', undefined, FIRST);
    expect(await screen.findByText('No geofences yet')).toBeInTheDocument();
    await user.click(screen.getByTestId('geofence-add'));
    await user.type(screen.getByLabelText('Name'), 'West Lake depot');
    await user.click(screen.getByTestId('geofence-save'));
    expect(await screen.findByTestId('geofence-shape-error')).toBeInTheDocument();
    expect(saved).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'click map' }));
    expect(screen.getByText('1 points drawn')).toBeInTheDocument();
    await user.click(screen.getByTestId('geofence-save'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.body).toMatchObject({
      name: 'West Lake depot',
      kind: 'circle',
      points: [[30.2741, 120.1551]],
      radius: 500,
      alarmOnExit: true,
    });
    expect(await screen.findByText('shape West Lake depot')).toBeInTheDocument();
  }, 120_000);

  it('takes its keyword from the address, and page 2 of the list is what the map draws', async () => {
    await setLanguage('en-US');
    signedIn();
    const fence = (id: number): Geofence => ({
      id,
      rentId: 1,
      rentName: '杭州分公司',
      name: `Lake fence ${id}`,
      kind: 'circle',
      points: [[30.27, 120.15]],
      radius: 300,
      alarmOnEnter: false,
      alarmOnExit: true,
      speedLimitKmh: null,
      remark: null,
      devices: 0,
      createdAt: '2026-11-26T02:00:00Z',
    });
    const s = sessionServer(ADMIN, {
      ...NO_SAVED_FILTERS,
      [`GET ${G}/geofence`]: (req) => {
        const page = Number(req.query.get('pageNum'));
        return ok({ rows: [fence(page)], total: 30, pageNum: page, pageSize: 20 });
      },
      [`GET ${G}/live/settings`]: () => ok({ mapTiles: 'osm' }),
      [`GET ${G}/alarm/alarmCount/unHandle`]: () => ok(0),
    });
    renderApp('/riskGpsMap/geofences?keyword=Lake');
    expect(await screen.findByText('shape Lake fence 1', {}, FIRST)).toBeInTheDocument();
    expect(Object.fromEntries(s.calls('GET', `${G}/geofence`)[0]!.query)).toEqual({
      pageNum: '1',
      pageSize: '20',
      keyword: 'Lake',
    });
    expect(within(screen.getByRole('search')).getByLabelText('Name')).toHaveValue('Lake');
    const user = userEvent.setup();
    await user.click(screen.getByTitle('2'));
    expect(await screen.findByText('shape Lake fence 2', {}, SLOW)).toBeInTheDocument();
    expect(s.calls('GET', `${G}/geofence`).at(-1)!.query.get('pageNum')).toBe('2');
    expect(s.calls('GET', `${G}/geofence`).at(-1)!.query.get('keyword')).toBe('Lake');
    expect(where()).toBe('/riskGpsMap/geofences?keyword=Lake&pageNum=2');
  }, 120_000);
});
