import { and, eq, lt, sql } from 'drizzle-orm';
import { rateLimitCounters } from '../db/schema/platform.js';
import type { Clock } from './clock.js';
import type { DbOrTx } from './db.js';
import { TooManyRequestsError } from './errors.js';

/**
 * Fixed-window counters in the database, so that a limit holds across every API process. Used for the
 * attempts that must be limited per IP and per account (sign-in, codes, password reset); the general
 * per-IP request limit is @fastify/rate-limit's, in memory.
 */
export interface Limit {
  key: string;
  limit: number;
  windowSeconds: number;
}

function windowOf(now: Date, windowSeconds: number): { start: Date; end: Date } {
  const ms = windowSeconds * 1000;
  const start = Math.floor(now.getTime() / ms) * ms;
  return { start: new Date(start), end: new Date(start + ms) };
}

/** Counts one attempt and returns the count in the current window. */
export async function increment(db: DbOrTx, clock: Clock, limit: Limit): Promise<number> {
  const { start, end } = windowOf(clock.now(), limit.windowSeconds);
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ key: limit.key, windowStart: start, count: 1, expiresAt: end })
    .onConflictDoUpdate({
      target: [rateLimitCounters.key, rateLimitCounters.windowStart],
      set: { count: sql`${rateLimitCounters.count} + 1` },
    })
    .returning({ count: rateLimitCounters.count });
  return row?.count ?? 1;
}

export async function current(db: DbOrTx, clock: Clock, limit: Limit): Promise<number> {
  const { start } = windowOf(clock.now(), limit.windowSeconds);
  const [row] = await db
    .select({ count: rateLimitCounters.count })
    .from(rateLimitCounters)
    .where(and(eq(rateLimitCounters.key, limit.key), eq(rateLimitCounters.windowStart, start)));
  return row?.count ?? 0;
}

export function retryAfter(clock: Clock, windowSeconds: number): number {
  const { end } = windowOf(clock.now(), windowSeconds);
  return Math.max(1, Math.ceil((end.getTime() - clock.now().getTime()) / 1000));
}

/** Refuses with 429 when the window's count has already reached the limit; does not count. */
export async function ensureBelow(db: DbOrTx, clock: Clock, limit: Limit): Promise<void> {
  if ((await current(db, clock, limit)) >= limit.limit) {
    throw new TooManyRequestsError(retryAfter(clock, limit.windowSeconds));
  }
}

/** Counts one attempt and refuses with 429 when it goes over the limit. */
export async function consume(db: DbOrTx, clock: Clock, limit: Limit): Promise<void> {
  if ((await increment(db, clock, limit)) > limit.limit) {
    throw new TooManyRequestsError(retryAfter(clock, limit.windowSeconds));
  }
}

export async function reset(db: DbOrTx, clock: Clock, limit: Omit<Limit, 'limit'>): Promise<void> {
  const { start } = windowOf(clock.now(), limit.windowSeconds);
  await db
    .delete(rateLimitCounters)
    .where(and(eq(rateLimitCounters.key, limit.key), eq(rateLimitCounters.windowStart, start)));
}

export async function purgeExpired(db: DbOrTx, clock: Clock): Promise<void> {
  await db.delete(rateLimitCounters).where(lt(rateLimitCounters.expiresAt, clock.now()));
}
