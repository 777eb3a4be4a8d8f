import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Violation } from '@fleetdesk/contracts/violations';
import { setLanguage } from '../../../lib/i18n';
import { ok, type FakeAnswer, type FakeRequest } from '../../../test/fake-server';
import { ADMIN, CLERK, sessionServer, signedIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

const SLOW = { timeout: 45_000 };
const B = '/api/ccwadmin';

function violation(patch: Partial<Violation> = {}): Violation {
  return {
    id: 1,
    violationNo: 'SBX330100001',
    carId: 5,
    plate: '浙A12345',
    rentId: 7,
    rentName: 'Hangzhou',
    occurredAt: '2026-11-02T01:30:00Z',
    place: '杭州市文三路与学院路交叉口',
    offenceCode: '1625',
    offenceText: '驾驶机动车违反道路交通信号灯通行的',
    fine: 200,
    points: 6,
    lateFee: 0,
    handled: false,
    handledAt: null,
    authority: '杭州市公安局交通警察支队',
    driverId: null,
    driverName: null,
    source: 'query',
    createdAt: '2026-11-03T01:30:00Z',
    ...patch,
  };
}

const ROWS = [violation(), violation({ id: 2, plate: '沪B82M56', carId: 6, handled: true, driverName: '王建国' })];

function routes(more: Record<string, (req: FakeRequest) => FakeAnswer> = {}) {
  return {
    [`POST ${B}/peccancyDetail/list`]: () => ok({ rows: ROWS, total: 2, pageNum: 1, pageSize: 20 }),
    [`GET ${B}/peccancyDetail/getLimitRemindCount`]: () => ok({ cars: 1, drivers: 1, total: 2 }),
    [`POST ${B}/rentCar/list`]: () =>
      ok({
        rows: [
          { id: 5, plate: '浙A12345' },
          { id: 9, plate: '浙A00000' },
        ],
        total: 2,
        pageNum: 1,
        pageSize: 200,
      }),
    [`POST ${B}/peccancy/order/check/batch/peccancy/order/data`]: () =>
      ok({
        cars: [
          { carId: 5, plate: '浙A12345', queryable: true, reason: null, engineDigits: 6, vinDigits: null },
          { carId: 9, plate: '浙A00000', queryable: false, reason: 'noEngineNo', engineDigits: 6, vinDigits: null },
        ],
        queryable: 1,
        refused: 1,
        unitPrice: 1.5,
        total: 1.5,
        balance: 500,
        provider: 'sandbox',
        sandbox: true,
      }),
    [`POST ${B}/peccancy/order/query`]: () =>
      ok({
        order: {
          id: 4,
          kind: 'single',
          state: 'running',
          provider: 'sandbox',
          carCount: 1,
          amount: 1.5,
          refunded: 0,
          found: 0,
          added: 0,
          failed: 0,
          taskId: 31,
          targetId: 'violationQuery:4',
          createdAt: '2026-11-26T02:00:00Z',
          createdByName: 'Zhang Wei',
          finishedAt: null,
        },
        refused: [],
      }),
    ...more,
  };
}

beforeEach(async () => {
  await setLanguage('en-US');
});

describe('the violations tab', () => {
  it('lists the records, shows the header count, and starts a paid query after the check', async () => {
    signedIn();
    const server = sessionServer(ADMIN, routes());
    renderApp('/rentCar/violations');
    expect(await screen.findByText('浙A·12345', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText('王建国')).toBeInTheDocument();
    expect(screen.getAllByText('Unhandled').length).toBeGreaterThan(0);
    expect(await screen.findByTestId('violation-badge', {}, SLOW)).toHaveTextContent('2');

    const user = userEvent.setup();
    await user.click(screen.getByTestId('violation-query'));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    await user.click(within(dialog).getByTestId('violation-query-all'));
    await user.click(within(dialog).getByTestId('violation-query-check'));
    expect(await within(dialog).findByText('¥1.50 × 1 cars = ¥1.50', { exact: false }, SLOW)).toBeTruthy();
    expect(within(dialog).getByText(/No engine number/)).toBeInTheDocument();
    expect(within(dialog).getByText('Sandbox')).toBeInTheDocument();
    expect(server.calls('POST', `${B}/peccancy/order/check/batch/peccancy/order/data`)[0]!.body).toEqual({
      carIds: [5, 9],
    });
    await user.click(within(dialog).getByTestId('violation-query-confirm'));
    await waitFor(() => expect(server.calls('POST', `${B}/peccancy/order/query`)).toHaveLength(1));
    expect(server.calls('POST', `${B}/peccancy/order/query`)[0]!.body).toEqual({ carId: 5 });
  }, 120_000);

  it('says when the balance is short, with the way to top up', async () => {
    signedIn();
    sessionServer(
      ADMIN,
      routes({
        [`POST ${B}/peccancy/order/query`]: () => ({
          status: 409,
          body: {
            status: 30101,
            message: 'Balance too low: 1.50 needed, 0.00 left',
            code: 'payments.insufficientBalance',
          },
        }),
      }),
    );
    renderApp('/rentCar/violations');
    await screen.findByText('浙A·12345', {}, SLOW);
    const user = userEvent.setup();
    await user.click(screen.getByTestId('violation-query'));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    await user.click(within(dialog).getByTestId('violation-query-all'));
    await user.click(within(dialog).getByTestId('violation-query-check'));
    await within(dialog).findByText(/1 can be queried/, {}, SLOW);
    await user.click(within(dialog).getByTestId('violation-query-confirm'));
    const alert = await within(dialog).findByTestId('violation-query-short', {}, SLOW);
    expect(alert).toHaveTextContent('Balance too low: 1.50 needed, 0.00 left');
    expect(within(alert).getByRole('link', { name: 'Top up' })).toHaveAttribute('href', '/order/topUp');
  }, 120_000);

  it('marks a record handled, naming the cost centre of its fine (none: the settings decide)', async () => {
    signedIn();
    const server = sessionServer(
      ADMIN,
      routes({
        [`PUT ${B}/peccancyDetail/handle/:id`]: () => ok(violation({ handled: true })),
        [`GET ${B}/oa/costCenter/list`]: () => ok([]),
      }),
    );
    renderApp('/rentCar/violations');
    await screen.findByText('浙A·12345', {}, SLOW);
    const user = userEvent.setup();
    // By text, not by role: a role query over the whole screen costs jsdom minutes on a busy machine.
    await user.click(screen.getAllByText('Mark handled')[0]!);
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    expect(dialog).toHaveTextContent('Cost centre of the fine');
    await user.click(within(dialog).getByText('Mark handled'));
    await waitFor(() => expect(server.calls('PUT', `${B}/peccancyDetail/handle/1`)).toHaveLength(1));
    expect(server.calls('PUT', `${B}/peccancyDetail/handle/1`)[0]!.body).toEqual({ handled: true, costCentreId: null });
  }, 120_000);

  it('shows a reader the records without query, export or row actions', async () => {
    signedIn();
    sessionServer(CLERK, routes());
    renderApp('/rentCar/violations');
    expect(await screen.findByText('浙A·12345', {}, SLOW)).toBeInTheDocument();
    for (const text of ['Query violations', 'Export', 'Attribute', 'Mark handled']) {
      expect(screen.queryByText(text), text).toBeNull();
    }
  }, 120_000);

  it('saves the reminder limits and reads the yearly statistics', async () => {
    signedIn();
    const server = sessionServer(
      ADMIN,
      routes({
        [`GET ${B}/peccancyLimitConfig/get`]: () =>
          ok({ carPoints: 12, carFine: 1000, driverPoints: 9, driverFine: null }),
        [`POST ${B}/peccancyLimitConfig/save`]: (req) => ok(req.body),
        [`GET ${B}/statisticsPeccancy/getByYear`]: (req) =>
          ok({
            year: Number(req.query.get('year')),
            months: Array.from({ length: 12 }, (_, i) => ({
              month: i + 1,
              count: i === 10 ? 7 : 0,
              handled: i === 10 ? 2 : 0,
              fine: i === 10 ? 1150 : 0,
              points: i === 10 ? 18 : 0,
            })),
            total: { count: 7, handled: 2, fine: 1150, points: 18 },
            topOffences: [{ offenceCode: '1625', offenceText: '闯红灯', count: 4 }],
          }),
      }),
    );
    renderApp('/rentCar/violations?view=limits');
    const form = await screen.findByTestId('violation-limits', {}, SLOW);
    const user = userEvent.setup();
    const inputs = within(form).getAllByRole('spinbutton');
    await user.clear(inputs[0]!);
    await user.type(inputs[0]!, '10');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.calls('POST', `${B}/peccancyLimitConfig/save`)).toHaveLength(1));
    expect(server.calls('POST', `${B}/peccancyLimitConfig/save`)[0]!.body).toEqual({
      carPoints: 10,
      carFine: 1000,
      driverPoints: 9,
      driverFine: null,
    });
    await user.click(screen.getByText('Yearly statistics'));
    expect(await screen.findByText('Month 11', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText('1625 闯红灯 · 4 times')).toBeInTheDocument();
  }, 120_000);
});
