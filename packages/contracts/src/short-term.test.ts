import { describe, expect, it } from 'vitest';
import { MENUS } from './permissions.js';
import { PLANS } from './membership.js';
import { TenantRules } from './organisation.js';
import {
  BOOKING_STATES,
  BOOKING_TRANSITIONS,
  BookingInput,
  PriceDaysSetInput,
  PriceInput,
  QuoteInput,
  StoreInput,
  canMoveBooking,
} from './short-term.js';
import { RateInput, RenterTopUpInput, TRIP_STATES, TRIP_TRANSITIONS, ZoneInput } from './time-share.js';

const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.success ? [] : r.error!.issues.map((i) => `${i.path.join('.')}:${i.message}`);

const stay = {
  storeId: 1,
  carTypeId: 2,
  pickUpAt: '2026-12-10T10:00:00+08:00',
  returnAt: '2026-12-12T10:00:00+08:00',
};

describe('short-term and time-share contracts', () => {
  it('adds sevenShort under rentCar with the booking actions, in the same plans as sevenGo', () => {
    const menu = MENUS.find((m) => m.code === 'sevenShort')!;
    expect(menu).toMatchObject({ parent: 'rentCar', path: '/sevenShort' });
    expect(menu.elements.map((e) => e.code.split(':')[1])).toEqual([
      'view',
      'add',
      'edit',
      'delete',
      'export',
      'dispatch',
      'return',
      'settle',
      'cancel',
    ]);
    for (const p of PLANS) {
      const has = (code: string) => p.menus === '*' || p.menus.includes(code);
      expect(has('sevenShort')).toBe(has('sevenGo'));
    }
  });

  it('fills the rules of both areas with their defaults', () => {
    const rules = TenantRules.parse({});
    expect(rules.shortTerm).toMatchObject({ graceMinutes: 60, freeCancelHours: 24, fuelPerPct: 5, unpaidMinutes: 30 });
    expect(rules.timeShare).toMatchObject({ reserveMinutes: 15, offZoneFee: 50, nightFrom: '23:00', nightTo: '07:00' });
    expect(messages(TenantRules.safeParse({ timeShare: { nightFrom: '24:00' } }))).toEqual([
      'timeShare.nightFrom:v.timeOfDay',
    ]);
    expect(TenantRules.safeParse({ shortTerm: { fuelPerPct: 5.001 } }).success).toBe(false);
  });

  it('moves bookings and trips only along their transitions; the end states are final', () => {
    for (const s of BOOKING_STATES) for (const to of BOOKING_TRANSITIONS[s]) expect(BOOKING_STATES).toContain(to);
    expect(canMoveBooking('unpaid', 'toPickUp')).toBe(true);
    expect(canMoveBooking('inUse', 'cancelled')).toBe(false);
    expect(BOOKING_TRANSITIONS.completed).toEqual([]);
    expect(BOOKING_TRANSITIONS.cancelled).toEqual([]);
    for (const s of TRIP_STATES) for (const to of TRIP_TRANSITIONS[s]) expect(TRIP_STATES).toContain(to);
    expect(TRIP_TRANSITIONS.paid).toEqual([]);
  });

  it('checks a stay: return after pick-up, at most 90 days, unique extras, an address for delivery', () => {
    expect(QuoteInput.safeParse(stay).success).toBe(true);
    expect(messages(QuoteInput.safeParse({ ...stay, returnAt: stay.pickUpAt }))).toEqual(['returnAt:v.stReturnAfter']);
    expect(messages(QuoteInput.safeParse({ ...stay, returnAt: '2027-03-11T10:00:00+08:00' }))).toEqual([
      'returnAt:v.stStayMax',
    ]);
    expect(
      messages(
        QuoteInput.safeParse({
          ...stay,
          extras: [
            { extraId: 1, count: 1 },
            { extraId: 1, count: 2 },
          ],
        }),
      ),
    ).toEqual(['extras:v.stExtraIds']);
    expect(messages(QuoteInput.safeParse({ ...stay, delivery: true }))).toEqual([
      'deliveryAddress:v.stDeliveryAddress',
    ]);
    expect(QuoteInput.safeParse({ ...stay, surprise: 1 }).success).toBe(false);
  });

  it('takes a booking for an existing driver or a new renter, not both, not neither', () => {
    const renter = { name: '王小明', phone: '13812345678', idNumber: '11010519491231002X' };
    expect(BookingInput.safeParse({ ...stay, driverId: 5 }).success).toBe(true);
    expect(BookingInput.safeParse({ ...stay, renter }).success).toBe(true);
    expect(messages(BookingInput.safeParse(stay))).toEqual(['driverId:v.stRenter']);
    expect(messages(BookingInput.safeParse({ ...stay, driverId: 5, renter }))).toEqual(['driverId:v.stRenter']);
  });

  it('checks stores, prices, date prices, zones, rates and top-ups', () => {
    const store = {
      rentId: 1,
      name: '西湖店',
      address: '杭州市西湖区',
      lat: 30.25,
      lon: 120.15,
      phone: '0571-88886666',
    };
    expect(StoreInput.parse(store)).toMatchObject({ opensAt: '08:00', closesAt: '20:00', minNoticeHours: 2 });
    expect(messages(StoreInput.safeParse({ ...store, opensAt: '20:00', closesAt: '08:00' }))).toEqual([
      'closesAt:v.stHours',
    ]);
    const price = { storeId: 1, carTypeId: 2, weekdayPrice: 199, weekendPrice: 259 };
    expect(PriceInput.parse({ ...price, discount7: 5.5 })).toMatchObject({ discount7: 5.5, mileageLimitKm: null });
    expect(messages(PriceInput.safeParse({ ...price, discount30: 95 }))).toEqual(['discount30:v.stDiscount']);
    expect(PriceInput.safeParse({ ...price, discount7: 5.555 }).success).toBe(false);
    expect(
      PriceDaysSetInput.safeParse({ storeId: 1, carTypeId: 2, from: '2026-10-01', to: '2026-10-07', price: 399 })
        .success,
    ).toBe(true);
    expect(
      messages(
        PriceDaysSetInput.safeParse({ storeId: 1, carTypeId: 2, from: '2026-10-07', to: '2026-10-01', price: null }),
      ),
    ).toEqual(['to:v.stDayRange']);
    const zone = { rentId: 1, name: '西湖文化广场', city: '杭州', address: '杭州市', lat: 30.27, lon: 120.16 };
    expect(ZoneInput.parse(zone)).toMatchObject({ radiusM: 200, geofenceId: null });
    expect(messages(ZoneInput.safeParse({ ...zone, radiusM: null }))).toEqual(['radiusM:v.tsZoneShape']);
    const rate = { city: '杭州', carTypeId: 2, dayMinutePrice: 0.5, nightMinutePrice: 0.3, kmPrice: 1, dailyCap: 200 };
    expect(RateInput.parse(rate)).toMatchObject({ minPrice: 0, maxPrice: null });
    expect(messages(RateInput.safeParse({ ...rate, minPrice: 10, maxPrice: 5 }))).toEqual(['maxPrice:v.tsRateMax']);
    expect(RenterTopUpInput.safeParse({ driverId: 1, amount: 100 }).success).toBe(true);
    expect(messages(RenterTopUpInput.safeParse({ driverId: 1, amount: 0.5 }))).toEqual(['amount:v.tsTopUp']);
  });
});
