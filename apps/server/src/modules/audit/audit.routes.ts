import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AuthPaths,
  LoginRecordQuery,
  LoginRecordRow,
  OperationLogQuery,
  OperationLogRow,
} from '@fleetdesk/contracts/auth';
import { envelope, paged } from '@fleetdesk/contracts/common';
import { access } from '../../core/access.js';
import { ok, page } from '../../core/envelope.js';
import { listLoginRecords, listOperationLogs } from './audit.repository.js';

const tags = ['operation log'];

export async function auditRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  app.get(AuthPaths.operationLogList, {
    schema: {
      tags,
      summary: 'Operation log of the tenant, newest first (filters: user, action prefix, target, time range)',
      querystring: OperationLogQuery,
      response: { 200: envelope(paged(OperationLogRow)) },
    },
    config: { access: access.permission('oaLog:view') },
    handler: async (req) => {
      const { rows, total } = await listOperationLogs(db, req.ctx.tenantId, req.query, req.lang);
      return ok(page(rows, total, req.query));
    },
  });

  app.get(AuthPaths.loginRecordList, {
    schema: {
      tags,
      summary: 'Sign-in records of the tenant, newest first',
      querystring: LoginRecordQuery,
      response: { 200: envelope(paged(LoginRecordRow)) },
    },
    config: { access: access.permission('oaLog:view') },
    handler: async (req) => {
      const { rows, total } = await listLoginRecords(db, req.ctx.tenantId, req.query);
      return ok(page(rows, total, req.query));
    },
  });
}
