// A large fleet for benchmarks: N cars (default 100,000) with their create and status events, written
// straight into one tenant of a migrated database (PostgreSQL or a PGlite data directory that no server
// holds open). Reusable by later areas: contracts, GPS and violations can hang their rows on these cars.
//
//   const db = await openBenchDatabase({ url })            // or { dataDir } for PGlite
//   const info = await generateFleet(db, { tenantCode: 'DEMO', count: 100_000 })
//   await db.close()
//
// Plates are unique (the tenant's demo plates use other letters), VINs carry valid check digits, statuses,
// models, rents, types, owners and paper dates are spread the way a real fleet looks.
import { createRequire } from 'node:module';
import path from 'node:path';
import { ROOT } from './server.mjs';

const require = createRequire(import.meta.url);

/** A query function over either database: `query(text)` answers `{ rows }`. */
export async function openBenchDatabase({ url, dataDir }) {
  if (url) {
    const pg = require(path.join(ROOT, 'node_modules/pg'));
    pg.types.setTypeParser(20, (v) => Number(v));
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    return { kind: 'postgres', query: (text) => client.query(text), close: () => client.end() };
  }
  const { PGlite } = await import(path.join(ROOT, 'node_modules/@electric-sql/pglite/dist/index.js'));
  const { pg_trgm } = await import(path.join(ROOT, 'node_modules/@electric-sql/pglite/dist/contrib/pg_trgm.js'));
  const { btree_gist } = await import(path.join(ROOT, 'node_modules/@electric-sql/pglite/dist/contrib/btree_gist.js'));
  const db = await PGlite.create({ dataDir, extensions: { pg_trgm, btree_gist }, parsers: { 20: (v) => Number(v) } });
  return {
    kind: 'pglite',
    query: async (text) => {
      const results = await db.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
    close: () => db.close(),
  };
}

const SERIAL = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
const VIN_CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
const VIN_VALUES = Object.fromEntries(
  [...'ABCDEFGHJKLMNPRSTUVWXYZ'].map((c, i) => [
    c,
    [1, 2, 3, 4, 5, 6, 7, 8, 1, 2, 3, 4, 5, 7, 9, 2, 3, 4, 5, 6, 7, 8, 9][i],
  ]),
);
const VIN_WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

function withCheckDigit(vin) {
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    if (i === 8) continue;
    const c = vin[i];
    sum += (c >= '0' && c <= '9' ? Number(c) : VIN_VALUES[c]) * VIN_WEIGHTS[i];
  }
  const r = sum % 11;
  return `${vin.slice(0, 8)}${r === 10 ? 'X' : r}${vin.slice(9)}`;
}

/** Deterministic pseudo-random numbers (the same fleet on every run). */
function random(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1_664_525 + 1_013_904_223) >>> 0;
    return s / 4_294_967_296;
  };
}

const STATUS_WEIGHTS = [
  ['rented', 0.6],
  ['idle', 0.15],
  ['maintenance', 0.08],
  ['reserved', 0.05],
  ['off_fleet', 0.05],
  ['sold', 0.04],
  ['scrapped', 0.03],
];
const ACTION_TO = {
  rented: 'rentOut',
  maintenance: 'repair',
  reserved: 'reserve',
  off_fleet: 'suspend',
  sold: 'sell',
  scrapped: 'scrap',
};
const PLACES = [
  ['浙', 'JKLMN'],
  ['沪', 'JKLMN'],
  ['苏', 'EJKLM'],
];
const lit = (v) =>
  v === null || v === undefined ? 'null' : typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`;
const day = (ms) => new Date(ms).toISOString().slice(0, 10);

/**
 * Writes `count` cars into the tenant `tenantCode` (its rents, car types, owners and the platform
 * catalogue must exist: run the migrations and the demo seed first). Answers what it wrote.
 */
export async function generateFleet(
  db,
  { tenantCode = 'DEMO', count = 100_000, batch = 1000, seed = 7, onProgress } = {},
) {
  const one = async (text) => (await db.query(text)).rows;
  const [tenant] = await one(`select id from tenants where code = ${lit(tenantCode)}`);
  if (!tenant) throw new Error(`tenant ${tenantCode} not found`);
  const tenantId = Number(tenant.id);
  const rents = (await one(`select id from rents where tenant_id = ${tenantId} order by id`)).map((r) => Number(r.id));
  const types = (await one(`select id from car_types where tenant_id = ${tenantId}`)).map((r) => Number(r.id));
  const owners = (await one(`select id from car_owners where tenant_id = ${tenantId}`)).map((r) => Number(r.id));
  const [user] = await one(`select id from users where tenant_id = ${tenantId} order by id limit 1`);
  const models = (
    await one(`select m.id, m.series_id, s.brand_id, m.energy, m.seats, m.battery_kwh, m.range_km, m.guide_price_fen
      from car_models m join car_series s on s.id = m.series_id where m.tenant_id is null order by m.id`)
  ).map((m) => ({ ...m, battery_kwh: m.battery_kwh === null ? null : Number(m.battery_kwh) }));
  if (!rents.length || !models.length) throw new Error('migrate and seed the database first');
  const [{ n: before }] = await one(`select count(*)::int as n from cars where tenant_id = ${tenantId}`);
  const rnd = random(seed);
  const pick = (list) => list[Math.floor(rnd() * list.length)];
  const statusOf = () => {
    let x = rnd();
    for (const [s, w] of STATUS_WEIGHTS) if ((x -= w) < 0) return s;
    return 'idle';
  };
  const now = Date.now();
  const DAY = 86_400_000;
  const started = performance.now();
  for (let from = 0; from < count; from += batch) {
    const cars = [];
    for (let i = from; i < Math.min(count, from + batch); i++) {
      const m = pick(models);
      const [province, letters] = PLACES[i % PLACES.length];
      const letter = letters[Math.floor(i / PLACES.length) % letters.length];
      const k = Math.floor(i / (PLACES.length * letters.length));
      const green = m.energy === 'electric' || m.energy === 'hybrid';
      const serial = green
        ? `${m.energy === 'electric' ? 'D' : 'F'}${String(k).padStart(5, '0')}`
        : Array.from({ length: 5 }, (_, j) => SERIAL[Math.floor(k / 34 ** j) % 34]).join('');
      const regMs = now - Math.floor(rnd() * 5 * 365) * DAY;
      const status = statusOf();
      const vin = withCheckDigit(
        `L${Array.from({ length: 7 }, () => pick(VIN_CHARS)).join('')}0P${pick(['1', '2', 'A'])}${String(i).padStart(6, '0')}`,
      );
      const policy = day(now + Math.floor((rnd() * 400 - 35) * DAY));
      cars.push({
        rent_id: pick(rents),
        plate: `${province}${letter}${serial}`,
        vin,
        engine_no: `E${String(i).padStart(9, '0')}`,
        brand_id: m.brand_id,
        series_id: m.series_id,
        model_id: m.id,
        colour: pick(['白色', '黑色', '银色', '灰色', '蓝色']),
        car_type_id: types.length && rnd() > 0.03 ? pick(types) : null,
        energy: m.energy,
        battery_kwh: m.battery_kwh,
        range_km: m.range_km,
        seats: m.seats,
        registration_date: day(regMs),
        mileage_km: Math.floor(rnd() * 200_000),
        owner_id: owners.length && rnd() > 0.02 ? pick(owners) : null,
        status,
        key_count: 2,
        key_location: '门店钥匙柜',
        inspection_due: day(now + Math.floor((rnd() * 365 - 20) * DAY)),
        purchase_price_fen: m.guide_price_fen,
        purchase_date: day(regMs - 10 * DAY),
        compulsory_company: pick(['picc', 'pingan', 'cpic']),
        compulsory_policy_no: `PDZA${String(i).padStart(14, '0')}`,
        compulsory_expiry: policy,
        commercial_company: pick(['picc', 'pingan', 'cpic']),
        commercial_policy_no: `PDAA${String(i).padStart(14, '0')}`,
        commercial_expiry: policy,
        license_file_no: `330100${String(i).padStart(6, '0')}`,
        license_bound_at: new Date(regMs).toISOString(),
        created_by: Number(user.id),
        created_at: new Date(Math.max(regMs, now - 400 * DAY)).toISOString(),
      });
    }
    const columns = Object.keys(cars[0]);
    const values = cars.map((c) => `(${tenantId}, ${columns.map((col) => lit(c[col])).join(', ')})`).join(',\n');
    const inserted = await one(
      `insert into cars (tenant_id, ${columns.join(', ')}) values ${values} returning id, status, rent_id, created_at`,
    );
    const events = inserted.flatMap((c) => {
      const created = new Date(c.created_at).getTime();
      const rows = [
        `(${tenantId}, ${c.id}, 'create', null, null, 'idle', ${c.rent_id}, ${user.id}, ${lit(new Date(created).toISOString())})`,
      ];
      if (c.status !== 'idle') {
        const at = created + Math.floor(rnd() * Math.max(1, now - created));
        rows.push(
          `(${tenantId}, ${c.id}, 'status', ${lit(ACTION_TO[c.status])}, 'idle', ${lit(c.status)}, null, ${user.id}, ${lit(new Date(at).toISOString())})`,
        );
      }
      return rows;
    });
    await one(
      `insert into car_events (tenant_id, car_id, kind, action, from_status, to_status, to_rent_id, user_id, at) values ${events.join(',\n')}`,
    );
    onProgress?.(Math.min(count, from + batch), count);
  }
  await one('vacuum analyze cars');
  await one('vacuum analyze car_events');
  return {
    tenantId,
    cars: count,
    carsBefore: Number(before),
    rents,
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
}
