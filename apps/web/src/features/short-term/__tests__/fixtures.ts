import type { BookingDetail, BookingRow, BookingState, Quote } from '@fleetdesk/contracts/short-term';
import { session, type SessionUser } from '../../../lib/session';
import { ok, type FakeAnswer } from '../../../test/fake-server';
import { RENTS, signedIn } from '../../../test/fixtures';

export const API = '/api/ccwadmin';
export const SLOW = { timeout: 20_000 };
export const FIRST = { timeout: 90_000 };
export const paged = (rows: unknown[]): FakeAnswer => ok({ rows, total: rows.length, pageNum: 1, pageSize: 20 });

/** Every element of the screen. */
export const ALL = [
  'sevenShort:view',
  'sevenShort:add',
  'sevenShort:edit',
  'sevenShort:delete',
  'sevenShort:export',
  'sevenShort:dispatch',
  'sevenShort:return',
  'sevenShort:settle',
  'sevenShort:cancel',
];

/** A signed-in user holding `elements` (the session store, for components rendered without the shell). */
export function signInAs(elements: string[]) {
  signedIn();
  const user: SessionUser = {
    id: 1,
    name: 'Admin',
    username: 'admin',
    phone: '13800000000',
    email: null,
    avatar: null,
    roles: ['admin'],
    menus: [],
    elements: Object.fromEntries(elements.map((e) => [e, true as const])),
    tenantId: 3,
    tenantName: 'Demo Rentals',
    rentCode: 'HZ',
    rentId: 7,
    rentName: 'Hangzhou',
    rentCity: 'Hangzhou',
    shortRentName: 'Hangzhou',
    rents: RENTS as SessionUser['rents'],
  };
  session.set({ user, tenantElements: null });
}

/** Three days from Friday 11 December 2026: a weekday, then the weekend. */
export const QUOTE: Quote = {
  days: [
    { date: '2026-12-11', price: 200, kind: 'weekday' },
    { date: '2026-12-12', price: 260, kind: 'weekend' },
    { date: '2026-12-13', price: 300, kind: 'special' },
  ],
  rent: 760,
  discountPct: 0,
  discount: 0,
  protection: 90,
  extras: 30,
  delivery: 0,
  deposit: { damage: 3000, violation: 2000 },
  mileageLimitKm: 600,
  total: 880,
  payNow: 5880,
};

export function bookingRow(patch: Partial<BookingRow> = {}): BookingRow {
  return {
    id: 31,
    code: 'S202612110001',
    state: 'toPickUp',
    rentId: 7,
    storeId: 2,
    storeName: 'West Lake',
    returnStoreId: 2,
    carTypeId: 5,
    carTypeName: 'Compact',
    carId: 71,
    plate: '浙A12345',
    driverId: 88,
    driverName: 'Li Ming',
    driverPhone: '13812345678',
    pickUpAt: '2026-12-11T02:00:00.000Z',
    returnAt: '2026-12-14T02:00:00.000Z',
    pickedUpAt: null,
    returnedAt: null,
    days: 3,
    total: 880,
    deposits: 5000,
    paidAt: '2026-12-05T02:00:00.000Z',
    overdue: false,
    createdAt: '2026-12-05T01:50:00.000Z',
    ...patch,
  };
}

/** What the server offers an administrator in each state. */
const SERVER_ACTIONS: Record<BookingState, BookingDetail['actions']> = {
  unpaid: ['pay', 'cancel'],
  toPickUp: ['pickUp', 'cancel'],
  inUse: ['return'],
  returned: ['settle'],
  completed: [],
  cancelled: [],
};

export function bookingDetail(state: BookingState, patch: Partial<BookingDetail> = {}): BookingDetail {
  return {
    ...bookingRow({ state, paidAt: state === 'unpaid' ? null : '2026-12-05T02:00:00.000Z' }),
    returnStoreName: 'West Lake',
    protectionId: 1,
    protectionName: 'Basic',
    extras: [{ extraId: 4, name: 'Child seat', count: 1 }],
    deliveryAddress: null,
    collectionAddress: null,
    quote: QUOTE,
    rent: 760,
    damageDeposit: 3000,
    violationDeposit: 2000,
    orderId: state === 'unpaid' ? null : 501,
    charges: null,
    settledAt: null,
    balanceOrderId: null,
    balanceDue: 0,
    violationHoldUntil: null,
    violationUsed: 0,
    violationReleasedAt: null,
    cancelFee: null,
    cancelledAt: null,
    cancelReason: null,
    dispatchInspectionId: null,
    returnInspectionId: null,
    remark: null,
    version: 3,
    createdByName: 'Admin',
    events: [
      { id: 1, kind: 'created', at: '2026-12-05T01:50:00.000Z', userId: 1, userName: 'Admin', data: {} },
      ...(state === 'unpaid'
        ? []
        : [{ id: 2, kind: 'paid' as const, at: '2026-12-05T02:00:00.000Z', userId: null, userName: null, data: {} }]),
    ],
    actions: SERVER_ACTIONS[state],
    ...patch,
  };
}
