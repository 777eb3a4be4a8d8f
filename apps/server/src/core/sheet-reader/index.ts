import { Worker } from 'node:worker_threads';
import { AppError, BadRequestError, TooManyRequestsError } from '../errors.js';
import { workerEntry } from '../worker-entry.js';
import { DEFAULT_SHEET_LIMITS, SheetReadError, type SheetFailure, type SheetLimits, type SheetRow } from './limits.js';
import type { SheetKind } from './read.js';
import type { SheetAnswer, SheetJob } from './worker.js';

/**
 * The one reader of uploaded sheets (.xlsx and CSV), for every module that takes them (excel import, SMS
 * recipients). Reading runs in a worker thread with its own small heap and a wall-clock limit, at most
 * `concurrency` at a time per process, so that no file, however hostile, blocks the event loop or grows the
 * server's memory: the worker is terminated on time-out, and an out-of-memory ends the worker, not us.
 */
export { DEFAULT_SHEET_LIMITS, SheetReadError, type SheetFailure, type SheetLimits, type SheetRow } from './limits.js';
export { parseCsv } from './csv.js';
export { readSheetHere, sheetKind, type SheetKind } from './read.js';

export interface SheetReaderOptions {
  /** Readings at once, each in its own worker thread. */
  concurrency: number;
  /** Readings that may wait for a turn; one more is refused at once (429). */
  maxWaiting: number;
  /** How long a reading may wait for its turn before it is refused (429). */
  maxWaitMs: number;
  /** Old-generation heap of a worker, in MB: what a reading may cost at most. */
  maxHeapMb: number;
}

export const DEFAULT_READER_OPTIONS: Readonly<SheetReaderOptions> = {
  concurrency: 2,
  maxWaiting: 8,
  maxWaitMs: 15_000,
  maxHeapMb: 256,
};

/** After the deadline, the time a worker gets to report its own time-out before it is terminated. */
const KILL_GRACE_MS = 250;

export class SheetReader {
  private active = 0;
  private readonly waiting: { start: () => void; timer: NodeJS.Timeout }[] = [];

  constructor(private readonly options: SheetReaderOptions = DEFAULT_READER_OPTIONS) {}

  /**
   * The rows of the first sheet (or of the CSV), header first, blank rows skipped but counted. `buffer` is
   * handed over to the worker (transferred when it owns its memory, so it is empty afterwards). Fails with a
   * `SheetReadError`; `sheetAppError` turns it into an answer.
   */
  async read(buffer: Buffer, kind: SheetKind, limits: Partial<SheetLimits> = {}): Promise<SheetRow[]> {
    const all: SheetLimits = { ...DEFAULT_SHEET_LIMITS, ...limits };
    // The time budget counts from here; waiting for a turn has its own limit.
    await this.turn();
    try {
      return await runWorker(buffer, kind, all, Date.now() + all.timeoutMs, this.options.maxHeapMb);
    } finally {
      this.release();
    }
  }

  private turn(): Promise<void> {
    if (this.active < this.options.concurrency) {
      this.active++;
      return Promise.resolve();
    }
    if (this.waiting.length >= this.options.maxWaiting) return Promise.reject(new SheetReadError('busy'));
    return new Promise((resolve, reject) => {
      const entry = {
        start: () => {
          clearTimeout(entry.timer);
          resolve();
        },
        timer: setTimeout(() => {
          this.waiting.splice(this.waiting.indexOf(entry), 1);
          reject(new SheetReadError('busy'));
        }, this.options.maxWaitMs),
      };
      this.waiting.push(entry);
    });
  }

  /** Hands the turn to the next waiting reading, if any. */
  private release(): void {
    const next = this.waiting.shift();
    if (next) next.start();
    else this.active--;
  }
}

const shared = new SheetReader();

/** Reads an uploaded sheet with the process's reader (at most 2 at once): see `SheetReader.read`. */
export function readSheet(buffer: Buffer, kind: SheetKind, limits: Partial<SheetLimits> = {}): Promise<SheetRow[]> {
  return shared.read(buffer, kind, limits);
}

function runWorker(
  buffer: Buffer,
  kind: SheetKind,
  limits: SheetLimits,
  deadline: number,
  maxHeapMb: number,
): Promise<SheetRow[]> {
  const owned = buffer.buffer instanceof ArrayBuffer && buffer.byteLength === buffer.buffer.byteLength;
  const bytes = owned ? (buffer.buffer as ArrayBuffer) : new Uint8Array(buffer).buffer;
  const job: SheetJob = { bytes, byteOffset: 0, byteLength: buffer.byteLength, kind, limits, deadline };
  return new Promise<SheetRow[]>((resolve, reject) => {
    let worker: Worker;
    try {
      worker = new Worker(workerEntry(import.meta.url, 'worker'), {
        workerData: job,
        transferList: [bytes],
        execArgv: [],
        resourceLimits: { maxOldGenerationSizeMb: maxHeapMb, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
      });
    } catch (err) {
      reject(err);
      return;
    }
    let settled = false;
    const finish = (err: SheetReadError | null, rows: SheetRow[] = []) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      if (err) reject(err);
      else resolve(rows);
    };
    const timer = setTimeout(
      () => finish(new SheetReadError('timeout', {}, 'worker terminated')),
      Math.max(0, deadline - Date.now()) + KILL_GRACE_MS,
    );
    worker.once('message', (a: SheetAnswer) =>
      finish(a.ok ? null : new SheetReadError(a.reason, a.params, a.detail), a.ok ? a.rows : []),
    );
    worker.once('error', (err: Error & { code?: string }) =>
      finish(
        err.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new SheetReadError('tooLarge', {}, 'the reader ran out of memory')
          : new SheetReadError('unreadable', {}, err.message),
      ),
    );
    worker.once('exit', (code) => finish(new SheetReadError('unreadable', {}, `the reader exited with ${code}`)));
  });
}

/** The message keys of one module for each failure (tooManyRows takes the module's own `{max}`). */
export type SheetMessages = Record<Exclude<SheetFailure, 'busy'>, string>;

/** 413 for what is too big to read (an inflated size, a count, the time budget): the file, not its data. */
export class SheetTooLargeError extends AppError {
  constructor(messageKey: string, params?: Record<string, string | number>) {
    super(413, 413, messageKey, params);
  }
}

/**
 * The answer to a failed reading, in the caller's words: 400 for an unreadable file or too many rows,
 * columns or characters; 413 for a file too large or too slow to read; 429 when the readers are busy.
 * `rowsParams` fills the too-many-rows message (the caller's own maximum).
 */
export function sheetAppError(
  err: unknown,
  messages: SheetMessages,
  rowsParams: Record<string, string | number> = {},
): AppError {
  if (err instanceof AppError) return err;
  if (!(err instanceof SheetReadError)) return new BadRequestError(messages.unreadable);
  switch (err.reason) {
    case 'busy':
      return new TooManyRequestsError(5);
    case 'tooLarge':
    case 'timeout':
      return new SheetTooLargeError(messages[err.reason]);
    case 'tooManyRows':
      return new BadRequestError(messages.tooManyRows, rowsParams);
    case 'tooManyColumns':
    case 'cellTooLong':
      return new BadRequestError(messages[err.reason], err.params);
    default:
      return new BadRequestError(messages.unreadable);
  }
}
