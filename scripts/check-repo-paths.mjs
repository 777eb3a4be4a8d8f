#!/usr/bin/env node
// The repository stands alone: no file of the product, its tests, build or CI may read a path outside it.
// Every tracked text file is scanned for relative paths (dot-dot-slash), which are resolved against the file's own
// folder (and, for shell and CI files, against the repository root as well), and for absolute paths into a
// sibling checkout. Any that leaves the repository fails the check (run by `npm run lint`, so by CI).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((f) => /\.(m?[jt]sx?|cjs|json|sh|ya?ml)$|(^|\/)run$/.test(f))
  .filter((f) => !/(^|\/)(node_modules|dist)\//.test(f) && !f.endsWith('package-lock.json'));

const RELATIVE = /(?:^|[\s'"`(=:])((?:\.\.\/)+[\w.@-][^\s'"`),;]*)/g;
const SIBLING = /(?:^|[\s'"`(=])(\/work\/|~\/|\$HOME\/)[^\s'"`]*|\bshared\/(?:spec|reference|DESIGN\.md|STYLE\.md)/g;
const problems = [];
for (const file of files) {
  let text;
  try {
    text = readFileSync(path.join(root, file), 'utf8');
  } catch {
    continue;
  }
  const lines = text.split('\n');
  lines.forEach((line, i) => {
    const where = `${file}:${i + 1}`;
    for (const m of line.matchAll(RELATIVE)) {
      const rel = m[1];
      const bases = [path.dirname(path.join(root, file))];
      if (/\.(sh|ya?ml)$|(^|\/)run$/.test(file)) bases.push(root);
      // A URL resolved against import.meta.url starts from the file's folder too; `new URL('../x', url)`
      // climbs one folder per '../' exactly as path.resolve does.
      if (bases.every((b) => !isInside(path.resolve(b, rel)))) problems.push(`${where}: ${rel}`);
    }
    for (const m of line.matchAll(SIBLING)) problems.push(`${where}: ${m[0].trim()}`);
  });
}

function isInside(p) {
  const r = path.relative(root, p);
  return r === '' || (!r.startsWith('..') && !path.isAbsolute(r));
}

if (problems.length) {
  console.error('paths outside the repository (copy what is needed into it, e.g. docs/spec/):');
  for (const p of problems) console.error(`  ${p}`);
  process.exit(1);
}
console.log(`repository paths: ${files.length} files, none reads outside the repository`);
