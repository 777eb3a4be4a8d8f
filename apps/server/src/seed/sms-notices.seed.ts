import { and, eq } from 'drizzle-orm';
import { renderTemplate, smsSegments } from '@fleetdesk/contracts/sms-notices';
import { smsMessages } from '../db/schema/platform.js';
import { smsBatches, smsSettings, smsTemplates } from '../db/schema/sms-notices.js';
import { taskItems, taskProgress } from '../db/schema/tasks.js';
import type { DemoContext } from './context.js';

const TEMPLATES = [
  {
    name: '租金到期提醒',
    content: '{name}您好，您租用的{plate}本期租金{amount}元将于{dueDate}到期，请按时支付。如已支付请忽略。',
  },
  {
    name: '逾期催缴',
    content: '{name}您好，您租用的{plate}租金{amount}元已逾期，请于今日内支付，逾期将影响车辆正常使用。',
  },
  { name: '年检通知', content: '{name}您好，{plate}将于{dueDate}年检到期，请提前预约到{company}办理。' },
  { name: '员工值班通知', content: '{name}您好，本周末值班安排已更新，请登录系统查看。' },
];

const PAST = [
  { name: '王磊', phone: '13912340001', plate: '浙A·D12345', amount: '4800.00', dueDate: '2026-11-15', ok: true },
  { name: '李强', phone: '13912340002', plate: '浙A·F67890', amount: '4500.00', dueDate: '2026-11-15', ok: true },
  { name: '张敏', phone: '13912340003', plate: '浙A·G24680', amount: '5200.00', dueDate: '2026-11-15', ok: true },
  { name: '刘波', phone: '13912340000', plate: '浙A·H13579', amount: '4800.00', dueDate: '2026-11-15', ok: false },
  { name: '陈晨', phone: '13912340005', plate: '浙A·K11223', amount: '3900.00', dueDate: '2026-11-15', ok: true },
];

/** SMS settings, templates and one finished notice of last week (one number unreachable), for the demo company. */
export async function seedSmsNotices({ tx, clock, demo }: DemoContext): Promise<void> {
  const tenantId = demo.tenantId;
  await tx.insert(smsSettings).values({ tenantId, signature: '演示租车', dailyQuota: 20_000, segmentPriceFen: 5 });
  const templateRows = await tx
    .insert(smsTemplates)
    .values(TEMPLATES.map((t) => ({ tenantId, ...t, createdBy: demo.adminId })))
    .returning({ id: smsTemplates.id });

  const sentAt = new Date(clock.now().getTime() - 6 * 86_400_000);
  const content = TEMPLATES[0]!.content;
  const texts = PAST.map(({ ok: _ok, ...values }) => `【演示租车】${renderTemplate(content, values)}`);
  const segments = texts.map((t) => smsSegments(t).segments);
  const total = segments.reduce((a, b) => a + b, 0);
  const [batch] = await tx
    .insert(smsBatches)
    .values({
      tenantId,
      templateId: templateRows[0]!.id,
      content,
      source: 'upload',
      total: PAST.length,
      segments: total,
      costFen: total * 5,
      createdBy: demo.adminId,
      createdAt: sentAt,
      finishedAt: new Date(sentAt.getTime() + 4000),
    })
    .returning({ id: smsBatches.id });
  const ok = PAST.filter((p) => p.ok).length;
  const [task] = await tx
    .insert(taskProgress)
    .values({
      tenantId,
      targetId: `smsBatch:${batch!.id}`,
      kind: 'sms.notice',
      category: 1,
      title: content.slice(0, 40),
      state: 'completed',
      total: PAST.length,
      processedNum: PAST.length,
      successNum: ok,
      failNum: PAST.length - ok,
      result: { sent: ok, failed: PAST.length - ok, batchId: batch!.id },
      createdBy: demo.adminId,
      createdAt: sentAt,
      startedAt: sentAt,
      finishedAt: new Date(sentAt.getTime() + 4000),
      acknowledgedAt: new Date(sentAt.getTime() + 6000),
    })
    .returning({ id: taskProgress.id });
  await tx
    .update(smsBatches)
    .set({ taskId: task!.id })
    .where(and(eq(smsBatches.tenantId, tenantId), eq(smsBatches.id, batch!.id)));
  await tx.insert(taskItems).values(
    PAST.map((p, i) => ({
      tenantId,
      taskId: task!.id,
      seq: i + 1,
      payload: { phone: p.phone, name: p.name, text: texts[i], segments: segments[i] },
      state: p.ok ? 'done' : 'failed',
    })),
  );
  await tx.insert(smsMessages).values(
    PAST.map((p, i) => ({
      tenantId,
      provider: 'sandbox',
      phone: p.phone,
      content: texts[i]!,
      params: { name: p.name, plate: p.plate, amount: p.amount, dueDate: p.dueDate },
      status: p.ok ? 'sent' : 'failed',
      error: p.ok ? null : 'sandbox: number unreachable (ends in 0000)',
      idempotencyKey: `sms:${tenantId}:${task!.id}:${i + 1}`,
      batchId: batch!.id,
      recipientName: p.name,
      segments: segments[i]!,
      createdAt: sentAt,
      sentAt: p.ok ? new Date(sentAt.getTime() + 1000 + i * 300) : null,
    })),
  );
}
