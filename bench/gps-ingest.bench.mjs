// Issue 17: GPS ingest and replay, on PostgreSQL (the server started with its embedded JT/T 808 gateway).
// - 1,000 simulated terminals over TCP (register, auth), then
//   (a) steady: each sends a location every second for BENCH_GPS_SECONDS; p50/p99 from the frame sent to the car
//       arriving on the live map's event stream (server-sent events, through LISTEN/NOTIFY);
//   (b) flood: each sends BENCH_GPS_BURST locations as fast as the socket takes them; positions stored per second
//       (target >= 5,000/s on this 2-core machine with PostgreSQL beside it);
// - replay of one device-day (8,640 points at 10 s): deviceStatus/route with trips and stops, p50/p99 of 20 calls
//   (target <= 200 ms).
// Results: bench/results/gps-ingest.json (and the summary in docs/gps.md).
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  authHeaders,
  ensureBuilt,
  freshPostgres,
  machine,
  postgresReachable,
  ROOT,
  signIn,
  startServer,
} from './lib/server.mjs';

const require = createRequire(import.meta.url);
const pg = require(path.join(ROOT, 'node_modules/pg'));
const DEVICES = Number(process.env.BENCH_GPS_DEVICES ?? 1000);
const SECONDS = Number(process.env.BENCH_GPS_SECONDS ?? 20);
const BURST = Number(process.env.BENCH_GPS_BURST ?? 20);
const GATEWAY_PORT = Number(process.env.BENCH_GPS_PORT ?? 18640);

ensureBuilt();
const { SimTerminal } = await import(path.join(ROOT, 'apps/server/dist/modules/gps/jt808/terminal.js'));
if (!(await postgresReachable())) {
  console.log('PostgreSQL is not reachable: skipped');
  process.exit(0);
}

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? Math.round(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] * 10) / 10 : null;
};

const db = await freshPostgres('fd_bench_gps');
// One address stands for the 1,000 trackers here: its caps (docs/gps.md, The gateway's budget) are lifted.
const server = await startServer({
  DATABASE_URL: db.url,
  GPS_TCP_PORT: String(GATEWAY_PORT),
  SEED_DEMO: 'true',
  GPS_MAX_CONNECTIONS_PER_ADDRESS: '100000',
  GPS_AUTH_ATTEMPTS_PER_ADDRESS_PER_MINUTE: '100000',
});
const client = new pg.Client({ connectionString: db.url });
await client.connect();
const results = {
  when: new Date().toISOString(),
  machine: machine(),
  devices: DEVICES,
  targets: { positionsPerSecond: 5000, replayDayMs: 200 },
};
try {
  const { rows: rent } = await client.query(
    `select r.tenant_id, r.id from rents r join tenants t on t.id = r.tenant_id where t.code = 'DEMO' and r.code = 'HZ'`,
  );
  const { tenant_id: tenantId, id: rentId } = rent[0];
  const imeis = Array.from({ length: DEVICES }, (_, i) => `7${String(i + 1).padStart(11, '0')}`);
  await client.query(
    `insert into gps_devices (tenant_id, imei, model, rent_id) select $1, unnest($2::text[]), 'JT-W100', $3`,
    [tenantId, imeis, rentId],
  );
  const token = await signIn(server.base);

  // The live stream, as the map reads it.
  const sent = new Map(); // `${imei}:${fixSeconds}` -> performance.now()
  const latencies = [];
  let measuring = false;
  const abort = new AbortController();
  const stream = await fetch(`${server.base}/api/ccwgps/live/stream`, {
    headers: authHeaders(token),
    signal: abort.signal,
  });
  const reading = (async () => {
    const reader = stream.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ done: true }));
      if (done) return;
      buffer += value;
      let end;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const event = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (!event.startsWith('data: ')) continue;
        const now = performance.now();
        for (const car of JSON.parse(event.slice(6))) {
          const key = `${car.imei}:${Date.parse(car.fixTime) / 1000}`;
          const at = sent.get(key);
          if (at !== undefined) {
            if (measuring) latencies.push(now - at);
            sent.delete(key);
          }
        }
      }
    }
  })();

  const terms = imeis.map((imei) => new SimTerminal(imei));
  const t0 = performance.now();
  for (let i = 0; i < terms.length; i += 50)
    await Promise.all(
      terms.slice(i, i + 50).map(async (t) => {
        await t.connect('127.0.0.1', GATEWAY_PORT);
        await t.login();
      }),
    );
  results.connectAndLoginMs = Math.round(performance.now() - t0);

  // (a) steady, 1 Hz per device, spread over the second.
  const base = Math.floor(Date.now() / 1000) * 1000;
  measuring = true;
  for (let s = 0; s < SECONDS; s++) {
    const tickStart = performance.now();
    const fixSeconds = base / 1000 + s + 1;
    for (let i = 0; i < terms.length; i++) {
      const at = performance.now();
      sent.set(`${terms[i].phone}:${fixSeconds}`, at);
      terms[i].location({
        lat: 30.2 + i * 1e-4,
        lon: 120.1 + s * 1e-4,
        speed: 40,
        direction: 90,
        time: new Date(fixSeconds * 1000),
      });
      if (i % 100 === 99) await new Promise((r) => setTimeout(r, 1000 / (terms.length / 100) - 1));
    }
    const left = 1000 - (performance.now() - tickStart);
    if (left > 0) await new Promise((r) => setTimeout(r, left));
  }
  await new Promise((r) => setTimeout(r, 2000));
  measuring = false;
  results.steady = {
    offeredPerSecond: DEVICES,
    seconds: SECONDS,
    liveUpdates: latencies.length,
    frameToLiveP50Ms: pct(latencies, 50),
    frameToLiveP99Ms: pct(latencies, 99),
    frameToLiveMaxMs: pct(latencies, 100),
  };
  console.log('steady', results.steady);

  // (b) flood: every terminal sends BURST positions at once.
  const { rows: before } = await client.query('select count(*)::int as n from gps_positions');
  const floodStart = performance.now();
  const floodBase = base / 1000 + SECONDS + 10;
  for (let k = 0; k < BURST; k++)
    for (let i = 0; i < terms.length; i++)
      terms[i].location({ lat: 30.3, lon: 120.2 + k * 1e-4, speed: 50, time: new Date((floodBase + k) * 1000) });
  const expected = before[0].n + BURST * DEVICES;
  let stored = before[0].n;
  while (stored < expected && performance.now() - floodStart < 120_000) {
    await new Promise((r) => setTimeout(r, 100));
    stored = (await client.query('select count(*)::int as n from gps_positions')).rows[0].n;
  }
  const floodS = (performance.now() - floodStart) / 1000;
  results.flood = {
    positions: BURST * DEVICES,
    stored: stored - before[0].n,
    seconds: Math.round(floodS * 100) / 100,
    positionsPerSecond: Math.round((stored - before[0].n) / floodS),
  };
  console.log('flood', results.flood);
  for (const t of terms) t.close();
  abort.abort();
  await reading.catch(() => undefined);

  // Replay of one device-day: 8,640 points every 10 s, 15 minutes driving at 40 km/h then 5 parked, all day.
  const { rows: dev } = await client.query('select id from gps_devices where imei = $1', [imeis[0]]);
  const dayStart = new Date(Date.UTC(2026, 0, 15, 0, 0, 0));
  await client.query(
    `insert into gps_positions (tenant_id, device_id, fix_time, server_time, lat, lon, speed, odometer)
     select $1, $2, $3::timestamptz + make_interval(secs => i * 10), now(), 30.2,
       120.0 + (least(i % 120, 90) + (i / 120) * 90) * 0.0003, case when i % 120 < 90 then 40 else 0 end,
       (least(i % 120, 90) + (i / 120) * 90) * 29.0
     from generate_series(0, 8639) i`,
    [tenantId, dev[0].id, dayStart.toISOString()],
  );
  const url = `${server.base}/api/ccwgps/deviceStatus/route/${dev[0].id}?from=${dayStart.toISOString()}&to=${new Date(dayStart.getTime() + 86_400_000).toISOString()}`;
  const times = [];
  let answer;
  for (let i = 0; i < 22; i++) {
    const s = performance.now();
    const res = await fetch(url, { headers: authHeaders(token) });
    answer = await res.json();
    if (i >= 2) times.push(performance.now() - s);
  }
  results.replayDay = {
    points: answer.data.points.length,
    trips: answer.data.trips.length,
    stops: answer.data.stops.length,
    p50Ms: pct(times, 50),
    p99Ms: pct(times, 99),
  };
  console.log('replay', results.replayDay);
} finally {
  await client.end();
  await server.stop();
  await db.drop();
}
writeFileSync(path.join(ROOT, 'bench/results/gps-ingest.json'), `${JSON.stringify(results, null, 2)}\n`);
console.log(JSON.stringify(results, null, 2));
