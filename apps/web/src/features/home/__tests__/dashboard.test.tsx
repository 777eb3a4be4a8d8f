import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { FIGURES, figuresFor, reportRoute } from '../../../test/dashboard-fixtures';
import { ok } from '../../../test/fake-server';
import { ADMIN, CLERK, sessionServer, signedIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

// jsdom has no canvas: a chart is checked through the option it is given.
const charts = vi.hoisted(() => [] as { el: HTMLElement; setOption: ReturnType<typeof vi.fn> }[]);
vi.mock('echarts/core', () => ({
  use: vi.fn(),
  init: (el: HTMLElement) => {
    const chart = { el, setOption: vi.fn(), resize: vi.fn(), dispose: vi.fn() };
    charts.push(chart);
    return chart;
  },
}));
vi.mock('echarts/charts', () => ({ BarChart: {}, LineChart: {}, PieChart: {} }));
vi.mock('echarts/components', () => ({ GridComponent: {}, LegendComponent: {}, TooltipComponent: {} }));
vi.mock('echarts/renderers', () => ({ CanvasRenderer: {} }));

const SLOW = { timeout: 30_000 };
const tile = (key: string) => document.querySelector<HTMLAnchorElement>(`[data-tile="${key}"]`);
const link = (key: string) => {
  const a = tile(key);
  expect(a, key).not.toBeNull();
  const url = new URL(a!.href);
  return { path: url.pathname, query: Object.fromEntries(url.searchParams) };
};
/** The option last given to the chart drawn under this title. */
const option = (title: string) => {
  const chart = charts.filter((c) => c.el.isConnected && c.el.getAttribute('aria-label') === title).at(-1);
  expect(chart, title).toBeDefined();
  return chart!.setOption.mock.calls.at(-1)![0];
};
const areas = () => [...document.querySelectorAll('[data-area]')].map((n) => n.getAttribute('data-area'));

beforeEach(async () => {
  charts.length = 0;
  await setLanguage('en-US');
});

describe('home dashboard: today', () => {
  it("shows every area's figures, each linking to the list it counts", async () => {
    signedIn();
    sessionServer(ADMIN);
    renderApp('/');
    await screen.findByTestId('home-today', {}, SLOW);
    expect(areas()).toEqual(['fleet', 'papers', 'contracts', 'watch']);
    expect(tile('rented')).toHaveTextContent('Rented78Utilisation 65.0%');
    expect(link('rented')).toEqual({ path: '/rentCar', query: { status: 'rented' } });
    // The fleet's total is the cars in service: every status but sold and scrapped.
    expect(tile('fleet')).toHaveTextContent('120');
    expect(link('fleet').query.status!.split(',').sort()).toEqual(
      ['idle', 'maintenance', 'off_fleet', 'preparing', 'reserved', 'rented'].sort(),
    );
    expect(tile('otherStatus')).toHaveTextContent('7');
    expect(link('otherStatus').query.status!.split(',').sort()).toEqual(['off_fleet', 'preparing', 'reserved']);
    // Papers: today is the 28th of February, so overdue means due by the 27th; soon, by the server's window end.
    expect(link('inspectionOverdue').query).toMatchObject({ inspectionDueTo: '2026-02-27' });
    expect(link('inspectionSoon').query).toMatchObject({
      inspectionDueFrom: '2026-02-28',
      inspectionDueTo: '2026-03-30',
    });
    expect(link('insuranceExpired').query).toMatchObject({ insuranceExpiryTo: '2026-02-27' });
    expect(link('licencesSoon')).toEqual({ path: '/rentCar/licences', query: { due: 'soon' } });
    expect(link('driverPapersExpired')).toEqual({ path: '/rentDriver', query: { documentDue: 'expired' } });
    expect(link('violations')).toEqual({ path: '/rentCar/violations', query: { handled: 'unhandled' } });
    // A warning figure is marked only when it is not zero.
    expect(tile('inspectionOverdue')).toHaveClass('fd-tile-warn');
    expect(tile('insuranceExpired')).not.toHaveClass('fd-tile-warn');
    // Contracts: the to-dos are the list's duty filter.
    for (const [key, duty] of [
      ['toSign', 'sign'],
      ['toDispatch', 'dispatch'],
      ['toReturn', 'return'],
      ['toSettle', 'settle'],
      ['dueToday', 'collect'],
    ])
      expect(link(key!)).toEqual({ path: '/rentContract', query: { duty } });
    expect(tile('dueToday')).toHaveTextContent('¥42,500.00');
    expect(tile('dueToday')).toHaveTextContent('9 contracts');
    expect(tile('dueToday')).toHaveTextContent('Collected today ¥31,800.50');
    expect(tile('overdue')).toHaveTextContent('¥18,250.00');
    expect(link('overdue')).toEqual({ path: '/rentContract', query: { overdue: 'true' } });
    expect(link('riskCases')).toEqual({ path: '/riskGpsMap/risk', query: { open: 'true' } });
    expect(link('alarms')).toEqual({ path: '/riskGpsMap/alarms', query: { status: 'unhandled' } });
    expect(link('servicesDue')).toEqual({ path: '/maintenance/due', query: { state: 'all-due' } });
    expect(link('servicesOverdue')).toEqual({ path: '/maintenance/due', query: { state: 'overdue' } });
  });

  it('a figure opens its list', async () => {
    signedIn();
    sessionServer(ADMIN);
    renderApp('/');
    await screen.findByTestId('home-today', {}, SLOW);
    fireEvent.click(tile('toSign')!);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/rentContract?duty=sign'), SLOW);
  });

  it('shows a clerk only the areas he reads: no contracts, risk or services, no risk board', async () => {
    signedIn();
    const server = sessionServer(CLERK);
    renderApp('/');
    await screen.findByTestId('home-today', {}, SLOW);
    expect(areas()).toEqual(['fleet', 'papers']);
    expect(tile('toSign')).toBeNull();
    expect(tile('riskCases')).toBeNull();
    await screen.findByTestId('home-trends', {}, SLOW);
    expect(screen.queryByTestId('home-risk-board')).toBeNull();
    expect(server.requests.some((r) => r.path === '/api/ccwadmin/risk/board')).toBe(false);
  });

  it('shows no tile and no trend to a user who reads none of the areas', async () => {
    signedIn();
    sessionServer({ menus: ['oa', 'oaLog'], elements: ['oaLog:view'] });
    renderApp('/');
    await screen.findByTestId('home-access', {}, SLOW);
    await waitFor(() => expect(screen.queryByLabelText("Loading today's figures")).toBeNull(), SLOW);
    expect(screen.queryByTestId('home-today')).toBeNull();
    expect(screen.queryByTestId('home-trends')).toBeNull();
  });

  it('says when the figures cannot be loaded, and tries again', async () => {
    signedIn();
    let fail = true;
    sessionServer(ADMIN, {
      'GET /api/ccwadmin/index/operation': () =>
        fail ? { status: 500, body: { status: 500, message: 'boom' } } : ok(figuresFor(ADMIN.elements)),
    });
    renderApp('/');
    const alert = await screen.findByText("Today's figures could not be loaded.", {}, SLOW);
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByTestId('home-today', {}, SLOW);
    expect(tile('toSign')).toHaveTextContent(String(FIGURES.contracts!.toSign));
  });

  it('speaks Chinese', async () => {
    await setLanguage('zh-CN');
    signedIn();
    sessionServer(ADMIN);
    renderApp('/');
    await screen.findByTestId('home-today', {}, SLOW);
    expect(tile('toSign')).toHaveTextContent('待签约3');
    expect(tile('dueToday')).toHaveTextContent('9 份合同');
    expect(await within(await screen.findByTestId('home-risk-board', {}, SLOW)).findByText('风控看板')).toBeVisible();
    expect(await within(await screen.findByTestId('home-trends', {}, SLOW)).findByText('经营趋势')).toBeVisible();
  });
});

describe('home dashboard: risk board and trends', () => {
  it('shows the cases by stage with their amounts, each stage opening the risk list', async () => {
    signedIn();
    sessionServer(ADMIN);
    renderApp('/');
    const board = await screen.findByTestId('home-risk-board', {}, SLOW);
    const stage = await within(board).findByText('Fuel cut proposed', {}, SLOW);
    const a = stage.closest('a')!;
    expect(a).toHaveTextContent('1¥3,600.00');
    expect(new URL(a.href).search).toBe('?state=fuelCutProposed');
    expect(board).toHaveTextContent('2 open cases, overdue rent ¥9,600.00');
  });

  it('asks 30 days, 12 months and two years by month, and draws what the groups allow', async () => {
    signedIn();
    const server = sessionServer(ADMIN, reportRoute);
    renderApp('/');
    const trends = await screen.findByTestId('home-trends', {}, SLOW);
    const asked = () => server.requests.filter((r) => r.path === '/api/ccwadmin/rentalReportDay/list').at(-1)!.query;
    await waitFor(() => expect(charts.length).toBeGreaterThan(0), SLOW);
    expect(Object.fromEntries(asked())).toEqual({ from: '2026-01-30', to: '2026-02-28', granularity: 'day' });
    // fleet and money: utilisation, cars by status, money, activity; no cost chart (the group is not in the answer).
    expect([...trends.querySelectorAll('[data-chart]')].map((n) => n.getAttribute('data-chart'))).toEqual([
      'Utilisation',
      'Cars by status',
      'Rent receivable and received (¥)',
      'Contracts, handovers and leads',
    ]);
    const utilisation = option('Utilisation');
    expect(utilisation.xAxis.data).toHaveLength(30);
    expect(utilisation.xAxis.data[0]).toBe('01-30');
    expect(utilisation.series[0].data[0]).toBe(60);

    fireEvent.click(within(trends).getByText('12 months'));
    await waitFor(() => expect(asked().get('granularity')).toBe('month'));
    expect(Object.fromEntries(asked())).toEqual({ from: '2025-03-01', to: '2026-02-28', granularity: 'month' });

    fireEvent.click(within(trends).getByText('Year on year'));
    await waitFor(() => expect(asked().get('from')).toBe('2025-01-01'));
    await waitFor(() => expect(within(trends).getByText('Utilisation by month')).toBeInTheDocument());
    const yoy = option('Utilisation by month');
    expect(yoy.xAxis.data).toEqual(['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12']);
    expect(yoy.series.map((s: { name: string }) => s.name)).toEqual(['2026', '2025']);
    // This year has January and February; last year all twelve months.
    expect(yoy.series[0].data.filter((v: number | null) => v !== null)).toHaveLength(2);
    expect(yoy.series[1].data.filter((v: number | null) => v !== null)).toHaveLength(12);
  });

  it('exports the periods shown, for the rent chosen', async () => {
    signedIn();
    const server = sessionServer(ADMIN, {
      ...reportRoute,
      'GET /api/ccwadmin/rentalReportDay/export': () => ({ file: 'xlsx', contentType: 'application/vnd.ms-excel' }),
    });
    const created = vi.fn(() => 'blob:report');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    renderApp('/');
    const trends = await screen.findByTestId('home-trends', {}, SLOW);
    const user = userEvent.setup();
    await user.click(within(trends).getByLabelText('Rent'));
    await user.click(await screen.findByText('Shanghai', { selector: '.ant-select-item-option-content' }));
    const listed = () => server.requests.filter((r) => r.path === '/api/ccwadmin/rentalReportDay/list').at(-1)!.query;
    await waitFor(() => expect(listed().get('rentId')).toBe('8'));
    await user.click(within(trends).getByRole('button', { name: /Export/ }));
    await waitFor(() => expect(created).toHaveBeenCalled(), SLOW);
    const asked = server.requests.find((r) => r.path === '/api/ccwadmin/rentalReportDay/export')!.query;
    expect(Object.fromEntries(asked)).toEqual({
      from: '2026-01-30',
      to: '2026-02-28',
      granularity: 'day',
      rentId: '8',
    });
  });

  it('says so in place when the user reads no report group', async () => {
    signedIn();
    sessionServer(CLERK, {
      'GET /api/ccwadmin/rentalReportDay/list': () => ({ status: 403, body: { status: 403, message: 'no' } }),
    });
    renderApp('/');
    const trends = await screen.findByTestId('home-trends', {}, SLOW);
    expect(
      await within(trends).findByText(/Your access reads none of the daily report figures/, {}, SLOW),
    ).toBeInTheDocument();
    expect(within(trends).getByRole('button', { name: /Export/ })).toBeDisabled();
  });
});
