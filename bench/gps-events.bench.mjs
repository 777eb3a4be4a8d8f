// Issue 18: ingest with events and geofences on, against the same flood without them (GPS_EVENTS=off), on
// PostgreSQL with the server's embedded JT/T 808 gateway, one process each, in the same run.
// 1,000 simulated terminals (register, auth) and 1,000 geofences (circles and polygons around Hangzhou), every
// device bound to 5 of them; the flood: BENCH_GPS_BURST positions from each terminal at once, driving across the
// geofences (enter/exit events) with an overspeed episode; positions stored per second, and events written.
// Results: bench/results/gps-events.json (summary in docs/gps-events.md). Target: with events >= 80 % of without.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { ensureBuilt, freshPostgres, machine, postgresReachable, ROOT, startServer } from './lib/server.mjs';

const require = createRequire(import.meta.url);
const pg = require(path.join(ROOT, 'node_modules/pg'));
const DEVICES = Number(process.env.BENCH_GPS_DEVICES ?? 1000);
const FENCES = Number(process.env.BENCH_GPS_FENCES ?? 1000);
const BURST = Number(process.env.BENCH_GPS_BURST ?? 100);
/** BENCH_GPS_NOTICES=1: the tenant notifies every alarm type by the message centre and SMS (alarm notices on). */
const NOTICES = process.env.BENCH_GPS_NOTICES === '1';
const GATEWAY_PORT = Number(process.env.BENCH_GPS_PORT ?? 18650);

ensureBuilt();
const { SimTerminal } = await import(path.join(ROOT, 'apps/server/dist/modules/gps/jt808/terminal.js'));
const { boxOf } = await import(path.join(ROOT, 'apps/server/dist/modules/gps/events/geo.js'));
if (!(await postgresReachable())) {
  console.log('PostgreSQL is not reachable: skipped');
  process.exit(0);
}

async function run(events) {
  const db = await freshPostgres(`fd_bench_gps_ev_${events}`);
  const server = await startServer({
    DATABASE_URL: db.url,
    GPS_TCP_PORT: String(GATEWAY_PORT),
    SEED_DEMO: 'true',
    GPS_EVENTS: events,
    // One address stands for all the trackers here: its caps (docs/gps.md, The gateway's budget) are lifted.
    GPS_MAX_CONNECTIONS_PER_ADDRESS: '100000',
    GPS_AUTH_ATTEMPTS_PER_ADDRESS_PER_MINUTE: '100000',
  });
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    const { rows: rent } = await client.query(
      `select r.tenant_id, r.id from rents r join tenants t on t.id = r.tenant_id where t.code = 'DEMO' and r.code = 'HZ'`,
    );
    const { tenant_id: tenantId, id: rentId } = rent[0];
    const imeis = Array.from({ length: DEVICES }, (_, i) => `7${String(i + 1).padStart(11, '0')}`);
    const { rows: devs } = await client.query(
      `insert into gps_devices (tenant_id, imei, model, rent_id) select $1, unnest($2::text[]), 'JT-W100', $3
       returning id`,
      [tenantId, imeis, rentId],
    );
    // Geofences on a 0.01° grid over 30.2-30.5 N, 120.0-120.3 E: circles of 300-800 m and 0.004° squares.
    const fences = Array.from({ length: FENCES }, (_, i) => {
      const lat = 30.2 + (i % 32) * 0.01;
      const lon = 120.0 + Math.floor(i / 32) * 0.01;
      return i % 2
        ? { kind: 'circle', points: [[lat, lon]], radius: 300 + (i % 6) * 100 }
        : {
            kind: 'polygon',
            points: [
              [lat, lon],
              [lat + 0.004, lon],
              [lat + 0.004, lon + 0.004],
              [lat, lon + 0.004],
            ],
            radius: null,
          };
    });
    const { rows: ids } = await client.query(
      `insert into gps_geofences (tenant_id, rent_id, name, kind, points, radius, min_lat, min_lon, max_lat, max_lon,
         alarm_on_enter, alarm_on_exit)
       select $1, $2, 'bench ' || n, k, p::jsonb, r, a, b, c, d, true, true
       from unnest($3::text[], $4::text[], $5::float4[], $6::float8[], $7::float8[], $8::float8[], $9::float8[])
         with ordinality as x(k, p, r, a, b, c, d, n)
       returning id`,
      [
        tenantId,
        rentId,
        fences.map((f) => f.kind),
        fences.map((f) => JSON.stringify(f.points)),
        fences.map((f) => f.radius),
        ...['minLat', 'minLon', 'maxLat', 'maxLon'].map((k) => fences.map((f) => boxOf(f)[k])),
      ],
    );
    // Device i is bound to 5 geofences of the row it drives along.
    const links = [];
    devs.forEach((d, i) => {
      for (let k = 0; k < 5; k++) links.push([ids[(i * 5 + k) % ids.length].id, d.id]);
    });
    await client.query(
      `insert into gps_device_geofences (tenant_id, geofence_id, device_id) select $1, unnest($2::int8[]), unnest($3::int8[])`,
      [tenantId, links.map((l) => l[0]), links.map((l) => l[1])],
    );

    if (NOTICES) {
      const all = [
        'overspeed',
        'powerCut',
        'sos',
        'tamper',
        'vibration',
        'lowBattery',
        'geofenceEnter',
        'geofenceExit',
      ];
      await client.query(
        `insert into tenant_settings (tenant_id, rules) values ($1, $2::jsonb)
         on conflict (tenant_id) do update set rules = tenant_settings.rules || excluded.rules`,
        [tenantId, JSON.stringify({ gpsEvents: { notices: { message: all, sms: all, smsPhones: ['13900000001'] } } })],
      );
    }
    const terms = imeis.map((imei) => new SimTerminal(imei));
    for (let i = 0; i < terms.length; i += 50)
      await Promise.all(
        terms.slice(i, i + 50).map(async (t) => {
          await t.connect('127.0.0.1', GATEWAY_PORT);
          await t.login();
        }),
      );
    // Warm-up: one position each (the first write of every device state, the geofence index).
    const count = async (table) => (await client.query(`select count(*)::int as n from ${table}`)).rows[0].n;
    const seeded = await count('gps_positions');
    const seededStates = await count('gps_event_states');
    const base = Math.floor(Date.now() / 1000);
    terms.forEach((t, i) =>
      t.location({ lat: 30.2 + (i % 32) * 0.01, lon: 120.0, speed: 10, time: new Date(base * 1000) }),
    );
    for (let k = 0; k < 600 && (await count('gps_positions')) < seeded + DEVICES; k++)
      await new Promise((r) => setTimeout(r, 100));
    // ... and their events (online, first geofences) written.
    for (let k = 0; k < 600 && (await count('gps_event_states')) < seededStates + DEVICES && events === 'on'; k++)
      await new Promise((r) => setTimeout(r, 100));
    const before = await count('gps_positions');
    const eventsBefore = await count('gps_events');
    const start = performance.now();
    for (let k = 0; k < BURST; k++)
      for (let i = 0; i < terms.length; i++)
        terms[i].location({
          lat: 30.2 + (i % 32) * 0.01 + 0.001,
          lon: 120.0 + k * 0.0025 * (1 + (i % 3)),
          speed: k > 5 && k < 12 ? 130 : 60,
          status: 3,
          time: new Date((base + 1 + k * 2) * 1000),
        });
    const expected = before + BURST * DEVICES;
    let stored = before;
    while (stored < expected && performance.now() - start < 180_000) {
      await new Promise((r) => setTimeout(r, 100));
      stored = await count('gps_positions');
    }
    const seconds = (performance.now() - start) / 1000;
    // Events run on their own chain (at most a few batches behind the writer): time until the last lands.
    let eventsSeconds = null;
    if (events === 'on') {
      let last = -1;
      for (let k = 0; k < 600; k++) {
        const n = await count('gps_events');
        if (n === last) break;
        last = n;
        await new Promise((r) => setTimeout(r, 200));
      }
      eventsSeconds = Math.round(((performance.now() - start) / 1000 - 0.2) * 100) / 100;
    }
    // Notices run on a chain of their own after the events: time until the last message lands.
    let noticesSeconds = null;
    if (NOTICES && events === 'on') {
      let last = -1;
      for (let k = 0; k < 600; k++) {
        const n = await count('push_records');
        if (n === last) break;
        last = n;
        await new Promise((r) => setTimeout(r, 200));
      }
      noticesSeconds = Math.round(((performance.now() - start) / 1000 - 0.2) * 100) / 100;
    }
    const { rows: byType } = await client.query(
      `select type, count(*)::int as n from gps_events where device_id = any($1::int8[]) group by 1 order by 1`,
      [devs.map((d) => d.id)],
    );
    for (const t of terms) t.close();
    return {
      events,
      positions: stored - before,
      seconds: Math.round(seconds * 100) / 100,
      positionsPerSecond: Math.round((stored - before) / seconds),
      eventsDoneSeconds: eventsSeconds,
      eventsWritten: (await count('gps_events')) - eventsBefore,
      eventsByType: Object.fromEntries(byType.map((r) => [r.type, r.n])),
      ...(NOTICES
        ? {
            noticesDoneSeconds: noticesSeconds,
            noticeMessages: (await client.query(`select count(*)::int as n from push_records where category = 4`))
              .rows[0].n,
            noticeSmsBatches: (
              await client.query(`select count(*)::int as n from sms_batches where source = 'gpsAlarm'`)
            ).rows[0].n,
          }
        : {}),
    };
  } finally {
    await client.end();
    await server.stop();
    await db.drop();
  }
}

const results = {
  when: new Date().toISOString(),
  machine: machine(),
  devices: DEVICES,
  geofences: FENCES,
  burst: BURST,
  notices: NOTICES,
};
results.without = await run('off');
console.log('without events', results.without);
results.with = await run('on');
console.log('with events', results.with);
results.ratio = Math.round((results.with.positionsPerSecond / results.without.positionsPerSecond) * 100) / 100;
results.target = { ratio: 0.8 };
console.log('ratio', results.ratio);
writeFileSync(path.join(ROOT, 'bench/results/gps-events.json'), `${JSON.stringify(results, null, 2)}\n`);
