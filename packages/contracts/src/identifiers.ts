/**
 * Chinese identifiers that records carry: licence plates (GA 36-2018), vehicle identification numbers
 * (ISO 3779 / GB 16735), resident identity card numbers (GB 11643-1999) and unified social credit codes
 * (GB 32100-2015). Pure functions, shared by the server, the web forms and the import checks.
 */

/** Province characters of mainland plates (the issuing province), in the usual order. */
export const PLATE_PROVINCES = '京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼';

/** Letters and digits of a plate's serial: I and O are never used (they read as 1 and 0). */
const SERIAL = 'A-HJ-NP-Z0-9';
const P = `[${PLATE_PROVINCES}]`;
/** The letter of the issuing authority (A is usually the provincial capital). */
const AUTHORITY = '[A-HJ-Z]';

export type PlateKind =
  'ordinary' | 'newEnergy' | 'newEnergyLarge' | 'trailer' | 'coach' | 'police' | 'consulate' | 'hkMacau' | 'embassy';

const PLATE_RULES: { kind: PlateKind; re: RegExp }[] = [
  // Small new-energy (green) plates: D, A, B, C, E for battery-electric; F, G, H, J, K for the others.
  { kind: 'newEnergy', re: new RegExp(`^${P}${AUTHORITY}[DABCEFGHJK][${SERIAL}]\\d{4}$`) },
  // Large new-energy (yellow-green) plates: five digits, then D (electric) or F (other).
  { kind: 'newEnergyLarge', re: new RegExp(`^${P}${AUTHORITY}\\d{5}[DF]$`) },
  { kind: 'ordinary', re: new RegExp(`^${P}${AUTHORITY}[${SERIAL}]{5}$`) },
  { kind: 'trailer', re: new RegExp(`^${P}${AUTHORITY}[${SERIAL}]{4}挂$`) },
  { kind: 'coach', re: new RegExp(`^${P}${AUTHORITY}[${SERIAL}]{4}学$`) },
  { kind: 'police', re: new RegExp(`^${P}${AUTHORITY}[${SERIAL}]{4}警$`) },
  { kind: 'consulate', re: new RegExp(`^${P}${AUTHORITY}[${SERIAL}]{4}领$`) },
  { kind: 'hkMacau', re: new RegExp(`^粤Z[${SERIAL}]{4}[港澳]$`) },
  // Embassy plates: 使 and six digits (old style) or six digits and 使 (current style).
  { kind: 'embassy', re: /^(使\d{6}|\d{6}使)$/ },
];

/**
 * A plate as we store it: no spaces or separators (`浙A·D12345`, `浙a d12345` -> `浙AD12345`), Latin letters
 * in upper case, full-width letters and digits made half-width.
 */
export function normalizePlate(input: string): string {
  return input
    .replace(/[\uFF10-\uFF19\uFF21-\uFF3A\uFF41-\uFF5A]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(/[\s·•・.\-_\uFF0D\uFF0E\u3000]/g, '')
    .toUpperCase();
}

/** The kind of a (normalised) plate, or null when it is not a valid Chinese plate. */
export function plateKind(plate: string): PlateKind | null {
  return PLATE_RULES.find((r) => r.re.test(plate))?.kind ?? null;
}

export function isChinesePlate(plate: string): boolean {
  return plateKind(plate) !== null;
}

/** Green (new-energy) plates are issued to battery-electric, plug-in hybrid and fuel-cell cars only. */
export function isNewEnergyPlate(plate: string): boolean {
  const kind = plateKind(plate);
  return kind === 'newEnergy' || kind === 'newEnergyLarge';
}

/** The plate as people write it: `浙AD12345` -> `浙A·D12345`. */
export function formatPlate(plate: string): string {
  const kind = plateKind(plate);
  if (!kind || kind === 'embassy') return plate;
  return `${plate.slice(0, 2)}·${plate.slice(2)}`;
}

const VIN_VALUES: Record<string, number> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
};
const VIN_WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
const VIN_FORMAT = /^[A-HJ-NPR-Z0-9]{17}$/;

export function normalizeVin(input: string): string {
  return input.replace(/[\s-]/g, '').toUpperCase();
}

/** 17 characters of the VIN alphabet (no I, O or Q), whatever the check digit. */
export function isVinFormat(vin: string): boolean {
  return VIN_FORMAT.test(vin);
}

/** The check digit (position 9) that the other 16 characters call for: `0`-`9` or `X`. */
export function vinCheckDigit(vin: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    if (i === 8) continue;
    const c = vin[i]!;
    const value = c >= '0' && c <= '9' ? Number(c) : (VIN_VALUES[c] ?? 0);
    sum += value * VIN_WEIGHTS[i]!;
  }
  const r = sum % 11;
  return r === 10 ? 'X' : String(r);
}

/** A VIN with the right format and check digit (GB 16735 makes the check digit mandatory in China). */
export function isValidVin(vin: string): boolean {
  return isVinFormat(vin) && vin[8] === vinCheckDigit(vin);
}

/** The VIN with its check digit put right (for generated data and for suggesting a correction). */
export function withVinCheckDigit(vin: string): string {
  return `${vin.slice(0, 8)}${vinCheckDigit(vin)}${vin.slice(9)}`;
}

/** Model-year letter of VIN position 10 (the 30-year cycle; 2010 = A ... 2030 = Y). */
export function vinYearCode(year: number): string {
  const codes = 'ABCDEFGHJKLMNPRSTVWXY123456789';
  return codes[(((year - 2010) % 30) + 30) % 30]!;
}

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';
const ID_REGIONS = new Set([
  11, 12, 13, 14, 15, 21, 22, 23, 31, 32, 33, 34, 35, 36, 37, 41, 42, 43, 44, 45, 46, 50, 51, 52, 53, 54, 61, 62, 63,
  64, 65, 71, 81, 82, 83,
]);

export function idCardCheckDigit(id17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(id17[i]) * ID_WEIGHTS[i]!;
  return ID_CHECK[sum % 11]!;
}

/**
 * An 18-character resident identity card number: province code, a real birth date not in the future
 * (relative to `today`), and the ISO 7064 MOD 11-2 check character.
 */
export function isValidIdCard(input: string, today: Date = new Date()): boolean {
  const id = input.toUpperCase();
  if (!/^\d{17}[\dX]$/.test(id)) return false;
  if (!ID_REGIONS.has(Number(id.slice(0, 2)))) return false;
  const y = Number(id.slice(6, 10));
  const m = Number(id.slice(10, 12));
  const d = Number(id.slice(12, 14));
  const birth = new Date(Date.UTC(y, m - 1, d));
  if (y < 1900 || birth.getUTCMonth() !== m - 1 || birth.getUTCDate() !== d || birth > today) return false;
  return id[17] === idCardCheckDigit(id);
}

const USCC_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const USCC_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

export function usccCheckChar(code17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += USCC_CHARS.indexOf(code17[i]!) * USCC_WEIGHTS[i]!;
  return USCC_CHARS[(31 - (sum % 31)) % 31]!;
}

/** A unified social credit code (统一社会信用代码): 18 characters of its alphabet with a valid check character. */
export function isValidUscc(input: string): boolean {
  const code = input.toUpperCase();
  if (!/^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/.test(code)) return false;
  return code[17] === usccCheckChar(code);
}

/** What an ID card number says about its holder: the birth date (YYYY-MM-DD) and the gender (17th digit). */
export interface IdCardFacts {
  birthDate: string;
  gender: 'male' | 'female';
}

/** The birth date and gender an ID card number encodes, or null when it is not a valid number. */
export function idCardFacts(input: string, today: Date = new Date()): IdCardFacts | null {
  const id = input.toUpperCase();
  if (!isValidIdCard(id, today)) return null;
  return {
    birthDate: `${id.slice(6, 10)}-${id.slice(10, 12)}-${id.slice(12, 14)}`,
    gender: Number(id[16]) % 2 === 1 ? 'male' : 'female',
  };
}

/** The ID card number with its check character put right (for generated data). */
export function withIdCardCheckDigit(id: string): string {
  return `${id.slice(0, 17)}${idCardCheckDigit(id.slice(0, 17))}`;
}
