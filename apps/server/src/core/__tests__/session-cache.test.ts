import { describe, expect, it } from 'vitest';
import { SessionCache } from '../session-cache.js';

type Row = { tenant_id: number; token_id: number; name: string };
const row = (tenant_id: number, token_id: number, name = 'x'): Row => ({ tenant_id, token_id, name });

/** A cache that hears announcements (as after `start`), without a database. */
function liveCache(ttlMs = 30_000, maxEntries = 100) {
  const cache = new SessionCache<Row>({ ttlMs, maxEntries });
  (cache as unknown as { live: boolean }).live = true;
  return cache;
}

describe('SessionCache', () => {
  it('keeps nothing until it hears the announcements, or with a lifetime of 0', () => {
    const dark = new SessionCache<Row>({ ttlMs: 30_000, maxEntries: 10 });
    dark.set('a', row(1, 1), dark.epoch, 0);
    expect(dark.get('a', 1)).toBeUndefined();
    const off = new SessionCache<Row>({ ttlMs: 0, maxEntries: 10 });
    (off as unknown as { live: boolean }).live = true;
    off.set('a', row(1, 1), off.epoch, 0);
    expect(off.get('a', 1)).toBeUndefined();
  });

  it('answers an entry within its lifetime only', () => {
    const cache = liveCache(1000);
    cache.set('a', row(1, 1), cache.epoch, 5000);
    expect(cache.get('a', 5999)?.token_id).toBe(1);
    expect(cache.get('a', 6000)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('drops every session of a tenant, or one token, as announced', () => {
    const cache = liveCache();
    cache.set('a', row(1, 10), cache.epoch, 0);
    cache.set('b', row(1, 11), cache.epoch, 0);
    cache.set('c', row(2, 20), cache.epoch, 0);
    cache.apply('1:11');
    expect([cache.get('a', 1), cache.get('b', 1), cache.get('c', 1)].map((r) => r?.token_id)).toEqual([
      10,
      undefined,
      20,
    ]);
    cache.apply('1');
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.get('c', 1)?.token_id).toBe(20);
    cache.apply('*');
    expect(cache.size).toBe(0);
  });

  it('treats an announcement it cannot read as a change to everything', () => {
    const cache = liveCache();
    cache.set('a', row(1, 10), cache.epoch, 0);
    cache.apply('garbage');
    expect(cache.get('a', 1)).toBeUndefined();
  });

  it("ignores other processes' syncs", () => {
    const cache = liveCache();
    cache.set('a', row(1, 10), cache.epoch, 0);
    cache.apply('sync:abcdef:1');
    expect(cache.get('a', 1)?.token_id).toBe(10);
  });

  it('does not store a session read before a change that was announced while it was being read', () => {
    const cache = liveCache();
    const epoch = cache.epoch; // the read starts
    cache.apply('1'); // a change commits meanwhile
    cache.set('a', row(1, 10, 'old'), epoch, 0); // the read ends with the old state
    expect(cache.get('a', 1)).toBeUndefined();
    cache.set('a', row(1, 10, 'new'), cache.epoch, 0);
    expect(cache.get('a', 1)?.name).toBe('new');
  });

  it('forgets a signed-out token at once, and keeps at most maxEntries (the oldest go first)', () => {
    const cache = liveCache(30_000, 2);
    cache.set('a', row(1, 1), cache.epoch, 0);
    cache.set('b', row(1, 2), cache.epoch, 0);
    cache.set('c', row(1, 3), cache.epoch, 0);
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.size).toBe(2);
    cache.forget('b');
    expect(cache.get('b', 1)).toBeUndefined();
    expect(cache.get('c', 1)?.token_id).toBe(3);
  });
});
