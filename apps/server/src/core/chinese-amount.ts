/**
 * An amount of money in Chinese capital numerals (大写金额), as written on receipts and cheques:
 * 12000.00 -> 壹万贰仟元整, 1409.50 -> 壹仟肆佰零玖元伍角, 100.05 -> 壹佰元零伍分, 0.30 -> 叁角.
 *
 * Rules (the usual financial writing): 壹拾 is written in full; a run of zeros inside the yuan part is one 零
 * (壹万零壹佰, 壹亿零壹元), never at the end of a group or before 万, 亿 or 元; 整 closes an amount without
 * fen or jiao; fen without jiao after yuan is 零X分. Negative amounts start with 负. Up to 9999,9999,9999.99
 * yuan (the 万亿 range is not written).
 */
const DIGITS = ['零', '壹', '贰', '叁', '肆', '伍', '陆', '柒', '捌', '玖'] as const;
const PLACES = ['', '拾', '佰', '仟'] as const;
const GROUPS = ['', '万', '亿'] as const;

/** Largest amount written, in fen. */
export const MAX_CAPITAL_FEN = 999_999_999_999_99;

export function chineseCapitalAmount(fen: number): string {
  if (!Number.isSafeInteger(fen)) throw new RangeError(`not a whole number of fen: ${fen}`);
  if (fen < 0) return `负${chineseCapitalAmount(-fen)}`;
  if (fen > MAX_CAPITAL_FEN) throw new RangeError(`amount too large: ${fen} fen`);
  const yuan = Math.floor(fen / 100);
  const jiao = Math.floor(fen / 10) % 10;
  const cents = fen % 10;
  if (yuan === 0 && jiao === 0 && cents === 0) return '零元整';
  let out = yuan > 0 ? `${yuanPart(yuan)}元` : '';
  if (jiao === 0 && cents === 0) return `${out}整`;
  if (jiao > 0) out += `${DIGITS[jiao]}角`;
  else if (yuan > 0) out += '零';
  if (cents > 0) out += `${DIGITS[cents]}分`;
  return out;
}

function yuanPart(yuan: number): string {
  const groups: number[] = [];
  for (let n = yuan; n > 0; n = Math.floor(n / 10000)) groups.push(n % 10000);
  let out = '';
  let zero = false; // a zero is owed before the next digit written
  for (let g = groups.length - 1; g >= 0; g--) {
    const group = groups[g]!;
    if (group === 0) {
      zero = out !== '';
      continue;
    }
    for (let p = 3; p >= 0; p--) {
      const d = Math.floor(group / 10 ** p) % 10;
      if (d === 0) {
        if (out !== '') zero = true;
        continue;
      }
      if (zero) out += '零';
      zero = false;
      out += DIGITS[d]! + PLACES[p]!;
    }
    out += GROUPS[g]!;
    // Zeros at the end of a group are owed only if a later digit comes (set again by the next group's zeros).
    zero = false;
  }
  return out;
}
