import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DRIVER_LEVELS, DriverLevelRules, levelOf, type LevelFacts } from './driver-portal.js';

const facts = fc.record<LevelFacts>({
  onTimeMonths: fc.integer({ min: 0, max: 12 }),
  violations: fc.integer({ min: 0, max: 20 }),
  accidents: fc.integer({ min: 0, max: 5 }),
  overdueNow: fc.boolean(),
});

describe('levelOf', () => {
  it('places the examples of the membership terms', () => {
    const base = { onTimeMonths: 0, violations: 0, accidents: 0, overdueNow: false };
    expect(levelOf(DEFAULT_DRIVER_LEVELS, base).code).toBe('member');
    expect(levelOf(DEFAULT_DRIVER_LEVELS, { ...base, onTimeMonths: 3, violations: 3, accidents: 1 }).code).toBe(
      'silver',
    );
    expect(levelOf(DEFAULT_DRIVER_LEVELS, { ...base, onTimeMonths: 6, violations: 2 }).code).toBe('silver');
    expect(levelOf(DEFAULT_DRIVER_LEVELS, { ...base, onTimeMonths: 6, violations: 1 }).code).toBe('gold');
    expect(levelOf(DEFAULT_DRIVER_LEVELS, { ...base, onTimeMonths: 12, overdueNow: true }).code).toBe('member');
  });

  it('gives a level whose every count the facts meet, and none higher that they meet', () => {
    fc.assert(
      fc.property(facts, (f) => {
        const level = levelOf(DEFAULT_DRIVER_LEVELS, f);
        const i = DEFAULT_DRIVER_LEVELS.indexOf(level);
        const meets = (l: (typeof DEFAULT_DRIVER_LEVELS)[number]) =>
          !f.overdueNow &&
          f.onTimeMonths >= l.minOnTimeMonths &&
          f.violations <= l.maxViolations &&
          f.accidents <= l.maxAccidents;
        if (i > 0) expect(meets(level)).toBe(true);
        for (const higher of DEFAULT_DRIVER_LEVELS.slice(i + 1)) expect(meets(higher)).toBe(false);
      }),
    );
  });

  it('never falls when a count gets better', () => {
    fc.assert(
      fc.property(facts, fc.integer({ min: 0, max: 3 }), (f, more) => {
        const better = {
          ...f,
          onTimeMonths: Math.min(12, f.onTimeMonths + more),
          violations: Math.max(0, f.violations - more),
        };
        const rank = (x: LevelFacts) => DEFAULT_DRIVER_LEVELS.indexOf(levelOf(DEFAULT_DRIVER_LEVELS, x));
        expect(rank(better)).toBeGreaterThanOrEqual(rank(f));
      }),
    );
  });
});

describe('DriverLevelRules', () => {
  it('takes the defaults and refuses levels out of order or twice', () => {
    expect(DriverLevelRules.safeParse(DEFAULT_DRIVER_LEVELS).success).toBe(true);
    const [a, b, c] = DEFAULT_DRIVER_LEVELS;
    expect(DriverLevelRules.safeParse([a, c, b]).success).toBe(false);
    expect(DriverLevelRules.safeParse([a, a]).success).toBe(false);
    expect(DriverLevelRules.safeParse([a, { ...b!, code: 'same' }, { ...b!, code: 'same2' }]).success).toBe(false);
    expect(DriverLevelRules.safeParse([]).success).toBe(false);
  });
});
