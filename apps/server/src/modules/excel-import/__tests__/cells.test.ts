import { describe, expect, it } from 'vitest';
import { fold, matchChoice, parseDate, RowReader } from '../cells.js';

describe('cells', () => {
  it('reads dates written the usual ways, and Excel serial days', () => {
    for (const v of [
      '2024-03-05',
      '2024/3/5',
      '2024.3.5',
      '20240305',
      '2024年3月5日',
      '2024-03-05 00:00:00',
      '45356',
    ]) {
      expect(parseDate(v), v).toBe('2024-03-05');
    }
    for (const v of ['2024-02-30', '去年', '24-3-5', '1899-12-31', '123']) expect(parseDate(v), v).toBeNull();
  });

  it('matches choices on value, titles in either language and aliases, ignoring case, spaces and full width', () => {
    const options = [{ value: 'electric', label: { 'zh-CN': '纯电动', 'en-US': 'Electric' }, aliases: ['EV'] }];
    for (const v of ['electric', '纯电动', ' ELECTRIC ', 'ｅｖ', 'Ev'])
      expect(matchChoice(v, options), v).toBe('electric');
    expect(matchChoice('diesel', options)).toBeNull();
    expect(fold('Ｂ Ｙ Ｄ')).toBe('byd');
  });

  it('collects every problem of a row instead of stopping at the first', () => {
    const r = new RowReader({ a: '', b: 'x'.repeat(5), c: '12.345', d: '7', e: 'abc', f: '1,234.5' });
    expect(r.text('a', { required: true, max: 10 })).toBeNull();
    expect(r.text('b', { max: 4 })).toBeNull();
    expect(r.number('c', { decimals: 2 })).toBeNull();
    expect(r.number('d', { min: 10 })).toBeNull();
    expect(r.number('e')).toBeNull();
    expect(r.number('f', { decimals: 2 })).toBe(1234.5);
    expect(r.errors.map((e) => `${e.column}:${e.key}`)).toEqual([
      'a:import.required',
      'b:import.tooLong',
      'c:import.tooManyDecimals',
      'd:import.outOfRange',
      'e:import.notNumber',
    ]);
  });
});
