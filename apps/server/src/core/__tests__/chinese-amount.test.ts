import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chineseCapitalAmount, MAX_CAPITAL_FEN } from '../chinese-amount.js';

/** An independent reader of capital amounts (back to fen), to check the writing round-trips. */
function readCapital(s: string): number {
  const digits = '零壹贰叁肆伍陆柒捌玖';
  const places: Record<string, number> = { 拾: 10, 佰: 100, 仟: 1000 };
  let sign = 1;
  if (s.startsWith('负')) {
    sign = -1;
    s = s.slice(1);
  }
  let total = 0;
  let section = 0;
  let digit = 0;
  let fen = 0;
  for (const ch of s) {
    const d = digits.indexOf(ch);
    if (d >= 0) digit = d;
    else if (places[ch]) {
      section += digit * places[ch];
      digit = 0;
    } else if (ch === '亿') {
      total += (section + digit) * 1e8;
      section = digit = 0;
    } else if (ch === '万') {
      total += (section + digit) * 1e4;
      section = digit = 0;
    } else if (ch === '元') {
      total += section + digit;
      section = digit = 0;
    } else if (ch === '角') {
      fen += digit * 10;
      digit = 0;
    } else if (ch === '分') {
      fen += digit;
      digit = 0;
    } else if (ch !== '整') throw new Error(`unexpected ${ch} in ${s}`);
  }
  return sign * (total * 100 + fen);
}

describe('Chinese capital amounts', () => {
  it.each([
    [1_200_000, '壹万贰仟元整'],
    [0, '零元整'],
    [1000, '壹拾元整'],
    [100_000, '壹仟元整'],
    [101_000, '壹仟零壹拾元整'],
    [1_010_000, '壹万零壹佰元整'],
    [140_950, '壹仟肆佰零玖元伍角'],
    [10_005, '壹佰元零伍分'],
    [30, '叁角'],
    [7, '柒分'],
    [123_456_789, '壹佰贰拾叁万肆仟伍佰陆拾柒元捌角玖分'],
    [10_001_000_000, '壹亿零壹万元整'],
    [10_000_000_100, '壹亿零壹元整'],
    [11_000_000_000, '壹亿壹仟万元整'],
    [100_000_000_000, '壹拾亿元整'],
    [-80_000, '负捌佰元整'],
    [MAX_CAPITAL_FEN, '玖仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元玖角玖分'],
  ])('%i fen is %s', (fen, text) => {
    expect(chineseCapitalAmount(fen)).toBe(text);
  });

  it('refuses what it cannot write', () => {
    expect(() => chineseCapitalAmount(MAX_CAPITAL_FEN + 1)).toThrow(RangeError);
    expect(() => chineseCapitalAmount(1.5)).toThrow(RangeError);
  });

  const amount = fc.oneof(
    fc.integer({ min: -MAX_CAPITAL_FEN, max: MAX_CAPITAL_FEN }),
    // Amounts full of zeros, where the 零 rules matter.
    fc.array(fc.constantFrom(0, 0, 0, 1, 5, 9), { minLength: 1, maxLength: 14 }).map((ds) => Number(ds.join(''))),
  );

  it('reads back to the same amount (round trip)', () => {
    fc.assert(
      fc.property(amount, (fen) => {
        expect(readCapital(chineseCapitalAmount(fen))).toBe(fen);
      }),
      { numRuns: 2000 },
    );
  });

  it('is well formed: one 零 at a time, never before a unit or at the end, 整 only without jiao and fen', () => {
    fc.assert(
      fc.property(amount, (fen) => {
        const s = chineseCapitalAmount(fen);
        expect(s).toMatch(/^负?[零壹贰叁肆伍陆柒捌玖拾佰仟万亿元角分整]+$/);
        expect(s).not.toMatch(/零零|零[拾佰仟万亿角分整]|零$/);
        if (fen !== 0) expect(s).not.toMatch(/零元/);
        expect(s.endsWith('整')).toBe(Math.abs(fen) % 100 === 0);
        // Every digit but 零 is followed by its place or unit.
        expect(s).not.toMatch(/[壹贰叁肆伍陆柒捌玖][壹贰叁肆伍陆柒捌玖零]/);
      }),
      { numRuns: 2000 },
    );
  });
});
