import { describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES } from './validation.js';
import {
  actionsFrom,
  CAR_ACTIONS,
  CAR_STATUSES,
  CarListFilter,
  CreateCarInput,
  FINAL_CAR_STATUSES,
  OwnerInput,
} from './vehicles.js';

const car = {
  plate: '浙A·D12345',
  vin: 'LGXCE4CB0P0123456'.replace(/^(.{8})./, '$1' + '9'),
  brandId: 1,
  seriesId: 2,
  energy: 'electric',
};

describe('car schemas', () => {
  it('normalises the plate and VIN and fills defaults', () => {
    const vin = 'LGXCE4CB9P0123456';
    const parsed = CreateCarInput.safeParse({ ...car, vin: vin.toLowerCase() });
    expect(parsed.success).toBe(true);
    expect(parsed.data).toMatchObject({ plate: '浙AD12345', vin, status: 'idle', mileageKm: 0, images: [] });
  });

  it('answers keys that both sides translate', () => {
    const parsed = CreateCarInput.safeParse({
      ...car,
      plate: '浙AI2345',
      vin: 'LGXCE4CB0P0123456',
      energy: 'petrol',
      batteryKwh: 60,
      compulsoryCompany: 'picc',
      extra: 1,
    });
    expect(parsed.success).toBe(false);
    const issues = parsed.error!.issues.map((i) => `${i.path.join('.')}:${i.message}`);
    expect(issues).toContain('plate:v.plate');
    expect(issues).toContain('vin:v.vinCheckDigit');
    expect(issues.some((i) => i.startsWith(':'))).toBe(true); // the unknown key
    for (const i of parsed.error!.issues) {
      if (i.message.startsWith('v.')) expect(VALIDATION_MESSAGES[i.message], i.message).toBeDefined();
    }
  });

  it('applies the rules between fields: battery only for electric/hybrid, green plates, insurance expiry', () => {
    const parsed = CreateCarInput.safeParse({
      ...car,
      vin: 'LGXCE4CB9P0123456',
      energy: 'petrol',
      batteryKwh: 60,
      compulsoryCompany: 'picc',
    });
    const issues = parsed.error!.issues.map((i) => `${i.path.join('.')}:${i.message}`);
    expect(issues.sort()).toEqual([
      'batteryKwh:v.energyOnlyNew',
      'compulsoryExpiry:v.insuranceExpiry',
      'plate:v.plateEnergy',
    ]);
  });

  it('checks filter date ranges', () => {
    const parsed = CarListFilter.safeParse({ inspectionDueFrom: '2026-02-01', inspectionDueTo: '2026-01-01' });
    expect(parsed.error!.issues[0]).toMatchObject({ path: ['inspectionDueTo'], message: 'v.dateRange' });
    expect(CarListFilter.parse({})).toMatchObject({ pageNum: 1, pageSize: 20, deleted: 'exclude' });
  });

  it('validates owner ID numbers by kind', () => {
    expect(OwnerInput.safeParse({ kind: 'company', name: 'A', idNumber: '91350100M000100Y43' }).success).toBe(true);
    expect(OwnerInput.safeParse({ kind: 'person', name: 'A', idNumber: '91350100M000100Y43' }).success).toBe(false);
    expect(OwnerInput.safeParse({ kind: 'person', name: 'A', idNumber: '11010519491231002x' }).data?.idNumber).toBe(
      '11010519491231002X',
    );
  });
});

describe('status actions', () => {
  it('never leave a final status and reach every other status', () => {
    for (const s of FINAL_CAR_STATUSES) expect(actionsFrom(s)).toEqual([]);
    const reachable = new Set(Object.values(CAR_ACTIONS).map((a) => a.to));
    for (const s of CAR_STATUSES) if (s !== 'idle') expect(reachable.has(s), s).toBe(true);
    expect(actionsFrom('rented')).toEqual(['giveBack']);
    expect(actionsFrom('preparing')).toEqual(['prepared', 'repair', 'suspend']);
  });
});
