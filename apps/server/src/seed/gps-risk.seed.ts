import { sql } from 'drizzle-orm';
import type { Db } from '../core/db.js';
import { rowsOf } from '../core/db.js';
import { approvalFlows, approvalFlowVersions } from '../db/schema/office.js';
import { evaluateEvents, sweepRules, type RiskEventRow } from '../modules/gps/risk/risk.service.js';
import type { DemoContext } from './context.js';

/**
 * GPS risk demo: the approval flow of a fuel cut (the administrator approves), and the cases the risk engine
 * raises from the seeded data with the default rules: the power cut of a rented tracker (浙AF67890), and the
 * tracker of 浙AF20318, whose rent is a month overdue, silent for a day (the periodic job, a minute later).
 */
export async function seedGpsRisk({ tx, clock, demo }: DemoContext): Promise<void> {
  const now = clock.now();
  const name = '风控断油审批';
  const [flow] = await tx
    .insert(approvalFlows)
    .values({ tenantId: demo.tenantId, businessType: 'fuelCut', name, version: 1, updatedBy: demo.adminId })
    .returning({ id: approvalFlows.id });
  await tx.insert(approvalFlowVersions).values({
    tenantId: demo.tenantId,
    flowId: flow!.id,
    version: 1,
    name,
    definition: {
      steps: [
        {
          name: '风控负责人',
          kind: 'user',
          userIds: [demo.adminId],
          roleId: null,
          mode: 'any',
          amountAbove: null,
          amountUpTo: null,
        },
      ],
      copyUserIds: [],
    },
    createdBy: demo.adminId,
    createdAt: new Date(now.getTime() - 30 * 86_400_000),
  });

  // The engine itself, on what the GPS seeds stored (its transactions become savepoints of the seed's).
  const deps = { db: tx as unknown as Db, clock };
  const events = await rowsOf<RiskEventRow>(
    tx,
    sql`select tenant_id, id, device_id, car_id, type, at from gps_events
      where tenant_id = ${demo.tenantId} and type in ('geofenceExit', 'powerCut', 'tamper') and car_id is not null
      order by at, id`,
  );
  await evaluateEvents(deps, events);
  const later = new Date(now.getTime() + 60_000);
  await sweepRules({ db: deps.db, clock: { now: () => later } });
}
