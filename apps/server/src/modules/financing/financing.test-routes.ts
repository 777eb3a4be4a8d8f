import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, IdParam } from '@fleetdesk/contracts/common';
import { access } from '../../core/access.js';
import { rowsOf } from '../../core/db.js';
import { ok } from '../../core/envelope.js';
import { ForbiddenError, NotFoundError } from '../../core/errors.js';
import { applyFinancingLateFees } from './late-fees.service.js';

const LOOPBACK = ['127.0.0.1', '::1', '::ffff:127.0.0.1'];

/**
 * Test-only (`TEST_ROUTES=true`, loopback callers only): dates a financing back by `days` (its submission, decision,
 * loan and every instalment's due date), then runs its tenant's late-fee job, so that an end-to-end test sees an
 * instalment fall due and go overdue without waiting months (the contracts' tests date a contract back the same way).
 */
export async function financingTestRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post('/api/test/financing/back/:id', {
    schema: {
      hide: true,
      params: IdParam,
      body: z.object({ days: z.number().int().min(1).max(3650) }),
      response: { 200: envelope(z.object({ overdue: z.number(), notices: z.number() })) },
    },
    config: { access: access.public() },
    handler: async (req) => {
      if (!LOOPBACK.includes(req.socket.remoteAddress ?? '')) throw new ForbiddenError();
      const db = app.deps.db;
      const days = req.body.days;
      const [found] = await rowsOf<{ tenant_id: number }>(
        db,
        sql`select tenant_id from financing_applications where id = ${req.params.id}`,
      );
      if (!found) throw new NotFoundError();
      const back = sql`(${days} || ' days')::interval`;
      await db.execute(sql`update financing_applications
        set submitted_at = submitted_at - ${back}, decided_at = decided_at - ${back},
            disbursed_at = disbursed_at - ${back}, created_at = created_at - ${back}
        where id = ${req.params.id}`);
      await db.execute(sql`update financing_apply_items
        set requested_at = requested_at - ${back}, disbursed_at = disbursed_at - ${back}
        where application_id = ${req.params.id}`);
      await db.execute(sql`update financing_instalments set due_date = due_date - ${days}::int
        where application_id = ${req.params.id}`);
      return ok(await applyFinancingLateFees(app.deps, Number(found.tenant_id)));
    },
  });
}
