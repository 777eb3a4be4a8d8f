import { Worker } from 'node:worker_threads';
import { messages, type QueryOptions, type Results } from '@electric-sql/pglite';
import { HeldDump, type PgliteOptions } from './pglite-instance.js';
import type { PgliteMessage, PgliteRequest, PgliteWorkerData, WireError, WireQueryOptions } from './pglite-worker.js';
import { workerEntry } from './worker-entry.js';

/** A transaction of `PgliteClient.transaction`: what the code base (Drizzle) uses of PGlite's `Transaction`. */
export interface PgliteTx {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string, options?: QueryOptions): Promise<Results[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

/**
 * What the code base uses of PGlite (Drizzle's PGlite session, pg-boss's `executeSql`, `database.prepared`, the
 * session cache's and the GPS runtime's listeners, the tests' template dump): a `PGlite` instance is one, and so is
 * the host of the PGlite worker thread (`PgliteWorkerClient`).
 */
export interface PgliteClient {
  readonly closed: boolean;
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string, options?: QueryOptions): Promise<Results[]>;
  transaction<T>(callback: (tx: PgliteTx) => Promise<T>): Promise<T>;
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
  unlisten(channel: string, callback?: (payload: string) => void): Promise<void>;
  dumpDataDir(compression?: 'none' | 'gzip' | 'auto'): Promise<File | Blob>;
  close(): Promise<void>;
}

type Request = PgliteRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

interface Pending {
  resolve(value: unknown): void;
  reject(err: Error): void;
  /** Where the call was made: the stack of the error it may end in (the worker's own frames say little). */
  site: Error;
}

/**
 * The server's side of the PGlite worker thread (`core/pglite-worker.ts`). Each call is one message and one
 * answer; statements queue in the worker, where PGlite runs them one at a time as it does in this thread. The
 * worker does not keep the process alive while nothing is asked of it (PGlite in the thread does not either):
 * it is referenced only while answers are awaited.
 */
export class PgliteWorkerClient implements PgliteClient {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly listeners = new Map<number, { channel: string; callback: (payload: string) => void }>();
  private ended: Error | null = null;
  private closing: Promise<void> | null = null;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (m: PgliteMessage) => this.receive(m));
    worker.on('error', (err) => this.end(err));
    worker.on('exit', (code) => this.end(new Error(`the PGlite worker exited with ${code}`)));
  }

  /** Starts the worker and resolves once its database is open (a failure to open arrives here). */
  static async start(options: PgliteOptions = {}): Promise<PgliteWorkerClient> {
    // The bytes are transferred to the worker: a held dump's own buffer is copied first, not taken from its holder.
    const bytes = options.loadDataDir ? await options.loadDataDir.arrayBuffer() : undefined;
    const loadDataDir = bytes && options.loadDataDir instanceof HeldDump ? bytes.slice(0) : bytes;
    const data: PgliteWorkerData = {
      ...(options.dataDir ? { dataDir: options.dataDir } : {}),
      ...(loadDataDir ? { loadDataDir } : {}),
      ...(options.sharedBuffers ? { sharedBuffers: options.sharedBuffers } : {}),
    };
    const worker = new Worker(workerEntry(import.meta.url, 'pglite-worker'), {
      workerData: data,
      transferList: loadDataDir ? [loadDataDir] : [],
      execArgv: [],
    });
    const site = new Error();
    await new Promise<void>((resolve, reject) => {
      const onMessage = (m: PgliteMessage) => {
        if (m.kind === 'ready') done(null);
        else if (m.kind === 'failed') done(errorOf(m.error, site));
      };
      const onExit = (code: number) => done(new Error(`the PGlite worker exited with ${code} while opening`));
      const done = (err: Error | null) => {
        worker.off('message', onMessage);
        worker.off('error', done);
        worker.off('exit', onExit);
        if (err) {
          void worker.terminate();
          reject(err);
        } else resolve();
      };
      worker.on('message', onMessage);
      worker.on('error', done);
      worker.on('exit', onExit);
    });
    worker.unref();
    return new PgliteWorkerClient(worker);
  }

  get closed(): boolean {
    return this.ended !== null || this.closing !== null;
  }

  async query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.queryIn<T>(undefined, text, params, options);
  }

  async exec(text: string, options?: QueryOptions): Promise<Results[]> {
    return this.execIn(undefined, text, options);
  }

  /** @internal (the transaction's queries) */
  async queryIn<T>(tx: number | undefined, text: string, params?: unknown[], options?: QueryOptions) {
    const result = (await this.call({
      op: 'query',
      text,
      ...(tx !== undefined ? { tx } : {}),
      ...(params?.length ? { params } : {}),
      ...wireOptions(options),
    })) as Results<T>;
    return parsed(result, options);
  }

  /** @internal */
  async execIn(tx: number | undefined, text: string, options?: QueryOptions): Promise<Results[]> {
    const results = (await this.call({
      op: 'exec',
      text,
      ...(tx !== undefined ? { tx } : {}),
      ...wireOptions(options),
    })) as Results[];
    return results.map((r) => parsed(r, options));
  }

  /**
   * BEGIN in the worker, then `callback` with a transaction whose statements run inside it: PGlite holds every
   * other statement back until COMMIT (the callback resolved) or ROLLBACK (it threw), as in the thread.
   */
  async transaction<T>(callback: (tx: PgliteTx) => Promise<T>): Promise<T> {
    const id = (await this.call({ op: 'begin' })) as number;
    const tx = new WorkerTx(this, id);
    let result: T;
    try {
      result = await callback(tx);
    } catch (err) {
      tx.close();
      await this.call({ op: 'end', tx: id, commit: false });
      throw err;
    }
    tx.close();
    await this.call({ op: 'end', tx: id, commit: true });
    return result;
  }

  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    const listener = (await this.call({ op: 'listen', channel })) as number;
    this.listeners.set(listener, { channel, callback });
    return async () => {
      if (!this.listeners.delete(listener) || this.closed) return;
      await this.call({ op: 'unlisten', listener });
    };
  }

  async unlisten(channel: string, callback?: (payload: string) => void): Promise<void> {
    for (const [listener, l] of [...this.listeners]) {
      if (l.channel !== channel || (callback && l.callback !== callback)) continue;
      this.listeners.delete(listener);
      await this.call({ op: 'unlisten', listener });
    }
  }

  async dumpDataDir(compression?: 'none' | 'gzip' | 'auto'): Promise<File | Blob> {
    const d = (await this.call({ op: 'dump', ...(compression ? { compression } : {}) })) as {
      bytes: ArrayBuffer;
      type: string;
      name: string | null;
    };
    const bytes = new Uint8Array(d.bytes);
    return d.name ? new File([bytes], d.name, { type: d.type }) : new Blob([bytes], { type: d.type });
  }

  /** Closes the database in the worker (its data directory written), then ends the worker. */
  async close(): Promise<void> {
    if (this.ended) return;
    this.closing ??= (async () => {
      try {
        await this.call({ op: 'close' }, true);
      } finally {
        this.end(new Error('PGlite is closed'));
        await this.worker.terminate();
      }
    })();
    return this.closing;
  }

  /** @internal */
  call(request: Request, closing = false): Promise<unknown> {
    if (this.ended) return Promise.reject(this.ended);
    if (this.closing && !closing) return Promise.reject(new Error('PGlite is closed'));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      if (this.pending.size === 0) this.worker.ref();
      this.pending.set(id, { resolve, reject, site: new Error() });
      this.worker.postMessage({ ...request, id } as PgliteRequest);
    });
  }

  private receive(m: PgliteMessage): void {
    if (m.kind === 'notify') {
      this.listeners.get(m.listener)?.callback(m.payload);
      return;
    }
    if (m.kind !== 'reply') return;
    const p = this.pending.get(m.id);
    if (!p) return;
    this.pending.delete(m.id);
    if (this.pending.size === 0) this.worker.unref();
    if (m.ok) p.resolve(m.value);
    else p.reject(errorOf(m.error, p.site));
  }

  /** The worker is gone: every call in hand fails, and so does every later one. */
  private end(err: Error): void {
    if (this.ended) return;
    this.ended = err;
    for (const p of this.pending.values()) p.reject(err);
    this.pending.clear();
    this.listeners.clear();
  }
}

class WorkerTx implements PgliteTx {
  private done = false;

  constructor(
    private readonly host: PgliteWorkerClient,
    private readonly id: number,
  ) {}

  get closed(): boolean {
    return this.done;
  }

  /** @internal */
  close(): void {
    this.done = true;
  }

  private check(): void {
    if (this.done) throw new Error('Transaction is closed');
  }

  async query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    this.check();
    return this.host.queryIn<T>(this.id, text, params, options);
  }

  async exec(text: string, options?: QueryOptions): Promise<Results[]> {
    this.check();
    return this.host.execIn(this.id, text, options);
  }

  async rollback(): Promise<void> {
    this.check();
    await this.host.call({ op: 'rollback', tx: this.id });
    this.done = true;
  }
}

/**
 * The options that can cross. A parser is a function, so the worker is asked for its types' text and the parser
 * runs here on the answer (`parsed`): the same values as PGlite's own call, `parser(text, typeId)`, never for NULL.
 */
function wireOptions(options: QueryOptions | undefined): { options?: WireQueryOptions } {
  if (!options) return {};
  if (options.serializers || options.blob || options.onNotice) {
    throw new Error('serializers, blob and onNotice are not passed to the PGlite worker');
  }
  const wire: WireQueryOptions = {
    ...(options.rowMode ? { rowMode: options.rowMode } : {}),
    ...(options.paramTypes ? { paramTypes: options.paramTypes } : {}),
    ...(options.parsers ? { rawTypes: Object.keys(options.parsers).map(Number) } : {}),
  };
  return { options: wire };
}

function parsed<T>(result: Results<T>, options: QueryOptions | undefined): Results<T> {
  const parsers = options?.parsers;
  if (!parsers || !result.rows.length) return result;
  const arrays = options.rowMode === 'array';
  for (const [i, field] of result.fields.entries()) {
    const parse = parsers[field.dataTypeID];
    if (!parse) continue;
    const key = arrays ? i : field.name;
    for (const row of result.rows as Record<string | number, unknown>[]) {
      const v = row[key];
      if (v !== null && v !== undefined)
        row[key] = (parse as (t: string, type: number) => unknown)(v as string, field.dataTypeID);
    }
  }
  return result;
}

/** The worker's error as this thread's: a PGlite `DatabaseError` keeps its class and fields. */
function errorOf(w: WireError, site: Error): Error {
  const err: Error = w.database
    ? new messages.DatabaseError(w.message, Number(w.fields.length ?? 0), 'error')
    : new Error(w.message);
  Object.assign(err, w.fields);
  // This thread's stack: where the statement was sent from (the worker's frames are PGlite's own).
  err.stack = `${err.name}: ${w.message}\n${site.stack?.split('\n').slice(1).join('\n') ?? ''}`;
  return err;
}
