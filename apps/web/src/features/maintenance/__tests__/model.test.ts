import { describe, expect, it } from 'vitest';
import type { WorkOrderState } from '@fleetdesk/contracts/maintenance';
import { reportRange } from '../pages/reports-tab';
import { daysUntil, dueFilter, serviceProblem } from '../pages/due-list';
import { orderFilter } from '../pages/orders-list';
import { offeredActions } from '../model/actions';
import { draftAmount, lineTotals, linesInput } from '../model/lines';
import { maintenanceTabs } from '../model/tabs';
import dayjs from 'dayjs';

const holding = (...codes: string[]) => ({ can: (code: string) => code === 'maintenance' || codes.includes(code) });
const CLERK = holding('maintenance:view', 'maintenance:add', 'maintenance:edit', 'maintenance:export');
const ADMIN = holding(
  'maintenance:view',
  'maintenance:add',
  'maintenance:edit',
  'maintenance:delete',
  'maintenance:export',
  'maintenance:complete',
  'maintenance:settle',
);
const WORKSHOP = holding('maintenance:view', 'maintenance:complete');
const t = ((key: string, o?: Record<string, unknown>) => `${key}${o ? JSON.stringify(o) : ''}`) as never;

describe('the actions a work order offers', () => {
  const offered = (state: WorkOrderState, who = ADMIN) => offeredActions({ state }, who);

  it('follow the state (the contracts’ one table) for someone holding every element', () => {
    expect(offered('reported')).toEqual(['submit', 'update', 'cancel']);
    expect(offered('approving')).toEqual(['cancel']);
    expect(offered('approved')).toEqual(['enter', 'lines', 'update', 'cancel']);
    expect(offered('in_workshop')).toEqual(['complete', 'lines', 'cancel']);
    expect(offered('done')).toEqual(['settle']);
    expect(offered('settled')).toEqual(['pickUp']);
    expect(offered('picked_up')).toEqual([]);
    expect(offered('cancelled')).toEqual([]);
  });

  it('leave out what the user may not do: the clerk does not complete nor settle, the workshop only completes', () => {
    expect(offered('in_workshop', CLERK)).toEqual(['lines', 'cancel']);
    expect(offered('done', CLERK)).toEqual([]);
    expect(offered('in_workshop', WORKSHOP)).toEqual(['complete', 'lines']);
    expect(offered('reported', WORKSHOP)).toEqual([]);
    expect(offered('done', WORKSHOP)).toEqual([]);
  });

  it('keep to the server’s list when the answer names the caller’s actions', () => {
    expect(offeredActions({ state: 'in_workshop', actions: ['complete'] }, ADMIN)).toEqual(['complete']);
  });
});

describe('the lines’ money', () => {
  it('is quantity x unit price and hours x rate, to the fen, summed without float drift', () => {
    expect(draftAmount({ kind: 'part', quantity: 4, unitPrice: 45.5 })).toBe(182);
    expect(draftAmount({ kind: 'labour', hours: 1.5, rate: 120 })).toBe(180);
    expect(draftAmount({ kind: 'part', quantity: 3, unitPrice: 0.1 })).toBe(0.3);
    expect(draftAmount({ kind: 'part', quantity: 2, unitPrice: null })).toBe(0);
    expect(
      lineTotals([
        { kind: 'part', name: '机油', quantity: 4, unitPrice: 45.5 },
        { kind: 'part', name: '机油滤清器', quantity: 1, unitPrice: 0.1 },
        { kind: 'part', name: '空气滤清器', quantity: 1, unitPrice: 0.2 },
        { kind: 'labour', name: '保养工时', hours: 1.5, rate: 120 },
      ]),
    ).toEqual({ parts: 182.3, labour: 180, total: 362.3 });
  });

  it('become the lines call’s input, trimmed, empty part numbers null', () => {
    expect(
      linesInput([
        { kind: 'part', name: ' 刹车片 ', partNo: ' ', quantity: 1, unitPrice: 380 },
        { kind: 'labour', name: '更换工时', hours: 1, rate: 100 },
      ]),
    ).toEqual([
      { kind: 'part', name: '刹车片', partNo: null, quantity: 1, unitPrice: 380 },
      { kind: 'labour', name: '更换工时', hours: 1, rate: 100 },
    ]);
  });
});

describe('the tabs', () => {
  it('a workshop’s sign-in sees the work orders only; the office every tab; a reader without view the orders', () => {
    expect(maintenanceTabs(WORKSHOP)).toEqual(['orders']);
    expect(maintenanceTabs(ADMIN)).toEqual(['orders', 'due', 'plans', 'workshops', 'reports']);
    expect(maintenanceTabs(CLERK)).toEqual(['orders', 'due', 'plans', 'workshops', 'reports']);
    expect(maintenanceTabs(holding('maintenance:edit'))).toEqual(['orders', 'workshops']);
  });
});

describe('the URL filters', () => {
  it('of the work orders keep several states comma-separated and turn ids into numbers', () => {
    expect(orderFilter({ state: 'reported,approved', kind: 'service', workshopId: '4', keyword: 'WX2026' })).toEqual({
      state: 'reported,approved',
      kind: 'service',
      workshopId: 4,
      keyword: 'WX2026',
    });
  });

  it('of the due list take the reminder’s car and ignore an unknown state', () => {
    expect(dueFilter({ car: '12', state: 'overdue' })).toEqual({ carId: 12, state: 'overdue' });
    expect(dueFilter({ state: 'soon' })).toEqual({});
  });

  it('of the reports default to the last 12 months and keep a valid range', () => {
    expect(reportRange(new URLSearchParams(), dayjs('2028-02-29'))).toEqual({ from: '2027-03', to: '2028-02' });
    expect(reportRange(new URLSearchParams('from=2026-01&to=2026-06&rentId=7'))).toEqual({
      from: '2026-01',
      to: '2026-06',
      rentId: 7,
    });
    expect(reportRange(new URLSearchParams('from=2026-13'), dayjs('2026-12-31')).from).toBe('2026-01');
  });
});

describe('a service work order from the due list', () => {
  it('names the plan’s items in its problem', () => {
    const plan = { name: '燃油车 1 万公里', items: [{ name: '机油', quantity: 4 }, { name: '机油滤清器' }] };
    expect(serviceProblem(plan, t)).toBe(
      'due.problemWithItems{"plan":"燃油车 1 万公里","items":"机油 × 4due.itemSeparator机油滤清器"}',
    );
    expect(serviceProblem({ name: 'P', items: [] }, t)).toBe('due.problem{"plan":"P"}');
  });

  it('counts the days left from the given day, over month ends and 29 February', () => {
    expect(daysUntil('2028-03-01', '2028-02-28')).toBe(2);
    expect(daysUntil('2026-12-31', '2027-01-02')).toBe(-2);
  });
});
