import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const entries = new Map<string, URL>();

/**
 * The entry of a worker thread whose module is `name` beside `here` (the caller's `import.meta.url`): the
 * built `.js` file once built. Run from the TypeScript sources (tests, `npm run dev`), the `.ts` file is loaded
 * through tsx, registered inside the worker by a small bootstrap module: in Node 20 a worker does not apply
 * loader hooks given by `execArgv: ['--import', 'tsx']` to its entry. Used by the sheet reader and the PDFs.
 */
export function workerEntry(here: string, name: string): URL {
  const key = `${here}#${name}`;
  const known = entries.get(key);
  if (known) return known;
  let entry: URL;
  if (!here.endsWith('.ts')) entry = new URL(`./${name}.js`, here);
  else {
    const require = createRequire(here);
    const pkgPath = require.resolve('tsx/package.json');
    const pkg = JSON.parse(readFileSync(pkgPath, 'utf8')) as {
      exports: Record<string, { import?: { default?: string } }>;
    };
    const api = pathToFileURL(path.join(path.dirname(pkgPath), pkg.exports['./esm/api']?.import?.default ?? ''));
    const code =
      `import { register } from ${JSON.stringify(api.href)};\n` +
      `register();\n` +
      `await import(${JSON.stringify(new URL(`./${name}.ts`, here).href)});\n`;
    entry = new URL(`data:text/javascript,${encodeURIComponent(code)}`);
  }
  entries.set(key, entry);
  return entry;
}
