import { describe, expect, it } from 'vitest';
import { localMinute, monthBounds, tenantDaysOf } from '../tenant-time.js';

describe('tenant time', () => {
  it('shows a time on the wall clock of the zone, to the minute', () => {
    const at = new Date('2028-02-29T16:05:59Z');
    expect(localMinute('Asia/Shanghai', at)).toBe('2028-03-01 00:05');
    expect(localMinute('Asia/Urumqi', at)).toBe('2028-02-29 22:05');
    expect(localMinute('UTC', at)).toBe('2028-02-29 16:05');
    expect(localMinute('America/Los_Angeles', new Date('2026-11-01T09:30:00Z'))).toBe('2026-11-01 01:30');
  });

  it('bounds a month in the zone, February of a leap year and December included', () => {
    expect(monthBounds('Asia/Shanghai', '2028-02')).toEqual({
      from: new Date('2028-01-31T16:00:00Z'),
      to: new Date('2028-02-29T16:00:00Z'),
    });
    expect(monthBounds('Asia/Shanghai', '2026-12')).toEqual({
      from: new Date('2026-11-30T16:00:00Z'),
      to: new Date('2026-12-31T16:00:00Z'),
    });
    // A zone that changes its offset within the month: each bound has its own offset.
    expect(monthBounds('America/New_York', '2026-11')).toEqual({
      from: new Date('2026-11-01T04:00:00Z'),
      to: new Date('2026-12-01T05:00:00Z'),
    });
  });

  it('counts days from the tenant zone', () => {
    const d = tenantDaysOf('Asia/Shanghai', new Date('2026-11-30T17:00:00Z'));
    expect(d.today).toBe('2026-12-01');
    expect(d.plusDays(30)).toBe('2026-12-31');
  });
});

describe('a day before the zone had standard time', () => {
  it('starts at local mean time (Shanghai +08:05:43 until 1901), not an invalid date', () => {
    const days = tenantDaysOf('Asia/Shanghai', new Date('2026-06-01T00:00:00Z'));
    expect(days.startOf('1900-01-01').toISOString()).toBe('1899-12-31T15:54:17.000Z');
    expect(days.startOf('2200-12-31').toISOString()).toBe('2200-12-30T16:00:00.000Z');
  });
});
