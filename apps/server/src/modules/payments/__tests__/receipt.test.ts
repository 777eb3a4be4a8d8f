import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestContext } from '../../../core/access.js';
import { rowsOf } from '../../../core/db.js';
import { createReferenceOrder } from '../orders.service.js';
import { pdfText as readPdf } from '../../../test/pdf-text.js';
import { cjkFont } from '../../../core/pdf.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** The text of a PDF, as pdf.js reads it back. */
const pdfText = (pdf: Buffer) => readPdf(pdf);

async function paidMembership() {
  const o = (
    await t.request('POST', '/api/ccwadmin/order/membership', {
      as: 'admin',
      body: { planCode: 'ENTERPRISE', years: 1 },
    })
  ).json().data;
  const info = (await t.request('POST', `/api/ccwadmin/order/pay/${o.id}`, { as: 'admin' })).json().data;
  const token = new URL(info.payUrl).searchParams.get('token')!;
  await t.app.inject({
    method: 'POST',
    url: `/api/pay/sandbox/trade/${o.orderNo}/decide`,
    payload: { token, action: 'approve' },
  });
  return o as { id: number; orderNo: string };
}

describe('receipts', () => {
  it('uses the Noto Sans SC font shipped as a dependency', () => {
    expect(cjkFont()?.source).toMatch(/NotoSansSC_400Regular\.ttf$/);
  });

  it('writes a paid order’s receipt as a PDF whose text reads back in Chinese, and in English', async () => {
    const o = await paidMembership();
    const res = await t.request('GET', `/api/ccwadmin/order/receipt/${o.id}`, { as: 'admin' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(encodeURIComponent(`收据-${o.orderNo}.pdf`));
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(pdf);
    expect(text).toContain('Fleetdesk 收据');
    expect(text).toContain(o.orderNo);
    expect(text).toContain('旗舰版');
    expect(text).toContain('¥19800.00');
    expect(text).toContain('沙箱支付');
    expect(text).toContain('会员期间');
    // Only the glyphs used are embedded: far smaller than the 10 MB font.
    expect(pdf.length).toBeLessThan(200_000);

    const en = await t.request('GET', `/api/ccwadmin/order/receipt/${o.id}`, { as: 'admin', lang: 'en-US' });
    const enText = await pdfText(en.rawPayload);
    expect(enText).toContain('Fleetdesk receipt');
    expect(enText).toContain('Sandbox');
  });

  it('writes the receipt of an order another area created (a short-term booking), received by the tenant', async () => {
    const ctx = { tenantId: 0, userId: null, lang: 'zh-CN', rentIds: [] } as unknown as RequestContext;
    const [tenant] = await rowsOf<{ id: number }>(t.deps.db, sql`select id from tenants where code = 'DEMO'`);
    ctx.tenantId = Number(tenant!.id);
    const row = await t.deps.db.transaction((tx) =>
      createReferenceOrder(tx, ctx, {
        type: 'booking',
        referenceType: 'shortBooking',
        referenceId: 'S202612060001',
        amountFen: 123_456,
        prefix: 'B',
        now: t.clock.now(),
      }),
    );
    const info = (await t.request('POST', `/api/ccwadmin/order/pay/${row.id}`, { as: 'admin' })).json().data;
    await t.app.inject({
      method: 'POST',
      url: `/api/pay/sandbox/trade/${row.orderNo}/decide`,
      payload: { token: new URL(info.payUrl).searchParams.get('token')!, action: 'approve' },
    });
    expect(
      (await t.request('GET', `/api/ccwadmin/order/pay/status/${row.id}`, { as: 'admin' })).json().data.status,
    ).toBe('paid');
    const res = await t.request('GET', `/api/ccwadmin/order/receipt/${row.id}`, { as: 'admin' });
    expect(res.statusCode).toBe(200);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('短租订单');
    expect(text).toContain('S202612060001');
    expect(text).toContain('收款方');
    expect(text).toContain('¥1234.56');
  });

  it('has no receipt for an unpaid order, and none of another tenant’s', async () => {
    const unpaid = (await t.request('POST', '/api/ccwadmin/order/topUp', { as: 'admin', body: { amount: 10 } })).json()
      .data;
    expect((await t.request('GET', `/api/ccwadmin/order/receipt/${unpaid.id}`, { as: 'admin' })).statusCode).toBe(409);
    const o = await paidMembership();
    expect((await t.request('GET', `/api/ccwadmin/order/receipt/${o.id}`, { as: 'other' })).statusCode).toBe(404);
    expect((await t.request('GET', `/api/ccwadmin/order/receipt/${o.id}`, { as: 'clerk' })).statusCode).toBe(403);
  });
});
