#!/usr/bin/env node
// Builds what changed since the last build, so that a later `npm start` starts in seconds.
// Each package's inputs are hashed; a package is rebuilt when its hash (or a dependency's) differs.
import { createHash } from 'node:crypto';
import { execSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const stampFile = path.join(root, 'node_modules', '.cache', 'fleetdesk-build.json');

const packages = [
  {
    name: '@fleetdesk/contracts',
    dir: 'packages/contracts',
    inputs: ['src', 'package.json', 'tsconfig.build.json'],
    output: 'dist',
  },
  {
    name: '@fleetdesk/server',
    dir: 'apps/server',
    inputs: ['src', 'package.json', 'tsconfig.build.json'],
    output: 'dist',
    after: ['@fleetdesk/contracts'],
  },
  {
    name: '@fleetdesk/web',
    dir: 'apps/web',
    inputs: ['src', 'public', 'scripts', 'index.html', 'package.json', 'vite.config.ts'],
    output: 'dist',
    after: ['@fleetdesk/contracts'],
  },
];

function hashInputs(dir, inputs) {
  const hash = createHash('sha256');
  const walk = (p) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const name of readdirSync(p).sort())
        if (name !== 'node_modules' && name !== '__tests__') walk(path.join(p, name));
    } else if (!/\.test\.tsx?$/.test(p)) {
      hash.update(path.relative(root, p));
      hash.update(readFileSync(p));
    }
  };
  for (const input of inputs) walk(path.join(root, dir, input));
  hash.update(readFileSync(path.join(root, 'package-lock.json')));
  return hash.digest('hex');
}

const stamps = existsSync(stampFile) ? JSON.parse(readFileSync(stampFile, 'utf8')) : {};
const rebuilt = new Set();
for (const pkg of packages) {
  const hash = hashInputs(pkg.dir, pkg.inputs);
  const stale =
    stamps[pkg.name] !== hash ||
    !existsSync(path.join(root, pkg.dir, pkg.output)) ||
    (pkg.after ?? []).some((d) => rebuilt.has(d));
  if (!stale) continue;
  console.log(`building ${pkg.name}...`);
  execSync(`npm run build -w ${pkg.name}`, { cwd: root, stdio: 'inherit' });
  stamps[pkg.name] = hash;
  rebuilt.add(pkg.name);
  mkdirSync(path.dirname(stampFile), { recursive: true });
  writeFileSync(stampFile, JSON.stringify(stamps, null, 2));
}
if (!rebuilt.size) console.log('build is up to date');
