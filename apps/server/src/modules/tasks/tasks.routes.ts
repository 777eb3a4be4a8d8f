import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, IdParam } from '@fleetdesk/contracts/common';
import { TargetIdParam, TaskPaths, TaskProgress } from '@fleetdesk/contracts/tasks';
import { access } from '../../core/access.js';
import { ok } from '../../core/envelope.js';
import { defineMessages } from '../../core/i18n.js';
import { completeMyTask, getMyTask, listMyTasks, removeMyTask } from './tasks.service.js';

defineMessages({
  'task.notFinished': { 'zh-CN': '任务尚未完成', 'en-US': 'The task has not finished yet' },
});

const tags = ['tasks'];
// Progress is readable whatever the membership: a task started before expiry still reports its end.
const signedIn = access.signedIn({ allowExpired: true });

export async function tasksRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;

  app.get(TaskPaths.list, {
    schema: {
      tags,
      summary: "The caller's background tasks not yet acknowledged, oldest first",
      response: { 200: envelope(z.array(TaskProgress)) },
    },
    config: { access: signedIn },
    handler: async (req) => ok(await listMyTasks(deps, req.ctx)),
  });

  app.get(TaskPaths.get, {
    schema: {
      tags,
      summary: "One of the caller's tasks with its progress",
      params: IdParam,
      response: { 200: envelope(TaskProgress) },
    },
    config: { access: signedIn },
    handler: async (req) => ok(await getMyTask(deps, req.ctx, req.params.id)),
  });

  app.delete(TaskPaths.remove, {
    schema: {
      tags,
      summary: 'Remove a task from the list; an unfinished one is cancelled',
      params: IdParam,
      response: { 200: envelope(TaskProgress) },
    },
    config: { access: signedIn, audit: { action: 'task.remove', targetType: 'task' } },
    handler: async (req) => ok(await removeMyTask(deps, req.ctx, req.params.id)),
  });

  app.post(TaskPaths.complete, {
    schema: {
      tags,
      summary: 'Completion call by target id: the finished task has been shown to the user',
      params: TargetIdParam,
      response: { 200: envelope(TaskProgress) },
    },
    config: { access: signedIn, audit: false },
    handler: async (req) => ok(await completeMyTask(deps, req.ctx, req.params.targetId)),
  });
}
