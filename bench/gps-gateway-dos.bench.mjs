// Hardening 2, item 6: the JT/T 808 gateway could be knocked over without an account (19,700 idle connections
// used every file descriptor of the API process; 3 MB of malformed frames wrote 142 MB of log; a flood of register
// frames held /healthz for 1.4 s). Against the built server (PGlite, the demo, the gateway embedded in the API
// process), polling /healthz every 20 ms throughout, phase by phase:
// - idle: thousands of connections opened and held without a word (BENCH_GPS_IDLE, 3,000 by default, lowered to
//   what `ulimit -n` allows both processes), with GPS_MAX_CONNECTIONS 2,500 so that the total cap is reached;
// - malformed: 3 MB of frames with a broken checksum over 100 connections (the log's growth is measured);
// - register: 200 connections at a time sending 50 register frames each, for demo numbers (registered: refused
//   and alarmed) and unknown ones, reconnecting for BENCH_GPS_FLOOD_SECONDS (5).
// Target: every /healthz answer within 100 ms. Results: bench/results/gps-gateway-dos.json.
import { execFileSync, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { ensureBuilt, machine, ROOT, rssMb, startServer } from './lib/server.mjs';

ensureBuilt();
const { encodeFrame, encodeRegister } = await import(path.join(ROOT, 'apps/server/dist/modules/gps/jt808/codec.js'));

const ulimit = Number(execFileSync('sh', ['-c', 'ulimit -n']).toString().trim()) || 1024;
// Both ends of every connection are on this machine: the bench's socket and the server's.
const IDLE = Math.min(Number(process.env.BENCH_GPS_IDLE ?? 3000), ulimit - 1500);
const MAX_CONNECTIONS = Number(process.env.BENCH_GPS_MAX_CONNECTIONS ?? 2500);
const FLOOD_SECONDS = Number(process.env.BENCH_GPS_FLOOD_SECONDS ?? 5);

const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
const GATEWAY_PORT = await freePort();
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? Math.round(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] * 10) / 10 : null;
};

const server = await startServer({
  DATABASE_URL: '',
  SEED_DEMO: 'true',
  GPS_GATEWAY: 'embedded',
  GPS_TCP_PORT: String(GATEWAY_PORT),
  GPS_MAX_CONNECTIONS: String(MAX_CONNECTIONS),
  // One address here stands for many trackers: the address cap is tested by the unit tests; here the total.
  GPS_MAX_CONNECTIONS_PER_ADDRESS: '100000',
  // Held through the run (the worst case); the default 30 s would close them during the bench.
  GPS_AUTH_TIMEOUT_SECONDS: '300',
});

// ---- /healthz every 20 ms from a process of its own (the flood keeps this one's event loop busy, which would
// be measured too), each answer with its wall time; the phases are marked by time here.
const POLLER = `
(async () => {
  for (;;) {
    const at = Date.now();
    const t0 = performance.now();
    let ok = false;
    try {
      const res = await fetch(process.argv[1] + '/healthz');
      ok = res.ok;
      await res.arrayBuffer();
    } catch {}
    process.stdout.write(JSON.stringify({ at, ms: performance.now() - t0, ok }) + '\\n');
    await new Promise((r) => setTimeout(r, 20));
  }
})();`;
const poller = spawn(process.execPath, ['-e', POLLER, server.base], { stdio: ['ignore', 'pipe', 'inherit'] });
let polled = '';
poller.stdout.on('data', (d) => (polled += d));
const phases = [];
const mark = (name) => phases.push({ name, at: Date.now() });
mark('baseline');

function connect() {
  return new Promise((resolve) => {
    const socket = net.connect(GATEWAY_PORT, '127.0.0.1');
    const c = { socket, closed: false };
    socket.on('error', () => undefined);
    socket.on('data', () => undefined);
    socket.on('close', () => {
      c.closed = true;
      resolve(c);
    });
    socket.once('connect', () => resolve(c));
  });
}

const results = {
  when: new Date().toISOString(),
  machine: { ...machine(), ulimitN: ulimit },
  targets: { healthMaxMs: 100 },
  incident: { idleConnections: 19_700, malformedMb: 3, loggedMb: 142, healthStallS: 1.4 },
  settings: { GPS_MAX_CONNECTIONS: MAX_CONNECTIONS, idleAttempted: IDLE, floodSeconds: FLOOD_SECONDS },
};

await sleep(3000);

// ---- Idle connections.
mark('idle');
const idle = [];
for (let i = 0; i < IDLE; i += 200) {
  idle.push(...(await Promise.all(Array.from({ length: Math.min(200, IDLE - i) }, connect))));
}
await sleep(3000);
results.idle = {
  attempted: IDLE,
  held: idle.filter((c) => !c.closed).length,
  refused: idle.filter((c) => c.closed).length,
  serverRssMb: rssMb(server.pid),
};
// The API still answers a signed-out call with them held.
const fetched = await fetch(`${server.base}/api/gps/osmand?id=nope&lat=1&lon=1`);
results.idle.httpWhileHeld = fetched.status;
for (const c of idle) c.socket.destroy();
await sleep(1000);

// ---- Malformed frames: 3 MB over 100 connections.
mark('malformed');
const bad = encodeFrame({ msgId: 0x0200, phone: '13800000000', serial: 1 }, Buffer.alloc(28));
bad[bad.length - 2] ^= 0xff;
const perConnection = Math.ceil((3 * 2 ** 20) / 100 / bad.length);
const logBefore = server.loggedBytes();
let malformedSent = 0;
const malformed = await Promise.all(Array.from({ length: 100 }, connect));
for (const c of malformed) {
  if (c.closed) continue;
  const chunk = Buffer.concat(Array.from({ length: perConnection }, () => bad));
  c.socket.write(chunk);
  malformedSent += chunk.length;
}
await sleep(3000);
results.malformed = {
  sentMb: Math.round((malformedSent / 2 ** 20) * 100) / 100,
  connectionsClosed: malformed.filter((c) => c.closed).length,
  loggedKb: Math.round((server.loggedBytes() - logBefore) / 1024),
};
for (const c of malformed) c.socket.destroy();
await sleep(500);

// ---- Register flood.
mark('register');
const demoNumbers = Array.from({ length: 13 }, (_, i) => `6449607700${String(i + 1).padStart(2, '0')}`);
const body = encodeRegister(
  { province: 33, city: 100, maker: 'FLOOD', model: 'X', terminalId: 'F000001', plateColour: 0, plate: '' },
  false,
);
const registerLogBefore = server.loggedBytes();
let registerFrames = 0;
let registerConnections = 0;
const until = performance.now() + FLOOD_SECONDS * 1000;
await Promise.all(
  Array.from({ length: 200 }, async (_, k) => {
    while (performance.now() < until) {
      const c = await connect();
      registerConnections++;
      if (c.closed) continue;
      const phone = k % 2 ? demoNumbers[k % demoNumbers.length] : `1390000${String(k).padStart(4, '0')}`;
      c.socket.write(
        Buffer.concat(Array.from({ length: 50 }, (_, s) => encodeFrame({ msgId: 0x0100, phone, serial: s }, body))),
      );
      registerFrames += 50;
      await Promise.race([new Promise((r) => c.socket.once('close', r)), sleep(1000)]);
      c.socket.destroy();
    }
  }),
);
results.register = {
  frames: registerFrames,
  connections: registerConnections,
  loggedKb: Math.round((server.loggedBytes() - registerLogBefore) / 1024),
};
mark('after');
await sleep(2000);
poller.kill('SIGTERM');
await new Promise((r) => poller.once('exit', r));
await server.stop();

const health = {};
for (const line of polled.split('\n').filter(Boolean)) {
  const p = JSON.parse(line);
  const phase = phases.filter((x) => x.at <= p.at).at(-1)?.name ?? 'baseline';
  const h = (health[phase] ??= { ms: [], failed: 0 });
  h.ms.push(p.ms);
  if (!p.ok) h.failed++;
}
results.health = Object.fromEntries(
  Object.entries(health).map(([k, v]) => [
    k,
    { polls: v.ms.length, failed: v.failed, p50: pct(v.ms, 50), p99: pct(v.ms, 99), max: pct(v.ms, 100) },
  ]),
);
results.met = Object.values(results.health).every((h) => h.max <= 100 && h.failed === 0);
writeFileSync(path.join(ROOT, 'bench/results/gps-gateway-dos.json'), JSON.stringify(results, null, 2) + '\n');
console.log(JSON.stringify(results, null, 2));
