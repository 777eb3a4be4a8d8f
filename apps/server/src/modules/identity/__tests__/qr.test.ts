import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_BASIC, createTestApp, type TestApp } from '../../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const desktop = (method: 'GET' | 'POST', url: string) =>
  t.app.inject({ method, url, headers: { authorization: CLIENT_BASIC } });

async function newQr() {
  const res = await desktop('GET', '/api/admin/client/qr');
  expect(res.statusCode).toBe(200);
  return res.json().data as { id: string; url: string; image: string; expiresIn: number };
}
const poll = async (id: string) => (await desktop('GET', `/api/admin/client/qr/login/${id}`)).json();

describe('QR sign-in', () => {
  it('runs end to end: QR, scan, confirm on the phone, one poll with a code, token', async () => {
    const qr = await newQr();
    expect(qr.url).toBe(`http://localhost:8080/qr/${qr.id}`);
    expect(qr.image).toMatch(/^data:image\/png;base64,/);
    expect(qr.expiresIn).toBe(120);
    expect((await poll(qr.id)).data).toEqual({ state: 'waiting' });

    const scan = await t.request('POST', `/api/admin/client/qr/scan/${qr.id}`, { as: 'clerk' });
    expect(scan.statusCode).toBe(200);
    expect(scan.json().data).toMatchObject({ state: 'scanned', ip: '127.0.0.1' });
    expect((await poll(qr.id)).data).toEqual({ state: 'scanned' });

    const confirm = await t.request('POST', `/api/admin/client/qr/confirm/${qr.id}`, {
      as: 'clerk',
      body: { approve: true },
    });
    expect(confirm.json().data).toEqual({ state: 'confirmed' });

    const answer = (await poll(qr.id)).data;
    expect(answer).toMatchObject({ state: 'confirmed', username: 'clerk' });
    expect(answer.verify).toMatch(/^\d{6}$/);
    expect((await poll(qr.id)).data).toEqual({ state: 'consumed' });

    const token = await t.signIn(answer.username, '', { verify: answer.verify });
    expect(token.statusCode).toBe(200);
    expect(token.json().username).toBe('clerk');
    const { rows } = await t.deps.database.query<{ method: string }>(
      `select method from login_records order by id desc limit 1`,
    );
    expect(rows[0]!.method).toBe('qr');
  });

  it('expires after two minutes: the poll says so and the phone cannot confirm', async () => {
    const qr = await newQr();
    t.clock.advance(121_000);
    expect((await poll(qr.id)).data).toEqual({ state: 'expired' });
    const confirm = await t.request('POST', `/api/admin/client/qr/confirm/${qr.id}`, {
      as: 'admin',
      body: { approve: true },
    });
    expect(confirm.statusCode).toBe(409);
    expect(confirm.json().status).toBe(30101);
  });

  it('lets the phone refuse; a used QR cannot be confirmed again', async () => {
    const qr = await newQr();
    const refuse = await t.request('POST', `/api/admin/client/qr/confirm/${qr.id}`, {
      as: 'admin',
      body: { approve: false },
    });
    expect(refuse.json().data).toEqual({ state: 'cancelled' });
    expect((await poll(qr.id)).data).toEqual({ state: 'cancelled' });
    const again = await t.request('POST', `/api/admin/client/qr/confirm/${qr.id}`, {
      as: 'admin',
      body: { approve: true },
    });
    expect(again.statusCode).toBe(409);
  });

  it('needs a signed-in phone to confirm, and the client credential to start or poll', async () => {
    const qr = await newQr();
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/admin/client/qr/confirm/${qr.id}`,
      payload: { approve: true },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/client/qr' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/client/qr/login/${qr.id}` })).statusCode).toBe(401);
  });

  it('answers 404 for an unknown QR', async () => {
    const res = await desktop('GET', '/api/admin/client/qr/login/unknown-qr-session-id');
    expect(res.statusCode).toBe(404);
    expect(res.json().status).toBe(404);
  });

  it('lets an expired tenant confirm (signing in is not a business call)', async () => {
    const qr = await newQr();
    const res = await t.request('POST', `/api/admin/client/qr/confirm/${qr.id}`, {
      as: 'expired',
      body: { approve: true },
    });
    expect(res.statusCode).toBe(200);
  });
});
