import { describe, expect, it } from 'vitest';
import { dayEnd, dayStart, formatDate, formatDateTime, formatMoney, formatPlate } from '../format';

describe('formatters', () => {
  it('show instants in the tenant zone (Asia/Shanghai)', () => {
    expect(formatDateTime('2026-11-21T16:30:05Z')).toBe('2026-11-22 00:30');
    expect(formatDateTime('2026-11-21T16:30:05Z', true)).toBe('2026-11-22 00:30:05');
    expect(formatDate('2026-11-21T16:30:05Z')).toBe('2026-11-22');
    expect(formatDate(null)).toBe('');
  });

  it('turn filter days into instants of the display zone', () => {
    expect(dayStart('2026-11-01')).toBe('2026-11-01T00:00:00.000+08:00');
    expect(dayEnd('2026-11-30')).toBe('2026-11-30T23:59:59.999+08:00');
    expect(dayStart(undefined)).toBeUndefined();
  });

  it('write money in yuan with two decimals', () => {
    expect(formatMoney(4800)).toBe('¥4,800.00');
    expect(formatMoney(19800.5)).toBe('¥19,800.50');
    expect(formatMoney(-12)).toBe('-¥12.00');
    expect(formatMoney(null)).toBe('');
  });

  it('write plates with the middle dot', () => {
    expect(formatPlate('浙ad12345')).toBe('浙A·D12345');
    expect(formatPlate('沪B·82M56')).toBe('沪B·82M56');
  });
});
