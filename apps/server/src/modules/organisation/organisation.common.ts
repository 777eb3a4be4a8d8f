/**
 * What an update changed, for the operation log: `{field: {from, to}}` of the fields whose values differ
 * (compared as JSON, so that arrays of ids compare by content).
 */
export function changes<T extends Record<string, unknown>>(
  before: T,
  after: T,
): Record<string, { from: unknown; to: unknown }> {
  const out: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key]))
      out[key] = { from: before[key] ?? null, to: after[key] ?? null };
  }
  return out;
}

/** The first Postgres error of an error's cause chain (drivers and Drizzle wrap them differently). */
export function pgErrorOf(err: unknown): { code?: string; constraint?: string } {
  for (let e = err as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined; e; e = e.cause as never) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) {
      return { code: e.code, ...(typeof e.constraint === 'string' ? { constraint: e.constraint } : {}) };
    }
  }
  return {};
}
