import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AuthPaths,
  MessageCategoryParams,
  MessageChannel,
  MessageCountItem,
  MessageFilterQuery,
  MessageItem,
  MessageListQuery,
  MessageReadAllInput,
  MessageReadAllResult,
  MessageSmsCategories,
  MessageSmsCategoriesInput,
} from '@fleetdesk/contracts/auth';
import { envelope, IdParam, paged } from '@fleetdesk/contracts/common';
import { access } from '../../core/access.js';
import { ok, page } from '../../core/envelope.js';
import {
  listMessages,
  markAllRead,
  markRead,
  saveSmsCategories,
  smsCategories,
  unreadCounts,
} from './messages.service.js';

/**
 * The message centre: every call is the signed-in user's own messages (tenant and user), whatever his
 * permissions; another user's or tenant's message is 404.
 */
export async function messagesRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const signedIn = access.signedIn({ allowExpired: true });

  app.get(AuthPaths.messageCount, {
    schema: {
      tags: ['messages'],
      summary: 'Unread, not archived messages of the signed-in user on a channel, per category (the bell sums num)',
      querystring: MessageChannel,
      response: { 200: envelope(z.array(MessageCountItem)) },
    },
    config: { access: signedIn },
    handler: async (req) => ok(await unreadCounts(db, req.ctx, req.query.channel, req.lang)),
  });

  app.get(AuthPaths.messageList, {
    schema: {
      tags: ['messages'],
      summary:
        "The signed-in user's messages on a channel, newest first, in the caller's language: category, read state (all, unread, read: not archived; archived) and keyword",
      querystring: MessageListQuery,
      response: { 200: envelope(paged(MessageItem)) },
    },
    config: { access: signedIn },
    handler: async (req) => {
      const { rows, total } = await listMessages(db, req.ctx, req.query, req.lang);
      return ok(page(rows, total, req.query));
    },
  });

  app.get(AuthPaths.messageListByCategory, {
    schema: {
      tags: ['messages'],
      summary: "The signed-in user's messages of a channel and category (spec section 3), with the list's filters",
      params: MessageCategoryParams,
      querystring: MessageFilterQuery,
      response: { 200: envelope(paged(MessageItem)) },
    },
    config: { access: signedIn },
    handler: async (req) => {
      const { rows, total } = await listMessages(db, req.ctx, { ...req.query, ...req.params }, req.lang);
      return ok(page(rows, total, req.query));
    },
  });

  app.put(AuthPaths.messageRead, {
    schema: {
      tags: ['messages'],
      summary: "Marks one of the signed-in user's messages read (opening it); answers the message",
      params: IdParam,
      response: { 200: envelope(MessageItem) },
    },
    config: { access: signedIn, audit: false },
    handler: async (req) => ok(await markRead(app.deps, req.ctx, req.params.id, req.lang)),
  });

  app.put(AuthPaths.messageReadAll, {
    schema: {
      tags: ['messages'],
      summary: "Marks read all the signed-in user's unread messages of a channel (of one category, if given)",
      body: MessageReadAllInput,
      response: { 200: envelope(MessageReadAllResult) },
    },
    config: { access: signedIn, audit: false },
    handler: async (req) => ok(await markAllRead(app.deps, req.ctx, req.body)),
  });

  app.get(AuthPaths.messageSmsCategories, {
    schema: {
      tags: ['messages'],
      summary: 'The categories whose messages the signed-in user also gets by SMS, and the masked phone they go to',
      response: { 200: envelope(MessageSmsCategories) },
    },
    config: { access: signedIn },
    handler: async (req) => ok(await smsCategories(app.deps, req.ctx)),
  });

  app.put(AuthPaths.messageSmsCategories, {
    schema: {
      tags: ['messages'],
      summary: 'Chooses the categories whose messages the signed-in user also gets by SMS (to his own phone)',
      body: MessageSmsCategoriesInput,
      response: { 200: envelope(MessageSmsCategories) },
    },
    config: { access: signedIn, audit: { targetType: 'messageSettings' } },
    handler: async (req) => {
      const change = await saveSmsCategories(app.deps, req.ctx, req.body.categories);
      req.auditNote = {
        targetId: req.ctx.userId,
        summary: { before: change.before, after: change.value.categories },
      };
      return ok(change.value);
    },
  });
}
