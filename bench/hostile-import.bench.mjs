// Security issue: an 816 KB .xlsx whose sheet inflates to 5,000,000 rows, sent to the import check, blocked
// the event loop for 49 s and left the server at ~4 GB RSS. Against the built server (PGlite):
// - the time to refuse such a file (declaring its true size: 413 before inflating; lying about it: 400 at the
//   row cap), the slowest /healthz answer and the longest silence between two while it is refused (polled
//   every 20 ms), and the server's peak RSS; then a burst of 6 at once (2 read, the rest wait or get 429);
// - reading a legit 20,000-row import: the previous reader (ExcelJS on the whole workbook, in the thread)
//   against apps/server/dist/core/sheet-reader (in a worker), with the event loop's longest stall during each.
// Results: bench/results/hostile-import.json.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { constants, crc32, deflateRawSync } from 'node:zlib';
import { ensureBuilt, machine, ROOT, rssMb, rssSampler, signIn, startServer } from './lib/server.mjs';

const require = createRequire(import.meta.url);
const ExcelJS = require(path.join(ROOT, 'node_modules/exceljs'));
const RUNS = 5;

ensureBuilt();
const { readSheet } = await import(path.join(ROOT, 'apps/server/dist/core/sheet-reader/index.js'));
const results = {
  when: new Date().toISOString(),
  machine: machine(),
  targets: { refusalMs: 2000, healthMaxMs: 100 },
  incident: { fileKb: 816, rows: 5_000_000, eventLoopBlockedS: 49, rssGb: 4 },
};

// ---- Files made by hand (the same as apps/server/src/core/sheet-reader/__tests__/fixtures.ts).

function zip(parts) {
  const locals = [];
  const centrals = [];
  let offset = 0;
  for (const p of parts) {
    const name = Buffer.from(p.name);
    const raw = p.data === undefined ? null : Buffer.from(p.data);
    const body = p.deflated ?? deflateRawSync(raw);
    const size = p.size ?? raw.length;
    const crc = p.crc ?? crc32(raw);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += 30 + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** Pieces repeated in one deflate stream, each deflated alone up to a full flush; with the true CRC. */
function deflateRepeated(pieces) {
  const out = [];
  let size = 0;
  let crc = 0;
  for (const { data, times = 1 } of pieces) {
    const raw = Buffer.from(data);
    const deflated = deflateRawSync(raw, { level: 9, finishFlush: constants.Z_FULL_FLUSH });
    for (let i = 0; i < times; i++) {
      out.push(deflated);
      crc = crc32(raw, crc);
    }
    size += raw.length * times;
  }
  out.push(deflateRawSync(Buffer.alloc(0)));
  return { deflated: Buffer.concat(out), size, crc };
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** 5,000,000 rows of 55 bytes (two shared strings, no references): about 800 KB zipped. */
function rowBomb(declared) {
  const sheet = deflateRepeated([
    { data: `<?xml version="1.0" encoding="UTF-8"?>\n<worksheet xmlns="${MAIN}"><sheetData>` },
    { data: '<row><c t="s"><v>0</v></c><c t="s"><v>0</v></c></row>'.repeat(20_000), times: 250 },
    { data: '</sheetData></worksheet>' },
  ]);
  return {
    inflatedMb: Math.round(sheet.size / 1024 / 1024),
    file: zip([
      {
        name: 'xl/workbook.xml',
        data: `<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="车辆" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      },
      {
        name: 'xl/_rels/workbook.xml.rels',
        data:
          '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
          `<Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>` +
          `<Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
      },
      { name: 'xl/sharedStrings.xml', data: `<sst xmlns="${MAIN}"><si><t>浙A·D12345</t></si></sst>` },
      {
        name: 'xl/worksheets/sheet1.xml',
        deflated: sheet.deflated,
        size: declared ?? sheet.size,
        crc: declared ? 0 : sheet.crc,
      },
    ]),
  };
}

const HEAD = ['车牌号', '车架号', '品牌', '车系', '车型', '能源类型', '电池容量(kWh)', '注册日期'];
HEAD.push('车辆类型', '所属公司', '车辆状态', '交强险公司', '交强险到期日', '备注');

/** A legit import of `rows` cars, as the template is filled in (written by ExcelJS, dates as dates). */
async function legitImport(rows) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('车辆');
  ws.addRow(HEAD);
  for (let i = 0; i < rows; i++) {
    ws.addRow([
      `浙A${String(10_000 + i)}`,
      `LSVAU2180N2${String(100_000 + i)}`,
      '大众',
      '朗逸',
      '朗逸 2023款 1.5L 自动新逸版',
      '汽油',
      '',
      new Date(Date.UTC(2023, i % 12, 1 + (i % 28))),
      '经济型',
      '杭州公司',
      '在租',
      '人保财险',
      new Date(Date.UTC(2026, i % 12, 1 + (i % 28))),
      i % 10 ? '' : `第${i}辆`,
    ]);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The reader of apps/server before this change (sheet.ts readRows), for the comparison. */
async function previousRead(buffer) {
  const cellText = (v) => {
    if (v === null || v === undefined) return '';
    if (v instanceof Date) return v.toISOString().slice(0, 10);
    if (typeof v === 'object') {
      if (v.richText)
        return v.richText
          .map((r) => r.text)
          .join('')
          .trim();
      if (v.result !== undefined) return cellText(v.result);
      if (v.text !== undefined) return String(v.text).trim();
      if (v.error !== undefined) return '';
    }
    return String(v).trim();
  };
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer);
  const rows = [];
  workbook.worksheets[0].eachRow({ includeEmpty: false }, (row, number) => {
    const values = Array.isArray(row.values) ? row.values.slice(1) : [];
    const cells = Array.from({ length: values.length }, (_, i) => cellText(values[i]));
    if (cells.some((c) => c !== '')) rows.push({ line: number, cells });
  });
  return rows;
}

/** Runs `read` `RUNS` times: median and worst time, and the event loop's longest stall meanwhile. */
async function timeRead(read) {
  const times = [];
  let stall = 0;
  let rows = 0;
  for (let i = 0; i < RUNS; i++) {
    const h = monitorEventLoopDelay({ resolution: 5 });
    h.enable();
    const started = performance.now();
    rows = (await read()).length;
    times.push(performance.now() - started);
    h.disable();
    stall = Math.max(stall, h.max / 1e6);
  }
  times.sort((a, b) => a - b);
  return {
    rows,
    medianMs: Math.round(times[Math.floor(RUNS / 2)]),
    maxMs: Math.round(times.at(-1)),
    eventLoopMaxStallMs: Math.round(stall),
  };
}

// ---- The hostile file against the running server.

function form(file) {
  const f = new FormData();
  f.append('file', new Blob([file], { type: 'application/octet-stream' }), 'cars.xlsx');
  return f;
}

/** Polls /healthz every 20 ms until stopped: the slowest answer and the longest silence between two. */
function pollHealth(base) {
  let stopped = false;
  let maxMs = 0;
  let gapMs = 0;
  let polls = 0;
  const loop = (async () => {
    let last = performance.now();
    while (!stopped) {
      const started = performance.now();
      await (await fetch(`${base}/healthz`)).arrayBuffer();
      const now = performance.now();
      maxMs = Math.max(maxMs, now - started);
      gapMs = Math.max(gapMs, now - last);
      last = now;
      polls++;
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  return async () => {
    stopped = true;
    await loop;
    return { polls, healthMaxMs: Number(maxMs.toFixed(1)), healthLongestGapMs: Number(gapMs.toFixed(1)) };
  };
}

async function refuse(server, authorization, file, parallel = 1) {
  const stop = pollHealth(server.base);
  await new Promise((r) => setTimeout(r, 200));
  const sampler = rssSampler(server.pid, 20);
  const started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: parallel }, async () => {
      const res = await fetch(`${server.base}/api/ccwadmin/excel/data/check/car/data`, {
        method: 'POST',
        headers: { authorization, 'x-user-type': 'manager' },
        body: form(file),
      });
      const body = await res.json();
      return { status: res.status, message: body.message, ms: performance.now() - started };
    }),
  );
  const peakRssMb = sampler.stop();
  await new Promise((r) => setTimeout(r, 200));
  return { answers, peakRssMb, ...(await stop()) };
}

async function hostile() {
  const honest = rowBomb();
  const lying = rowBomb(60 * 1024 * 1024);
  results.file = { kb: Math.round(honest.file.length / 1024), rows: 5_000_000, inflatedMb: honest.inflatedMb };
  const server = await startServer({ DATABASE_URL: '' });
  try {
    const authorization = `Bearer ${await signIn(server.base)}`;
    results.rssBeforeMb = rssMb(server.pid);
    for (const [label, file] of [
      ['true size declared (413)', honest.file],
      ['size lies (400 at the row cap)', lying.file],
    ]) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await refuse(server, authorization, file));
      const ms = runs.map((r) => r.answers[0].ms).sort((a, b) => a - b);
      const entry = {
        case: label,
        status: runs[0].answers[0].status,
        message: runs[0].answers[0].message,
        refusalMedianMs: Math.round(ms[Math.floor(RUNS / 2)]),
        refusalMaxMs: Math.round(ms.at(-1)),
        healthMaxMs: Math.max(...runs.map((r) => r.healthMaxMs)),
        healthLongestGapMs: Math.max(...runs.map((r) => r.healthLongestGapMs)),
        peakRssMb: Math.max(...runs.map((r) => r.peakRssMb)),
      };
      console.log(JSON.stringify(entry));
      (results.hostile ??= []).push(entry);
    }
    const burst = await refuse(server, authorization, lying.file, 6);
    results.burst = {
      uploads: 6,
      statuses: burst.answers.map((a) => a.status),
      lastAnswerMs: Math.round(Math.max(...burst.answers.map((a) => a.ms))),
      healthMaxMs: burst.healthMaxMs,
      healthLongestGapMs: burst.healthLongestGapMs,
      peakRssMb: burst.peakRssMb,
    };
    console.log(`burst: ${JSON.stringify(results.burst)}`);
    results.rssAfterMb = rssMb(server.pid);
  } finally {
    await server.stop();
  }
}

await hostile();
const legit = await legitImport(20_000);
results.legit = {
  rows: 20_000,
  columns: HEAD.length,
  kb: Math.round(legit.length / 1024),
  // Each read takes its own copy: the new reader hands the buffer over to its worker.
  before: await timeRead(() => previousRead(Buffer.from(legit))),
  after: await timeRead(() => readSheet(Buffer.from(legit), 'xlsx', { maxRows: 20_002 })),
};
console.log(`legit 20,000 rows: ${JSON.stringify(results.legit)}`);
writeFileSync(path.join(ROOT, 'bench/results/hostile-import.json'), `${JSON.stringify(results, null, 2)}\n`);
