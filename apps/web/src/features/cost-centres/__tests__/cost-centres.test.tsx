import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CostCentre, CostReport } from '@fleetdesk/contracts/cost-centres';
import { setLanguage } from '../../../lib/i18n';
import { ok } from '../../../test/fake-server';
import { ADMIN, sessionServer, signedIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

// jsdom has no canvas: the chart is checked through the option it is given.
const charts = vi.hoisted(() => [] as { setOption: ReturnType<typeof vi.fn> }[]);
vi.mock('echarts/core', () => ({
  use: vi.fn(),
  init: () => {
    const chart = { setOption: vi.fn(), resize: vi.fn(), dispose: vi.fn() };
    charts.push(chart);
    return chart;
  },
}));
vi.mock('echarts/charts', () => ({ BarChart: {}, LineChart: {}, PieChart: {} }));
vi.mock('echarts/components', () => ({ GridComponent: {}, LegendComponent: {}, TooltipComponent: {} }));
vi.mock('echarts/renderers', () => ({ CanvasRenderer: {} }));

const FIRST = { timeout: 60_000 };
const C = '/api/ccwadmin/oa/costCenter';

const centre = (patch: Partial<CostCentre>): CostCentre => ({
  id: 1,
  parentId: null,
  kind: 'company',
  code: 'HQ',
  name: 'Head office',
  enabled: true,
  sort: 0,
  postedTotal: 0,
  ...patch,
});
const CENTRES = [centre({}), centre({ id: 2, parentId: 1, kind: 'carGroup', code: 'RIDE', name: 'Ride-hailing cars' })];

function server() {
  return sessionServer(ADMIN, {
    [`GET ${C}/list`]: () => ok(CENTRES),
    [`GET ${C}/report`]: (req) => {
      const months = [req.query.get('from')!];
      const report: CostReport = {
        months,
        centres: [
          { id: 1, parentId: null, name: 'Head office', kind: 'company', amounts: [5100], total: 5100 },
          { id: 2, parentId: 1, name: 'Ride-hailing cars', kind: 'carGroup', amounts: [5100], total: 5100 },
        ],
        categories: [{ category: 'maintenance', amounts: [5100], total: 5100 }],
      };
      return ok(report);
    },
    [`GET ${C}/posting/list`]: () =>
      ok({
        rows: [
          {
            id: 1,
            centreId: 2,
            centreName: 'Ride-hailing cars',
            category: 'expense',
            sourceType: 'approval',
            sourceId: '12',
            amount: 1286.5,
            occurredOn: '2026-11-02',
            description: 'Charging',
            createdAt: '2026-11-03T00:00:00Z',
          },
        ],
        total: 1,
        pageNum: 1,
        pageSize: 10,
      }),
    [`POST ${C}/add`]: (req) => ok(centre({ id: 3, ...(req.body as object) })),
  });
}

describe('cost centres', () => {
  it('shows the tree, the totals and the postings, and checks a new centre in English', async () => {
    await setLanguage('en-US');
    signedIn();
    const s = server();
    renderApp('/oa/costCenter');
    const user = userEvent.setup();
    expect(await screen.findByText('Ride-hailing cars', { selector: '.fd-cost-node span' }, FIRST)).toBeInTheDocument();
    expect(await screen.findByText('Expense claim #12')).toBeInTheDocument();
    expect(screen.getAllByText('¥5,100.00').length).toBeGreaterThan(0);
    await waitFor(() => expect(charts.at(-1)?.setOption).toHaveBeenCalled());
    const option = charts.at(-1)!.setOption.mock.calls.at(-1)![0] as { series: { name: string; data: number[] }[] };
    expect(option.series).toEqual([expect.objectContaining({ name: 'Maintenance', data: [5100], stack: 'cost' })]);
    await user.click(screen.getByRole('button', { name: /Add/ }));
    const box = (await screen.findByText('Add a cost centre', { selector: '.ant-modal-title' })).closest<HTMLElement>(
      '.ant-modal',
    )!;
    fireEvent.change(within(box).getByLabelText('Name'), { target: { value: 'Airport group' } });
    fireEvent.change(within(box).getByLabelText('Code'), { target: { value: 'air port' } });
    await user.click(within(box).getByRole('button', { name: 'Save' }));
    expect(
      await within(box).findByText('The code is 1-20 letters, digits, hyphens or underscores'),
    ).toBeInTheDocument();
    fireEvent.change(within(box).getByLabelText('Code'), { target: { value: 'AIR' } });
    await user.click(within(box).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(s.calls('POST', `${C}/add`)).toHaveLength(1));
    expect(s.calls('POST', `${C}/add`)[0]!.body).toMatchObject({
      name: 'Airport group',
      code: 'AIR',
      kind: 'company',
      parentId: null,
    });
  });

  it('speaks Chinese: the empty name is refused with the Chinese message', async () => {
    await setLanguage('zh-CN');
    signedIn();
    server();
    renderApp('/oa/costCenter');
    const user = userEvent.setup();
    expect(await screen.findByText('报销审批 #12', {}, FIRST)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /新\s?增/ }));
    const box = (await screen.findByText('新增成本中心', { selector: '.ant-modal-title' })).closest<HTMLElement>(
      '.ant-modal',
    )!;
    await user.click(within(box).getByRole('button', { name: /保\s?存/ }));
    expect(await within(box).findByText('请输入成本中心名称（最多 30 个字）')).toBeInTheDocument();
  });
});
