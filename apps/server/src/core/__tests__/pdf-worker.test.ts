import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { pdfText } from '../../test/pdf-text.js';
import { createPdf, keyValueRows, pdfBuffer, printable } from '../pdf.js';

/**
 * Issue "Hardening 2", item 13: PDFs were drawn on the event loop, and ten template previews of 3,000 bidi
 * characters held /healthz for 1.3 s. They are drawn by a worker thread now, without control or bidi
 * characters.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const BIDI = '\u202e\u2067\u200f\u061c\u202a\u2066\u200e\u202d\u2069\u202c';

describe('PDF text', () => {
  it('drops control and bidirectional characters, keeping the rest', async () => {
    expect(printable(`A${BIDI}B\u0007C\u0000D\tE\nF`)).toBe('ABCD\tE\nF');
    const doc = createPdf({ title: `合同${BIDI}` });
    doc.fontSize(12).text(`租赁${BIDI}合同\u0007 Rental`);
    keyValueRows(doc, [[`承租人${BIDI}`, `王\u202e磊`]]);
    const text = await pdfText(await pdfBuffer(doc));
    expect(text).toContain('租赁合同 Rental');
    expect(text).toContain('王磊');
    // eslint-disable-next-line no-control-regex
    expect(text).not.toMatch(/[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c\u0007]/);
  });
});

describe('drawing', () => {
  it('happens in the worker: describing a long document costs the event loop almost nothing', async () => {
    const paragraph = 'مرحبا بالعالم שלום עולם '.repeat(125);
    const started = performance.now();
    const doc = createPdf({ title: 'long' });
    for (let i = 0; i < 40; i++) doc.fontSize(11).text(paragraph);
    const rendering = pdfBuffer(doc);
    const described = performance.now() - started;
    // While the worker draws (hundreds of milliseconds of pdfkit), this thread's timers run.
    const timer = new Promise<'timer'>((resolve) => setTimeout(() => resolve('timer'), 5));
    expect(await Promise.race([rendering.then(() => 'pdf' as const), timer])).toBe('timer');
    const pdf = await rendering;
    const drawn = performance.now() - started;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(described).toBeLessThan(50);
    expect(drawn).toBeGreaterThan(described * 4);
  }, 60_000);
});

describe('template previews', () => {
  it('of 3,000 bidi characters are drawn, ten at once, with the controls dropped; /healthz answers meanwhile', async () => {
    const notes = `条款${BIDI}${'مرحبا بالعالم '.repeat(213)}${BIDI}结束`;
    expect(notes.length).toBeGreaterThanOrEqual(3000);
    const body = {
      title: '租赁合同',
      headerLines: [`地址${BIDI}`],
      notes: notes.slice(0, 3000),
      footerLines: [],
      sealText: '',
    };
    const url = '/api/ccwadmin/oaSetting/documentTemplate/preview/contract';
    const previews = Promise.all(Array.from({ length: 10 }, () => t.request('POST', url, { as: 'admin', body })));
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    const done = await previews;
    expect(done.map((p) => p.statusCode)).toEqual(Array(10).fill(200));
    const text = await pdfText(done[0]!.rawPayload);
    expect(text).toContain('地址');
    expect(text).toContain('条款');
    expect(text).not.toMatch(/[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/);
  }, 60_000);
});
