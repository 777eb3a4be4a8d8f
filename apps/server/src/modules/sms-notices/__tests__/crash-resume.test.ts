import { createServer, type Server } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CLIENT_ID, DEFAULT_CLIENT_SECRET } from '@fleetdesk/contracts/auth';
import { openPglite, type Database } from '../../../core/db.js';
import { openTestDatabase } from '../../../test/harness.js';
import { startServerProcess, type ServerProcess } from '../../../test/server-process.js';

/**
 * DESIGN.md section 8: a killed process loses no work and sends no SMS twice. A real server process sends a
 * notice through the Aliyun adapter to a stand-in gateway on loopback, is killed with SIGKILL in the middle,
 * and is started again; the gateway must then have received every message exactly once.
 */
const TOTAL = 1200;

class Gateway {
  readonly sends = new Map<string, number>();
  private server!: Server;
  port = 0;
  async start() {
    this.server = createServer((req, res) => {
      const q = new URL(req.url!, 'http://x').searchParams;
      if (q.get('Action') === 'SendSms') {
        const outId = q.get('OutId')!;
        this.sends.set(outId, (this.sends.get(outId) ?? 0) + 1);
        setTimeout(() => {
          res.setHeader('content-type', 'application/json');
          res.end(JSON.stringify({ Code: 'OK', Message: 'OK', BizId: `biz-${outId}`, RequestId: 'r' }));
        }, 3);
        return;
      }
      if (q.get('Action') === 'QuerySendDetails') {
        const phone = q.get('PhoneNumber');
        const found = [...this.sends.keys()].filter((k) => this.phones.get(k) === phone);
        res.setHeader('content-type', 'application/json');
        res.end(
          JSON.stringify({
            Code: 'OK',
            SmsSendDetailDTOs: { SmsSendDetailDTO: found.map((OutId) => ({ OutId, SendStatus: 3 })) },
          }),
        );
        return;
      }
      res.statusCode = 400;
      res.end('{}');
    });
    this.server.on('request', (req) => {
      const q = new URL(req.url!, 'http://x').searchParams;
      if (q.get('Action') === 'SendSms') this.phones.set(q.get('OutId')!, q.get('PhoneNumbers')!);
    });
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', () => r()));
    this.port = (this.server.address() as AddressInfo).port;
  }
  readonly phones = new Map<string, string>();
  stop() {
    this.server.close();
  }
}

let gateway: Gateway;
let dataDir: string;
let database: Database | undefined;
let databaseUrl: string | undefined;

beforeAll(async () => {
  gateway = new Gateway();
  await gateway.start();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'fleetdesk-crash-'));
  if (process.env.DATABASE_URL) {
    database = await openTestDatabase();
    databaseUrl = database.url;
  }
});
afterAll(async () => {
  gateway.stop();
  await database?.close();
  await rm(dataDir, { recursive: true, force: true });
});

function startServer(): Promise<ServerProcess> {
  return startServerProcess({
    DATA_DIR: dataDir,
    SEED_DEMO: databaseUrl ? 'false' : 'true',
    SMS_PROVIDER: 'aliyun',
    SMS_ALIYUN_ACCESS_KEY_ID: 'test-id',
    SMS_ALIYUN_ACCESS_KEY_SECRET: 'test-secret',
    SMS_ALIYUN_SIGN_NAME: '演示租车',
    SMS_ALIYUN_CODE_TEMPLATE: 'SMS_CODE',
    SMS_ALIYUN_ENDPOINT: `http://127.0.0.1:${gateway.port}/`,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: '' }),
  });
}

async function call(base: string, method: string, url: string, token: string, body?: unknown) {
  const res = await fetch(base + url, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'x-user-type': 'manager',
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return (await res.json()) as {
    status: number;
    data: Record<string, unknown> & { processedNum: number; total: number; state: string };
  };
}

async function signIn(base: string) {
  const res = await fetch(`${base}/api/auth/oauth/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${DEFAULT_CLIENT_ID}:${DEFAULT_CLIENT_SECRET}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=password&username=admin&password=Admin%40123',
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

describe('a notice survives kill -9', () => {
  it('finishes after a restart with every message sent exactly once', { timeout: 480_000 }, async () => {
    let server = await startServer();
    let token = await signIn(server.base);
    const template = await call(server.base, 'POST', '/api/ccwadmin/smsNotice/template/create', token, {
      name: '崩溃测试',
      content: '{name}您好，这是一条测试通知。',
      providerTemplate: 'SMS_TEST_0001',
    });
    const recipients = Array.from({ length: TOTAL }, (_, i) => ({
      phone: `1370000${String(1000 + i).padStart(4, '0')}`,
      name: `收件人${i}`,
    }));
    const sent = await call(server.base, 'POST', '/api/ccwadmin/smsNotice/send', token, {
      templateId: template.data.id,
      content: '{name}您好，这是一条测试通知。',
      recipients,
    });
    expect(sent.status).toBe(200);
    const taskId = sent.data.taskId as number;

    // Kill the process while the task is half done.
    for (;;) {
      const p = await call(server.base, 'GET', `/api/ccwadmin/task/progress/get/${taskId}`, token);
      if (p.data.processedNum >= 200) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    server.child.kill('SIGKILL');
    await new Promise((r) => server.child.once('exit', r));
    const receivedBeforeRestart = gateway.sends.size;
    expect(receivedBeforeRestart).toBeLessThan(TOTAL);

    server = await startServer();
    token = await signIn(server.base);
    let progress;
    for (;;) {
      progress = (await call(server.base, 'GET', `/api/ccwadmin/task/progress/get/${taskId}`, token)).data;
      if (progress.state === 'completed') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(progress).toMatchObject({ processedNum: TOTAL, total: TOTAL, successNum: TOTAL, failNum: 0 });
    server.child.kill('SIGTERM');
    await new Promise((r) => server.child.once('exit', r));

    // The gateway got each message once.
    expect(gateway.sends.size).toBe(TOTAL);
    const twice = [...gateway.sends.entries()].filter(([, n]) => n > 1).map(([k]) => k);
    expect(twice).toEqual([]);

    // And the records agree: one sent message per item, every item handled once.
    const db = database ?? (await openPglite({ dataDir: path.join(dataDir, 'pgdata') }));
    try {
      const { rows } = await db.query<{ n: number; distinct_keys: number; sent: number }>(
        `select count(*)::int as n, count(distinct idempotency_key)::int as distinct_keys, count(*) filter (where status = 'sent')::int as sent
         from sms_messages where batch_id = $1`,
        [sent.data.batchId],
      );
      expect(rows[0]).toEqual({ n: TOTAL, distinct_keys: TOTAL, sent: TOTAL });
      const items = await db.query<{ pending: number; done: number }>(
        `select count(*) filter (where state = 'pending')::int as pending, count(*) filter (where state = 'done')::int as done from task_items where task_id = $1`,
        [taskId],
      );
      expect(items.rows[0]).toEqual({ pending: 0, done: TOTAL });
    } finally {
      if (!database) await db.close();
    }
  });
});
