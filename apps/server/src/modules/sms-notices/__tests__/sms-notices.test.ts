import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';

const P = '/api/ccwadmin/smsNotice';
let t: TestApp;
let tenantId: number;

beforeAll(async () => {
  t = await createTestApp();
  const { rows } = await t.deps.database.query<{ id: number }>(`select id from tenants where code = 'DEMO'`);
  tenantId = Number(rows[0]!.id);
});
afterAll(async () => t.close());

const CONTENT = '{name}您好，您租用的{plate}本期租金{amount}元将于{dueDate}到期，请按时支付。';
const recipients = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => ({
    phone: `1391111${String(from + i).padStart(4, '0')}`,
    name: `客户${from + i}`,
    variables: { plate: `浙A·D${String(10000 + from + i)}`, amount: '4800.00', dueDate: '2026-12-05' },
  }));

/** Runs the task of a send to its end, as the worker would. */
async function runTask(taskId: number) {
  await t.deps.tasks.run(tenantId, taskId, new AbortController().signal);
}

async function xlsx(rows: (string | number)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('收件人');
  rows.forEach((r) => ws.addRow(r));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function multipart(filename: string, type: string, content: Buffer) {
  const boundary = 'sms-test-boundary';
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    body: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}

describe('templates', () => {
  it('lists the seeded templates and creates, changes and deletes one', async () => {
    const list = (await t.request('GET', `${P}/template/list`, { as: 'admin' })).json().data;
    expect(list.total).toBe(7); // four of the notice screen, three of the contract reminders
    expect(list.rows.find((r: { name: string }) => r.name === '租金到期提醒').variables).toEqual([
      'name',
      'plate',
      'amount',
      'dueDate',
    ]);
    const created = await t.request('POST', `${P}/template/create`, {
      as: 'admin',
      body: { name: '还车提醒', content: '{name}您好，请于{dueDate}前还车。' },
    });
    expect(created.statusCode).toBe(200);
    const id = created.json().data.id;
    const changed = await t.request('PUT', `${P}/template/update/${id}`, {
      as: 'admin',
      body: { name: '还车提醒', content: '{name}您好，请于{dueDate}前归还{plate}。', status: 'disabled' },
    });
    expect(changed.json().data).toMatchObject({ status: 'disabled', variables: ['name', 'dueDate', 'plate'] });
    expect((await t.request('DELETE', `${P}/template/delete/${id}`, { as: 'admin' })).statusCode).toBe(200);
    expect((await t.request('DELETE', `${P}/template/delete/${id}`, { as: 'admin' })).statusCode).toBe(404);
  });

  it('refuses an unknown variable and an empty name', async () => {
    const res = await t.request('POST', `${P}/template/create`, {
      as: 'admin',
      body: { name: '', content: '您好{nickname}' },
    });
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['content', 'name']);
    expect(res.json().errors.find((e: { path: string }) => e.path === 'content').message).toContain('{plate}');
  });

  it('needs oaMessage:template to write and answers 404 for another tenant', async () => {
    expect(
      (await t.request('POST', `${P}/template/create`, { as: 'clerk', body: { name: 'x', content: 'y' } })).statusCode,
    ).toBe(403);
    const mine = (await t.request('GET', `${P}/template/list`, { as: 'admin' })).json().data.rows[0].id;
    expect(
      (await t.request('PUT', `${P}/template/update/${mine}`, { as: 'other', body: { name: 'x', content: 'y' } }))
        .statusCode,
    ).toBe(404);
    expect((await t.request('GET', `${P}/template/list`, { as: 'other' })).json().data.total).toBe(0);
  });
});

describe('recipients', () => {
  it('offers staff by department or label, and resolves them (sub-departments included)', async () => {
    const sources = (await t.request('GET', `${P}/recipient/sources`, { as: 'admin' })).json().data;
    const staff = sources.find((s: { key: string }) => s.key === 'staff');
    const dept = staff.filters.find((f: { key: string }) => f.key === 'departmentId');
    const ops = dept.options.find((o: { label: string }) => o.label === '运营部').value;
    const byDept = (
      await t.request('POST', `${P}/recipient/resolve`, {
        as: 'admin',
        body: { source: 'staff', filter: { departmentId: [ops] } },
      })
    ).json().data;
    expect(byDept.map((r: { name: string }) => r.name).sort()).toEqual(['刘洋', '李娜', '郑凯', '陈静'].sort());
    const label = staff.filters
      .find((f: { key: string }) => f.key === 'labelId')
      .options.find((o: { label: string }) => o.label === '催收专员').value;
    const byLabel = (
      await t.request('POST', `${P}/recipient/resolve`, {
        as: 'admin',
        body: { source: 'staff', filter: { labelId: label } },
      })
    ).json().data;
    expect(byLabel.map((r: { name: string }) => r.name).sort()).toEqual(['周杰', '赵磊'].sort());
  });

  it('reads an .xlsx with a header row', async () => {
    const file = await xlsx([
      ['姓名', '手机号', '车牌号', '金额', '到期日'],
      ['王磊', '13912340001', '浙A·D12345', 4800, '2026-12-05'],
      ['李强', '139 1234 0002', '浙A·F67890', 4500, '2026-12-06'],
    ]);
    const { headers, body } = multipart(
      '收件人.xlsx',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      file,
    );
    const res = await t.request('POST', `${P}/recipient/parse`, { as: 'admin', headers, body });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.recipients).toEqual([
      { phone: '13912340001', name: '王磊', variables: { plate: '浙A·D12345', amount: '4800', dueDate: '2026-12-05' } },
      {
        phone: '139 1234 0002',
        name: '李强',
        variables: { plate: '浙A·F67890', amount: '4500', dueDate: '2026-12-06' },
      },
    ]);
  });

  it('reads a CSV without a header as phone, name', async () => {
    const { headers, body } = multipart(
      'list.csv',
      'text/csv',
      Buffer.from('13912340001,"王, 磊"\r\n13912340002,李强\r\n'),
    );
    const res = await t.request('POST', `${P}/recipient/parse`, { as: 'admin', headers, body });
    expect(res.json().data.recipients).toEqual([
      { phone: '13912340001', name: '王, 磊' },
      { phone: '13912340002', name: '李强' },
    ]);
  });

  it('refuses a file that is neither .xlsx nor .csv', async () => {
    const { headers, body } = multipart('photo.png', 'image/png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]));
    const res = await t.request('POST', `${P}/recipient/parse`, { as: 'admin', headers, body });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('无法读取文件，请上传 .xlsx 或 .csv');
  });
});

describe('preview', () => {
  it('counts recipients, segments and cost, and lists what cannot be sent', async () => {
    const list = [
      ...recipients(3),
      { phone: '12345', name: '坏号' },
      { phone: '13911110000', name: '重复', variables: { plate: 'x', amount: '1', dueDate: 'd' } },
      { phone: '13911112222', name: '缺变量' },
    ];
    const res = await t.request('POST', `${P}/preview`, { as: 'admin', body: { content: CONTENT, recipients: list } });
    expect(res.statusCode).toBe(200);
    const p = res.json().data;
    expect(p.count).toBe(3);
    expect(p.invalid).toEqual([
      { row: 4, phone: '12345', reason: 'invalidPhone' },
      { row: 5, phone: '13911110000', reason: 'duplicate' },
      { row: 6, phone: '13911112222', reason: 'missingVariable', detail: 'plate,amount,dueDate' },
    ]);
    expect(p.previews[0].text).toBe(
      '【演示租车】客户0您好，您租用的浙A·D10000本期租金4800.00元将于2026-12-05到期，请按时支付。',
    );
    expect(p.previews[0].segments).toBe(1);
    expect(p.totalSegments).toBe(3);
    // Within the plan's included messages of the month (ENTERPRISE: 5,000), nothing is charged (S20).
    expect(p.monthly).toMatchObject({ included: 5000, unitPrice: 0.04 });
    expect(p.cost).toBe(0);
    expect(p.quota).toMatchObject({ daily: 20000 });
  });

  it('counts a long message in segments of 67', async () => {
    const long = '尊敬的{name}，'.concat('请注意车辆保养与安全驾驶。'.repeat(8));
    const p = (
      await t.request('POST', `${P}/preview`, { as: 'admin', body: { content: long, recipients: recipients(1) } })
    ).json().data;
    expect(p.previews[0].length).toBeGreaterThan(70);
    expect(p.previews[0].segments).toBe(Math.ceil(p.previews[0].length / 67));
  });
});

describe('sending', () => {
  it('refuses invalid numbers before anything is sent', async () => {
    const before = (await t.request('GET', `${P}/batch/list`, { as: 'admin' })).json().data.total;
    const res = await t.request('POST', `${P}/send`, {
      as: 'admin',
      body: { content: '测试通知', recipients: [{ phone: '13912340001' }, { phone: '1391234' }] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      status: 400,
      message: '有 1 个收件人无法发送（号码无效或缺少变量），请修正后再发送',
      errors: [{ path: 'recipients.1.phone', message: '手机号无效' }],
    });
    expect((await t.request('GET', `${P}/batch/list`, { as: 'admin' })).json().data.total).toBe(before);
  });

  it('refuses a sending over the daily quota', async () => {
    await t.deps.database.query(`update sms_settings set daily_quota = 10 where tenant_id = $1`, [tenantId]);
    try {
      const res = await t.request('POST', `${P}/send`, {
        as: 'admin',
        body: { content: CONTENT, recipients: recipients(11) },
        lang: 'en-US',
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        status: 30101,
        message: "Today's SMS quota would be exceeded: quota 10, used 0, this sending 11",
      });
    } finally {
      await t.deps.database.query(`update sms_settings set daily_quota = 20000 where tenant_id = $1`, [tenantId]);
    }
  });

  it('sends 50 messages as a task: progress, each status, the failure reason, history and export', async () => {
    const list = recipients(50);
    const res = await t.request('POST', `${P}/send`, {
      as: 'admin',
      body: { content: CONTENT, recipients: list, source: 'upload' },
    });
    expect(res.statusCode).toBe(200);
    const { batchId, taskId, targetId } = res.json().data;
    expect(targetId).toBe(`smsBatch:${batchId}`);

    const queued = (await t.request('GET', `/api/ccwadmin/task/progress/list`, { as: 'admin' })).json().data;
    expect(queued).toEqual([
      expect.objectContaining({ id: taskId, targetId, category: 1, processedNum: 0, total: 50, state: 'queued' }),
    ]);
    expect(
      (await t.request('POST', `/api/ccwadmin/task/progress/complete/${encodeURIComponent(targetId)}`, { as: 'admin' }))
        .statusCode,
    ).toBe(409);

    await runTask(taskId);
    const progress = (await t.request('GET', `/api/ccwadmin/task/progress/get/${taskId}`, { as: 'admin' })).json().data;
    expect(progress).toMatchObject({
      state: 'completed',
      processedNum: 50,
      total: 50,
      successNum: 49,
      failNum: 1,
      result: { sent: 49, failed: 1, batchId },
    });

    const batch = (await t.request('GET', `${P}/batch/${batchId}`, { as: 'admin' })).json().data;
    expect(batch).toMatchObject({
      total: 50,
      sent: 49,
      failed: 1,
      pending: 0,
      state: 'completed',
      segments: 50,
      cost: 0, // inside the month's included messages
      createdByName: '张伟',
    });
    const failed = (
      await t.request('GET', `${P}/batch/${batchId}/messages`, { as: 'admin', query: { status: 'failed' } })
    ).json().data;
    expect(failed.rows).toEqual([
      expect.objectContaining({
        phone: '13911110000',
        status: 'failed',
        error: 'sandbox: number unreachable (ends in 0000)',
        reason: '手机号无效或无法接收短信',
      }),
    ]);
    const inEnglish = (
      await t.request('GET', `${P}/batch/${batchId}/messages`, {
        as: 'admin',
        lang: 'en-US',
        query: { status: 'failed' },
      })
    ).json().data;
    expect(inEnglish.rows[0].reason).toBe('The phone number is invalid or cannot receive text messages');
    const sent = (
      await t.request('GET', `${P}/batch/${batchId}/messages`, { as: 'admin', query: { status: 'sent', pageSize: 5 } })
    ).json().data;
    expect(sent.total).toBe(49);
    expect(sent.rows[0]).toMatchObject({ phone: '13911110001', recipientName: '客户1', status: 'sent' });
    expect(sent.rows[0].sentAt).toBeTruthy();

    const done = await t.request('POST', `/api/ccwadmin/task/progress/complete/${encodeURIComponent(targetId)}`, {
      as: 'admin',
    });
    expect(done.statusCode).toBe(200);
    expect((await t.request('GET', `/api/ccwadmin/task/progress/list`, { as: 'admin' })).json().data).toEqual([]);

    const history = (await t.request('GET', `${P}/batch/list`, { as: 'admin', query: { keyword: '按时支付' } })).json()
      .data;
    expect(history.rows[0]).toMatchObject({ id: batchId, sent: 49, failed: 1 });

    const file = await t.request('GET', `${P}/batch/${batchId}/export`, { as: 'admin' });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('filename*=UTF-8');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    expect(sheet.rowCount).toBe(51);
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      '手机号',
      '姓名',
      '内容',
      '状态',
      '失败原因',
      '平台返回',
      '计费条数',
      '发送时间',
    ]);
    const statuses = sheet.getColumn(4).values.slice(2);
    const reasons = sheet.getColumn(5).values.slice(2);
    expect(reasons.filter(Boolean)).toEqual(['手机号无效或无法接收短信']);
    expect(statuses.filter((s) => s === '已发送')).toHaveLength(49);
    expect(statuses.filter((s) => s === '失败')).toHaveLength(1);

    const all = await t.request('GET', `${P}/batch/export`, { as: 'admin' });
    const wb2 = new ExcelJS.Workbook();
    await wb2.xlsx.load(all.rawPayload as unknown as ArrayBuffer);
    expect(wb2.worksheets[0]!.rowCount).toBeGreaterThanOrEqual(3);

    // Retry the failed one: a new batch, and the old message reads "retried".
    const retry = await t.request('POST', `${P}/batch/${batchId}/retry`, { as: 'admin' });
    expect(retry.statusCode).toBe(200);
    const again = retry.json().data;
    await runTask(again.taskId);
    expect((await t.request('GET', `${P}/batch/${again.batchId}`, { as: 'admin' })).json().data).toMatchObject({
      total: 1,
      failed: 1,
      retryOf: batchId,
    });
    const old = (
      await t.request('GET', `${P}/batch/${batchId}/messages`, { as: 'admin', query: { status: 'retried' } })
    ).json().data;
    expect(old.rows.map((m: { phone: string }) => m.phone)).toEqual(['13911110000']);
    expect((await t.request('POST', `${P}/batch/${batchId}/retry`, { as: 'admin' })).statusCode).toBe(409);
  });

  it('keeps tasks and batches to their tenant and starter', async () => {
    const { taskId, batchId } = (
      await t.request('POST', `${P}/send`, {
        as: 'admin',
        body: { content: '测试', recipients: [{ phone: '13912345678' }] },
      })
    ).json().data;
    expect((await t.request('GET', `/api/ccwadmin/task/progress/get/${taskId}`, { as: 'other' })).statusCode).toBe(404);
    expect((await t.request('GET', `${P}/batch/${batchId}`, { as: 'other' })).statusCode).toBe(404);
    expect((await t.request('GET', `${P}/batch/${batchId}/messages`, { as: 'other' })).statusCode).toBe(404);
    expect((await t.request('POST', `${P}/batch/${batchId}/retry`, { as: 'other' })).statusCode).toBe(404);
    // A colleague of the same tenant sees the batch, not the starter's task notice.
    expect(
      (
        await t.request('GET', `/api/ccwadmin/task/progress/get/${taskId}`, {
          as: 'liuyang',
          token: (await t.signIn('liuyang', 'Staff@123')).json().access_token,
        })
      ).statusCode,
    ).toBe(404);
    const removed = await t.request('DELETE', `/api/ccwadmin/task/progress/remove/${taskId}`, { as: 'admin' });
    expect(removed.json().data.state).toBe('cancelled');
  });

  it('needs oaMessage:send to send and oaMessage:view to read', async () => {
    expect(
      (
        await t.request('POST', `${P}/send`, {
          as: 'clerk',
          body: { content: 'x', recipients: [{ phone: '13912345678' }] },
        })
      ).statusCode,
    ).toBe(403);
    expect((await t.request('GET', `${P}/batch/list`, { as: 'clerk' })).statusCode).toBe(403);
    const staff = (await t.signIn('liuyang', 'Staff@123')).json().access_token;
    expect((await t.request('GET', `${P}/batch/list`, { token: staff })).statusCode).toBe(200);
    expect(
      (
        await t.request('POST', `${P}/send`, {
          token: staff,
          body: { content: 'x', recipients: [{ phone: '13912345678' }] },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('shows the tenant its outbox and settings, and a sandbox badge', async () => {
    const settings = (await t.request('GET', `${P}/settings`, { as: 'admin' })).json().data;
    expect(settings).toMatchObject({
      signature: '演示租车',
      dailyQuota: 20000,
      segmentPrice: 0.04, // the price list's S20 for ENTERPRISE
      provider: 'sandbox',
      sandbox: true,
    });
    expect(settings.usedToday).toBeGreaterThan(50);
    const outbox = (await t.request('GET', `${P}/outbox`, { as: 'admin', query: { pageSize: 3 } })).json().data;
    expect(outbox.rows).toHaveLength(3);
    expect((await t.request('GET', `${P}/outbox`, { as: 'other' })).json().data.total).toBe(0);
  });
});
