import { describe, expect, it } from 'vitest';
import { mapLimit } from '../map-limit.js';

describe('mapLimit', () => {
  it('keeps the order of the items and never runs more than the limit at once', async () => {
    let running = 0;
    let most = 0;
    const out = await mapLimit([5, 1, 4, 2, 3, 0], 2, async (n) => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, n));
      running--;
      return n * 10;
    });
    expect(out).toEqual([50, 10, 40, 20, 30, 0]);
    expect(most).toBe(2);
  });

  it('answers an empty list without calling, and refuses a limit below one', async () => {
    let calls = 0;
    expect(await mapLimit([], 3, async () => ++calls)).toEqual([]);
    expect(calls).toBe(0);
    await expect(mapLimit([1], 0, async (n) => n)).rejects.toThrow(RangeError);
  });

  it('rejects with the first failure', async () => {
    await expect(
      mapLimit([1, 2, 3], 3, async (n) => {
        if (n === 2) throw new Error('two');
        return n;
      }),
    ).rejects.toThrow('two');
  });
});
