import { sql } from 'drizzle-orm';
import { maskPhone } from '@fleetdesk/contracts/crm';
import type {
  FlowPlatform,
  FlowSync,
  FlowSyncInput,
  PlatformAccount,
  PlatformSetup,
} from '@fleetdesk/contracts/team-performance';
import { teamScope, type RequestContext } from '../../core/access.js';
import { idArray, rawIso, rawNumber, rowsOf, type RawNumber, type RawTime } from '../../core/db.js';
import type { AppDeps } from '../../core/deps.js';
import { ConflictError, invalidField } from '../../core/errors.js';
import { tenantDays } from '../../core/tenant-time.js';
import { tenantRules, updateRules } from '../settings/settings.service.js';
import { upsertFlowDays, type FlowRow } from './flow-days.js';
import { FlowProviderError, type FlowProvider, type PlatformFlowDay } from './platforms/provider.js';

/**
 * Platform flows through the platform adapter (docs/teams.md, "Platform API"): the fleet's account at a platform
 * (`TenantRules.teams.platformAccounts`), a sync of some days (a user's, or the daily job's for yesterday) that asks
 * the configured provider for the days of the fleet's drivers page by page and writes them like the import does
 * (source `api`), and the history of syncs.
 */

/** Pages one sync reads at most (a runaway `hasMore` stops here). */
export const SYNC_MAX_PAGES = 200;
/** Unknown phones a sync keeps (masked) for the user to look at. */
const UNKNOWN_KEPT = 10;

const providers = new WeakMap<object, FlowProvider>();

export function setFlowProvider(deps: AppDeps, provider: FlowProvider): void {
  providers.set(deps, provider);
}

export function flowProvider(deps: AppDeps): FlowProvider {
  const p = providers.get(deps);
  if (!p) throw new Error('no flow provider registered for these deps (registerTeams)');
  return p;
}

interface SyncRaw {
  id: RawNumber;
  platform: FlowPlatform;
  from_day: string;
  to_day: string;
  state: 'done' | 'failed';
  fetched: number;
  written: number;
  unknown: number;
  unknown_phones: string[];
  error: string | null;
  by_name: string | null;
  created_at: RawTime;
}

function syncOut(r: SyncRaw): FlowSync {
  return {
    id: rawNumber(r.id),
    platform: r.platform,
    from: r.from_day,
    to: r.to_day,
    state: r.state,
    fetched: Number(r.fetched),
    written: Number(r.written),
    unknown: Number(r.unknown),
    unknownPhones: r.unknown_phones ?? [],
    error: r.error,
    byName: r.by_name,
    at: rawIso(r.created_at),
  };
}

const SYNC_COLUMNS = sql`s.id, s.platform, s.from_day::text, s.to_day::text, s.state, s.fetched, s.written, s.unknown,
  s.unknown_phones, s.error, u.name as by_name, s.created_at`;

export async function listSyncs(
  deps: Pick<AppDeps, 'db'>,
  tenantId: number,
  q: { platform?: FlowPlatform | undefined; pageNum: number; pageSize: number },
) {
  const where = sql`s.tenant_id = ${tenantId} ${q.platform ? sql`and s.platform = ${q.platform}` : sql``}`;
  const [rows, [count]] = await Promise.all([
    rowsOf<SyncRaw>(
      deps.db,
      sql`select ${SYNC_COLUMNS} from team_flow_syncs s left join users u on u.tenant_id = s.tenant_id and u.id = s.created_by
        where ${where} order by s.id desc limit ${q.pageSize} offset ${(q.pageNum - 1) * q.pageSize}`,
    ),
    rowsOf<{ n: RawNumber }>(deps.db, sql`select count(*) as n from team_flow_syncs s where ${where}`),
  ]);
  return { records: rows.map(syncOut), total: rawNumber(count?.n ?? 0) };
}

export async function platformSetup(deps: AppDeps, tenantId: number): Promise<PlatformSetup> {
  const rules = await tenantRules(deps, tenantId);
  const last = await rowsOf<SyncRaw>(
    deps.db,
    sql`select distinct on (s.platform) ${SYNC_COLUMNS} from team_flow_syncs s
      left join users u on u.tenant_id = s.tenant_id and u.id = s.created_by
      where s.tenant_id = ${tenantId} order by s.platform, s.id desc`,
  );
  const provider = flowProvider(deps);
  return {
    provider: provider.name,
    sandbox: provider.sandbox,
    accounts: rules.teams.platformAccounts.map((a) => {
      const s = last.find((x) => x.platform === a.platform);
      return { ...a, lastSync: s ? syncOut(s) : null };
    }),
  };
}

export async function savePlatformAccounts(deps: AppDeps, ctx: RequestContext, accounts: PlatformAccount[]) {
  const rules = await tenantRules(deps, ctx.tenantId);
  const change = await updateRules(deps, ctx, { teams: { ...rules.teams, platformAccounts: accounts } });
  return { setup: await platformSetup(deps, ctx.tenantId), before: change.before, after: change.after };
}

interface Caller {
  tenantId: number;
  userId: number | null;
  /** The drivers a sync may write: the caller's rents (and a leader's teams); all of the tenant for the job. */
  rentIds: readonly number[] | null;
  teamIds?: readonly number[] | undefined;
}

/** The fleet's drivers a sync writes days for, by phone: live drivers who are active, in the caller's scope. */
async function driversByPhone(deps: Pick<AppDeps, 'db'>, c: Caller) {
  const rows = await rowsOf<{ id: RawNumber; rent_id: RawNumber; phone: string }>(
    deps.db,
    sql`select id, rent_id, phone from drivers
      where tenant_id = ${c.tenantId} and deleted_at is null and state = 'active'
        ${c.rentIds ? sql`and rent_id = any(${idArray(c.rentIds)})` : sql``}
        and ${teamScope(c, sql`team_id`)}`,
  );
  return new Map(rows.map((r) => [r.phone, { id: rawNumber(r.id), rentId: rawNumber(r.rent_id) }]));
}

/**
 * Asks the platform for the days of the fleet's drivers and writes them (source `api`; a day written before, by the
 * import or an earlier sync, is replaced). The days must be today or earlier in the tenant's zone. A failure of the
 * platform is recorded as a failed sync (and answered 409 `teams.syncFailed` to a user) with nothing written; a
 * phone the fleet does not know is counted, not written.
 */
export async function syncFlows(deps: AppDeps, c: Caller, input: FlowSyncInput): Promise<FlowSync> {
  const rules = await tenantRules(deps, c.tenantId);
  const account = rules.teams.platformAccounts.find((a) => a.platform === input.platform && a.enabled);
  if (!account) throw invalidField('platform', 'teams.platformNotSet');
  const { today } = await tenantDays(deps.db, c.tenantId, deps.clock.now());
  if (input.to > today) throw invalidField('to', 'teams.syncFuture');
  const drivers = await driversByPhone(deps, c);
  const provider = flowProvider(deps);
  const got: PlatformFlowDay[] = [];
  let error: string | null = null;
  try {
    let page: number | null = 1;
    for (let n = 0; page !== null && n < SYNC_MAX_PAGES; n++) {
      const answer = await provider.fetchDays({
        platform: input.platform,
        partnerId: account.partnerId,
        from: input.from,
        to: input.to,
        phones: [...drivers.keys()],
        page,
      });
      got.push(...answer.days);
      page = answer.next;
    }
  } catch (err) {
    if (!(err instanceof FlowProviderError)) throw err;
    error = err.message;
  }
  const unknown = new Set<string>();
  const rows: { row: FlowRow; ref: null }[] = [];
  if (!error) {
    const seen = new Set<string>();
    for (const d of got) {
      const driver = drivers.get(d.phone);
      if (!driver) {
        unknown.add(d.phone);
        continue;
      }
      // Only the asked days, once each, within the table's bounds.
      if (d.day < input.from || d.day > input.to || seen.has(`${driver.id}|${d.day}`)) continue;
      seen.add(`${driver.id}|${d.day}`);
      rows.push({
        row: {
          driverId: driver.id,
          rentId: driver.rentId,
          day: d.day,
          platform: input.platform,
          onlineMinutes: Math.min(1440, Math.max(0, d.onlineMinutes)),
          orders: Math.max(0, d.orders),
          flowFen: Math.max(0, d.flowFen),
        },
        ref: null,
      });
    }
  }
  const now = deps.clock.now();
  const id = await deps.db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += 500) {
      await upsertFlowDays(tx, { tenantId: c.tenantId, source: 'api', userId: c.userId, now }, rows.slice(i, i + 500));
    }
    const [row] = await rowsOf<{ id: RawNumber }>(
      tx,
      sql`insert into team_flow_syncs (tenant_id, platform, from_day, to_day, state, fetched, written, unknown,
          unknown_phones, error, created_by, created_at)
        values (${c.tenantId}, ${input.platform}, ${input.from}::date, ${input.to}::date, ${error ? 'failed' : 'done'},
          ${got.length}, ${rows.length}, ${unknown.size},
          ${`{${[...unknown]
            .slice(0, UNKNOWN_KEPT)
            .map((p) => `"${maskPhone(p)}"`)
            .join(',')}}`}::text[], ${error},
          ${c.userId}, ${now})
        returning id`,
    );
    return rawNumber(row!.id);
  });
  const [out] = await rowsOf<SyncRaw>(
    deps.db,
    sql`select ${SYNC_COLUMNS} from team_flow_syncs s left join users u on u.tenant_id = s.tenant_id and u.id = s.created_by
      where s.tenant_id = ${c.tenantId} and s.id = ${id}`,
  );
  if (error && c.userId !== null) throw new ConflictError('teams.syncFailed', { reason: error });
  return syncOut(out!);
}

/** A user's sync: his rents and, for a leader, his teams' drivers. */
export async function syncForUser(deps: AppDeps, ctx: RequestContext, input: FlowSyncInput) {
  return syncFlows(
    deps,
    { tenantId: ctx.tenantId, userId: ctx.userId, rentIds: ctx.rentIds, teamIds: ctx.teamIds },
    input,
  );
}

/**
 * The daily job (`teams.flowSync`): yesterday of every enabled account of every tenant, for all its active drivers.
 * A failed platform is recorded and the next goes on. Answers the syncs made.
 */
export async function runFlowSync(deps: AppDeps, now: Date = deps.clock.now()): Promise<number> {
  const tenants = await rowsOf<{ tenant_id: RawNumber }>(
    deps.db,
    sql`select tenant_id from tenant_settings where rules -> 'teams' -> 'platformAccounts' @> '[{"enabled": true}]'`,
  );
  let made = 0;
  for (const t of tenants) {
    const tenantId = rawNumber(t.tenant_id);
    const rules = await tenantRules(deps, tenantId);
    const days = await tenantDays(deps.db, tenantId, now);
    const yesterday = days.plusDays(-1);
    for (const a of rules.teams.platformAccounts.filter((x) => x.enabled)) {
      await syncFlows(
        deps,
        { tenantId, userId: null, rentIds: null },
        { platform: a.platform, from: yesterday, to: yesterday },
      );
      made += 1;
    }
  }
  return made;
}
