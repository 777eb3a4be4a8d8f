import { describe, expect, it } from 'vitest';
import * as contracts from '@fleetdesk/contracts/vehicles';
import { SERIES_LEVELS as CONTRACT_LEVELS } from '@fleetdesk/contracts/car-catalogue';
import * as schema from '../../../db/schema/vehicles.js';
import { refusalOf } from '../vehicles.service.js';
import { daysUntil } from '../vehicles.export.js';
import { addDays, tenantDaysOf } from '../../../core/tenant-time.js';

describe('schema and contracts', () => {
  it('check the same lists of statuses, energies, image kinds, event kinds and levels', () => {
    expect(schema.CAR_STATUSES).toEqual(contracts.CAR_STATUSES);
    expect(schema.ENERGIES).toEqual(contracts.ENERGIES);
    expect(schema.IMAGE_KINDS).toEqual(contracts.IMAGE_KINDS);
    expect(schema.CAR_EVENT_KINDS).toEqual(contracts.CAR_EVENT_KINDS);
    expect(schema.SERIES_LEVELS).toEqual(CONTRACT_LEVELS);
  });
});

describe('status rules', () => {
  const car = (
    status: string,
    extra: Partial<{ compulsoryExpiry: string | null; inspectionDue: string | null }> = {},
  ) => ({
    status,
    compulsoryExpiry: '2030-01-01',
    inspectionDue: '2030-01-01',
    ...extra,
  });
  it('allows exactly the actions of the table from each status', () => {
    for (const status of contracts.CAR_STATUSES) {
      for (const action of contracts.CAR_ACTION_NAMES) {
        const allowed = (contracts.CAR_ACTIONS[action].from as readonly string[]).includes(status);
        expect(refusalOf(car(status), action, '2026-01-01') === null, `${action} from ${status}`).toBe(allowed);
      }
    }
  });
  it('needs valid compulsory insurance and no overdue inspection to rent out', () => {
    expect(refusalOf(car('idle', { compulsoryExpiry: null }), 'rentOut', '2026-01-01')?.key).toBe(
      'vehicles.compulsoryExpired',
    );
    expect(refusalOf(car('idle', { compulsoryExpiry: '2025-12-31' }), 'rentOut', '2026-01-01')?.key).toBe(
      'vehicles.compulsoryExpired',
    );
    expect(refusalOf(car('idle', { compulsoryExpiry: '2026-01-01' }), 'rentOut', '2026-01-01')).toBeNull();
    expect(refusalOf(car('idle', { inspectionDue: '2025-12-31' }), 'rentOut', '2026-01-01')?.key).toBe(
      'vehicles.inspectionOverdue',
    );
    expect(refusalOf(car('idle', { inspectionDue: null }), 'rentOut', '2026-01-01')).toBeNull();
  });
});

describe('tenant days', () => {
  it('counts calendar days in the tenant zone', () => {
    const days = tenantDaysOf('Asia/Shanghai', new Date('2026-03-31T17:30:00Z'));
    expect(days.today).toBe('2026-04-01');
    expect(days.plusDays(30)).toBe('2026-05-01');
    expect(days.startOf('2026-04-01').toISOString()).toBe('2026-03-31T16:00:00.000Z');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(daysUntil('2026-03-20', '2026-04-01')).toBe(-12);
    expect(daysUntil(null, '2026-04-01')).toBeNull();
  });
});
