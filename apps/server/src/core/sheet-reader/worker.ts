import { parentPort, workerData } from 'node:worker_threads';
import { SheetReadError, type SheetLimits } from './limits.js';
import { readSheetHere, type SheetKind } from './read.js';

/**
 * The worker thread of `readSheet`: reads one sheet and posts back its rows or why it could not. It imports
 * only this folder (no ExcelJS, no Fastify), so that it starts in tens of milliseconds.
 */
export interface SheetJob {
  bytes: ArrayBuffer;
  byteOffset: number;
  byteLength: number;
  kind: SheetKind;
  limits: SheetLimits;
  /** When the reading must have ended (`Date.now()`: the clock is the process's, shared by its threads). */
  deadline: number;
}

export type SheetAnswer =
  | { ok: true; rows: { line: number; cells: string[] }[] }
  | { ok: false; reason: SheetReadError['reason']; params: Record<string, string | number>; detail: string };

const job = workerData as SheetJob;

async function run(): Promise<SheetAnswer> {
  try {
    const buffer = Buffer.from(job.bytes, job.byteOffset, job.byteLength);
    return { ok: true, rows: await readSheetHere(buffer, job.kind, job.limits, job.deadline) };
  } catch (err) {
    const e = err instanceof SheetReadError ? err : new SheetReadError('unreadable', {}, String(err));
    return { ok: false, reason: e.reason, params: e.params, detail: e.detail };
  }
}

parentPort?.postMessage(await run());
