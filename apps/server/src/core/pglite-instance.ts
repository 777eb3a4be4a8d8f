import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';

export interface PgliteOptions {
  /** The data directory (created if missing); none: in memory. */
  dataDir?: string;
  /** A dump (`dumpDataDir`) to start from: the tests' template. */
  loadDataDir?: Blob;
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
    extensions: { pg_trgm, btree_gist },
    // PGlite defaults to a parser that returns int8 as bigint; the ids we use fit in a double.
    parsers: { 20: (v: string) => Number(v) },
  });
}
