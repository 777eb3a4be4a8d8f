import { parentPort, workerData } from 'node:worker_threads';
import { messages, type PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import { createPglite, HeldDump } from './pglite-instance.js';

/**
 * The PGlite worker thread (`core/pglite-host.ts`): the embedded database, its extensions, parsers and data
 * directory live here, so that a long statement runs beside the server's event loop, not on it. It answers the
 * host's requests one message each; PGlite orders them itself (one statement at a time, nothing between the
 * statements of an open transaction), exactly as it does in the server's thread. Only data crosses: the parsers a
 * caller gives (functions) stay in the host, which asks for those types' text and applies them itself.
 */
export interface PgliteWorkerData {
  dataDir?: string;
  /** The bytes of a dump to start from (transferred). */
  loadDataDir?: ArrayBuffer;
  sharedBuffers?: string;
}

/** What crosses of a caller's QueryOptions: functions cannot, so parsers arrive as the types to leave as text. */
export interface WireQueryOptions {
  rowMode?: 'array' | 'object';
  rawTypes?: number[];
  paramTypes?: number[];
}

export type PgliteRequest =
  | { op: 'query'; id: number; tx?: number; text: string; params?: unknown[]; options?: WireQueryOptions }
  | { op: 'exec'; id: number; tx?: number; text: string; options?: WireQueryOptions }
  | { op: 'begin'; id: number }
  | { op: 'end'; id: number; tx: number; commit: boolean }
  | { op: 'rollback'; id: number; tx: number }
  | { op: 'listen'; id: number; channel: string }
  | { op: 'unlisten'; id: number; listener: number }
  | { op: 'dump'; id: number; compression?: 'none' | 'gzip' | 'auto' }
  | { op: 'close'; id: number };

/** An error as it crosses: its message, stack and the PostgreSQL fields (`code`, `constraint`, `detail`...). */
export interface WireError {
  message: string;
  stack?: string;
  database: boolean;
  fields: Record<string, string | number | boolean | null>;
}

export type PgliteMessage =
  | { kind: 'ready' }
  | { kind: 'failed'; error: WireError }
  | { kind: 'reply'; id: number; ok: true; value: unknown }
  | { kind: 'reply'; id: number; ok: false; error: WireError }
  | { kind: 'notify'; listener: number; payload: string };

function wireError(err: unknown): WireError {
  if (!(err instanceof Error)) return { message: String(err), database: false, fields: {} };
  const fields: WireError['fields'] = {};
  // Own fields of plain values only: PGlite attaches the query's options (functions) and parameters too.
  for (const [key, value] of Object.entries(err)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value as never;
  }
  return {
    message: err.message,
    ...(err.stack ? { stack: err.stack } : {}),
    database: err instanceof messages.DatabaseError,
    fields,
  };
}

const port = parentPort!;
const config = workerData as PgliteWorkerData;

const identity = (value: string) => value;

function optionsOf(wire: WireQueryOptions | undefined): QueryOptions | undefined {
  if (!wire) return undefined;
  return {
    ...(wire.rowMode ? { rowMode: wire.rowMode } : {}),
    ...(wire.paramTypes ? { paramTypes: wire.paramTypes } : {}),
    ...(wire.rawTypes ? { parsers: Object.fromEntries(wire.rawTypes.map((t) => [t, identity])) } : {}),
  };
}

/** An open transaction: its PGlite handle and how the host ends it. */
interface OpenTx {
  tx: Transaction;
  end(commit: boolean): void;
  /** PGlite's transaction: settles after COMMIT or ROLLBACK. */
  done: Promise<void>;
}

/** Thrown inside PGlite's transaction callback to roll it back (the host's callback failed). */
const ROLLBACK = Symbol('rollback');

async function serve(pg: PGlite): Promise<void> {
  const open = new Map<number, OpenTx>();
  const listeners = new Map<number, () => Promise<void>>();

  const reply = (id: number, value: unknown, transfer: ArrayBuffer[] = []) =>
    port.postMessage({ kind: 'reply', id, ok: true, value } satisfies PgliteMessage, transfer);
  const fail = (id: number, err: unknown) =>
    port.postMessage({ kind: 'reply', id, ok: false, error: wireError(err) } satisfies PgliteMessage);

  const target = (tx: number | undefined): PGlite | Transaction => {
    if (tx === undefined) return pg;
    const t = open.get(tx);
    if (!t) throw new Error('Transaction is closed');
    return t.tx;
  };

  /** BEGIN, then the transaction stays open (PGlite holding every other statement back) until `end`. */
  function begin(id: number): void {
    let started = false;
    let end!: (commit: boolean) => void;
    const decided = new Promise<boolean>((resolve) => (end = resolve));
    const entry: Partial<OpenTx> = { end };
    entry.done = pg.transaction(async (tx) => {
      started = true;
      entry.tx = tx;
      open.set(id, entry as OpenTx);
      reply(id, id);
      if (!(await decided)) throw ROLLBACK;
    });
    // A failed BEGIN answers the request; a failed COMMIT answers `end`, which awaits `done`.
    entry.done.catch((err: unknown) => {
      if (!started) fail(id, err);
    });
  }

  async function handle(m: PgliteRequest): Promise<void> {
    switch (m.op) {
      case 'query': {
        const r = await target(m.tx).query(m.text, m.params as unknown[], optionsOf(m.options));
        return reply(m.id, r);
      }
      case 'exec':
        return reply(m.id, await target(m.tx).exec(m.text, optionsOf(m.options)));
      case 'begin':
        return begin(m.id);
      case 'end': {
        const t = open.get(m.tx);
        if (!t) throw new Error('Transaction is closed');
        open.delete(m.tx);
        t.end(m.commit);
        try {
          await t.done;
        } catch (err) {
          if (err !== ROLLBACK) throw err;
        }
        return reply(m.id, null);
      }
      case 'rollback': {
        const t = open.get(m.tx);
        if (!t) throw new Error('Transaction is closed');
        await t.tx.rollback();
        return reply(m.id, null);
      }
      case 'listen': {
        const listener = m.id;
        listeners.set(
          listener,
          await pg.listen(m.channel, (payload) =>
            port.postMessage({ kind: 'notify', listener, payload } satisfies PgliteMessage),
          ),
        );
        return reply(m.id, listener);
      }
      case 'unlisten': {
        const off = listeners.get(m.listener);
        listeners.delete(m.listener);
        await off?.();
        return reply(m.id, null);
      }
      case 'dump': {
        const blob = await pg.dumpDataDir(m.compression);
        const bytes = await blob.arrayBuffer();
        return reply(m.id, { bytes, type: blob.type, name: blob instanceof File ? blob.name : null }, [bytes]);
      }
      case 'close':
        if (!pg.closed) await pg.close();
        reply(m.id, null);
        port.close();
        return;
    }
  }

  port.on('message', (m: PgliteRequest) => {
    handle(m).catch((err: unknown) => fail(m.id, err));
  });
}

try {
  const pg = await createPglite({
    ...(config.dataDir ? { dataDir: config.dataDir } : {}),
    ...(config.loadDataDir ? { loadDataDir: new HeldDump(config.loadDataDir) } : {}),
    ...(config.sharedBuffers ? { sharedBuffers: config.sharedBuffers } : {}),
  });
  await serve(pg);
  port.postMessage({ kind: 'ready' } satisfies PgliteMessage);
} catch (err) {
  port.postMessage({ kind: 'failed', error: wireError(err) } satisfies PgliteMessage);
}
