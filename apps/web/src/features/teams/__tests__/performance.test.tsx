import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { stopTaskNotices } from '../../../lib/task-notices';
import { ok } from '../../../test/fake-server';
import { searchFor } from '../../../test/filter-form';
import { ADMIN, sessionServer, signedIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { currentMonth } from '../model/performance';
import { EMPTY_MONTHS, FIRST, PERF, perfRoutes, SLOW, VIEWER, WEIGHTS } from './fixtures';

const where = () => screen.getByTestId('location').textContent ?? '';
const ranking = () => screen.getByTestId('list-team-ranking');
const rowOf = async (name: string) =>
  (await within(await screen.findByTestId('list-team-ranking', {}, FIRST)).findByText(name, {}, SLOW)).closest('tr')!;
const dialog = async (title: string) =>
  (await screen.findByText(title, { selector: '.ant-modal-title' }, SLOW)).closest<HTMLElement>('.ant-modal')!;
const lastQuery = (server: ReturnType<typeof sessionServer>, path: string) =>
  server.calls('GET', path).at(-1)!.query.toString();

beforeEach(async () => {
  await setLanguage('en-US');
  stopTaskNotices();
  signedIn();
});

describe('fleet performance', () => {
  it('ranks a fleet’s drivers with scores and money, sums its month and teams, and follows the month', async () => {
    const server = sessionServer(ADMIN, perfRoutes());
    const saved: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: (b: Blob) => (saved.push(b), 'blob:ranking'), revokeObjectURL: vi.fn() }),
    );
    renderApp('/teams?team=1&tab=performance&month=2026-11');
    const wang = await rowOf('Wang Jianguo');
    expect(screen.getByRole('tab', { name: 'Performance' })).toHaveAttribute('aria-selected', 'true');
    expect(within(wang).getByText('1', { selector: '.fd-perf-rank' })).toBeInTheDocument();
    for (const text of ['96.59', '¥5,952.95', '165', '48.1', '3/4', 'Airport team'])
      expect(within(wang).getByText(text)).toBeInTheDocument();
    const zhao = await rowOf('Zhao Lei');
    expect(within(zhao).getByText('2', { selector: '.fd-perf-rank' })).toBeInTheDocument();
    for (const text of ['61.50', '¥12,345.60', '1,203', '10.0', '—'])
      expect(within(zhao).getByText(text)).toBeInTheDocument();
    expect(lastQuery(server, PERF.drivers)).toBe('month=2026-11&teamId=1&pageNum=1&pageSize=20');
    expect(lastQuery(server, PERF.teams)).toBe('month=2026-11&rentId=7');

    // The fleet's month, then its teams'.
    const figures = screen.getByTestId('perf-figures');
    // (antd's statistic writes a number's decimals apart.)
    for (const text of ['¥18,298.55', '¥9,149.28', '1,368', '58.1', '75.0%', '79.05'])
      expect(figures).toHaveTextContent(text);
    expect(screen.getByText('Its teams in 2026-11')).toBeInTheDocument();
    const night = screen.getByRole('button', { name: 'Night team' }).closest('tr')!;
    expect(within(night).getByText('—', { selector: '.fd-muted' })).toBeInTheDocument();

    // A keyword keeps the ranks; the export takes the month and the node.
    const user = userEvent.setup();
    await searchFor(user, ranking(), 'Driver', 'Zhao');
    await waitFor(() => expect(server.calls('GET', PERF.drivers).at(-1)!.query.get('keyword')).toBe('Zhao'));
    await user.click(screen.getByRole('button', { name: /Export/ }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(lastQuery(server, PERF.export)).toBe('month=2026-11&teamId=1');

    // The month before: asked again, and the address says so.
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    await waitFor(() => expect(lastQuery(server, PERF.drivers)).toBe('month=2026-10&teamId=1&pageNum=1&pageSize=20'));
    expect(lastQuery(server, PERF.teams)).toBe('month=2026-10&rentId=7');
    expect(where()).toBe('/teams?team=1&tab=performance&month=2026-10');

    // A team of the table opens its own performance, in the same month.
    await user.click(screen.getByRole('button', { name: 'Airport team' }));
    await waitFor(() => expect(where()).toBe('/teams?team=2&tab=performance&month=2026-10'));
    await waitFor(() => expect(lastQuery(server, PERF.drivers)).toBe('month=2026-10&teamId=2&pageNum=1&pageSize=20'));
  }, 60_000);

  it('ranks every fleet’s drivers from the tree’s entry, in this month by default', async () => {
    const server = sessionServer(ADMIN, perfRoutes());
    renderApp('/teams?team=1');
    const user = userEvent.setup();
    const entry = await screen.findByRole('button', { name: /All fleets ranking/ }, FIRST);
    expect(entry).toHaveAttribute('aria-pressed', 'false');
    await user.click(entry);
    await waitFor(() => expect(where()).toBe('/teams?tab=performance'));
    await rowOf('Wang Jianguo');
    expect(screen.getByRole('heading', { name: 'All fleets ranking' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /All fleets ranking/ })).toHaveAttribute('aria-pressed', 'true');
    expect(lastQuery(server, PERF.drivers)).toBe(`month=${currentMonth()}&pageNum=1&pageSize=20`);
    expect(lastQuery(server, PERF.teams)).toBe(`month=${currentMonth()}`);
    // The fleets' sum: 2 + 1 drivers, ¥18,298.55 + ¥4,000.00; one line per fleet, none per team.
    const figures = screen.getByTestId('perf-figures');
    expect(figures).toHaveTextContent('¥22,298.55');
    expect(figures).toHaveTextContent(/^Drivers3/);
    expect(screen.getByRole('button', { name: 'Pudong fleet' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Airport team' })).toBeNull();
    // No month to come.
    expect(screen.getByRole('button', { name: 'Next month' })).toBeDisabled();
  }, 60_000);

  it('checks the ranking weights, sends them, and shows the server’s refusal on its field', async () => {
    const server = sessionServer(
      ADMIN,
      perfRoutes(
        {},
        {
          [`PUT ${PERF.weights}`]: () => ({
            status: 400,
            body: { status: 400, message: 'Invalid request', errors: [{ path: 'orders', message: 'At most 100' }] },
          }),
        },
      ),
    );
    renderApp('/teams?team=1&tab=performance&month=2026-11');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Ranking weights/ }, FIRST));
    const box = await dialog('Ranking weights');
    await waitFor(() => expect(within(box).getByLabelText('Flow')).toHaveValue('30'), SLOW);
    expect(within(box).getByText('30% of the score')).toBeInTheDocument();

    expect(within(box).getByText('10% of the score; fewer is better')).toBeInTheDocument();

    const fields = ['Flow', 'Orders', 'Online hours', 'Rent paid on time', 'Overdue days', 'Violations', 'Accidents'];
    for (const label of fields) fireEvent.change(within(box).getByLabelText(label), { target: { value: '0' } });
    await user.click(within(box).getByRole('button', { name: 'Save' }));
    expect(await within(box).findByText('Give at least one metric a weight above 0')).toBeInTheDocument();
    expect(server.calls('PUT', PERF.weights)).toHaveLength(0);

    fireEvent.change(within(box).getByLabelText('Flow'), { target: { value: '40' } });
    await user.click(within(box).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.calls('PUT', PERF.weights)).toHaveLength(1));
    expect(server.calls('PUT', PERF.weights)[0]!.body).toEqual({
      ...Object.fromEntries(Object.keys(WEIGHTS).map((k) => [k, 0])),
      flow: 40,
    });
    // Under its field; the dialog stays open with what was typed.
    await waitFor(
      () => expect(within(box).getByLabelText('Orders').closest('.ant-form-item')!).toHaveTextContent('At most 100'),
      SLOW,
    );
    expect(within(box).getByLabelText('Flow')).toHaveValue('40');
  }, 60_000);

  it('says how to fill an empty month; a viewer gets no import or export and only reads the weights', async () => {
    sessionServer(VIEWER, perfRoutes({ months: EMPTY_MONTHS }));
    renderApp('/teams?team=1&tab=performance&month=2026-11');
    expect(await screen.findByText('No platform figures for 2026-11 yet', {}, FIRST)).toBeInTheDocument();
    expect(screen.getByText(/Flows are imported one platform at a time/)).toBeInTheDocument();
    expect(screen.getByText('Ask a colleague who may import flows to do it.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Import flows/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Export/ })).toBeNull();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Ranking weights/ }));
    const box = await dialog('Ranking weights');
    await waitFor(() => expect(within(box).getByLabelText('Flow')).toHaveValue('30'), SLOW);
    expect(within(box).getByLabelText('Flow')).toBeDisabled();
    expect(within(box).getByText('Only a user who may edit fleets can change the weights.')).toBeInTheDocument();
    expect(within(box).queryByRole('button', { name: 'Save' })).toBeNull();
  }, 60_000);

  it('imports one platform’s flows through the shared wizard, with the platform in the path', async () => {
    const IMPORT = '/api/ccwadmin/excel/data/import/driver_flow/data';
    const server = sessionServer(
      ADMIN,
      perfRoutes(
        { months: EMPTY_MONTHS },
        {
          'GET /api/ccwadmin/excel/data/dynamic/table/header/driver_flow': () =>
            ok({ type: 'driver_flow', title: 'Flows', maxRows: 20000, syncMaxRows: 500, extra: null, columns: [] }),
          // checked as it will be imported: with the platform
          'POST /api/ccwadmin/excel/data/check/driver_flow/data/didi': () =>
            ok({ total: 2, valid: 2, invalid: 0, errors: [], warnings: [], truncated: false, unknownColumns: [] }),
          [`POST ${IMPORT}/:platform`]: () =>
            ok({ mode: 'sync', total: 2, imported: 2, failed: 0, errors: [], warnings: [], truncated: false }),
        },
      ),
    );
    renderApp('/teams?team=1&tab=performance&month=2026-11');
    const empty = (await screen.findByText('No platform figures for 2026-11 yet', {}, FIRST)).closest<HTMLElement>(
      '.fd-perf-empty',
    )!;
    const user = userEvent.setup();
    await user.click(within(empty).getByRole('button', { name: /Import flows/ }));
    const choose = await dialog('Import flows');
    await user.click(within(choose).getByRole('button', { name: 'Next' }));
    expect(await within(choose).findByText('Please choose')).toBeInTheDocument();
    await user.click(within(choose).getByLabelText('Platform'));
    await user.click(await screen.findByText('DiDi', { selector: '.ant-select-item-option-content' }));
    await user.click(within(choose).getByRole('button', { name: 'Next' }));

    const wizard = await dialog('Import platform flows');
    expect(within(wizard).getByText('Platform: DiDi')).toBeInTheDocument();
    await user.upload(
      wizard.querySelector<HTMLInputElement>('input[type=file]')!,
      new File(['PK'], 'didi.xlsx', { type: 'application/octet-stream' }),
    );
    await user.click(within(wizard).getByRole('button', { name: 'Check the file' }));
    const months = server.calls('GET', PERF.teams).length;
    await user.click(await within(wizard).findByRole('button', { name: 'Import 2 valid rows' }, SLOW));
    expect(await within(wizard).findByText('2 days of flows imported', {}, SLOW)).toBeInTheDocument();
    expect(server.calls('POST', `${IMPORT}/didi`)).toHaveLength(1);
    await waitFor(() => expect(server.calls('GET', PERF.teams).length).toBeGreaterThan(months));
  }, 60_000);

  it('speaks Chinese', async () => {
    await setLanguage('zh-CN');
    sessionServer(ADMIN, perfRoutes());
    renderApp('/teams?team=1&tab=performance&month=2026-11');
    const wang = await rowOf('Wang Jianguo');
    expect(within(wang).getByText('¥5,952.95')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '绩效' })).toHaveAttribute('aria-selected', 'true');
    for (const text of [
      '排名',
      '综合得分',
      '流水',
      '订单数',
      '在线时长（小时）',
      '按时交租',
      '逾期天数',
      '违章',
      '事故',
    ])
      expect(within(ranking()).getAllByText(text).length).toBeGreaterThan(0);
    expect(screen.getByText('2026-11 各小组')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /导入流水/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /全部车队排名/ })).toBeInTheDocument();
  }, 60_000);
});
