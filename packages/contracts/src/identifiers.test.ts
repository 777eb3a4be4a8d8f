import { describe, expect, it } from 'vitest';
import {
  formatPlate,
  isNewEnergyPlate,
  isValidIdCard,
  isValidUscc,
  isValidVin,
  isVinFormat,
  normalizePlate,
  normalizeVin,
  plateKind,
  vinCheckDigit,
  withVinCheckDigit,
  vinYearCode,
  idCardCheckDigit,
  idCardFacts,
  withIdCardCheckDigit,
  usccCheckChar,
} from './identifiers.js';

describe('plates', () => {
  it('normalises what people type: separators, spaces, case, full-width characters', () => {
    expect(normalizePlate(' 浙A·D12345 ')).toBe('浙AD12345');
    expect(normalizePlate('沪b 82m56')).toBe('沪B82M56');
    expect(normalizePlate('粤Ｂ－１２３４５')).toBe('粤B12345');
    expect(formatPlate('浙AD12345')).toBe('浙A·D12345');
  });

  it.each([
    ['浙A12345', 'ordinary'],
    ['沪B82M56', 'ordinary'],
    ['京NA1B23', 'ordinary'],
    ['浙AD12345', 'newEnergy'],
    ['浙AF67890', 'newEnergy'],
    ['沪ADA1234', 'newEnergy'],
    ['粤BK12345', 'newEnergy'],
    ['浙A12345D', 'newEnergyLarge'],
    ['苏E1234挂', 'trailer'],
    ['浙AB123学', 'coach'],
    ['京A1234警', 'police'],
    ['沪A1234领', 'consulate'],
    ['粤ZA123港', 'hkMacau'],
    ['使014578', 'embassy'],
    ['224003使', 'embassy'],
  ])('accepts %s as %s', (plate, kind) => {
    expect(plateKind(plate)).toBe(kind);
  });

  it.each([
    ['浙AI2345', 'I is never used'],
    ['浙AO2345', 'O is never used'],
    ['浙A1234', 'too short'],
    ['浙A1234567', 'too long'],
    ['XA12345', 'no province'],
    ['浙112345', 'no authority letter'],
    ['浙AL12345', 'L is no new-energy letter'],
    ['浙A12345G', 'large new-energy plates end in D or F'],
    ['浙A12345挂', 'a suffix plate has four serial characters'],
  ])('refuses %s (%s)', (plate) => {
    expect(plateKind(plate)).toBeNull();
  });

  it('tells the green plates', () => {
    expect(isNewEnergyPlate('浙AD12345')).toBe(true);
    expect(isNewEnergyPlate('浙A12345F')).toBe(true);
    expect(isNewEnergyPlate('浙A12345')).toBe(false);
  });
});

describe('VIN', () => {
  it('computes the ISO 3779 check digit, X for 10', () => {
    expect(vinCheckDigit('1M8GDM9AXKP042788')).toBe('X');
    expect(vinCheckDigit('1HGCM82633A004352')).toBe('3');
    expect(isValidVin('1M8GDM9AXKP042788')).toBe(true);
    expect(isValidVin('1HGCM82633A004352')).toBe(true);
    expect(isValidVin('1HGCM82643A004352')).toBe(false);
  });

  it('refuses I, O and Q and any length but 17; normalises case and spaces', () => {
    expect(isVinFormat('1HGCM82633A00435')).toBe(false);
    expect(isVinFormat('1HGCM82633A0043521')).toBe(false);
    expect(isVinFormat('1HGCM82633A00I352')).toBe(false);
    expect(isVinFormat('1HGCM82633A00O352')).toBe(false);
    expect(isVinFormat('1HGCM82633A00Q352')).toBe(false);
    expect(normalizeVin(' lsvau2180n2 183294')).toBe('LSVAU2180N2183294');
  });

  it('puts a check digit right and codes model years', () => {
    const fixed = withVinCheckDigit('LGXCE4CB0P0123456');
    expect(isValidVin(fixed)).toBe(true);
    expect(vinYearCode(2023)).toBe('P');
    expect(vinYearCode(2024)).toBe('R');
    expect(vinYearCode(2030)).toBe('Y');
    expect(vinYearCode(2031)).toBe('1');
  });
});

describe('resident ID numbers', () => {
  it('tells the birth date and the gender (17th digit: odd male, even female) of a valid number only', () => {
    expect(idCardFacts('11010519491231002X')).toEqual({ birthDate: '1949-12-31', gender: 'female' });
    expect(idCardFacts(withIdCardCheckDigit('33010619850307441'))).toEqual({ birthDate: '1985-03-07', gender: 'male' });
    expect(idCardFacts('110105194912310021')).toBeNull();
    expect(isValidIdCard(withIdCardCheckDigit('33010619850307441'))).toBe(true);
  });

  it('accepts the GB 11643 example and checks the MOD 11-2 character', () => {
    expect(isValidIdCard('11010519491231002X')).toBe(true);
    expect(isValidIdCard('11010519491231002x')).toBe(true);
    expect(isValidIdCard('110105194912310021')).toBe(false);
    expect(idCardCheckDigit('11010519491231002')).toBe('X');
  });

  it('refuses an unknown province, an impossible or future birth date and 15-digit numbers', () => {
    const make = (s17: string) => s17 + idCardCheckDigit(s17);
    expect(isValidIdCard(make('99010519491231002'))).toBe(false);
    expect(isValidIdCard(make('33010619900230002'))).toBe(false);
    expect(isValidIdCard(make('33010620990101002'), new Date('2026-01-01'))).toBe(false);
    expect(isValidIdCard(make('33010619900228002'))).toBe(true);
    expect(isValidIdCard('330106900228002')).toBe(false);
  });
});

describe('unified social credit codes', () => {
  it('accepts valid codes and refuses a wrong check character or alphabet', () => {
    expect(isValidUscc('91350100M000100Y43')).toBe(true);
    expect(isValidUscc('91110108551385082Q')).toBe(true);
    expect(isValidUscc('91350100M000100Y44')).toBe(false);
    expect(isValidUscc('91350100M000I00Y43')).toBe(false);
    expect(isValidUscc('91350100M000100Y4')).toBe(false);
    expect(usccCheckChar('91350100M000100Y4')).toBe('3');
  });
});
