import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CostCentre, CostReport, Posting } from '@fleetdesk/contracts/cost-centres';
import { SavedFilterPaths } from '@fleetdesk/contracts/saved-filters';
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
const EMPTY_ZH = '没有成本记录';
const SLOW = { timeout: 20_000 };
const where = () => screen.getByTestId('location').textContent ?? '';
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
    [`GET ${SavedFilterPaths.list}`]: () => ok([]),
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

  it("takes the postings' centre, category and month from the address, and asks the server for page 2", async () => {
    await setLanguage('en-US');
    signedIn();
    const s = server();
    const posting = (id: number): Posting => ({
      id,
      centreId: 2,
      centreName: 'Ride-hailing cars',
      category: 'expense',
      sourceType: 'approval',
      sourceId: String(100 + id),
      amount: 10,
      occurredOn: '2026-10-02',
      description: `Posting ${id}`,
      createdAt: '2026-10-03T00:00:00Z',
    });
    s.on({
      [`GET ${C}/posting/list`]: (req) => {
        const page = Number(req.query.get('pageNum'));
        return ok({ rows: [posting(page)], total: 15, pageNum: page, pageSize: 10 });
      },
    });
    renderApp('/oa/costCenter?centreId=2&category=expense&month=2026-10');
    expect(await screen.findByText('Posting 1', {}, FIRST)).toBeInTheDocument();
    expect(Object.fromEntries(s.calls('GET', `${C}/posting/list`)[0]!.query)).toEqual({
      pageNum: '1',
      pageSize: '10',
      centreId: '2',
      category: 'expense',
      month: '2026-10',
    });
    // The tree shows the centre of the address as chosen; the filters show the rest.
    const node = screen.getByText('Ride-hailing cars', { selector: '.fd-cost-node span' });
    expect(node.closest('.ant-tree-treenode')).toHaveClass('ant-tree-treenode-selected');
    const form = screen.getByRole('search');
    expect(within(form).getByTitle('Expense claims')).toBeInTheDocument();
    expect(within(form).getByLabelText('Month')).toHaveValue('2026-10');
    const user = userEvent.setup();
    await user.click(screen.getByTitle('2'));
    expect(await screen.findByText('Posting 2', {}, SLOW)).toBeInTheDocument();
    expect(s.calls('GET', `${C}/posting/list`).at(-1)!.query.get('pageNum')).toBe('2');
    expect(where()).toBe('/oa/costCenter?centreId=2&category=expense&month=2026-10&pageNum=2');
    // Another centre in the tree: its postings from page 1.
    await user.click(screen.getByText('Head office', { selector: '.fd-cost-node span' }));
    await waitFor(() => expect(where()).toBe('/oa/costCenter?centreId=1&category=expense&month=2026-10'), SLOW);
  }, 120_000);

  it('says when the postings are none (Chinese)', async () => {
    await setLanguage('zh-CN');
    signedIn();
    const s = server();
    s.on({ [`GET ${C}/posting/list`]: () => ok({ rows: [], total: 0, pageNum: 1, pageSize: 10 }) });
    renderApp('/oa/costCenter');
    expect(await screen.findByText(EMPTY_ZH, {}, FIRST)).toBeInTheDocument();
  }, 120_000);
});
