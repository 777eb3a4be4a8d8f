import { describe, expect, it } from 'vitest';
import { PAGE_MAX, sourcePage } from '../model/source-page';

const ORIGIN = 'https://fleetdesk.example';

describe('the screen feedback is about', () => {
  it('is the `from` parameter, a path of ours', () => {
    expect(sourcePage('/rentCar?status=idle', '', ORIGIN)).toBe('/rentCar?status=idle');
    expect(sourcePage('/x'.repeat(150), '', ORIGIN)).toHaveLength(PAGE_MAX);
  });

  it("else the referrer's path when it is ours; never another site or the feedback screen", () => {
    expect(sourcePage(null, `${ORIGIN}/rentDriver/12?tab=bills`, ORIGIN)).toBe('/rentDriver/12?tab=bills');
    expect(sourcePage('https://evil.example/x', `${ORIGIN}/oaLog`, ORIGIN)).toBe('/oaLog');
    expect(sourcePage('//evil.example/x', '', ORIGIN)).toBeNull();
    expect(sourcePage(null, 'https://evil.example/rentCar', ORIGIN)).toBeNull();
    expect(sourcePage('/feedback?from=%2F', `${ORIGIN}/feedback`, ORIGIN)).toBeNull();
    expect(sourcePage(null, 'not a url', ORIGIN)).toBeNull();
  });
});
