import { z } from 'zod';

export const TaskPaths = {
  list: '/api/ccwadmin/task/progress/list',
  get: '/api/ccwadmin/task/progress/get/:id',
  remove: '/api/ccwadmin/task/progress/remove/:id',
  complete: '/api/ccwadmin/task/progress/complete/:targetId',
} as const;

/** Task categories of spec section 9, and ours after them. */
export const TaskCategory = { sms: 1, violationQuery: 2, import: 3, export: 4 } as const;
export const TASK_POLL_MS = 2000;
/** Completion notice of spec section 9 (zh-CN); the web translates it for en-US. */
export const TASK_DONE_TEXT_ZH = '任务执行完毕, 请至相关页面查看结果！';

export const TaskState = z.enum(['queued', 'running', 'completed', 'failed', 'cancelled']);
export type TaskState = z.infer<typeof TaskState>;

export const TaskProgress = z.object({
  id: z.number().int(),
  targetId: z.string(),
  category: z.number().int(),
  title: z.string(),
  state: TaskState,
  processedNum: z.number().int(),
  total: z.number().int(),
  successNum: z.number().int(),
  failNum: z.number().int(),
  result: z.record(z.string(), z.unknown()).nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type TaskProgress = z.infer<typeof TaskProgress>;

export const TargetIdParam = z.object({ targetId: z.string().min(1).max(120) });
