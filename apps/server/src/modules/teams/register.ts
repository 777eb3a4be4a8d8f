import { sql } from 'drizzle-orm';
import { rawNumber, rowsOf, type RawNumber } from '../../core/db.js';
import type { AppDeps } from '../../core/deps.js';
import { registerSchedule } from '../../core/schedules.js';
import { registerApprovalType } from '../approvals/approvals.service.js';
import { computeLastMonth, TEAM_STATEMENT_TYPE } from './commission.service.js';
import { registerFlowImport } from './flow.import.js';
import { runFlowSync, setFlowProvider } from './flow-sync.service.js';
import { createFlowProvider } from './platforms/factory.js';

/** Daily at 05:20: yesterday's platform flows (the platforms close a day's figures in the early morning). */
export const TEAM_FLOW_SYNC_CRON = '20 5 * * *';

/** Daily at 03:10: last month's statements of the nodes with a rule and none yet. */
export const TEAM_STATEMENTS_CRON = '10 3 * * *';

/**
 * The monthly statements job: per tenant with an enabled rule, last month's statements that are missing, as drafts.
 * Tests call it with a moved clock.
 */
export async function runTeamStatements(deps: AppDeps, now: Date = deps.clock.now()): Promise<number> {
  const tenants = await rowsOf<{ tenant_id: RawNumber }>(
    deps.db,
    sql`select distinct tenant_id from team_commission_rules where enabled`,
  );
  let made = 0;
  for (const t of tenants) made += await computeLastMonth(deps, rawNumber(t.tenant_id), now);
  return made;
}

/**
 * Fleet teams' registrations (docs/teams.md): the `driver_flow` import type, the `teamStatement` approval type and
 * the statements' schedule.
 */
export function registerTeams(deps: AppDeps): void {
  setFlowProvider(
    deps,
    createFlowProvider(deps.config, () => deps.clock.now()),
  );
  registerFlowImport();
  registerApprovalType(TEAM_STATEMENT_TYPE);
  registerSchedule({
    name: 'teams.statements',
    cron: TEAM_STATEMENTS_CRON,
    atStart: false,
    description:
      "Fleet teams: last month's statement of every fleet or team with an enabled commission rule that has none yet, computed as a draft for a manager to check and send for approval.",
    run: async (deps) => {
      await runTeamStatements(deps);
    },
  });
  registerSchedule({
    name: 'teams.flowSync',
    cron: TEAM_FLOW_SYNC_CRON,
    atStart: false,
    description:
      "Fleet teams: yesterday's driver flows of every enabled platform account, through the platform adapter (a failed platform is recorded and the next goes on).",
    run: async (d) => {
      await runFlowSync(d);
    },
  });
}
