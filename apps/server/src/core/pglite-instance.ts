import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';

export interface PgliteOptions {
  /** The data directory (created if missing); none: in memory. */
  dataDir?: string;
  /** A dump (`dumpDataDir`) to start from: the tests' template. */
  loadDataDir?: Blob;
  /**
   * PostgreSQL's `shared_buffers` (default 128MB). Each start zeroes them: a test's copy of the template takes 32MB
   * and opens in 0.5 s instead of 0.85 s (its 60 MB of data stay in the memory file system all the same).
   */
  sharedBuffers?: string;
}

/**
 * A dump held in memory that PGlite reads without a copy. PGlite asks a dump for `arrayBuffer()`, which a Blob
 * answers by streaming and joining 64 KB chunks: 0.4 s for the tests' 60 MB template, at every test file. PGlite
 * only reads the bytes (it copies each file out of them), so one buffer serves every copy of a process. Its type
 * is empty, so PGlite takes it for a plain tar (not gzip), which the dumps are (`dumpDataDir('none')`).
 */
export class HeldDump extends Blob {
  readonly #bytes: ArrayBuffer;
  constructor(bytes: ArrayBuffer) {
    super([]);
    this.#bytes = bytes;
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.#bytes);
  }
}

/**
 * The embedded database as every caller opens it, in the server's thread or in its PGlite worker
 * (`core/pglite-worker.ts`): the extensions the migrations create and the int8 parser. Kept apart from `db.ts` so
 * that the worker loads PGlite alone, not Drizzle and the schema.
 */
export async function createPglite(options: PgliteOptions = {}): Promise<PGlite> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  return PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    ...(options.sharedBuffers
      ? { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${options.sharedBuffers}`] }
      : {}),
    extensions: { pg_trgm, btree_gist },
    // PGlite defaults to a parser that returns int8 as bigint; the ids we use fit in a double.
    parsers: { 20: (v: string) => Number(v) },
  });
}
