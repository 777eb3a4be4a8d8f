import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  idCardFacts,
  isChinesePlate,
  isValidIdCard,
  isValidVin,
  withIdCardCheckDigit,
} from '@fleetdesk/contracts/identifiers';
import { UpstreamTimeoutError } from '../../errors.js';
import { BaiduOcrProvider, mapBaiduDrivingLicence, mapBaiduLicense } from '../ocr-baidu.js';
import { SandboxOcrProvider } from '../ocr-sandbox.js';

const image = (text: string, name = 'licence.jpg') => ({ bytes: Buffer.from(text), contentType: 'image/jpeg', name });

describe('sandbox OCR', () => {
  const ocr = new SandboxOcrProvider(0, () => new Date('2026-06-01T00:00:00Z'));

  it('reads the same licence from the same image: a valid plate and VIN, dates, owner', async () => {
    const a = await ocr.vehicleLicense(image('photo one'), 'front');
    const b = await ocr.vehicleLicense(image('photo one'), 'front');
    expect(a).toEqual(b);
    if (!a.ok) throw new Error('expected a result');
    expect(isChinesePlate(a.fields.plate!)).toBe(true);
    expect(isValidVin(a.fields.vin!)).toBe(true);
    expect(a.fields.model).toMatch(/牌/);
    expect(a.fields.registrationDate).toMatch(/^20(2[2-5])-\d{2}-\d{2}$/);
    const other = await ocr.vehicleLicense(image('photo two'), 'front');
    expect(other.ok && other.fields.vin).not.toBe(a.fields.vin);
    const many = await Promise.all(Array.from({ length: 40 }, (_, i) => ocr.vehicleLicense(image(`p${i}`), 'front')));
    for (const r of many) expect(r.ok && isChinesePlate(r.fields.plate!) && isValidVin(r.fields.vin!)).toBe(true);
  });

  it('reads the second page: file number, seats, inspection', async () => {
    const r = await ocr.vehicleLicense(image('photo one'), 'back');
    if (!r.ok) throw new Error('expected a result');
    expect(r.fields).toMatchObject({ fileNo: expect.stringMatching(/^\d{12}$/), seats: expect.any(Number), vin: null });
    expect(r.fields.inspectionValidUntil).toMatch(/^\d{4}-\d{2}$/);
  });

  it('fails on request: a name or content that says so, and a timeout', async () => {
    expect(await ocr.vehicleLicense(image('x', 'fail-blurred.jpg'), 'front')).toMatchObject({ ok: false });
    expect(await ocr.vehicleLicense(image('xx OCR-FAIL xx'), 'front')).toMatchObject({ ok: false });
    await expect(ocr.vehicleLicense(image('x', 'timeout.jpg'), 'front')).rejects.toBeInstanceOf(UpstreamTimeoutError);
  });

  it('takes its time like a real service', async () => {
    const slow = new SandboxOcrProvider(120);
    const started = Date.now();
    await slow.vehicleLicense(image('photo'), 'front');
    expect(Date.now() - started).toBeGreaterThanOrEqual(110);
  });
});

/** A stand-in for Baidu AI Cloud: records what it gets, answers what the test says. */
let server: Server;
let endpoint: string;
let seen: { method: string; path: string; query: URLSearchParams; form: URLSearchParams; type: string }[] = [];
let answers: Record<string, (() => { status?: number; body: unknown; delayMs?: number })[]> = {};

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const url = new URL(req.url!, 'http://x');
    const text = await bodyOf(req);
    seen.push({
      method: req.method!,
      path: url.pathname,
      query: url.searchParams,
      form: new URLSearchParams(text),
      type: String(req.headers['content-type']),
    });
    const next = answers[url.pathname]?.shift();
    const a = next ? next() : { status: 404, body: {} };
    if (a.delayMs) await new Promise((r) => setTimeout(r, a.delayMs));
    res.writeHead(a.status ?? 200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(a.body));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.close();
});
beforeEach(() => {
  seen = [];
  answers = {};
});

const TOKEN = '/oauth/2.0/token';
const LICENSE = '/rest/2.0/ocr/v1/vehicle_license';
const token = (value: string) => () => ({
  body: { access_token: value, expires_in: 2_592_000, scope: 'vis-ocr_vehicle' },
});
const FRONT = {
  log_id: 1734567890123,
  direction: 0,
  words_result_num: 10,
  words_result: {
    号牌号码: { words: '浙A·D12345' },
    车辆类型: { words: '小型轿车' },
    所有人: { words: '演示租车有限公司' },
    住址: { words: '浙江省杭州市西湖区文三路398号' },
    使用性质: { words: '预约出租客运' },
    品牌型号: { words: '比亚迪牌BYD7152WT6HEVC1' },
    车辆识别代号: { words: 'LGXC76C45P0123456' },
    发动机号码: { words: 'BYD472QA1234567' },
    注册日期: { words: '20230618' },
    发证日期: { words: '20230620' },
    发证单位: { words: '浙江省杭州市公安局交通警察支队' },
  },
};

describe('Baidu vehicle licence adapter', () => {
  const baidu = (timeoutMs = 2000) =>
    new BaiduOcrProvider({ apiKey: 'ak-123', secretKey: 'sk-456', endpoint, timeoutMs });

  it('gets a client-credentials token, then posts the image in base64 with the side', async () => {
    answers[TOKEN] = [token('tok-1')];
    answers[LICENSE] = [() => ({ body: FRONT }), () => ({ body: FRONT })];
    const ocr = baidu();
    const r = await ocr.vehicleLicense(image('JPEG bytes'), 'front');
    expect(seen[0]).toMatchObject({ method: 'POST', path: TOKEN });
    expect(Object.fromEntries(seen[0]!.query)).toEqual({
      grant_type: 'client_credentials',
      client_id: 'ak-123',
      client_secret: 'sk-456',
    });
    expect(seen[1]).toMatchObject({ method: 'POST', path: LICENSE, type: 'application/x-www-form-urlencoded' });
    expect(seen[1]!.query.get('access_token')).toBe('tok-1');
    expect(Object.fromEntries(seen[1]!.form)).toEqual({
      image: Buffer.from('JPEG bytes').toString('base64'),
      vehicle_license_side: 'front',
      detect_direction: 'true',
    });
    expect(r).toEqual({
      ok: true,
      fields: expect.objectContaining({
        plate: '浙A·D12345',
        vehicleType: '小型轿车',
        owner: '演示租车有限公司',
        useCharacter: '预约出租客运',
        model: '比亚迪牌BYD7152WT6HEVC1',
        vin: 'LGXC76C45P0123456',
        engineNo: 'BYD472QA1234567',
        registrationDate: '2023-06-18',
        issueDate: '2023-06-20',
        issuer: '浙江省杭州市公安局交通警察支队',
        fileNo: null,
      }),
    });
    // The token is kept for the next call.
    await ocr.vehicleLicense(image('more'), 'back');
    expect(seen.filter((s) => s.path === TOKEN)).toHaveLength(1);
    expect(seen.at(-1)!.form.get('vehicle_license_side')).toBe('back');
  });

  it('maps the second page', () => {
    const f = mapBaiduLicense({
      号牌号码: { words: '浙AD12345' },
      档案编号: { words: '330100123456' },
      核定载人数: { words: '5人' },
      检验记录: { words: '检验有效期至2025年10月浙A(12)' },
      燃油类型: { words: '插电式混合动力' },
    });
    expect(f).toMatchObject({
      fileNo: '330100123456',
      seats: 5,
      inspectionValidUntil: '2025-10',
      energyText: '插电式混合动力',
    });
  });

  it('renews an expired token once, and reports Baidu errors', async () => {
    answers[TOKEN] = [token('old'), token('new')];
    answers[LICENSE] = [
      () => ({ body: FRONT }),
      () => ({ body: { error_code: 111, error_msg: 'Access token expired' } }),
      () => ({ body: FRONT }),
      () => ({ body: { error_code: 216201, error_msg: 'image format error' } }),
      () => ({ body: { log_id: 1, words_result_num: 0, words_result: {} } }),
    ];
    const ocr = baidu();
    await ocr.vehicleLicense(image('a'), 'front');
    const renewed = await ocr.vehicleLicense(image('b'), 'front');
    expect(renewed.ok).toBe(true);
    expect(seen.filter((s) => s.path === LICENSE).map((s) => s.query.get('access_token'))).toEqual([
      'old',
      'old',
      'new',
    ]);
    expect(await ocr.vehicleLicense(image('c'), 'front')).toEqual({
      ok: false,
      error: 'baidu: 216201 image format error',
    });
    expect(await ocr.vehicleLicense(image('d'), 'front')).toEqual({ ok: false, error: 'baidu: nothing recognised' });
  });

  it('reports a refused credential and refuses an image over 4 MB without calling', async () => {
    answers[TOKEN] = [
      () => ({ status: 401, body: { error: 'invalid_client', error_description: 'unknown client id' } }),
    ];
    expect(await baidu().vehicleLicense(image('a'), 'front')).toEqual({
      ok: false,
      error: 'baidu token: invalid_client unknown client id',
    });
    seen = [];
    const big = { bytes: Buffer.alloc(3.5 * 1024 * 1024), contentType: 'image/jpeg', name: 'big.jpg' };
    expect(await baidu().vehicleLicense(big, 'front')).toEqual({ ok: false, error: 'baidu: image larger than 4 MB' });
    expect(seen).toHaveLength(0);
  });

  it('answers a slow service as an upstream timeout', async () => {
    answers[TOKEN] = [token('t')];
    answers[LICENSE] = [() => ({ body: FRONT, delayMs: 400 })];
    await expect(baidu(100).vehicleLicense(image('a'), 'front')).rejects.toBeInstanceOf(UpstreamTimeoutError);
  });
});

describe('sandbox ID card and driving licence', () => {
  const ocr = new SandboxOcrProvider(0, () => new Date('2026-06-01T00:00:00Z'));

  it('reads a person from an ID card: a valid number whose birth date and gender match', async () => {
    const r = await ocr.idCard(image('card photo'), 'front');
    if (!r.ok) throw new Error('expected a result');
    expect(isValidIdCard(r.fields.idNumber!)).toBe(true);
    expect(idCardFacts(r.fields.idNumber!)).toEqual({ birthDate: r.fields.birthDate, gender: r.fields.gender });
    expect(r.fields.name).toMatch(/^\p{Script=Han}{2,3}$/u);
    const back = await ocr.idCard(image('card photo'), 'back');
    expect(back.ok && back.fields).toMatchObject({ issuer: expect.stringMatching(/公安局$/), idNumber: null });
  });

  it('reads the same person from the ID card and the licence when the file names the number', async () => {
    const valid = withIdCardCheckDigit('33010619900307441');
    const card = await ocr.idCard(image('a', `${valid}-front.jpg`), 'front');
    const licence = await ocr.drivingLicence(image('b', `licence-${valid}.jpg`), 'front');
    if (!card.ok || !licence.ok) throw new Error('expected results');
    expect(card.fields.idNumber).toBe(valid);
    expect(licence.fields).toMatchObject({ licenceNumber: valid, name: card.fields.name, birthDate: '1990-03-07' });
    expect(licence.fields.licenceClass).toMatch(/^(A1|B2|C1|C2)$/);
    expect(licence.fields.firstIssue! > '2009-03-07').toBe(true);
    expect(licence.fields.validTo! > licence.fields.validFrom!).toBe(true);
  });

  it('fails on request like the vehicle licence', async () => {
    expect(await ocr.idCard(image('x', '模糊.jpg'), 'front')).toMatchObject({ ok: false });
    await expect(ocr.drivingLicence(image('x', 'timeout.jpg'), 'front')).rejects.toBeInstanceOf(UpstreamTimeoutError);
  });
});

describe('Baidu ID card and driving licence adapter', () => {
  const baidu = () => new BaiduOcrProvider({ apiKey: 'ak-123', secretKey: 'sk-456', endpoint, timeoutMs: 2000 });

  it('posts an ID card with its side to idcard and maps the words', async () => {
    answers[TOKEN] = [token('tok-9')];
    answers['/rest/2.0/ocr/v1/idcard'] = [
      () => ({
        body: {
          log_id: 1,
          image_status: 'normal',
          words_result_num: 6,
          words_result: {
            姓名: { words: '王建国' },
            民族: { words: '汉' },
            住址: { words: '浙江省杭州市西湖区文三路100号' },
            公民身份号码: { words: '330106198503074417' },
            出生: { words: '19850307' },
            性别: { words: '男' },
          },
        },
      }),
    ];
    const r = await baidu().idCard(image('ID bytes'), 'front');
    const call = seen.find((s) => s.path === '/rest/2.0/ocr/v1/idcard')!;
    expect(call.query.get('access_token')).toBe('tok-9');
    expect(Object.fromEntries(call.form)).toEqual({
      image: Buffer.from('ID bytes').toString('base64'),
      id_card_side: 'front',
      detect_direction: 'true',
    });
    expect(r).toEqual({
      ok: true,
      fields: expect.objectContaining({
        name: '王建国',
        gender: 'male',
        birthDate: '1985-03-07',
        idNumber: '330106198503074417',
        nation: '汉',
      }),
    });
  });

  it('posts a driving licence to driving_license and maps both ways of writing its period', async () => {
    answers[TOKEN] = [token('tok-10')];
    answers['/rest/2.0/ocr/v1/driving_license'] = [
      () => ({
        body: {
          words_result: {
            证号: { words: '330106198503074417' },
            有效期限: { words: '20160520' },
            准驾车型: { words: 'c1' },
            住址: { words: '浙江省杭州市西湖区' },
            至: { words: '20260520' },
            姓名: { words: '王建国' },
            国籍: { words: '中国' },
            出生日期: { words: '19850307' },
            性别: { words: '男' },
            初次领证日期: { words: '20060520' },
          },
        },
      }),
      () => ({ body: { error_code: 216633, error_msg: 'recognize id card error' } }),
    ];
    const ocr = baidu();
    const r = await ocr.drivingLicence(image('licence'), 'front');
    expect(seen.at(-1)!.form.get('driving_license_side')).toBe('front');
    expect(r).toEqual({
      ok: true,
      fields: expect.objectContaining({
        licenceNumber: '330106198503074417',
        licenceClass: 'C1',
        firstIssue: '2006-05-20',
        validFrom: '2016-05-20',
        validTo: '2026-05-20',
      }),
    });
    expect(await ocr.drivingLicence(image('licence'), 'back')).toMatchObject({
      ok: false,
      error: expect.stringContaining('216633'),
    });
    const newer = mapBaiduDrivingLicence({ 有效起始日期: { words: '20200101' }, 有效期限: { words: '20300101' } });
    expect(newer).toMatchObject({ validFrom: '2020-01-01', validTo: '2030-01-01' });
  });
});
