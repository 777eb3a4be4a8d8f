// Issue 17: where the replay of one device-day (8,640 points) spends its time, stage by stage, on PostgreSQL.
// Not part of `npm run bench`: run it with `node bench/gps-replay-profile.mjs` after a build.
// Stages: the query (EXPLAIN ANALYZE and the pg client round trip with row parsing), trips/stops, the JSON
// answer (fast-json-stringify as the server compiles it), gzip of that answer, and the full HTTP round trip
// with and without `accept-encoding: gzip`.
import { createRequire } from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import {
  authHeaders,
  ensureBuilt,
  freshPostgres,
  postgresReachable,
  ROOT,
  signIn,
  startServer,
} from './lib/server.mjs';

const require = createRequire(import.meta.url);
const pg = require(path.join(ROOT, 'node_modules/pg'));
ensureBuilt();
if (!(await postgresReachable())) {
  console.log('PostgreSQL is not reachable: skipped');
  process.exit(0);
}
const { tripsAndStops } = await import(path.join(ROOT, 'apps/server/dist/modules/gps/motion.js'));
const { responseJsonSchema } = await import(path.join(ROOT, 'apps/server/dist/core/serializer.js'));
const { Route } = await import(path.join(ROOT, 'packages/contracts/dist/gps.js'));
const fastJson = require(path.join(ROOT, 'node_modules/fast-json-stringify'));

const median = (f, n = 15) => {
  const xs = [];
  for (let i = 0; i < n + 2; i++) {
    const s = performance.now();
    f();
    if (i >= 2) xs.push(performance.now() - s);
  }
  return Math.round(xs.sort((a, b) => a - b)[Math.floor(n / 2)] * 10) / 10;
};
const medianAsync = async (f, n = 15) => {
  const xs = [];
  for (let i = 0; i < n + 2; i++) {
    const s = performance.now();
    await f();
    if (i >= 2) xs.push(performance.now() - s);
  }
  return Math.round(xs.sort((a, b) => a - b)[Math.floor(n / 2)] * 10) / 10;
};

const db = await freshPostgres('fd_prof_gps_replay');
const server = await startServer({ DATABASE_URL: db.url, GPS_GATEWAY: 'off', SEED_DEMO: 'true' });
const client = new pg.Client({ connectionString: db.url });
await client.connect();
const out = {};
try {
  const { rows: rent } = await client.query(
    `select r.tenant_id, r.id from rents r join tenants t on t.id = r.tenant_id where t.code = 'DEMO' and r.code = 'HZ'`,
  );
  const { tenant_id: tenantId, id: rentId } = rent[0];
  const { rows: dev } = await client.query(
    `insert into gps_devices (tenant_id, imei, model, rent_id) values ($1, '799999999999', 'JT-W100', $2) returning id`,
    [tenantId, rentId],
  );
  const deviceId = dev[0].id;
  const dayStart = new Date(Date.UTC(2026, 0, 15));
  await client.query(
    `insert into gps_positions (tenant_id, device_id, fix_time, server_time, lat, lon, speed, odometer)
     select $1, $2, $3::timestamptz + make_interval(secs => i * 10), now(), 30.2,
       120.0 + (least(i % 120, 90) + (i / 120) * 90) * 0.0003, case when i % 120 < 90 then 40 else 0 end,
       (least(i % 120, 90) + (i / 120) * 90) * 29.0
     from generate_series(0, 8639) i`,
    [tenantId, deviceId, dayStart.toISOString()],
  );
  await client.query('analyze gps_positions');
  const from = dayStart.toISOString();
  const to = new Date(dayStart.getTime() + 86_400_000).toISOString();
  const sql = `select fix_time, lat, lon, speed, course, alarm, odometer from gps_positions
     where tenant_id = $1 and device_id = $2 and fix_time >= $3 and fix_time <= $4 order by fix_time limit 50001`;
  const { rows: plan } = await client.query(`explain (analyze, buffers) ${sql}`, [tenantId, deviceId, from, to]);
  out.plan = plan.map((r) => r['QUERY PLAN']);
  let rows;
  out.queryMs = await medianAsync(async () => {
    rows = (await client.query(sql, [tenantId, deviceId, from, to])).rows;
  });
  const sqlEpoch = sql.replace('select fix_time,', 'select (extract(epoch from fix_time) * 1000)::float8 as t,');
  out.queryEpochMs = await medianAsync(async () => {
    await client.query(sqlEpoch, [tenantId, deviceId, from, to]);
  });
  const points = rows.map((r) => ({
    t: new Date(r.fix_time).getTime(),
    lat: Number(r.lat),
    lon: Number(r.lon),
    speed: Number(r.speed),
    odometer: r.odometer == null ? null : Number(r.odometer),
  }));
  let motion;
  out.tripsAndStopsMs = median(() => (motion = tripsAndStops(points)));
  const answer = {
    deviceId,
    points: points.map((p) => ({
      t: new Date(p.t).toISOString(),
      lat: p.lat,
      lon: p.lon,
      speed: p.speed,
      course: 0,
      alarms: [],
    })),
    truncated: false,
    message: null,
    trips: [],
    stops: [],
    distance: 0,
  };
  out.trips = motion.trips.length;
  out.stops = motion.stops.length;
  const stringify = fastJson(responseJsonSchema(Route));
  let json;
  out.serializeMs = median(() => (json = stringify(answer)));
  out.jsonBytes = Buffer.byteLength(json);
  out.gzipMs = median(() => gzipSync(json));
  out.gzipBytes = gzipSync(json).length;

  const token = await signIn(server.base);
  const url = `${server.base}/api/ccwgps/deviceStatus/route/${deviceId}?from=${from}&to=${to}`;
  for (const enc of ['identity', 'gzip']) {
    out[`http_${enc}_p50Ms`] = await medianAsync(async () => {
      const res = await fetch(url, { headers: { ...authHeaders(token), 'accept-encoding': enc } });
      await res.arrayBuffer();
    }, 20);
  }
} finally {
  await client.end();
  await server.stop();
  await db.drop();
}
console.log(JSON.stringify(out, null, 2));
