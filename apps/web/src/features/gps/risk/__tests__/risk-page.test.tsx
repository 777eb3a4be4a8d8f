import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { RiskCaseDetail, RiskCaseRow } from '@fleetdesk/contracts/gps-risk';
import { SavedFilterPaths } from '@fleetdesk/contracts/saved-filters';
import { setLanguage } from '../../../../lib/i18n';
import { ok, type FakeRequest } from '../../../../test/fake-server';
import { ADMIN, sessionServer, signedIn } from '../../../../test/fixtures';
import { renderApp } from '../../../../test/render-app';

// happy-dom draws no map: the drawer's small map is replaced by the points it is given.
vi.mock('../../components/gps-map', () => ({
  GpsMap: ({
    route,
    tiles,
  }: {
    route: { points: { lat: number; lon: number }[]; index: number } | null;
    tiles: string;
  }) => (
    <div
      data-testid="risk-case-map"
      data-tiles={tiles}
      data-points={route?.points.length ?? 0}
      data-index={route?.index}
    />
  ),
}));

const FIRST = { timeout: 60_000 };
const SLOW = { timeout: 20_000 };
const G = '/api/ccwgps';
const where = () => screen.getByTestId('location').textContent ?? '';
const NO_SAVED_FILTERS = {
  [`GET ${SavedFilterPaths.list}`]: () => ok([]),
  [`GET ${G}/live/settings`]: () => ok({ mapTiles: 'osm' }),
  // The sandbox's answer: one address per point, in order.
  [`POST ${G}/geocode/reverse`]: (req: FakeRequest) =>
    ok({
      provider: 'sandbox',
      sandbox: true,
      addresses: (req.body as { points: { lat: number }[] }).points.map((p) =>
        p.lat > 30.5 ? 'Hangzhou (25.1 km from Shixiang Road)' : null,
      ),
    }),
};
const EMPTY_ZH = '暂无风控案件';
const BOARD = { byState: [], byRule: [], openCount: 0, overdueAmount: 0, open: [] };
const row: RiskCaseRow = {
  id: 7,
  rentId: 1,
  rentName: 'Hangzhou',
  carId: 6,
  plate: '浙AF20318',
  deviceId: 6,
  imei: '644960770006',
  driverId: 3,
  driverName: 'Wang Fang',
  contractId: 6,
  contractNo: 'HT202600006',
  rule: 'geofenceExitOverdue',
  state: 'open',
  overdueAmount: 9000,
  overdueDays: 33,
  lastPosition: { lat: 30.52, lon: 120.61, at: '2026-11-26T02:00:00Z', speed: 45 },
  raisedAt: '2026-11-26T02:00:00Z',
  updatedAt: '2026-11-26T02:00:00Z',
  closeReason: null,
};
const detail = (patch: Partial<RiskCaseDetail> = {}): RiskCaseDetail => ({
  ...row,
  closeNote: null,
  closedAt: null,
  approvalId: null,
  commandId: null,
  evidence: {
    triggers: [
      { rule: 'geofenceExitOverdue', at: '2026-11-26T02:00:00Z', key: 'event:41', eventIds: [41], note: null },
    ],
    alarms: [
      {
        id: 41,
        type: 'geofenceExit',
        at: '2026-11-26T02:00:00Z',
        lat: 30.52,
        lon: 120.61,
        geofenceName: 'Binjiang depot',
      },
    ],
    positions: [{ lat: 30.52, lon: 120.61, at: '2026-11-26T02:00:00Z', speed: 45 }],
    bills: [
      {
        lineId: 90,
        contractNo: 'HT202600006',
        type: 'rent',
        period: 2,
        dueDate: '2026-10-22',
        amount: 4500,
        outstanding: 4500,
        days: 33,
      },
    ],
  },
  steps: [{ id: 1, kind: 'raised', actorName: null, note: null, data: {}, at: '2026-11-26T02:00:00Z' }],
  ...patch,
});

describe('/riskGpsMap/risk', () => {
  it('shows the board, a case with its evidence and steps, proposes a fuel cut after a confirmation (English)', async () => {
    await setLanguage('en-US');
    signedIn();
    let current = detail();
    const sent: FakeRequest[] = [];
    const listed: FakeRequest[] = [];
    sessionServer(ADMIN, {
      ...NO_SAVED_FILTERS,
      'GET /api/ccwadmin/risk/board': () =>
        ok({
          byState: [
            { state: 'open', count: 1 },
            { state: 'closed', count: 4 },
          ],
          byRule: [{ rule: 'geofenceExitOverdue', count: 1 }],
          openCount: 1,
          overdueAmount: 9000,
          open: [row],
        }),
      [`GET ${G}/risk/case`]: (req) => {
        listed.push(req);
        return ok({ rows: [{ ...row, state: current.state }], total: 1, pageNum: 1, pageSize: 20 });
      },
      [`GET ${G}/risk/case/:id`]: () => ok(current),
      [`GET ${G}/alarm/alarmCount/unHandle`]: () => ok(0),
      [`POST ${G}/risk/case/:id/proposeFuelCut`]: (req) => {
        sent.push(req);
        current = detail({
          state: 'fuelCutProposed',
          approvalId: 12,
          steps: [
            ...current.steps,
            {
              id: 2,
              kind: 'proposed',
              actorName: 'Zhang Wei',
              note: 'No answer',
              data: {},
              at: '2026-11-26T03:00:00Z',
            },
          ],
        });
        return ok(current);
      },
    });
    renderApp('/riskGpsMap/risk');
    const user = userEvent.setup();
    await screen.findByTestId('gps-risk-page', undefined, FIRST);
    const figures = await screen.findByTestId('risk-figures');
    expect(await within(figures).findByText('Open cases')).toBeInTheDocument();
    expect(within(figures).getByText('Left geofence with rent overdue 1')).toBeInTheDocument();
    // The list asks for open cases by default, and the address says so.
    await waitFor(() => expect(listed[0]?.query.get('open')).toBe('true'));
    await waitFor(() => expect(where()).toBe('/riskGpsMap/risk?open=true'));

    // Positions are addresses (the sandbox's, marked), in the list and the drawer.
    expect((await screen.findAllByText('Hangzhou (25.1 km from Shixiang Road)'))[0]).toBeInTheDocument();
    await user.click(screen.getByText('Left geofence with rent overdue', { selector: 'td' }));
    const drawer = await screen.findByTestId('risk-case');
    expect(within(drawer).getByText('Binjiang depot')).toBeInTheDocument();
    expect(within(drawer).getAllByRole('link', { name: 'HT202600006' })[0]).toHaveAttribute(
      'href',
      '/rentContract/detail/6',
    );
    expect(within(drawer).getByRole('link', { name: '浙A·F20318' })).toHaveAttribute('href', '/rentCar/car/6');
    const last = within(drawer).getByTestId('risk-case-last-position');
    expect(within(last).getByText('Hangzhou (25.1 km from Shixiang Road)')).toHaveAttribute(
      'title',
      '30.52000, 120.61000',
    );
    expect(within(last).getByText('sandbox')).toBeInTheDocument();
    // The small map: the case's positions (one here), the newest marked.
    const map = within(drawer).getByTestId('risk-case-map');
    expect(map).toHaveAttribute('data-points', '1');
    expect(map).toHaveAttribute('data-tiles', 'osm');
    expect(within(drawer).getByText('¥9,000.00 · 33 days')).toBeInTheDocument();
    expect(within(drawer).getByText('Raised', { selector: 'strong' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Propose fuel cut' }));
    const dialog = (await screen.findByText('Propose a fuel cut for 浙AF20318')).closest<HTMLElement>('.ant-modal')!;
    expect(within(dialog).getByText(/needs an approval/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Propose fuel cut' }));
    expect(await within(dialog).findByText('Enter a reason (at most 200 characters)')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox'), 'No answer');
    await user.click(within(dialog).getByRole('button', { name: 'Propose fuel cut' }));
    await waitFor(() => expect(sent[0]?.body).toEqual({ reason: 'No answer' }));
    expect(await within(drawer).findByText('Fuel cut proposed', { selector: 'strong' })).toBeInTheDocument();
  }, 120_000);

  it('closes a case: dismissing it needs a note', async () => {
    await setLanguage('en-US');
    signedIn();
    const sent: FakeRequest[] = [];
    sessionServer(ADMIN, {
      ...NO_SAVED_FILTERS,
      'GET /api/ccwadmin/risk/board': () =>
        ok({ byState: [], byRule: [], openCount: 1, overdueAmount: 0, open: [row] }),
      [`GET ${G}/risk/case`]: () => ok({ rows: [row], total: 1, pageNum: 1, pageSize: 20 }),
      [`GET ${G}/risk/case/:id`]: () => ok(detail()),
      [`GET ${G}/alarm/alarmCount/unHandle`]: () => ok(0),
      [`POST ${G}/risk/case/:id/close`]: (req) => {
        sent.push(req);
        return ok(detail({ state: 'closed', closeReason: 'dismissed', closeNote: 'false alarm' }));
      },
    });
    renderApp('/riskGpsMap/risk?case=7');
    const user = userEvent.setup();
    await screen.findByTestId('risk-case', undefined, FIRST);
    await user.click(screen.getByRole('button', { name: 'Close case' }));
    const dialog = (await screen.findByText('Close the risk case of 浙AF20318')).closest<HTMLElement>('.ant-modal')!;
    await user.click(within(dialog).getByLabelText('Why'));
    await user.click(await screen.findByTitle('Dismissed'));
    await user.click(within(dialog).getByRole('button', { name: /OK/ }));
    expect(
      await within(dialog).findByText('Dismissing a case needs a note (at most 200 characters)'),
    ).toBeInTheDocument();
    expect(sent).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox'), 'false alarm');
    await user.click(within(dialog).getByRole('button', { name: /OK/ }));
    await waitFor(() => expect(sent[0]?.body).toEqual({ reason: 'dismissed', note: 'false alarm' }));
  }, 120_000);

  it('takes its filters from the address, shows them, and asks the server for page 2', async () => {
    await setLanguage('en-US');
    signedIn();
    const s = sessionServer(ADMIN, {
      ...NO_SAVED_FILTERS,
      'GET /api/ccwadmin/risk/board': () => ok(BOARD),
      [`GET ${G}/risk/case`]: (req) => {
        const page = Number(req.query.get('pageNum'));
        return ok({ rows: [{ ...row, id: page, plate: `浙AF0000${page}` }], total: 25, pageNum: page, pageSize: 20 });
      },
      [`GET ${G}/alarm/alarmCount/unHandle`]: () => ok(0),
    });
    renderApp('/riskGpsMap/risk?open=false&rule=geofenceExitOverdue&keyword=AF');
    expect(await screen.findByText('浙A·F00001', {}, FIRST)).toBeInTheDocument();
    expect(Object.fromEntries(s.calls('GET', `${G}/risk/case`)[0]!.query)).toEqual({
      pageNum: '1',
      pageSize: '20',
      open: 'false',
      rule: 'geofenceExitOverdue',
      keyword: 'AF',
    });
    const form = screen.getByRole('search');
    expect(within(form).getByLabelText('Keyword')).toHaveValue('AF');
    expect(within(form).getByTitle('Closed')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByTitle('2'));
    expect(await screen.findByText('浙A·F00002', {}, SLOW)).toBeInTheDocument();
    expect(s.calls('GET', `${G}/risk/case`).at(-1)!.query.get('pageNum')).toBe('2');
    expect(s.calls('GET', `${G}/risk/case`).at(-1)!.query.get('open')).toBe('false');
    expect(where()).toContain('pageNum=2');
  }, 120_000);

  it('says when there is no case (Chinese)', async () => {
    await setLanguage('zh-CN');
    signedIn();
    const s = sessionServer(ADMIN, {
      ...NO_SAVED_FILTERS,
      'GET /api/ccwadmin/risk/board': () => ok(BOARD),
      [`GET ${G}/risk/case`]: () => ok({ rows: [], total: 0, pageNum: 1, pageSize: 20 }),
      [`GET ${G}/alarm/alarmCount/unHandle`]: () => ok(0),
    });
    renderApp('/riskGpsMap/risk?state=fuelCutSent');
    expect(await screen.findByText(EMPTY_ZH, {}, FIRST)).toBeInTheDocument();
    expect(s.calls('GET', `${G}/risk/case`)[0]!.query.get('state')).toBe('fuelCutSent');
    // Filters of its own: the default (open cases) is not added.
    expect(s.calls('GET', `${G}/risk/case`)[0]!.query.get('open')).toBeNull();
  }, 120_000);
});
