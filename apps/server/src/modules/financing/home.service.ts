import { sql } from 'drizzle-orm';
import { fenToYuan } from '@fleetdesk/contracts/common';
import { FINANCING_STATES, type FinanceHome, type FinancingState } from '@fleetdesk/contracts/financing';
import { rawNumber, rowsOf, type RawNumber } from '../../core/db.js';
import type { AppDeps } from '../../core/deps.js';
import { tenantDays } from '../../core/tenant-time.js';
import { countsByState } from './applications.repository.js';
import type { Side } from './financier.js';
import { limitsOfSide, limitSums } from './limits.service.js';

/** Days ahead in which an unpaid instalment counts as due on the home. */
export const DUE_SOON_DAYS = 7;

/**
 * `rentFinancingCar/index`, the finance home of either side: limits, applications by state, and the unpaid
 * instalments due within a week and overdue (read from `financing_instalments`).
 */
export async function financeHome(deps: AppDeps, side: Side): Promise<FinanceHome> {
  const days = await tenantDays(deps.db, side.ctx.tenantId, deps.clock.now());
  const limits = await limitsOfSide(deps.db, side);
  const raw = await countsByState(deps.db, side);
  const counts = Object.fromEntries(FINANCING_STATES.map((s) => [s, raw[s] ?? 0])) as Record<FinancingState, number>;
  const scope =
    side.kind === 'financier'
      ? sql`i.financier_id = ${side.financier.id}`
      : sql`i.tenant_id = ${side.ctx.tenantId} and i.rent_id = any(${`{${side.ctx.rentIds.join(',')}}`}::int8[])`;
  const [due] = await rowsOf<{
    due_n: RawNumber;
    due_fen: RawNumber | null;
    over_n: RawNumber;
    over_fen: RawNumber | null;
  }>(
    deps.db,
    sql`select
          count(*) filter (where i.due_date >= ${days.today}::date and i.due_date <= ${days.plusDays(DUE_SOON_DAYS)}::date) as due_n,
          sum(i.amount_fen - i.paid_fen) filter (where i.due_date >= ${days.today}::date
            and i.due_date <= ${days.plusDays(DUE_SOON_DAYS)}::date) as due_fen,
          count(*) filter (where i.due_date < ${days.today}::date) as over_n,
          sum(i.amount_fen + i.late_fee_fen - i.paid_fen - i.late_fee_paid_fen - i.late_fee_waived_fen)
            filter (where i.due_date < ${days.today}::date) as over_fen
        from financing_instalments i
        where ${scope} and i.state in ('pending', 'partial')`,
  );
  const awaiting =
    side.kind === 'financier'
      ? await rowsOf<{ n: RawNumber }>(
          deps.db,
          sql`select count(*) as n from financing_applications
              where financier_id = ${side.financier.id} and state = 'S2' and review_stage = 'financier'`,
        )
      : await rowsOf<{ n: RawNumber }>(
          deps.db,
          sql`select count(*) as n from financing_applications
              where tenant_id = ${side.ctx.tenantId} and rent_id = any(${`{${side.ctx.rentIds.join(',')}}`}::int8[])
                and state = 'S2' and review_stage = 'internal'`,
        );
  return {
    side: side.kind,
    limits,
    ...limitSums(limits),
    counts,
    awaitingReview: rawNumber(awaiting[0]?.n ?? 0),
    dueInstalments: rawNumber(due?.due_n ?? 0),
    dueAmount: fenToYuan(rawNumber(due?.due_fen ?? 0)),
    overdueInstalments: rawNumber(due?.over_n ?? 0),
    overdueAmount: fenToYuan(rawNumber(due?.over_fen ?? 0)),
  };
}
