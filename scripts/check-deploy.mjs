#!/usr/bin/env node
// Checks the deployment files without Docker (which may not run where CI runs; hadolint is not in Debian):
// - Dockerfile: its syntax and instructions through dockerfile-utils (the Docker language server's validator), then
//   the rules we hold it to, after hadolint's: pinned base images (DL3006/DL3007), COPY not ADD (DL3020), exec-form
//   CMD (DL3025), a WORKDIR before relative paths (DL3045), the last USER not root (DL3002), and ours: several stages,
//   a Node 24 slim base, `npm ci` from the lockfile with only production dependencies in the runtime, a HEALTHCHECK
//   on /readyz, every COPY source present in the repository and not excluded by .dockerignore.
// - compose.yaml: the services of docs/operations.md (PostgreSQL 17, two API replicas, worker, GPS gateway, MinIO,
//   the load balancer), pinned images, health checks, and every variable it sets known to apps/server/src/config.ts.
// - deploy/: the Grafana dashboard is valid JSON and every metric it queries is one the server defines.
// Run by `npm run lint`, so by CI. Exit 1 with one line per problem.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { validate } from 'dockerfile-utils';
import { parse } from 'yaml';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const read = (file) => readFileSync(path.join(root, file), 'utf8');
const problems = [];
const fail = (where, message) => problems.push(`${where}: ${message}`);

// --- Dockerfile -------------------------------------------------------------------------------------------------
const dockerfile = read('Dockerfile');
for (const d of validate(dockerfile)) {
  fail(`Dockerfile:${d.range.start.line + 1}`, `${d.message} (dockerfile-utils ${d.code})`);
}
// Instructions with their continuation lines joined.
const instructions = dockerfile
  .replace(/\\\n/g, ' ')
  .split('\n')
  .map((line, i) => ({ line: i + 1, text: line.trim() }))
  .filter((l) => l.text && !l.text.startsWith('#'))
  .map((l) => {
    const [keyword, ...rest] = l.text.split(/\s+/);
    return { line: l.line, keyword: keyword.toUpperCase(), args: rest.join(' ') };
  });
const args = Object.fromEntries(
  instructions
    .filter((i) => i.keyword === 'ARG' && i.args.includes('='))
    .map((i) => i.args.split('=').map((s) => s.trim())),
);
const stages = instructions.filter((i) => i.keyword === 'FROM');
if (stages.length < 2)
  fail('Dockerfile', 'a multi-stage build is expected (build, then a runtime without build tools)');
for (const from of stages) {
  const image = from.args.split(/\s+/)[0].replace(/^\$\{(\w+)\}$/, (_, name) => args[name] ?? `\${${name}}`);
  if (!image.includes(':') || image.endsWith(':latest')) {
    fail(`Dockerfile:${from.line}`, `pin the base image's tag (${image})`);
  }
}
const runtimeStart = instructions.indexOf(stages.at(-1));
const runtime = instructions.slice(runtimeStart);
const runtimeImage = stages
  .at(-1)
  .args.split(/\s+/)[0]
  .replace(/^\$\{(\w+)\}$/, (_, n) => args[n] ?? n);
if (!/^node:24[\w.-]*-slim$/.test(runtimeImage))
  fail('Dockerfile', `the runtime should be Node 24 slim, not ${runtimeImage}`);
for (const i of instructions) {
  if (i.keyword === 'ADD') fail(`Dockerfile:${i.line}`, 'use COPY, not ADD (hadolint DL3020)');
  if ((i.keyword === 'CMD' || i.keyword === 'ENTRYPOINT') && !i.args.startsWith('[')) {
    fail(`Dockerfile:${i.line}`, `${i.keyword} in exec form (JSON array), so that signals reach node (DL3025)`);
  }
  if (i.keyword === 'RUN' && /\bnpm (install|i)\b/.test(i.args)) {
    fail(`Dockerfile:${i.line}`, 'npm ci from the lockfile, not npm install (a reproducible, offline-able build)');
  }
  if (i.keyword === 'RUN' && /\b(curl|wget)\b/.test(i.args)) {
    fail(`Dockerfile:${i.line}`, 'nothing is downloaded outside the npm registry and the base image');
  }
}
const users = runtime.filter((i) => i.keyword === 'USER');
if (!users.length || /^(root|0)(:|$)/.test(users.at(-1).args)) {
  fail('Dockerfile', 'the runtime stage must end with a USER that is not root (hadolint DL3002)');
}
const workdirBeforeCopy = runtime.findIndex((i) => i.keyword === 'WORKDIR');
const firstCopy = runtime.findIndex((i) => i.keyword === 'COPY');
if (workdirBeforeCopy < 0 || workdirBeforeCopy > firstCopy)
  fail('Dockerfile', 'WORKDIR before the first COPY (DL3045)');
if (!/npm ci[^\n]*--omit=dev/.test(dockerfile)) fail('Dockerfile', 'the runtime dependencies: `npm ci --omit=dev`');
const productionFrom = runtime.filter((i) => i.keyword === 'COPY' && /\bnode_modules\b/.test(i.args));
if (!productionFrom.length) fail('Dockerfile', 'the runtime copies node_modules from the production-only stage');
for (const copy of productionFrom) {
  const from = /--from=(\S+)/.exec(copy.args)?.[1];
  const stage = stages.find((s) => new RegExp(`\\bAS\\s+${from}\\b`, 'i').test(s.args));
  const stageEnd = stage ? instructions.indexOf(stages[stages.indexOf(stage) + 1] ?? instructions.at(-1)) : -1;
  const stageText = stage ? instructions.slice(instructions.indexOf(stage), stageEnd).map((i) => i.args) : [];
  if (!stageText.some((a) => /npm ci[^\n]*--omit=dev/.test(a))) {
    fail(`Dockerfile:${copy.line}`, `node_modules must come from a stage that ran npm ci --omit=dev (${from})`);
  }
}
const health = runtime.find((i) => i.keyword === 'HEALTHCHECK');
if (!health || !health.args.includes('/readyz')) fail('Dockerfile', 'a HEALTHCHECK on /readyz in the runtime stage');
const cmd = runtime.find((i) => i.keyword === 'CMD');
if (!cmd?.args.includes('apps/server/dist/main.js'))
  fail('Dockerfile', 'the default command runs the API (dist/main.js)');

// COPY sources from the build context exist and are not ignored.
const ignored = read('.dockerignore')
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => l && !l.startsWith('#'));
const ignoredBy = (file) =>
  ignored.find((pattern) => {
    const re = new RegExp(
      `^${pattern
        .replace(/[.+^${}()|[\]\\]/g, '\\$&')
        .replace(/\*\*\//g, '(?:.*/)?')
        .replace(/\*/g, '[^/]*')}(?:/.*)?$`,
    );
    return re.test(file);
  });
for (const must of ['.git', '**/node_modules', '**/dist', 'data']) {
  if (!ignored.includes(must)) fail('.dockerignore', `should leave out ${must}`);
}
for (const copy of instructions.filter((i) => i.keyword === 'COPY' && !i.args.includes('--from='))) {
  const parts = copy.args.split(/\s+/).filter((p) => !p.startsWith('--'));
  for (const source of parts.slice(0, -1)) {
    if (!existsSync(path.join(root, source))) fail(`Dockerfile:${copy.line}`, `COPY source ${source} does not exist`);
    const by = ignoredBy(source);
    if (by) fail(`Dockerfile:${copy.line}`, `COPY source ${source} is left out by .dockerignore (${by})`);
  }
}

// --- compose.yaml -----------------------------------------------------------------------------------------------
const compose = parse(read('compose.yaml'), { merge: true });
const services = compose.services ?? {};
const configKeys = new Set(
  [...read('apps/server/src/config.ts').matchAll(/^ {2}([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]),
);
const OTHER_ENV = /^(OTEL_|NODE_ENV$|POSTGRES_|MINIO_|GF_|SEED_DEMO$)/;
for (const name of ['postgres', 'minio', 'api', 'worker', 'gps-gateway', 'proxy', 'setup']) {
  if (!services[name]) fail('compose.yaml', `service ${name} is missing`);
}
if (!/^postgres:17(\b|$)/.test(services.postgres?.image ?? '')) fail('compose.yaml', 'PostgreSQL 17 (postgres:17)');
if (services.api?.deploy?.replicas !== 2) fail('compose.yaml', 'the API runs 2 replicas');
if (services.api?.environment?.RUN_WORKER !== 'false') fail('compose.yaml', 'the API replicas run no worker');
if (services.api?.environment?.GPS_GATEWAY !== 'off') fail('compose.yaml', 'the API replicas run no GPS gateway');
if (!services.worker?.command?.includes('apps/server/dist/worker.js'))
  fail('compose.yaml', 'the worker runs dist/worker.js');
if (!services['gps-gateway']?.command?.includes('apps/server/dist/gps-gateway.js')) {
  fail('compose.yaml', 'the GPS gateway runs dist/gps-gateway.js');
}
for (const [name, service] of Object.entries(services)) {
  if (service.image && (!service.image.includes(':') || service.image.endsWith(':latest'))) {
    fail('compose.yaml', `${name}: pin the image's tag (${service.image})`);
  }
  for (const key of Object.keys(service.environment ?? {})) {
    if (service.image?.startsWith('fleetdesk') && !configKeys.has(key) && !OTHER_ENV.test(key)) {
      fail('compose.yaml', `${name}: ${key} is not a setting of apps/server/src/config.ts`);
    }
  }
}
for (const name of ['postgres', 'minio']) {
  if (!services[name]?.healthcheck?.test) fail('compose.yaml', `${name} needs a health check (the others wait for it)`);
}
for (const file of ['deploy/nginx.conf', 'deploy/prometheus.yml']) {
  if (!existsSync(path.join(root, file))) fail('compose.yaml', `${file} is missing`);
}

// --- deploy/ ------------------------------------------------------------------------------------------------------
const metricsSource = read('apps/server/src/core/metrics.ts');
const defined = new Set([...metricsSource.matchAll(/'(fleetdesk_[a-z_]+)'/g)].map((m) => m[1]));
let dashboard;
try {
  dashboard = JSON.parse(read('deploy/grafana/dashboards/fleetdesk.json'));
} catch (err) {
  fail('deploy/grafana/dashboards/fleetdesk.json', `not valid JSON: ${err.message}`);
}
for (const panel of dashboard?.panels ?? []) {
  for (const target of panel.targets ?? []) {
    for (const [metric] of target.expr.matchAll(/fleetdesk_[a-z0-9_]+/g)) {
      const base = metric.replace(/_(bucket|sum|count)$/, '');
      // prom-client's default process metrics carry the prefix too (collectDefaultMetrics).
      if (!defined.has(base) && !/^fleetdesk_(process|nodejs)_/.test(metric)) {
        fail(
          'deploy/grafana/dashboards/fleetdesk.json',
          `panel "${panel.title}" queries ${metric}, which no process exports`,
        );
      }
    }
  }
}
const prometheus = parse(read('deploy/prometheus.yml'));
const jobs = (prometheus.scrape_configs ?? []).map((c) => c.job_name);
for (const job of ['fleetdesk-api', 'fleetdesk-worker', 'fleetdesk-gps-gateway']) {
  if (!jobs.includes(job)) fail('deploy/prometheus.yml', `no scrape job ${job}`);
}

if (problems.length) {
  console.error(problems.join('\n'));
  console.error(`check-deploy: ${problems.length} problem(s)`);
  process.exit(1);
}
console.log(
  `check-deploy: Dockerfile (${instructions.length} instructions, ${stages.length} stages), compose.yaml (${Object.keys(services).length} services), ${dashboard.panels.length} dashboard panels: ok`,
);
