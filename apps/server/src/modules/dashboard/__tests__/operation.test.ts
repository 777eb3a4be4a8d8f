import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationFigures } from '@fleetdesk/contracts/dashboard';
import type { PaymentLine } from '@fleetdesk/contracts/rental-contracts';
import { CAR_STATUSES, DUE_SOON_DAYS } from '@fleetdesk/contracts/vehicles';
import { addDays } from '../../../core/tenant-time.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { activeDriver, idleCars, P, rentIds, terms } from '../../../test/contracts.js';

const OPERATION = '/api/ccwadmin/index/operation';

let t: TestApp;
let rents: Awaited<ReturnType<typeof rentIds>>;

const figures = async (as = 'admin') => {
  const res = await t.request('GET', OPERATION, { as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as OperationFigures;
};
/** The total of a list call, as the screen a tile links to shows it. */
const total = async (method: 'GET' | 'POST', url: string, as: string, input: Record<string, unknown> = {}) => {
  const res =
    method === 'GET'
      ? await t.request('GET', url, { as, query: input as Record<string, string> })
      : await t.request('POST', url, { as, body: { pageNum: 1, pageSize: 1, ...input } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.total as number;
};
const contracts = (as: string, filter: Record<string, unknown>) => total('POST', `${P}/list`, as, filter);

beforeAll(async () => {
  t = await createTestApp();
  rents = await rentIds(t);
});
afterAll(async () => t.close());

describe('index/operation', () => {
  it('counts what the lists behind its tiles show', async () => {
    const f = await figures();
    const cars = (status: string) => total('POST', '/api/ccwadmin/rentCar/list', 'admin', { status: [status] });
    for (const status of ['idle', 'rented', 'maintenance'])
      expect(f.fleet!.byStatus[status as 'idle']).toBe(await cars(status));
    expect(f.fleet!.violationsUnhandled).toBe(
      await total('POST', '/api/ccwadmin/peccancyDetail/list', 'admin', { handled: 'unhandled' }),
    );
    const licences = (await t.request('GET', '/api/ccwadmin/rentCarLicense/total', { as: 'admin' })).json().data;
    expect([f.fleet!.licencesExpiring, f.fleet!.licencesExpired]).toEqual([licences.expiring, licences.expired]);
    // The papers' tiles link to the car list of the cars in service with the date range below.
    const inService = CAR_STATUSES.filter((s) => s !== 'sold' && s !== 'scrapped');
    const yesterday = addDays(f.today, -1);
    const soon = addDays(f.today, DUE_SOON_DAYS);
    expect(f.fleet!.soonUntil).toBe(soon);
    const papers = (range: Record<string, string>) =>
      total('POST', '/api/ccwadmin/rentCar/list', 'admin', { status: inService, ...range });
    expect(f.fleet!.inspectionOverdue).toBe(await papers({ inspectionDueTo: yesterday }));
    expect(f.fleet!.inspectionDueSoon).toBe(await papers({ inspectionDueFrom: f.today, inspectionDueTo: soon }));
    expect(f.fleet!.insuranceExpired).toBe(await papers({ insuranceExpiryTo: yesterday }));
    expect(f.fleet!.insuranceDueSoon).toBe(await papers({ insuranceExpiryFrom: f.today, insuranceExpiryTo: soon }));
    expect(f.fleet!.insuranceExpired + f.fleet!.inspectionOverdue).toBeGreaterThan(0);
    const drivers = (documentDue: string) => total('POST', '/api/ccwadmin/rentDriver/list', 'admin', { documentDue });
    expect(f.drivers).toEqual({ documentsSoon: await drivers('soon'), documentsExpired: await drivers('expired') });
    expect(f.drivers!.documentsSoon + f.drivers!.documentsExpired).toBeGreaterThan(0);
    expect(f.contracts!.dueToday.contracts).toBe(await contracts('admin', { duty: 'collect' }));
    for (const duty of ['sign', 'dispatch', 'return', 'settle'] as const) {
      const key = { sign: 'toSign', dispatch: 'toDispatch', return: 'toReturn', settle: 'toSettle' }[duty];
      expect(f.contracts![key as 'toSign'], duty).toBe(await contracts('admin', { duty }));
    }
    expect(f.contracts!.toSign).toBe(await contracts('admin', { state: ['pending'] }));
    expect(f.contracts!.overdue.contracts).toBe(await contracts('admin', { overdue: true }));
    expect(f.contracts!.overdue.contracts).toBeGreaterThan(0);
    expect(f.contracts!.overdue.amount).toBeGreaterThan(0);
    const alarms = (await t.request('GET', '/api/ccwgps/alarm/alarmCount/unHandle', { as: 'admin' })).json().data;
    expect(f.risk!.unhandledAlarms).toBe(alarms);
    const board = (await t.request('GET', '/api/ccwadmin/risk/board', { as: 'admin' })).json().data;
    expect(f.risk!.openCases).toBe(board.openCount);
    const due = (state: string) => total('GET', '/api/ccwadmin/maintainDue/list', 'admin', { state, pageSize: '1' });
    expect(f.services).toEqual({ due: await due('all-due'), overdue: await due('overdue') });
  });

  it('follows a contract from signing to dispatch, and the bills due and money collected today', async () => {
    const before = await figures();
    const [car] = await idleCars(t, rents.hz, 1);
    const driverId = await activeDriver(t, rents.hz);
    const made = await t.request('POST', `${P}/add`, {
      as: 'admin',
      rent: rents.hz,
      body: {
        ...terms({ startDate: before.today, endDate: addDays(before.today, 364) }),
        driverId,
        carId: car,
        clauses: [],
      },
    });
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json().data.id as number;
    const pending = await figures();
    expect(pending.contracts!.toSign - before.contracts!.toSign).toBe(1);
    expect(pending.fleet!.total - before.fleet!.total).toBe(1);
    const acc = await t.request('POST', `${P}/account/add`, { as: 'admin', body: { name: '看板测试', kind: 'bank' } });
    // Signed with its first bills left open: they are due today; the car waits to be handed over.
    const signed = await t.request('POST', `${P}/sign/${id}`, { as: 'admin', body: { accountId: acc.json().data.id } });
    expect(signed.statusCode, signed.body).toBe(200);
    const lines: PaymentLine[] = (await t.request('GET', `${P}/lines/${id}`, { as: 'admin' })).json().data;
    const openToday = lines.filter((l) => l.dueDate === pending.today && l.amount > 0 && l.state !== 'paid');
    const paidToday = lines.filter((l) => l.paidDate === pending.today).reduce((s, l) => s + l.paid, 0);
    const after = await figures();
    expect(after.contracts!.toSign).toBe(before.contracts!.toSign);
    expect(after.contracts!.toDispatch - before.contracts!.toDispatch).toBe(1);
    expect(after.contracts!.dueToday.bills - before.contracts!.dueToday.bills).toBe(openToday.length);
    expect(after.contracts!.dueToday.contracts - before.contracts!.dueToday.contracts).toBe(openToday.length ? 1 : 0);
    expect(after.contracts!.dueToday.contracts).toBe(await contracts('admin', { duty: 'collect' }));
    expect(after.contracts!.collectedToday - before.contracts!.collectedToday).toBeCloseTo(paidToday, 2);
    expect(await contracts('admin', { duty: 'dispatch', carId: car })).toBe(1);
  });

  it('shows only the areas the user reads, in his data scope', async () => {
    // The clerk reads cars and drivers of Hangzhou.
    const clerk = await figures('clerk');
    expect(clerk.contracts).toBeNull();
    expect(clerk.risk).toBeNull();
    expect(clerk.services).toBeNull();
    expect(clerk.fleet!.byStatus.idle).toBe(
      await total('POST', '/api/ccwadmin/rentCar/list', 'clerk', { status: ['idle'] }),
    );
    const admin = await figures();
    expect(clerk.fleet!.total).toBeLessThan(admin.fleet!.total);
    // A fleet leader's cars are his teams'.
    const leader = await figures('fleet1');
    expect(leader.fleet!.total).toBe(await total('POST', '/api/ccwadmin/rentCar/list', 'fleet1', {}));
    expect(leader.fleet!.total).toBeLessThan(admin.fleet!.total);
    // A salesman reads contracts, not cars.
    const sales = await figures('sales1');
    expect(sales.fleet).toBeNull();
    expect(sales.contracts!.toSign).toBe(await contracts('sales1', { duty: 'sign' }));
  });

  it('keeps tenants apart and needs a signed-in user', async () => {
    const other = await figures('other');
    expect(other.fleet!.total).toBe(await total('POST', '/api/ccwadmin/rentCar/list', 'other', {}));
    expect(other.contracts!.overdue.contracts).toBe(await contracts('other', { overdue: true }));
    expect((await t.request('GET', OPERATION)).statusCode).toBe(401);
  });
});
