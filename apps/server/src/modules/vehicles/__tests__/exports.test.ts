import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { readXlsx, tenantIds } from './fixtures.js';

const P = '/api/ccwadmin/rentCar';
let t: TestApp;
let ids: Awaited<ReturnType<typeof tenantIds>>;

beforeAll(async () => {
  t = await createTestApp();
  ids = await tenantIds(t);
});
afterAll(async () => t.close());

async function exportOf(path: string, body: Record<string, unknown>, lang: 'zh-CN' | 'en-US' = 'zh-CN') {
  const res = await t.request('POST', `${P}/${path}`, { as: 'admin', body, lang });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  return { res, rows: await readXlsx(res.rawPayload) };
}

describe('exports', () => {
  it('exports the filtered cars with the import headers, every row, plates as people write them', async () => {
    const { res, rows } = await exportOf('exportCar', { rentId: ids.sh });
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename=".*\.xlsx"; filename\*=UTF-8''%E8%BD%A6/);
    const [head, ...data] = rows;
    expect(head!.slice(0, 6)).toEqual(['车牌号', '车架号', '发动机号', '品牌', '车系', '车型']);
    expect(data).toHaveLength(35);
    const camry = data.find((r) => r[0] === '沪B·82M56')!;
    expect(camry[3]).toBe('丰田');
    expect(camry[head!.indexOf('车辆状态')]).toBe('已出租');
    expect(camry[head!.indexOf('所属公司')]).toBe('上海公司');
    expect(camry[1]).toMatch(/^LVG[A-HJ-NPR-Z0-9]{14}$/);
    const listed = (
      await t.request('POST', `${P}/list`, { as: 'admin', body: { rentId: ids.sh, pageSize: 500 } })
    ).json().data.rows;
    expect(new Set(data.map((r) => r[1]))).toEqual(new Set(listed.map((c: { vin: string }) => c.vin)));
  });

  it('exports a selection, in English when asked', async () => {
    const some = (await t.request('POST', `${P}/list`, { as: 'admin', body: { pageSize: 3 } })).json().data.rows;
    const { rows } = await exportOf('exportCar', { ids: some.map((c: { id: number }) => c.id) }, 'en-US');
    expect(rows[0]!.slice(0, 3)).toEqual(['Plate', 'VIN', 'Engine number']);
    expect(rows).toHaveLength(4);
  });

  it('exports inspections with the days left and their state', async () => {
    const { rows } = await exportOf('exportCarInspection', { status: ['rented', 'idle'] });
    const [head, ...data] = rows;
    expect(head).toContain('剩余天数');
    const overdue = data.find((r) => r[0] === '浙A·D40963')!;
    expect(Number(overdue[head!.indexOf('剩余天数')])).toBe(-12);
    expect(overdue[head!.indexOf('年检状态')]).toBe('已逾期 12 天');
    const soon = data.find((r) => r[0] === '浙A·F60913')!;
    expect(soon[head!.indexOf('年检状态')]).toBe('10 天后到期');
  });

  it('exports both policies of each car with their state', async () => {
    const { rows } = await exportOf('exportInsurance', {});
    const [head, ...data] = rows;
    expect(data).toHaveLength(86);
    const expired = data.find((r) => r[0] === '浙A·D90729')!;
    expect(expired[head!.indexOf('交强险状态')]).toBe('已逾期 20 天');
    const soon = data.find((r) => r[0] === '浙A·F67890')!;
    expect(soon[head!.indexOf('交强险状态')]).toBe('15 天后到期');
    const none = data.find((r) => r[0] === '沪C·5B2C9')!;
    expect(none[head!.indexOf('交强险公司')] ?? '').toBe('');
    expect(none[head!.indexOf('交强险状态')]).toBe('未登记');
    expect(
      data.some((r) => ['人保财险', '平安产险', '太保产险', '国寿财险'].includes(r[head!.indexOf('交强险公司')]!)),
    ).toBe(true);
  });

  it('validates the filter and keeps other tenants out', async () => {
    const bad = await t.request('POST', `${P}/exportCar`, { as: 'admin', body: { status: ['x'] } });
    expect(bad.statusCode).toBe(400);
    const other = await t.request('POST', `${P}/exportCar`, { as: 'other', body: {} });
    const rows = await readXlsx(other.rawPayload);
    expect(rows).toHaveLength(7);
    expect(rows.slice(1).every((r) => r[0]!.startsWith('京'))).toBe(true);
  });
});
