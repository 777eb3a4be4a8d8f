import type { RateRow, RenterRow, TripDetail, TripRow, ZoneRow } from '@fleetdesk/contracts/time-share';
import type { Account } from '../../../test/fixtures';
import { ok, type FakeAnswer } from '../../../test/fake-server';

export const API = '/api/ccwadmin';
export const SLOW = { timeout: 20_000 };
/** The first screen of a test loads the shell and the area's chunk: slow on a busy machine. */
export const FIRST = { timeout: 90_000 };
export const paged = (rows: unknown[]): FakeAnswer => ok({ rows, total: rows.length, pageNum: 1, pageSize: 20 });

/** Reads only. */
export const VIEWER: Account = { menus: ['sevenGo'], elements: ['sevenGo:view'] };
/** The desk: reads and runs trips, tops up; no zones or rates changed. */
export const DESK: Account = { menus: ['sevenGo'], elements: ['sevenGo:view', 'sevenGo:edit'] };

export function tripRow(patch: Partial<TripRow> = {}): TripRow {
  return {
    id: 51,
    code: 'T202612060001',
    state: 'inUse',
    rentId: 7,
    carId: 12,
    plate: '浙A12345',
    driverId: 88,
    driverName: 'Li Ming',
    driverPhone: '13812345678',
    reservedAt: '2026-12-06T01:00:00.000Z',
    startedAt: '2026-12-06T01:05:00.000Z',
    endedAt: null,
    startZoneName: 'West Lake',
    endZoneName: null,
    km: null,
    total: null,
    offZone: false,
    warned: false,
    locked: false,
    ...patch,
  };
}

const AMOUNT = {
  minutes: 95,
  dayMinutes: 95,
  nightMinutes: 0,
  wholeDays: 0,
  time: 47.5,
  km: 15,
  subtotal: 62.5,
  parking: 5,
  offZone: 0,
  total: 67.5,
};

export function tripDetail(patch: Partial<TripDetail> = {}): TripDetail {
  return {
    ...tripRow(),
    reserveUntil: null,
    startZoneId: 3,
    endZoneId: null,
    startKm: 12000,
    endLat: null,
    endLon: null,
    rate: { dayMinutePrice: 0.5, nightMinutePrice: 0.3, kmPrice: 1.2, minPrice: 10, maxPrice: null, dailyCap: 120 },
    amount: null,
    running: { ...AMOUNT, parking: 0, total: 62.5 },
    balance: 200,
    paidAt: null,
    warnedAt: null,
    lockedAt: null,
    recoveredAt: null,
    cancelReason: null,
    route: [
      { at: '2026-12-06T01:05:00.000Z', lat: 30.25, lon: 120.15, speedKmh: 0 },
      { at: '2026-12-06T01:20:00.000Z', lat: 30.26, lon: 120.17, speedKmh: 48 },
      { at: '2026-12-06T01:40:00.000Z', lat: 30.28, lon: 120.16, speedKmh: 35 },
    ],
    version: 2,
    ...patch,
  };
}

export const ENDED_AMOUNT = AMOUNT;

export function zoneRow(patch: Partial<ZoneRow> = {}): ZoneRow {
  return {
    id: 3,
    rentId: 7,
    rentName: 'Hangzhou',
    name: 'West Lake',
    city: 'Hangzhou',
    address: '1 Hubin Road',
    lat: 30.25,
    lon: 120.15,
    radiusM: 300,
    geofenceId: null,
    geofenceName: null,
    bays: 10,
    parkingFee: 5,
    enabled: true,
    carsParked: 4,
    version: 1,
    updatedAt: '2026-12-01T00:00:00.000Z',
    ...patch,
  };
}

export function rateRow(patch: Partial<RateRow> = {}): RateRow {
  return {
    id: 9,
    city: 'Hangzhou',
    carTypeId: 2,
    carTypeName: 'BYD Qin',
    dayMinutePrice: 0.5,
    nightMinutePrice: 0.3,
    kmPrice: 1.2,
    minPrice: 10,
    maxPrice: null,
    dailyCap: 120,
    version: 1,
    updatedAt: '2026-12-01T00:00:00.000Z',
    ...patch,
  };
}

export function renterRow(patch: Partial<RenterRow> = {}): RenterRow {
  return {
    driverId: 88,
    name: 'Li Ming',
    phone: '13812345678',
    balance: 20,
    trips: 3,
    liveTripId: null,
    owed: 0,
    updatedAt: '2026-12-05T00:00:00.000Z',
    ...patch,
  };
}
