import {
  orderActionsOf,
  type DueRow,
  type Plan,
  type WorkOrderDetail,
  type WorkOrderRow,
  type WorkOrderState,
} from '@fleetdesk/contracts/maintenance';
import type { Account } from '../../../test/fixtures';
import { ok, type FakeAnswer } from '../../../test/fake-server';

export const API = '/api/ccwadmin';
export const SLOW = { timeout: 20_000 };
/** The first screen of a test loads the shell and the area's chunk: slow on a busy machine. */
export const FIRST = { timeout: 90_000 };
export const paged = (rows: unknown[]): FakeAnswer => ok({ rows, total: rows.length, pageNum: 1, pageSize: 20 });

/** A workshop's sign-in: the work orders, view and complete. */
export const WORKSHOP_USER: Account = {
  menus: ['maintenance'],
  elements: ['maintenance:view', 'maintenance:complete'],
};
/** A clerk of the office: reports, edits, exports; neither completes nor settles. */
export const MAINT_CLERK: Account = {
  menus: ['maintenance'],
  elements: ['maintenance:view', 'maintenance:add', 'maintenance:edit', 'maintenance:export'],
};

export function orderRow(patch: Partial<WorkOrderRow> = {}): WorkOrderRow {
  return {
    id: 31,
    number: 'WX202612050001',
    rentId: 7,
    rentName: 'Hangzhou',
    carId: 1,
    plate: '浙AD12345',
    driverId: 5,
    driverName: 'Wang Jianguo',
    contractId: 9,
    workshopId: 2,
    workshopName: 'Tuhu Workshop',
    kind: 'repair',
    state: 'reported',
    problem: 'Brakes squeal',
    mileageIn: 42_000,
    mileageOut: null,
    plannedStart: '2026-12-05',
    plannedEnd: null,
    actualStart: null,
    actualEnd: null,
    estimate: 800,
    total: 0,
    payer: 'company',
    version: 1,
    createdAt: '2026-12-05T02:00:00.000Z',
    updatedAt: '2026-12-05T02:00:00.000Z',
    ...patch,
  };
}

export function orderDetail(state: WorkOrderState, patch: Partial<WorkOrderDetail> = {}): WorkOrderDetail {
  return {
    ...orderRow({ state }),
    contractNo: 'HT20261101',
    accidentId: null,
    photos: [],
    parts: 0,
    labour: 0,
    driverShare: 0,
    insuranceShare: 0,
    companyShare: 0,
    approvalRequestId: null,
    carStatusBefore: null,
    deviceId: null,
    address: null,
    contactName: null,
    contactPhone: null,
    appointmentAt: null,
    cancelReason: null,
    createdByName: 'Zhang Wei',
    settledAt: null,
    pickedUpAt: null,
    lines: [],
    events: [
      { id: 1, kind: 'created', text: 'Reported by Zhang Wei', userName: 'Zhang Wei', at: '2026-12-05T02:00:00.000Z' },
    ],
    // The server names what the state allows the caller (here: everything the state allows).
    actions: [...orderActionsOf(state)],
    ...patch,
  } as WorkOrderDetail;
}

export function dueRow(patch: Partial<DueRow> = {}): DueRow {
  return {
    carId: 1,
    plate: '浙AD12345',
    vin: 'LSVAU2180N2183294',
    rentId: 7,
    rentName: 'Hangzhou',
    carTypeId: 3,
    carTypeName: 'Economy',
    carStatus: 'rented',
    planId: 4,
    planName: 'Petrol 10,000 km',
    intervalKm: 10_000,
    intervalMonths: 6,
    lastServiceOn: '2026-05-01',
    lastServiceKm: 31_000,
    currentKm: 40_400,
    kmSource: 'gps',
    kmReadAt: '2026-12-05T01:00:00.000Z',
    nextDueOn: '2026-11-01',
    nextDueKm: 41_000,
    remainingKm: 600,
    dueOn: '2026-11-01',
    kmPerDay: 43.9,
    state: 'overdue',
    openOrderId: null,
    ...patch,
  } as DueRow;
}

export function plan(patch: Partial<Plan> = {}): Plan {
  return {
    id: 4,
    name: 'Petrol 10,000 km',
    carTypeId: 3,
    carTypeName: 'Economy',
    carId: null,
    plate: null,
    intervalKm: 10_000,
    intervalMonths: 6,
    items: [
      { name: 'Engine oil', partNo: null, quantity: 4 },
      { name: 'Oil filter', partNo: null, quantity: 1 },
    ],
    enabled: true,
    cars: 12,
    version: 1,
    updatedAt: '2026-11-01T00:00:00.000Z',
    ...patch,
  };
}
