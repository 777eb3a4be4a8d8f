import { templateVariables, type SmsBatch, type SmsMessage, type SmsTemplate } from '@fleetdesk/contracts/sms-notices';
import type { TaskProgress } from '@fleetdesk/contracts/tasks';
import { ok, type FakeAnswer, type FakeRequest } from '../../../test/fake-server';

export const SETTINGS = {
  signature: 'Demo',
  dailyQuota: 100,
  usedToday: 10,
  segmentPrice: 0.05,
  provider: 'sandbox',
  sandbox: true,
};

export const VARIABLES = [
  { key: 'name', title: 'Name', example: 'Wang Lei' },
  { key: 'plate', title: 'Plate', example: 'ZJ-A·D12345' },
  { key: 'amount', title: 'Amount due', example: '4800.00' },
  { key: 'dueDate', title: 'Due date', example: '2026-12-05' },
  { key: 'company', title: 'Company', example: 'Hangzhou' },
];

export const SOURCES = [
  {
    key: 'staff',
    title: 'Staff (by department or label)',
    variables: ['name', 'company'],
    filters: [
      {
        key: 'departmentId',
        title: 'Department',
        type: 'multiSelect',
        options: [{ value: '1', label: 'Sales' }],
      },
    ],
  },
];

export function template(patch: Partial<SmsTemplate> = {}): SmsTemplate {
  return {
    id: 1,
    name: 'Rent due',
    content: '{name}, the rent of {plate} is due on {dueDate}.',
    providerTemplate: null,
    status: 'active',
    variables: ['name', 'plate', 'dueDate'],
    createdAt: '2026-11-01T02:00:00Z',
    updatedAt: '2026-11-02T02:00:00Z',
    ...patch,
  };
}

export function batch(patch: Partial<SmsBatch> = {}): SmsBatch {
  return {
    id: 7,
    content: '{name}, the duty roster changed.',
    source: 'manual',
    total: 50,
    sent: 49,
    failed: 1,
    pending: 0,
    segments: 50,
    cost: 2.5,
    retryOf: null,
    taskId: 70,
    state: 'completed',
    createdBy: 1,
    createdByName: 'Zhang Wei',
    createdAt: '2026-11-21T04:00:00Z',
    finishedAt: '2026-11-21T04:00:09Z',
    ...patch,
  };
}

export function message(id: number, patch: Partial<SmsMessage> = {}): SmsMessage {
  return {
    id,
    phone: `1391234${String(1000 + id).padStart(4, '0')}`,
    recipientName: `Test ${id}`,
    content: `【Demo】Test ${id}, the duty roster changed.`,
    status: 'sent',
    error: null,
    reason: null,
    segments: 1,
    provider: 'sandbox',
    createdAt: '2026-11-21T04:00:01Z',
    sentAt: '2026-11-21T04:00:02Z',
    ...patch,
  };
}

export function task(patch: Partial<TaskProgress> = {}): TaskProgress {
  return {
    id: 70,
    targetId: 'smsBatch:7',
    category: 1,
    title: '{name}, the duty roster changed.',
    state: 'running',
    processedNum: 0,
    total: 2,
    successNum: 0,
    failNum: 0,
    result: null,
    error: null,
    createdAt: '2026-11-21T04:00:00Z',
    startedAt: null,
    finishedAt: null,
    ...patch,
  };
}

interface PreviewBody {
  content: string;
  recipients: { phone: string; name?: string; variables?: Record<string, string> }[];
}

/** The server's preview, as far as the screen needs it: bad numbers, duplicates, a text per recipient. */
export function fakePreview(req: FakeRequest): FakeAnswer {
  const body = req.body as PreviewBody;
  const invalid: { row: number; phone: string; reason: string; detail?: string }[] = [];
  const needed = templateVariables(body.content).filter((v) => v !== 'company');
  const valid: PreviewBody['recipients'] = [];
  const seen = new Set<string>();
  body.recipients.forEach((r, i) => {
    if (!/^1[3-9]\d{9}$/.test(r.phone)) invalid.push({ row: i + 1, phone: r.phone, reason: 'invalidPhone' });
    else if (seen.has(r.phone)) invalid.push({ row: i + 1, phone: r.phone, reason: 'duplicate' });
    else if (needed.some((v) => !(v === 'name' ? r.name : r.variables?.[v]))) {
      const missing = needed.filter((v) => !(v === 'name' ? r.name : r.variables?.[v]));
      invalid.push({ row: i + 1, phone: r.phone, reason: 'missingVariable', detail: missing.join(',') });
    } else {
      seen.add(r.phone);
      valid.push(r);
    }
  });
  // The plan includes 500 messages a month and 499 are used: the rest are charged at ¥0.05 (S20).
  const charged = Math.max(0, valid.length - 1);
  return ok({
    count: valid.length,
    invalid,
    totalSegments: valid.length,
    cost: Math.round(charged * 5) / 100,
    quota: { daily: 100, usedToday: 10, remaining: 90 },
    monthly: { included: 500, used: 499, left: 1, unitPrice: 0.05 },
    chargedMessages: charged,
    previews: valid.map((r) => ({
      phone: r.phone,
      name: r.name ?? null,
      text: `【Demo】${body.content.replace('{name}', r.name ?? '')}`,
      length: 30,
      segments: 1,
    })),
  });
}

export const paged = <T>(rows: T[]) => ok({ rows, total: rows.length, pageNum: 1, pageSize: 20 });

/** The calls every tab of the screen makes on arrival. */
export function smsRoutes(more: Record<string, (req: FakeRequest) => FakeAnswer> = {}) {
  return {
    'GET /api/ccwadmin/smsNotice/settings': () => ok(SETTINGS),
    'GET /api/ccwadmin/smsNotice/variables': () => ok(VARIABLES),
    'GET /api/ccwadmin/smsNotice/recipient/sources': () => ok(SOURCES),
    'GET /api/ccwadmin/smsNotice/template/list': () => paged([template()]),
    'POST /api/ccwadmin/smsNotice/preview': fakePreview,
    'GET /api/ccwadmin/task/progress/list': () => ok([]),
    ...more,
  };
}
