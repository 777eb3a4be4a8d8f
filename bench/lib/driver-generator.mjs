// Many drivers for benchmarks: N drivers (default 100,000) with their create and state events, written straight
// into one tenant of a migrated, seeded database (see fleet-generator.mjs for opening one).
//
//   const db = await openBenchDatabase({ url })            // or { dataDir } for PGlite
//   const info = await generateDrivers(db, { tenantCode: 'DEMO', count: 100_000 })
//
// ID numbers are valid (region, birth date, check character) and unique, phones unique (158 + serial, apart from
// the demo drivers' numbers); states, rents, licence classes, expiry dates and labels are spread like a real
// driver pool.
const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const REGIONS = ['330106', '330105', '310104', '310112', '320102', '440106'];
const SURNAMES = '王李张刘陈杨赵黄周吴徐孙胡朱高林何郭马罗';
const GIVEN = [
  '伟',
  '芳',
  '娜',
  '敏',
  '静',
  '磊',
  '强',
  '洋',
  '勇',
  '军',
  '杰',
  '涛',
  '明',
  '超',
  '秀英',
  '建国',
  '志强',
  '海燕',
];
const STATES = [
  ['active', 0.55],
  ['prospect', 0.2],
  ['left', 0.2],
  ['blacklisted', 0.05],
];
const CLASSES = ['C1', 'C1', 'C1', 'C2', 'B2', 'A1'];

const lit = (v) =>
  v === null || v === undefined ? 'null' : typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`;
const day = (ms) => new Date(ms).toISOString().slice(0, 10);

function idNumber(region, birth, seq, male) {
  const first = `${region}${birth.replace(/-/g, '')}${String(seq).padStart(2, '0')}${male ? (seq % 5) * 2 + 1 : (seq % 5) * 2}`;
  const sum = [...first].reduce((s, c, i) => s + Number(c) * WEIGHTS[i], 0);
  return first + '10X98765432'[sum % 11];
}

function random(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1_664_525 + 1_013_904_223) >>> 0;
    return s / 4_294_967_296;
  };
}

/** Writes `count` drivers into the tenant `tenantCode` (its rents and driver labels must exist). */
export async function generateDrivers(
  db,
  { tenantCode = 'DEMO', count = 100_000, batch = 1000, seed = 11, onProgress } = {},
) {
  const one = async (text) => (await db.query(text)).rows;
  const [tenant] = await one(`select id from tenants where code = ${lit(tenantCode)}`);
  if (!tenant) throw new Error(`tenant ${tenantCode} not found`);
  const tenantId = Number(tenant.id);
  const rents = (await one(`select id from rents where tenant_id = ${tenantId} order by id`)).map((r) => Number(r.id));
  const labels = (await one(`select id from labels where tenant_id = ${tenantId} and kind = 'driver'`)).map((r) =>
    Number(r.id),
  );
  const [user] = await one(`select id from users where tenant_id = ${tenantId} order by id limit 1`);
  const rnd = random(seed);
  const pick = (list) => list[Math.floor(rnd() * list.length)];
  const stateOf = () => {
    let x = rnd();
    for (const [s, w] of STATES) if ((x -= w) < 0) return s;
    return 'prospect';
  };
  const now = Date.now();
  const DAY = 86_400_000;
  const BIRTH0 = Date.UTC(1966, 0, 1);
  const started = performance.now();
  for (let from = 0; from < count; from += batch) {
    const rows = [];
    for (let i = from; i < Math.min(count, from + batch); i++) {
      // Unique: the birth day and the serial of the ID number come from i.
      const birth = day(BIRTH0 + (i % 12_000) * DAY);
      const male = rnd() < 0.8;
      const id = idNumber(
        REGIONS[Math.floor(i / 12_000) % REGIONS.length],
        birth,
        Math.floor(i / 72_000) * 7 + (i % 7),
        male,
      );
      const state = stateOf();
      const firstIssue = day(Date.parse(birth) + (19 + Math.floor(rnd() * 8)) * 365 * DAY);
      rows.push({
        rent_id: pick(rents),
        name: `${pick([...SURNAMES])}${pick(GIVEN)}`,
        gender: male ? 'male' : 'female',
        phone: `158${String(i).padStart(8, '0')}`,
        id_number: id,
        birth_date: birth,
        address: `浙江省杭州市西湖区文三路 ${1 + (i % 900)} 号`,
        licence_number: id,
        licence_class: pick(CLASSES),
        licence_first_issue: firstIssue < day(now) ? firstIssue : null,
        licence_expiry: day(now + Math.floor(rnd() * 3650 - 200) * DAY),
        certificate_number: rnd() < 0.6 ? `3301${String(202_000_000 + i)}` : null,
        certificate_expiry: null,
        source: pick(['walkIn', 'referral', 'online', 'agency', 'platform', 'other']),
        state,
        state_reason: state === 'blacklisted' ? '拖欠租金' : null,
        blacklisted_by: state === 'blacklisted' ? Number(user.id) : null,
        created_at: new Date(now - (count - i) * 60_000).toISOString(),
      });
      const r = rows.at(-1);
      if (r.certificate_number) r.certificate_expiry = day(now + Math.floor(rnd() * 2000 - 100) * DAY);
    }
    const columns = Object.keys(rows[0]);
    const values = rows.map((c) => `(${tenantId}, ${columns.map((col) => lit(c[col])).join(', ')})`).join(',\n');
    const inserted = await one(
      `insert into drivers (tenant_id, ${columns.join(', ')}) values ${values} returning id, state, created_at`,
    );
    const events = inserted.flatMap((d) => {
      const at = new Date(d.created_at).toISOString();
      const list = [`(${tenantId}, ${d.id}, 'create', null, null, 'prospect', ${user.id}, '${at}')`];
      if (d.state !== 'prospect') {
        list.push(`(${tenantId}, ${d.id}, 'state', 'activate', 'prospect', 'active', ${user.id}, '${at}')`);
      }
      if (d.state === 'left')
        list.push(`(${tenantId}, ${d.id}, 'state', 'leave', 'active', 'left', ${user.id}, '${at}')`);
      if (d.state === 'blacklisted') {
        list.push(`(${tenantId}, ${d.id}, 'state', 'blacklist', 'active', 'blacklisted', ${user.id}, '${at}')`);
      }
      return list;
    });
    await one(
      `insert into driver_events (tenant_id, driver_id, kind, action, from_state, to_state, user_id, at) values ${events.join(',\n')}`,
    );
    if (labels.length) {
      const tagged = inserted.filter((_, k) => k % 5 === 0);
      await one(
        `insert into driver_labels (tenant_id, driver_id, label_id) values ${tagged
          .map((d, k) => `(${tenantId}, ${d.id}, ${labels[k % labels.length]})`)
          .join(',')}`,
      );
    }
    // Statistics early and now and then: the foreign-key checks of the events and labels are planned from them,
    // and planned for an empty table they scan it, once per row (the load grew quadratic).
    if (from === 0 || (from / batch) % 20 === 19) await one('analyze drivers');
    onProgress?.(Math.min(count, from + batch), count);
  }
  await one('analyze drivers');
  await one('analyze driver_events');
  await one('analyze driver_labels');
  return { tenantId, rents, seconds: Math.round((performance.now() - started) / 100) / 10 };
}
