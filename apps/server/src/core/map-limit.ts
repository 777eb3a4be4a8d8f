/**
 * Maps `items` through `fn` with at most `limit` calls in flight, keeping the order of `items` in the answer.
 * A rejection rejects the whole map (the calls already started finish on their own). The batch tasks that ask
 * an outside provider once per item (SMS sends, violation queries) use it to bound their concurrency.
 */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  if (!Number.isInteger(limit) || limit < 1)
    throw new RangeError(`mapLimit: limit must be a positive integer, got ${limit}`);
  const out = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]!);
      }
    }),
  );
  return out;
}
