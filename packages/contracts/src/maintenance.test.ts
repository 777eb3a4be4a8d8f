import { describe, expect, it } from 'vitest';
import {
  DUE_NEVER,
  OrderLineInput,
  OrderSettleInput,
  PlanInput,
  PlanUpdateInput,
  ReportQuery,
  WorkOrderCreateInput,
  lineAmountFen,
  nextService,
  serviceStateOf,
  settlementSplit,
  workOrderNumber,
} from './maintenance.js';

const lead = { days: 15, km: 1000 };
const plan = { intervalKm: 10_000, intervalMonths: 6 };

describe('nextService', () => {
  it('months first: a car that drives little is due by the date', () => {
    // serviced 2026-01-10 at 30,000 km; 2,000 km since in ~5 months
    const r = nextService(
      plan,
      { day: '2026-01-10', km: 30_000 },
      { registeredOn: '2024-03-01', currentKm: 32_000 },
      '2026-06-20',
      lead,
    );
    expect(r.nextDueOn).toBe('2026-07-10');
    expect(r.nextDueKm).toBe(40_000);
    expect(r.remainingKm).toBe(8_000);
    // pace 2,000 km / 161 days: the km come years later, the date first
    expect(r.projectedOn! > '2027-01-01').toBe(true);
    expect(r.dueOn).toBe('2026-07-10');
    expect(r.state).toBe('ok'); // 20 days ahead, lead 15
    expect(
      nextService(
        plan,
        { day: '2026-01-10', km: 30_000 },
        { registeredOn: '2024-03-01', currentKm: 32_000 },
        '2026-06-25',
        lead,
      ).state,
    ).toBe('due');
    expect(
      nextService(
        plan,
        { day: '2026-01-10', km: 30_000 },
        { registeredOn: '2024-03-01', currentKm: 32_000 },
        '2026-07-11',
        lead,
      ).state,
    ).toBe('overdue');
  });

  it('km first: a car that drives much is due by the projected day', () => {
    // serviced 2026-03-01 at 50,000 km; 200 km a day for 40 days
    const r = nextService(
      plan,
      { day: '2026-03-01', km: 50_000 },
      { registeredOn: '2024-03-01', currentKm: 58_000 },
      '2026-04-10',
      lead,
    );
    expect(r.kmPerDay).toBe(200);
    expect(r.remainingKm).toBe(2_000);
    expect(r.projectedOn).toBe('2026-04-20');
    expect(r.nextDueOn).toBe('2026-09-01');
    expect(r.dueOn).toBe('2026-04-20');
    expect(r.state).toBe('due');
  });

  it('km reached: overdue whatever the date', () => {
    const r = nextService(
      plan,
      { day: '2026-03-01', km: 50_000 },
      { registeredOn: '2024-03-01', currentKm: 60_000 },
      '2026-04-10',
      lead,
    );
    expect(r.remainingKm).toBe(0);
    expect(r.projectedOn).toBe('2026-04-10');
    expect(r.dueOn).toBe('2026-04-10');
    expect(r.state).toBe('overdue');
  });

  it('within the lead km: due today even without a pace', () => {
    const r = nextService(
      { intervalKm: 10_000, intervalMonths: null },
      { day: '2026-04-08', km: 50_000 },
      { registeredOn: '2024-03-01', currentKm: 59_500 },
      '2026-04-10',
      lead,
    );
    expect(r.kmPerDay).toBeNull(); // two days: no pace yet
    expect(r.dueOn).toBe('2026-04-10');
    expect(r.state).toBe('due');
  });

  it('no history: the registration day and 0 km are the baseline', () => {
    const r = nextService(plan, null, { registeredOn: '2025-08-31', currentKm: 3_000 }, '2025-12-01', lead);
    expect(r.baseOn).toBe('2025-08-31');
    expect(r.baseKm).toBe(0);
    expect(r.nextDueOn).toBe('2026-02-28'); // 31 August + 6 months, clamped
    expect(r.nextDueKm).toBe(10_000);
    expect(r.state).toBe('ok');
    // a car registered on 29 February
    expect(
      nextService(
        { intervalKm: null, intervalMonths: 12 },
        null,
        { registeredOn: '2024-02-29', currentKm: 0 },
        '2024-06-01',
        lead,
      ).nextDueOn,
    ).toBe('2025-02-28');
  });

  it('pace only from the seventh day, and only when positive', () => {
    const six = nextService(
      plan,
      { day: '2026-04-04', km: 1_000 },
      { registeredOn: '2024-03-01', currentKm: 2_000 },
      '2026-04-10',
      lead,
    );
    expect(six.kmPerDay).toBeNull();
    expect(six.projectedOn).toBeNull();
    const seven = nextService(
      plan,
      { day: '2026-04-03', km: 1_000 },
      { registeredOn: '2024-03-01', currentKm: 2_400 },
      '2026-04-10',
      lead,
    );
    expect(seven.kmPerDay).toBe(200);
    expect(seven.projectedOn).toBe('2026-05-23'); // ceil(8,600 / 200) = 43 days
    const still = nextService(
      plan,
      { day: '2026-03-01', km: 1_000 },
      { registeredOn: '2024-03-01', currentKm: 900 },
      '2026-04-10',
      lead,
    );
    expect(still.kmPerDay).toBeNull();
  });

  it('a plan without months: due by km only; without km: by date only', () => {
    const kmOnly = nextService(
      { intervalKm: 20_000, intervalMonths: null },
      { day: '2026-01-01', km: 0 },
      { registeredOn: '2024-03-01', currentKm: 100 },
      '2026-01-03',
      lead,
    );
    expect(kmOnly.nextDueOn).toBeNull();
    expect(kmOnly.dueOn).toBe(DUE_NEVER); // no pace yet, far from the km
    expect(kmOnly.state).toBe('ok');
    const monthsOnly = nextService(
      { intervalKm: null, intervalMonths: 12 },
      { day: '2025-05-01', km: 0 },
      { registeredOn: '2024-03-01', currentKm: 900_000 },
      '2026-04-20',
      lead,
    );
    expect(monthsOnly.nextDueKm).toBeNull();
    expect(monthsOnly.remainingKm).toBeNull();
    expect(monthsOnly.dueOn).toBe('2026-05-01');
    expect(monthsOnly.state).toBe('due');
  });

  it('serviceStateOf reads a stored row the same way', () => {
    const row = { nextDueOn: '2026-07-10', nextDueKm: 40_000, dueOn: '2026-07-10', currentKm: 32_000 };
    expect(serviceStateOf(row, '2026-06-20', 15)).toBe('ok');
    expect(serviceStateOf(row, '2026-06-25', 15)).toBe('due');
    expect(serviceStateOf(row, '2026-07-10', 15)).toBe('due');
    expect(serviceStateOf(row, '2026-07-11', 15)).toBe('overdue');
    expect(serviceStateOf({ ...row, currentKm: 40_000 }, '2026-06-01', 15)).toBe('overdue');
  });
});

describe('money of a work order', () => {
  it('line amounts round to the fen', () => {
    expect(lineAmountFen({ kind: 'part', quantity: 4.5, priceFen: 3_333 })).toBe(14_999);
    expect(lineAmountFen({ kind: 'labour', hours: 1.25, priceFen: 12_000 })).toBe(15_000);
  });
  it('splits a total between the driver, the insurer and the company', () => {
    expect(settlementSplit(100_000, 'company', null, null)).toEqual({
      driverFen: 0,
      insuranceFen: 0,
      companyFen: 100_000,
    });
    expect(settlementSplit(100_000, 'driver', null, null)).toEqual({
      driverFen: 100_000,
      insuranceFen: 0,
      companyFen: 0,
    });
    expect(settlementSplit(100_000, 'driver', 30_000, null)).toEqual({
      driverFen: 30_000,
      insuranceFen: 0,
      companyFen: 70_000,
    });
    expect(settlementSplit(100_000, 'insurance', 10_000, 80_000)).toEqual({
      driverFen: 10_000,
      insuranceFen: 80_000,
      companyFen: 10_000,
    });
    expect(settlementSplit(100_000, 'insurance', 30_000, 80_000)).toBeNull();
    expect(settlementSplit(100_000, 'driver', 100_001, null)).toBeNull();
  });
  it('numbers work orders per day', () => {
    expect(workOrderNumber('2026-02-29', 7)).toBe('WX202602290007');
  });
});

describe('schemas', () => {
  it('a plan is for a car type or a car, with at least one interval', () => {
    const ok = { name: '常规保养', carTypeId: 1, intervalKm: 10_000, intervalMonths: 6, items: [{ name: '机油' }] };
    expect(PlanInput.safeParse(ok).success).toBe(true);
    expect(PlanInput.safeParse({ ...ok, carId: 2 }).error?.issues[0]?.message).toBe('v.maintPlanTarget');
    expect(PlanInput.safeParse({ ...ok, carTypeId: null }).error?.issues[0]?.message).toBe('v.maintPlanTarget');
    expect(PlanInput.safeParse({ ...ok, intervalKm: null, intervalMonths: null }).error?.issues[0]?.message).toBe(
      'v.maintPlanInterval',
    );
    expect(PlanInput.safeParse({ ...ok, intervalKm: 400 }).success).toBe(false);
    expect(PlanInput.safeParse({ ...ok, intervalMonths: 61 }).success).toBe(false);
    expect(PlanInput.safeParse({ ...ok, items: [{ name: '机油' }, { name: '机油' }] }).success).toBe(false);
    expect(PlanUpdateInput.safeParse({ ...ok, id: 3, version: 0 }).success).toBe(true);
    expect(PlanUpdateInput.safeParse(ok).success).toBe(false);
  });
  it('a work order: planned end after start, GPS kinds need the contact', () => {
    const ok = { carId: 1, kind: 'repair', problem: '刹车异响', plannedStart: '2026-04-10' };
    expect(WorkOrderCreateInput.safeParse(ok).success).toBe(true);
    expect(WorkOrderCreateInput.safeParse({ ...ok, plannedEnd: '2026-04-09' }).error?.issues[0]?.message).toBe(
      'v.maintPlannedEnd',
    );
    expect(WorkOrderCreateInput.safeParse({ ...ok, kind: 'gps_install' }).error?.issues[0]?.message).toBe(
      'v.maintGpsFields',
    );
    expect(
      WorkOrderCreateInput.safeParse({
        ...ok,
        kind: 'gps_install',
        address: '杭州市西湖区',
        contactName: '王师傅',
        contactPhone: '13800138000',
      }).success,
    ).toBe(true);
  });
  it('lines: parts with quantity and price, labour with hours and rate', () => {
    expect(OrderLineInput.safeParse({ kind: 'part', name: '机油', quantity: 4.5, unitPrice: 68.5 }).success).toBe(true);
    expect(OrderLineInput.safeParse({ kind: 'part', name: '机油', quantity: 0.29, unitPrice: 1 }).success).toBe(true);
    expect(OrderLineInput.safeParse({ kind: 'part', name: '机油', quantity: 1.005, unitPrice: 1 }).success).toBe(false);
    expect(OrderLineInput.safeParse({ kind: 'labour', name: '更换机油', hours: 0.5, rate: 120 }).success).toBe(true);
    expect(OrderLineInput.safeParse({ kind: 'labour', name: '更换机油', quantity: 1, rate: 120 }).success).toBe(false);
  });
  it('settle with insurance needs its share; reports cover up to 24 months', () => {
    expect(OrderSettleInput.safeParse({ version: 1, payer: 'insurance' }).success).toBe(false);
    expect(OrderSettleInput.safeParse({ version: 1, payer: 'insurance', insuranceShare: 800 }).success).toBe(true);
    expect(ReportQuery.safeParse({ from: '2025-01', to: '2026-12' }).success).toBe(true);
    expect(ReportQuery.safeParse({ from: '2025-01', to: '2027-01' }).success).toBe(false);
    expect(ReportQuery.safeParse({ from: '2026-02', to: '2026-01' }).success).toBe(false);
  });
});
