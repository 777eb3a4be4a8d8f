import { and, eq, inArray } from 'drizzle-orm';
import {
  TenantRules,
  type AppFlags,
  type CompanyProfile,
  type CompanyProfileInput,
} from '@fleetdesk/contracts/organisation';
import type { RequestContext } from '../../core/access.js';
import { changedFields } from '../../core/audit.js';
import type { DbOrTx } from '../../core/db.js';
import type { AppDeps } from '../../core/deps.js';
import { BadRequestError, NotFoundError } from '../../core/errors.js';
import { defineMessages } from '../../core/i18n.js';
import { tenantSettings } from '../../db/schema/organisation.js';
import { rents, tenants } from '../../db/schema/tenancy.js';
import { checkCentre } from '../cost-centres/cost-centres.service.js';
import { storedFileUrl } from '../files/files.service.js';

defineMessages({
  'settings.rentNotFound': {
    'zh-CN': '合同编号前缀只能设置给本公司的子公司',
    'en-US': "A contract number prefix can only be set for one of the company's rents",
  },
});

/** Before and after values of the fields that changed, for the operation log. */
export interface Change<T> {
  value: T;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

// ---------------------------------------------------------------------------------------------------------
// Rules

const RULE_KEYS = Object.keys(TenantRules.shape) as (keyof TenantRules)[];

/**
 * A stored rules document read with the defaults of `TenantRules`: an unset field takes its default, and a
 * field that no longer parses (a rule whose range changed in a later release) falls back to its default
 * instead of failing every reader.
 */
export function parseRules(raw: unknown): TenantRules {
  const whole = TenantRules.safeParse(raw ?? {});
  if (whole.success) return whole.data;
  const doc = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of RULE_KEYS) {
    const field = TenantRules.shape[key];
    const parsed = field.safeParse(doc[key]);
    out[key] = parsed.success ? parsed.data : field.parse(undefined);
  }
  return out as TenantRules;
}

/**
 * The tenant's business rules, with defaults for what was never saved: what every later area reads (reminder
 * lead days, grace days, late fees, numbering, map tiles...). One primary-key read and no cache, so a change
 * holds at once in every process.
 */
export async function tenantRules(from: Pick<AppDeps, 'db'> | DbOrTx, tenantId: number): Promise<TenantRules> {
  const db = 'db' in from ? from.db : from;
  const [row] = await db
    .select({ rules: tenantSettings.rules })
    .from(tenantSettings)
    .where(eq(tenantSettings.tenantId, tenantId));
  return parseRules(row?.rules);
}

/** The app flags of spec section 3, from the rules. */
export async function appFlags(deps: AppDeps, ctx: RequestContext): Promise<AppFlags> {
  const rules = await tenantRules(deps, ctx.tenantId);
  return { settingDebtorPaying: rules.settingDebtorPaying };
}

/**
 * Saves the whole rules document; contract prefixes only for rents of the tenant (else 400 on that key), the
 * vehicle cost centre only an enabled centre of the tenant (else 400 on `costs.vehicleCostCentreId`).
 */
export async function saveRules(deps: AppDeps, ctx: RequestContext, input: TenantRules): Promise<Change<TenantRules>> {
  const keys = Object.keys(input.contractPrefixes);
  return deps.db.transaction(async (tx) => {
    if (keys.length) {
      const safe = keys.map(Number).filter(Number.isSafeInteger);
      const found = safe.length
        ? await tx
            .select({ id: rents.id })
            .from(rents)
            .where(and(eq(rents.tenantId, ctx.tenantId), inArray(rents.id, safe)))
        : [];
      const known = new Set(found.map((r) => r.id));
      const unknown = keys.filter((key) => !known.has(Number(key)) || !Number.isSafeInteger(Number(key)));
      if (unknown.length) {
        throw new BadRequestError(
          'settings.rentNotFound',
          undefined,
          unknown.map((key) => ({ path: `contractPrefixes.${key}`, message: 'settings.rentNotFound' })),
        );
      }
    }
    // The vehicle cost centre: one of the tenant's, enabled (postCost's field errors).
    if (input.costs.vehicleCostCentreId !== null)
      await checkCentre(tx, ctx.tenantId, input.costs.vehicleCostCentreId, 'costs.vehicleCostCentreId');
    // A switch kept by its own screen (the approval SMS) stays as stored when the document leaves it out.
    return writeRules(tx, deps, ctx, (before) =>
      parseRules({
        ...input,
        approvalSms: input.approvalSms ?? before.approvalSms,
        approvalSecondApproverId:
          input.approvalSecondApproverId === undefined
            ? before.approvalSecondApproverId
            : input.approvalSecondApproverId,
      }),
    );
  });
}

/** Changes some rules (an area's own switch), keeping the others as stored. */
export async function updateRules(
  deps: AppDeps,
  ctx: Pick<RequestContext, 'tenantId' | 'userId'>,
  patch: Partial<TenantRules>,
): Promise<Change<TenantRules>> {
  return deps.db.transaction((tx) => writeRules(tx, deps, ctx, (before) => parseRules({ ...before, ...patch })));
}

async function writeRules(
  tx: DbOrTx,
  deps: AppDeps,
  ctx: Pick<RequestContext, 'tenantId' | 'userId'>,
  make: (before: TenantRules) => TenantRules,
): Promise<Change<TenantRules>> {
  // The row is locked (or created) first, so that two saves log each other's values correctly.
  await tx.insert(tenantSettings).values({ tenantId: ctx.tenantId, rules: {} }).onConflictDoNothing();
  const [row] = await tx
    .select({ rules: tenantSettings.rules })
    .from(tenantSettings)
    .where(eq(tenantSettings.tenantId, ctx.tenantId))
    .for('update');
  const before = parseRules(row?.rules);
  const value = make(before);
  await tx
    .update(tenantSettings)
    .set({ rules: value, updatedBy: ctx.userId, updatedAt: deps.clock.now() })
    .where(eq(tenantSettings.tenantId, ctx.tenantId));
  return { value, ...changedFields(before, value) };
}

// ---------------------------------------------------------------------------------------------------------
// Company profile

type TenantRow = typeof tenants.$inferSelect;

function toProfile(deps: AppDeps, t: TenantRow): CompanyProfile {
  return {
    name: t.name,
    shortName: t.shortName,
    logo: t.logo,
    logoUrl: deps.fileUrls.sign(t.id, t.logo),
    licenceNo: t.licenceNo,
    licenceImage: t.licenceImage,
    licenceImageUrl: deps.fileUrls.sign(t.id, t.licenceImage),
    timeZone: t.timeZone,
    contactName: t.contactName,
    contactPhone: t.contactPhone,
  };
}

async function tenantRow(db: DbOrTx, tenantId: number, lock = false): Promise<TenantRow> {
  const q = db.select().from(tenants).where(eq(tenants.id, tenantId));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw new NotFoundError();
  return row;
}

export async function companyProfile(deps: AppDeps, ctx: RequestContext): Promise<CompanyProfile> {
  return toProfile(deps, await tenantRow(deps.db, ctx.tenantId));
}

/**
 * The file a profile keeps: the one it has (sent back unchanged, stable or signed), none, or an image of the
 * tenant checked like every record's file (same field error).
 */
async function fileField(
  deps: AppDeps,
  db: DbOrTx,
  tenantId: number,
  url: string | null | undefined,
  current: string | null,
  path: string,
  types: readonly ('image' | 'license')[],
): Promise<string | null> {
  if (url === undefined) return current;
  if (url === null || url === '') return null;
  if (current) {
    const key = deps.fileUrls.keyOf(url);
    const same = key ? key === deps.fileUrls.keyOf(current) : url === current;
    if (same) return current;
  }
  return storedFileUrl(db, deps, tenantId, url, path, { types });
}

export async function saveCompanyProfile(
  deps: AppDeps,
  ctx: RequestContext,
  input: CompanyProfileInput,
): Promise<Change<CompanyProfile>> {
  return deps.db.transaction(async (tx) => {
    const current = await tenantRow(tx, ctx.tenantId, true);
    const logo = await fileField(deps, tx, ctx.tenantId, input.logo, current.logo, 'logo', ['image']);
    const licenceImage = await fileField(
      deps,
      tx,
      ctx.tenantId,
      input.licenceImage,
      current.licenceImage,
      'licenceImage',
      ['image', 'license'],
    );
    const set = {
      name: input.name,
      shortName: input.shortName,
      logo,
      licenceNo: input.licenceNo === undefined ? current.licenceNo : input.licenceNo,
      licenceImage,
      timeZone: input.timeZone,
      contactName: input.contactName === undefined ? current.contactName : input.contactName || null,
      contactPhone: input.contactPhone === undefined ? current.contactPhone : input.contactPhone,
    };
    const [row] = await tx
      .update(tenants)
      .set({ ...set, updatedAt: deps.clock.now() })
      .where(eq(tenants.id, ctx.tenantId))
      .returning();
    const pick = (t: TenantRow) => ({
      name: t.name,
      shortName: t.shortName,
      logo: t.logo,
      licenceNo: t.licenceNo,
      licenceImage: t.licenceImage,
      timeZone: t.timeZone,
      contactName: t.contactName,
      contactPhone: t.contactPhone,
    });
    return { value: toProfile(deps, row!), ...changedFields(pick(current), pick(row!)) };
  });
}
