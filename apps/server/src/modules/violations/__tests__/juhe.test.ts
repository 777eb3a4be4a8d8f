import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { JuheViolationProvider } from '../providers/juhe.js';
import { ProviderError } from '../providers/provider.js';
import { addCars, B, idsOf, runTask, setBalance } from './fixtures.js';

const KEY = 'test-juhe-key';

/**
 * A stand-in for v.juhe.cn as its documentation shows it: `wz/citys` (cities with what each needs) and
 * `wz/query` (the unhandled violations of a plate), both GET with `key`; failures as `error_code`.
 */
function standIn() {
  const calls: URL[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url!, 'http://x');
    calls.push(url);
    const send = (body: unknown) => {
      res.setHeader('content-type', 'application/json; charset=utf-8');
      res.end(JSON.stringify(body));
    };
    if (url.searchParams.get('key') !== KEY)
      return send({ resultcode: '101', reason: '错误的请求KEY', error_code: 10001 });
    if (url.pathname === '/wz/citys') {
      return send({
        resultcode: '200',
        reason: '成功的返回',
        error_code: 0,
        result: {
          ZJ: {
            province: '浙江',
            citys: [
              {
                city_name: '杭州',
                city_code: 'ZJ_HZ',
                abbr: '浙A',
                engine: '1',
                engineno: '6',
                class: '0',
                classno: '0',
              },
            ],
          },
          LN: {
            province: '辽宁',
            citys: [
              {
                city_name: '沈阳',
                city_code: 'LN_SY',
                abbr: '辽',
                engine: '0',
                engineno: '0',
                class: '1',
                classa: '1',
                classno: '4',
              },
            ],
          },
        },
      });
    }
    if (url.pathname === '/wz/query') {
      const hphm = url.searchParams.get('hphm')!;
      if (hphm.endsWith('99'))
        return send({ resultcode: '203605', reason: '城市维护中', error_code: 203605, result: null });
      return send({
        resultcode: '200',
        reason: '查询成功',
        error_code: 0,
        result: {
          province: 'ZJ',
          city: url.searchParams.get('city'),
          hphm,
          hpzl: url.searchParams.get('hpzl'),
          lists: [
            {
              date: '2026-10-12 08:31:05',
              area: '文三路与学院路交叉口',
              act: '16251 : 驾驶机动车违反道路交通信号灯通行的',
              code: '',
              fen: '6',
              money: '200',
              handled: '0',
              archiveno: `3301${hphm.slice(-4)}0001`,
              wzcity: '杭州市公安局交通警察支队',
            },
            {
              date: '2026-09-01 17:02:00',
              area: '莫干山路石祥路口',
              act: '机动车违反规定停放、临时停车的',
              code: '1039',
              fen: '0',
              money: '150',
              handled: '1',
            },
          ],
        },
      });
    }
    res.statusCode = 404;
    res.end();
  });
  return { server, calls };
}

let stand: ReturnType<typeof standIn>;
let endpoint: string;

beforeAll(async () => {
  stand = standIn();
  await new Promise<void>((r) => stand.server.listen(0, '127.0.0.1', r));
  endpoint = `http://127.0.0.1:${(stand.server.address() as AddressInfo).port}`;
});
afterAll(async () => new Promise((r) => (stand.server as Server).close(r)));

describe('the juhe adapter', () => {
  it('reads what a city needs and maps the records (code, text, money, Beijing time, archive number)', async () => {
    const p = new JuheViolationProvider({ key: KEY, endpoint });
    expect(await p.requirements('浙A12345')).toEqual({ supported: true, engineDigits: 6, vinDigits: null });
    expect(await p.requirements('辽A12345')).toEqual({ supported: true, engineDigits: null, vinDigits: 4 });
    expect((await p.requirements('闽A12345')).supported).toBe(false);
    const a = await p.query({ plate: '浙A12345', vin: 'LSVAU2180N2183294', engineNo: 'EA888123456' });
    const q = stand.calls.at(-1)!;
    expect(q.pathname).toBe('/wz/query');
    expect(Object.fromEntries(q.searchParams)).toMatchObject({
      city: 'ZJ_HZ',
      hphm: '浙A12345',
      hpzl: '02',
      engineno: '123456',
      classno: '',
      key: KEY,
    });
    expect(a.violations).toHaveLength(2);
    expect(a.violations[0]).toMatchObject({
      violationNo: '330123450001',
      offenceCode: '16251',
      offenceText: '驾驶机动车违反道路交通信号灯通行的',
      fineFen: 20000,
      points: 6,
      handled: false,
      authority: '杭州市公安局交通警察支队',
    });
    expect(a.violations[0]!.occurredAt.toISOString()).toBe('2026-10-12T00:31:05.000Z');
    // No archive number: a stable number of ours, the same on the next query.
    expect(a.violations[1]!.violationNo).toMatch(/^JH[0-9a-f]{20}$/);
    const again = await p.query({ plate: '浙A12345', vin: 'LSVAU2180N2183294', engineNo: 'EA888123456' });
    expect(again.violations[1]!.violationNo).toBe(a.violations[1]!.violationNo);
    expect(a.violations[1]).toMatchObject({ offenceCode: '1039', handled: true, fineFen: 15000 });
  });

  it('turns error codes, a wrong key and a missing engine number into provider errors', async () => {
    const p = new JuheViolationProvider({ key: KEY, endpoint });
    await expect(p.query({ plate: '浙A12399', vin: null, engineNo: 'EA888123456' })).rejects.toThrow(ProviderError);
    await expect(p.query({ plate: '浙A12345', vin: null, engineNo: null })).rejects.toThrow(ProviderError);
    const wrong = new JuheViolationProvider({ key: 'nope', endpoint });
    await expect(wrong.requirements('浙A12345')).rejects.toThrow(/10001/);
  });
});

describe('a query through juhe', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      config: { VIOLATION_PROVIDER: 'juhe', VIOLATION_JUHE_KEY: KEY, VIOLATION_JUHE_ENDPOINT: endpoint },
    });
  });
  afterAll(async () => t.close());

  it('charges, stores the records, refunds the failed car', async () => {
    const ids = await idsOf(t);
    await setBalance(t, ids.demo, 100_000);
    const cars = await addCars(t, ids.hz, 2, { prefix: '浙A9', from: 9898 });
    const check = await t.request('POST', `${B}/peccancy/order/check/batch/peccancy/order/data`, {
      as: 'admin',
      body: { carIds: cars },
    });
    expect(check.json().data).toMatchObject({ provider: 'juhe', sandbox: false, queryable: 2 });
    const { order } = (
      await t.request('POST', `${B}/peccancy/order/batch/query`, { as: 'admin', body: { carIds: cars } })
    ).json().data;
    await runTask(t, ids.demo, order.taskId);
    const d = (await t.request('GET', `${B}/consumer/order/peccancy/items/${order.id}`, { as: 'admin' })).json().data;
    // 浙A99898 answers; 浙A99899 ends in 99: the stand-in's city maintenance.
    expect(d.order).toMatchObject({ state: 'completed', found: 2, added: 2, failed: 1, provider: 'juhe' });
    expect(d.order.refunded).toBeCloseTo(d.order.amount / 2, 2);
  });
});
