#!/usr/bin/env node
// Bundle-size budgets of the web app (issue 3, DESIGN.md section 13), from the Vite manifest of the last build:
// which files a screen loads is the closure of its chunks' static imports, and each file is sized gzipped
// (zlib's default level, as a server compresses it). `--check` exits 1 when a budget is exceeded (CI runs it
// after the build); without it the figures are also written to bench/results/web-bundle-size.json.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const KB = 1024;

/** What each screen loads: the entry plus its lazy chunks (and their static imports). */
export const SCENARIOS = [
  {
    name: 'login',
    what: '/login (entry + sign-in screen)',
    chunks: ['index.html', 'src/features/auth/pages/login-page.tsx'],
    budget: { js: 180 * KB, css: 20 * KB },
    // The sign-in screen is built without antd, and zod only serves forms behind it.
    mustNotContain: { antd: 'anticon', zod: '$ZodType' },
  },
  {
    name: 'home',
    // index.html preloads the sign-in screen, so a signed-in visit loads it too.
    what: 'after sign-in: header, navigation and home page (entry + sign-in screen + shell + home)',
    chunks: [
      'index.html',
      'src/features/auth/pages/login-page.tsx',
      'src/app/shell/shell.tsx',
      'src/features/home/pages/home-page.tsx',
    ],
    budget: { js: 350 * KB },
  },
];

function closure(manifest, keys) {
  const files = new Set();
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no chunk ${key}`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  keys.forEach(visit);
  return [...files].sort();
}

export function measureBundles(dist = path.join(root, 'apps/web/dist')) {
  const manifestFile = path.join(dist, '.vite/manifest.json');
  if (!existsSync(manifestFile)) throw new Error(`${manifestFile} is missing: run "npm run build" first`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  return SCENARIOS.map((s) => {
    const files = closure(manifest, s.chunks).map((file) => {
      const raw = readFileSync(path.join(dist, file));
      return { file, bytes: raw.length, gzip: gzipSync(raw).length };
    });
    const sum = (ext, field) => files.filter((f) => f.file.endsWith(ext)).reduce((n, f) => n + f[field], 0);
    const js = { bytes: sum('.js', 'bytes'), gzip: sum('.js', 'gzip') };
    const css = { bytes: sum('.css', 'bytes'), gzip: sum('.css', 'gzip') };
    const over = [];
    if (s.budget.js !== undefined && js.gzip > s.budget.js) over.push('js');
    if (s.budget.css !== undefined && css.gzip > s.budget.css) over.push('css');
    for (const [what, marker] of Object.entries(s.mustNotContain ?? {})) {
      const culprit = files.find(
        (f) => f.file.endsWith('.js') && readFileSync(path.join(dist, f.file), 'utf8').includes(marker),
      );
      if (culprit) over.push(`${what} (in ${culprit.file})`);
    }
    return { name: s.name, what: s.what, js, css, budget: s.budget, over, files };
  });
}

const kb = (n) => `${(n / KB).toFixed(1)} KB`;

function main() {
  const check = process.argv.includes('--check');
  const results = measureBundles();
  for (const r of results) {
    const budget = [
      r.budget.js !== undefined ? `JS <= ${kb(r.budget.js)}` : null,
      r.budget.css !== undefined ? `CSS <= ${kb(r.budget.css)}` : null,
    ].filter(Boolean);
    console.log(
      `${r.over.length ? `FAIL [${r.over.join(', ')}]` : 'ok'} ${r.name}: JS ${kb(r.js.gzip)} gzip (${kb(r.js.bytes)} raw), ` +
        `CSS ${kb(r.css.gzip)} gzip, ${r.files.length} files; budget ${budget.join(', ')}  -- ${r.what}`,
    );
  }
  if (!check) {
    const out = path.join(root, 'bench/results/web-bundle-size.json');
    const summary = results.map(({ files, ...r }) => ({ ...r, files: files.length }));
    writeFileSync(out, `${JSON.stringify({ measuredAt: new Date().toISOString(), results: summary }, null, 2)}\n`);
    console.log(`written ${path.relative(root, out)}`);
  }
  // Shared state of the contracts (the validation message table that areas add to) must exist once: a second
  // copy (a `?schemas` instance of it, see vite.config.ts) would miss the messages registered into the first.
  const dist = path.join(root, 'apps/web/dist/assets');
  const marker = '请输入正确的手机号码';
  const copies = readdirSync(dist).filter(
    (f) => f.endsWith('.js') && readFileSync(path.join(dist, f), 'utf8').includes(marker),
  );
  console.log(
    `${copies.length === 1 ? 'ok' : 'FAIL'} validation messages: in ${copies.length} file(s) (${copies.join(', ')}), must be 1`,
  );
  if (results.some((r) => r.over.length) || copies.length !== 1) process.exit(1);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
