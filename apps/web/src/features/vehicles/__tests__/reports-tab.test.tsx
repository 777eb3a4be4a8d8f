import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { fakeServer, ok } from '../../../test/fake-server';
import { signedIn } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import ReportsTab from '../reports/reports-tab';

// jsdom has no canvas: the charts are checked through the options they are given.
const charts = vi.hoisted(() => [] as { setOption: ReturnType<typeof vi.fn>; el: HTMLElement }[]);
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

const b = (key: string, name: string, count: number) => ({ key, name, count });

function reportRoutes(total: number) {
  return {
    'GET /api/ccwadmin/rentCar/report': () =>
      ok({
        total,
        byStatus: total ? [b('idle', 'Idle', 6), b('rented', 'Rented', 3), b('maintenance', 'In maintenance', 1)] : [],
        byType: [],
        byBrand: total ? [b('3', 'BYD', 7), b('4', 'Volkswagen', 3)] : [],
        byOwner: [],
        byEnergy: [],
        byRent: [],
      }),
    'GET /api/ccwadmin/rentCarType/report': () =>
      ok([
        {
          carTypeId: 4,
          carTypeName: 'EV ride-hailing',
          monthlyRent: 4800,
          total: 8,
          rented: 3,
          idle: 4,
          other: 1,
          rentedRate: 0.375,
          monthlyIncome: 14400,
        },
      ]),
    'GET /api/ccwadmin/rentCar/owner/report': () => ok({ rows: [], total: 0, pageNum: 1, pageSize: 10 }),
    'GET /api/ccwadmin/rentCar/power/report': () =>
      ok({
        byEnergy: [b('electric', 'Electric', 7), b('petrol', 'Petrol', 3)],
        battery: [b('50-70', '50-70', 7)],
        range: [b('400-600', '400-600', 7)],
        averageBatteryKwh: 57.6,
        averageRangeKm: 510,
      }),
    'GET /api/ccwadmin/rentCar/online/operation/report': () =>
      ok({
        from: '2026-11-01',
        to: '2026-11-03',
        days: [
          { date: '2026-11-01', fleet: 10, rented: 2, operationRate: 0.2 },
          { date: '2026-11-02', fleet: 10, rented: 3, operationRate: 0.3 },
          { date: '2026-11-03', fleet: 10, rented: 3, operationRate: 0.3 },
        ],
        averageOperationRate: 0.2667,
        online: { total: 10, online: 0, offline: 0, never: 10, onlineRate: 0 },
      }),
  };
}

/** The option given to the chart whose box is labelled `label`. */
const optionOf = (label: string) => {
  const chart = charts.find((c) => c.el.getAttribute('aria-label') === label);
  return chart?.setOption.mock.calls.at(-1)?.[0] as { series: { data: unknown[] }[] } | undefined;
};

beforeEach(async () => {
  charts.length = 0;
  await setLanguage('en-US');
});

describe('the reports tab', () => {
  it('draws each report with translated names, and says when a report has nothing to count', async () => {
    signedIn();
    fakeServer(reportRoutes(10));
    renderWithProviders(<ReportsTab />);
    expect(await screen.findByText('Cars in the fleet')).toBeInTheDocument();
    await waitFor(() => expect(optionOf('By status')).toBeDefined());
    expect(optionOf('By status')!.series[0]!.data).toEqual([
      { name: 'Idle', value: 6 },
      { name: 'Rented', value: 3 },
      { name: 'In maintenance', value: 1 },
    ]);
    await waitFor(() => expect(optionOf('Operation rate by day')).toBeDefined());
    expect(optionOf('Operation rate by day')!.series[0]!.data).toEqual([20, 30, 30]);
    await waitFor(() => expect(optionOf('By car type')).toBeDefined());
    expect(optionOf('By car type')!.series.map((s) => s.data)).toEqual([[3], [4], [1]]);
    expect(optionOf('By energy')!.series[0]!.data).toEqual([
      { name: 'Electric', value: 7 },
      { name: 'Petrol', value: 3 },
    ]);
    expect(screen.getByText('26.7%')).toBeInTheDocument();
    expect(screen.getByText('Average 57.6 kWh')).toBeInTheDocument();
    // No owner report rows: that card shows its empty state, and no chart was made for it.
    expect(optionOf('By owner (top 10)')).toBeUndefined();
    expect(screen.getAllByText('No data').length).toBeGreaterThan(0);
  });

  it('says there is nothing to report for an empty fleet', async () => {
    signedIn();
    fakeServer(reportRoutes(0));
    renderWithProviders(<ReportsTab />);
    expect(await screen.findByText('No cars in the fleet yet; reports appear once cars are added')).toBeInTheDocument();
    expect(charts).toHaveLength(0);
  });
});
