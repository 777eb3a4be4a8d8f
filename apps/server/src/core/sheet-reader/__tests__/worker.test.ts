import { describe, expect, it } from 'vitest';
import { readSheet, SheetReader, SheetReadError, type SheetFailure } from '../index.js';
import { rowBomb, workbook } from './fixtures.js';

const rows = Array.from(
  { length: 3000 },
  (_, i) => `<row r="${i + 1}"><c r="A${i + 1}" t="s"><v>0</v></c><c r="B${i + 1}"><v>${i}</v></c></row>`,
).join('');
const legit = () => workbook({ sharedStrings: ['浙A·D12345'], rows });

async function reason(p: Promise<unknown>): Promise<SheetFailure | 'read'> {
  try {
    await p;
    return 'read';
  } catch (err) {
    if (err instanceof SheetReadError) return err.reason;
    throw err;
  }
}

// These run the worker from the TypeScript sources (through tsx); the built worker is checked by
// bench/hostile-import.bench.mjs, which reads through apps/server/dist.
describe('the worker', () => {
  it('reads a sheet in a worker thread, taking over the buffer', async () => {
    const file = legit();
    const answer = await readSheet(file, 'xlsx');
    expect(answer).toHaveLength(3000);
    expect(answer[2999]).toEqual({ line: 3000, cells: ['浙A·D12345', '2999'] });
    expect(file.byteLength).toBe(0);
    // A buffer that shares its memory (a slice of a larger one) is copied, not taken.
    const csv = Buffer.from('xx车牌号,金额\n浙A·D12345,4800\n').subarray(2);
    expect(await readSheet(csv, 'csv')).toEqual([
      { line: 1, cells: ['车牌号', '金额'] },
      { line: 2, cells: ['浙A·D12345', '4800'] },
    ]);
    expect(csv.toString()).toBe('车牌号,金额\n浙A·D12345,4800\n');
  });

  it('answers the worker failures: row cap, time-out, out of memory', async () => {
    const started = performance.now();
    expect(await reason(readSheet(rowBomb(), 'xlsx', { maxRows: 20_002 }))).toBe('tooManyRows');
    expect(performance.now() - started).toBeLessThan(5000);
    expect(await reason(readSheet(legit(), 'xlsx', { timeoutMs: 1 }))).toBe('timeout');
    const tight = new SheetReader({ concurrency: 1, maxWaiting: 0, maxWaitMs: 0, maxHeapMb: 8 });
    const heavy = Buffer.from(Array.from({ length: 200_000 }, (_, i) => `${i},x${i},y${i},z${i}`).join('\n'));
    expect(await reason(tight.read(heavy, 'csv', { maxRows: 1_000_000, maxTotalChars: 1e9 }))).toBe('tooLarge');
  });

  it('reads at most `concurrency` sheets at once; more wait their turn, or are refused past the queue', async () => {
    const reader = new SheetReader({ concurrency: 1, maxWaiting: 1, maxWaitMs: 20_000, maxHeapMb: 64 });
    const results = await Promise.all([1, 2, 3].map(() => reason(reader.read(legit(), 'xlsx'))));
    expect(results.sort()).toEqual(['busy', 'read', 'read']);
    const impatient = new SheetReader({ concurrency: 1, maxWaiting: 5, maxWaitMs: 1, maxHeapMb: 64 });
    const both = await Promise.all([reason(impatient.read(legit(), 'xlsx')), reason(impatient.read(legit(), 'xlsx'))]);
    expect(both).toEqual(['read', 'busy']);
    expect(await reason(impatient.read(legit(), 'xlsx'))).toBe('read');
  });
});
