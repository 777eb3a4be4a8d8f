import { describe, expect, it } from 'vitest';
import { outOfChina, wgs84ToGcj02 } from '../lib/gcj02';

describe('WGS-84 -> GCJ-02', () => {
  it('matches the published vector to 4 decimals (gcoord china-cities fixture)', () => {
    const [lon, lat] = wgs84ToGcj02(114.0164322, 33.0133556);
    expect(lon).toBeCloseTo(114.022306, 4);
    expect(lat).toBeCloseTo(33.0115324, 4);
  });

  it('leaves points outside China unchanged', () => {
    expect(outOfChina(183, 45)).toBe(true);
    expect(wgs84ToGcj02(183, 45)).toEqual([183, 45]);
    expect(wgs84ToGcj02(2.35, 48.85)).toEqual([2.35, 48.85]);
  });

  it('moves Hangzhou by a few hundred metres', () => {
    const [lon, lat] = wgs84ToGcj02(120.15, 30.28);
    expect(Math.abs(lon - 120.15)).toBeGreaterThan(0.002);
    expect(Math.abs(lon - 120.15)).toBeLessThan(0.01);
    expect(Math.abs(lat - 30.28)).toBeLessThan(0.01);
  });
});
