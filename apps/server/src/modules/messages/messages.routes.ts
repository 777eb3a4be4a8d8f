import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AuthPaths, MessageChannel, MessageCountItem, MessageItem, MessageListQuery } from '@fleetdesk/contracts/auth';
import { envelope, paged } from '@fleetdesk/contracts/common';
import { MESSAGE_CATEGORIES } from '@fleetdesk/contracts/messages';
import { access } from '../../core/access.js';
import { ok, page } from '../../core/envelope.js';
import { pushRecords } from '../../db/schema/messages.js';
import { listMessages } from './messages.service.js';

export async function messagesRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  app.get(AuthPaths.messageCount, {
    schema: {
      tags: ['messages'],
      summary: 'Unread messages of the signed-in user on a channel, per category (the bell sums num)',
      querystring: MessageChannel,
      response: { 200: envelope(z.array(MessageCountItem)) },
    },
    config: { access: access.signedIn({ allowExpired: true }) },
    handler: async (req) => {
      const rows = await db
        .select({ category: pushRecords.category, num: sql<number>`count(*)::int` })
        .from(pushRecords)
        .where(
          and(
            eq(pushRecords.tenantId, req.ctx.tenantId),
            eq(pushRecords.userId, req.ctx.userId),
            eq(pushRecords.channel, req.query.channel),
            isNull(pushRecords.readAt),
          ),
        )
        .groupBy(pushRecords.category);
      const counts = new Map(rows.map((r) => [r.category, r.num]));
      return ok(
        MESSAGE_CATEGORIES.map((c) => ({ category: c.id, name: c.name[req.lang], num: counts.get(c.id) ?? 0 })),
      );
    },
  });

  app.get(AuthPaths.messageList, {
    schema: {
      tags: ['messages'],
      summary: "The signed-in user's messages on a channel, newest first, in the caller's language",
      querystring: MessageListQuery,
      response: { 200: envelope(paged(MessageItem)) },
    },
    config: { access: access.signedIn({ allowExpired: true }) },
    handler: async (req) => {
      const { rows, total } = await listMessages(db, req.ctx, req.query, req.lang);
      return ok(page(rows, total, req.query));
    },
  });
}
