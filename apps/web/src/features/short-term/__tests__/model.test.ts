import { describe, expect, it } from 'vitest';
import { DEFAULT_SHORT_TERM_RULES } from '@fleetdesk/contracts/organisation';
import { bookingActions, cancelPreview } from '../model/booking-actions';
import { addDays, calendarBars, calendarDays } from '../model/calendar';
import { dayRanges, isWeekend, monthGrid } from '../model/price-days';
import { settlementOf } from '../model/settlement';
import { ALL, bookingDetail } from './fixtures';

const can = (elements: string[]) => ({ can: (code: string) => elements.includes(code) });

describe('the calendar grid', () => {
  it('counts days across month and year ends and 29 February', () => {
    expect(calendarDays('2026-12-30', 4)).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
    expect(calendarDays('2028-02-28', 3)).toEqual(['2028-02-28', '2028-02-29', '2028-03-01']);
    expect(addDays('2027-03-01', -1)).toBe('2027-02-28');
  });

  it('draws a booking over its days (Shanghai time), a return at midnight not taking the next day', () => {
    // 11 Dec 10:00 to 14 Dec 00:00 Shanghai: the 11th, 12th and 13th.
    const bars = calendarBars(
      [{ id: 1, pickUpAt: '2026-12-11T02:00:00.000Z', returnAt: '2026-12-13T16:00:00.000Z' }],
      '2026-12-10',
      14,
    );
    expect(bars).toEqual([expect.objectContaining({ start: 1, span: 3, before: false, after: false, lane: 0 })]);
  });

  it('cuts a booking at the range ends and marks it; leaves out what lies outside', () => {
    const bars = calendarBars(
      [
        { id: 1, pickUpAt: '2026-12-01T02:00:00.000Z', returnAt: '2026-12-12T02:00:00.000Z' },
        { id: 2, pickUpAt: '2026-12-20T02:00:00.000Z', returnAt: '2027-01-05T02:00:00.000Z' },
        { id: 3, pickUpAt: '2026-11-01T02:00:00.000Z', returnAt: '2026-11-05T02:00:00.000Z' },
        { id: 4, pickUpAt: '2027-02-01T02:00:00.000Z', returnAt: '2027-02-05T02:00:00.000Z' },
      ],
      '2026-12-10',
      14,
    );
    expect(bars.map((b) => [b.item.id, b.start, b.span, b.before, b.after])).toEqual([
      [1, 0, 3, true, false],
      [2, 10, 4, false, true],
    ]);
  });

  it('puts overlapping bars on separate lanes and reuses a lane once free', () => {
    const bars = calendarBars(
      [
        { id: 1, pickUpAt: '2026-12-10T02:00:00.000Z', returnAt: '2026-12-12T02:00:00.000Z' },
        { id: 2, pickUpAt: '2026-12-11T02:00:00.000Z', returnAt: '2026-12-13T02:00:00.000Z' },
        { id: 3, pickUpAt: '2026-12-14T02:00:00.000Z', returnAt: '2026-12-15T02:00:00.000Z' },
      ],
      '2026-12-10',
      7,
    );
    expect(bars.map((b) => [b.item.id, b.lane])).toEqual([
      [1, 0],
      [2, 1],
      [3, 0],
    ]);
  });
});

describe('the date-price helpers', () => {
  it('turns chosen days into the fewest runs, across a month end', () => {
    expect(dayRanges(['2026-12-31', '2026-12-05', '2027-01-01', '2026-12-06', '2026-12-06', '2026-12-09'])).toEqual([
      { from: '2026-12-05', to: '2026-12-06' },
      { from: '2026-12-09', to: '2026-12-09' },
      { from: '2026-12-31', to: '2027-01-01' },
    ]);
    expect(dayRanges([])).toEqual([]);
  });

  it('lays a month out Monday first', () => {
    // 1 December 2026 is a Tuesday; February 2028 has 29 days and starts on a Tuesday.
    const dec = monthGrid('2026-12');
    expect(dec.slice(0, 2)).toEqual([null, '2026-12-01']);
    expect(dec.filter(Boolean)).toHaveLength(31);
    const feb = monthGrid('2028-02');
    expect(feb.filter(Boolean).at(-1)).toBe('2028-02-29');
    expect(isWeekend('2026-12-12')).toBe(true);
    expect(isWeekend('2026-12-13')).toBe(true);
    expect(isWeekend('2026-12-14')).toBe(false);
  });
});

describe('the booking page actions', () => {
  it('follow the state', () => {
    const all = can(ALL);
    expect(bookingActions(bookingDetail('unpaid'), all)).toEqual(['pay', 'cancel']);
    expect(bookingActions(bookingDetail('toPickUp'), all)).toEqual(['pickUp', 'cancel']);
    expect(bookingActions(bookingDetail('inUse'), all)).toEqual(['return']);
    expect(bookingActions(bookingDetail('returned'), all)).toEqual(['settle']);
    expect(
      bookingActions(
        bookingDetail('returned', {
          settledAt: '2026-12-14T03:00:00.000Z',
          balanceDue: 120,
          balanceOrderId: 9,
          actions: ['pay'],
        }),
        all,
      ),
    ).toEqual(['pay']);
    expect(bookingActions(bookingDetail('completed'), all)).toEqual([]);
    expect(bookingActions(bookingDetail('cancelled'), all)).toEqual([]);
  });

  it('are hidden without their element, and the server list has the last word', () => {
    expect(bookingActions(bookingDetail('toPickUp'), can(['sevenShort:view', 'sevenShort:cancel']))).toEqual([
      'cancel',
    ]);
    expect(bookingActions(bookingDetail('inUse'), can(['sevenShort:view', 'sevenShort:dispatch']))).toEqual([]);
    expect(bookingActions(bookingDetail('returned'), can(['sevenShort:view', 'sevenShort:return']))).toEqual([]);
    expect(bookingActions(bookingDetail('unpaid', { actions: ['cancel'] }), can(ALL))).toEqual(['cancel']);
  });
});

describe('the cancellation shown first', () => {
  const paid = bookingDetail('toPickUp'); // pick-up 11 Dec 02:00Z, first day 200, rent 760, paid 5880
  it('is free while the pick-up is at least the free hours away', () => {
    expect(cancelPreview(paid, new Date('2026-12-10T02:00:00.000Z'), DEFAULT_SHORT_TERM_RULES)).toEqual({
      fee: 0,
      refund: 5880,
    });
  });

  it('keeps the first day inside the window, never more than the rent', () => {
    expect(cancelPreview(paid, new Date('2026-12-10T02:00:00.001Z'), DEFAULT_SHORT_TERM_RULES)).toEqual({
      fee: 200,
      refund: 5680,
    });
    const strict = { ...DEFAULT_SHORT_TERM_RULES, cancelFeeDays: 9 };
    expect(cancelPreview(paid, new Date('2026-12-11T01:00:00.000Z'), strict).fee).toBe(760);
  });

  it('is stricter when the stay touches a holiday', () => {
    const holiday = bookingDetail('toPickUp', {
      quote: { ...paid.quote, days: paid.quote.days.map((d, i) => (i === 1 ? { ...d, kind: 'holiday' as const } : d)) },
    });
    // 48 hours ahead: free on ordinary days, not over a holiday (72 h, two days' fee).
    const at = new Date('2026-12-09T02:00:00.000Z');
    expect(cancelPreview(paid, at, DEFAULT_SHORT_TERM_RULES).fee).toBe(0);
    expect(cancelPreview(holiday, at, DEFAULT_SHORT_TERM_RULES).fee).toBe(400);
  });

  it('costs nothing for an unpaid booking', () => {
    expect(
      cancelPreview(bookingDetail('unpaid'), new Date('2026-12-11T01:59:00.000Z'), DEFAULT_SHORT_TERM_RULES),
    ).toEqual({ fee: 0, refund: 0 });
  });
});

describe('the settlement', () => {
  const charges = { late: 52.1, earlyRefund: 0, fuel: 25, overKm: 0, damage: 0 };
  it('gives back what is left of the damage deposit', () => {
    expect(settlementOf(charges, 10.2, 3000)).toEqual({ owed: 87.3, refund: 2912.7, balance: 0 });
  });
  it('asks for what exceeds it', () => {
    expect(settlementOf({ ...charges, damage: 3000 }, 0, 3000)).toEqual({ owed: 3077.1, refund: 0, balance: 77.1 });
  });
  it('adds an early-return refund to what goes back', () => {
    expect(settlementOf({ late: 0, earlyRefund: 130, fuel: 0, overKm: 0, damage: 0 }, 0, 3000)).toEqual({
      owed: -130,
      refund: 3130,
      balance: 0,
    });
    expect(settlementOf(null, 0, 0)).toEqual({ owed: 0, refund: 0, balance: 0 });
  });
});
