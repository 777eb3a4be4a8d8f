import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowBomb } from '../../../core/sheet-reader/__tests__/fixtures.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';

/**
 * The incident: an 800 KB .xlsx whose sheet inflates to 5,000,000 rows, sent to the import check, blocked the
 * event loop for 49 s. Here the app listens on a real port and a client polls /healthz every 20 ms while the
 * file is refused.
 *
 * The targets are a refusal within 2 s and every health answer within 100 ms. On a quiet machine the test
 * measures 150 to 240 ms and 3 to 31 ms (a burst of 12 uploads: 50 to 60 ms), but with other suites running
 * on the same 2 cores (load average 11-12) it measured up to 5.4 s and 1.8 s, so the bounds asserted here are
 * 15 s and 5 s: still a tenth of the incident's 49 s stall, and not a flaky failure. The targets themselves are
 * checked against the built server by bench/hostile-import.bench.mjs (budgets belong to benches, DESIGN.md
 * section 13): 43 to 167 ms to refuse, 21 ms at most for /healthz (bench/results/hostile-import.json).
 */
const REFUSAL_BOUND_MS = 15_000;
const HEALTH_BOUND_MS = 5000;
const X = '/api/ccwadmin/excel/data';
let t: TestApp;
let base: string;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  token = await t.token('admin');
});
afterAll(async () => t.close());

function form(name: string, content: Buffer): { body: Buffer; type: string } {
  const boundary = '----fleetdesk-hostile-sheet';
  return {
    body: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${encodeURIComponent(name)}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    type: `multipart/form-data; boundary=${boundary}`,
  };
}

async function post(path: string, name: string, content: Buffer, lang = 'zh-CN') {
  const { body, type } = form(name, content);
  const started = performance.now();
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'x-user-type': 'manager',
      'content-type': type,
      'accept-language': lang,
    },
    body,
  });
  const json = (await res.json()) as { status: number; message: string };
  return { status: res.status, json, ms: performance.now() - started };
}

/** Polls /healthz every 20 ms until stopped; answers the slowest answer and the longest silence between two. */
function pollHealth() {
  let stopped = false;
  const latencies: number[] = [];
  let longestGap = 0;
  const loop = (async () => {
    let last = performance.now();
    while (!stopped) {
      const started = performance.now();
      const res = await fetch(`${base}/healthz`);
      await res.arrayBuffer();
      const now = performance.now();
      latencies.push(now - started);
      longestGap = Math.max(longestGap, now - last);
      last = now;
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  return async () => {
    stopped = true;
    await loop;
    return { polls: latencies.length, maxMs: Math.max(...latencies), longestGapMs: longestGap };
  };
}

describe('a hostile sheet sent to the import check', () => {
  it('refuses the 5,000,000-row sheet at once, /healthz answering all along (size declared: 413)', async () => {
    const file = rowBomb({ honest: true });
    expect(file.length).toBeLessThan(1_000_000);
    const stop = pollHealth();
    await new Promise((r) => setTimeout(r, 100));
    const res = await post(`${X}/check/car/data`, 'cars.xlsx', file);
    await new Promise((r) => setTimeout(r, 100));
    const health = await stop();
    expect(res.status).toBe(413);
    expect(res.json).toMatchObject({ status: 413, message: expect.stringContaining('文件解压后过大') });
    expect(res.ms).toBeLessThan(REFUSAL_BOUND_MS);
    expect(health.polls).toBeGreaterThan(3);
    expect(health.maxMs).toBeLessThan(HEALTH_BOUND_MS);
  });

  it('stops it at the row cap when its size lies (400, too many rows), /healthz answering all along', async () => {
    const file = rowBomb();
    const stop = pollHealth();
    await new Promise((r) => setTimeout(r, 100));
    const res = await post(`${X}/check/car/data`, 'cars.xlsx', file);
    await new Promise((r) => setTimeout(r, 100));
    const health = await stop();
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ status: 400, message: '每个文件最多 20000 行数据' });
    expect(res.ms).toBeLessThan(REFUSAL_BOUND_MS);
    expect(health.maxMs).toBeLessThan(HEALTH_BOUND_MS);
    expect(health.longestGapMs).toBeLessThan(HEALTH_BOUND_MS + 50);
  });

  it('answers in English, refuses the import call and the SMS recipient parse the same way', async () => {
    const en = await post(`${X}/check/car/data`, 'cars.xlsx', rowBomb({ honest: true }), 'en-US');
    expect(en.json.message).toBe(
      'The file is too large once unpacked; keep only the data to import, or split it into several files',
    );
    expect((await post(`${X}/import/car/data`, 'cars.xlsx', rowBomb())).json.message).toBe('每个文件最多 20000 行数据');
    const sms = await post('/api/ccwadmin/smsNotice/recipient/parse', '收件人.xlsx', rowBomb({ honest: true }));
    expect(sms).toMatchObject({ status: 413, json: { message: expect.stringContaining('文件解压后过大') } });
  });

  it('refuses CSVs past the caps: 100,000 rows, 20,001 data rows, a giant quoted field', async () => {
    const rows = (n: number) => Array.from({ length: n }, (_, i) => `浙A${i},LSVAU2180N2${i},大众`);
    const header = '车牌号,车架号,品牌';
    const many = await post(`${X}/check/car/data`, 'cars.csv', Buffer.from([header, ...rows(100_000)].join('\n')));
    expect(many).toMatchObject({ status: 400, json: { message: '每个文件最多 20000 行数据' } });
    expect(many.ms).toBeLessThan(REFUSAL_BOUND_MS);
    const justOver = await post(`${X}/check/car/data`, 'cars.csv', Buffer.from([header, ...rows(20_001)].join('\n')));
    expect(justOver.json.message).toBe('每个文件最多 20000 行数据');
    const giant = Buffer.from(`${header}\n浙A1,"${'x'.repeat(5 * 1024 * 1024)}",大众\n`);
    expect((await post(`${X}/check/car/data`, 'cars.csv', giant)).json).toMatchObject({
      status: 400,
      message: '单元格 B2 超过 32767 个字符',
    });
    const corrupt = rowBomb().subarray(0, 400_000);
    expect((await post(`${X}/check/car/data`, 'cars.xlsx', corrupt)).json).toMatchObject({
      status: 400,
      message: '无法读取文件，请上传 .xlsx 或 .csv',
    });
  });

  it('reads at most 2 at once: a burst of 12 is refused or told to wait, and /healthz still answers', async () => {
    const stop = pollHealth();
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => post(`${X}/check/car/data`, 'cars.xlsx', rowBomb())),
    );
    const health = await stop();
    for (const a of answers) expect([400, 429]).toContain(a.status);
    expect(answers.filter((a) => a.status === 400).length).toBeGreaterThanOrEqual(2);
    expect(health.maxMs).toBeLessThan(HEALTH_BOUND_MS);
  });
});
