import { describe, expect, it } from 'vitest';
import { fromMap, gcj02ToWgs84, toMap } from '../lib/gcj02';

describe('GCJ-02 both ways (the reference vector, gcoord fixtures)', () => {
  it('WGS-84 (114.0164322, 33.0133556) <-> GCJ-02 (114.022306, 33.0115324) to 4 decimals', () => {
    const [lat, lon] = toMap(33.0133556, 114.0164322, true);
    expect(lon).toBeCloseTo(114.022306, 4);
    expect(lat).toBeCloseTo(33.0115324, 4);
    const [wLat, wLon] = gcj02ToWgs84(33.0115324, 114.022306);
    expect(wLon).toBeCloseTo(114.0164322, 4);
    expect(wLat).toBeCloseTo(33.0133556, 4);
  });

  it('a point drawn on the map comes back where it was (1e-6°); other tiles and outside China unchanged', () => {
    const [gLat, gLon] = toMap(30.2741, 120.1551, true);
    const [lat, lon] = fromMap(gLat, gLon, true);
    expect(Math.abs(lat - 30.2741)).toBeLessThan(1e-6);
    expect(Math.abs(lon - 120.1551)).toBeLessThan(1e-6);
    expect(fromMap(30.2, 120.1, false)).toEqual([30.2, 120.1]);
    expect(gcj02ToWgs84(51.5, -0.12)).toEqual([51.5, -0.12]);
  });
});
