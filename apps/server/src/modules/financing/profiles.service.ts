import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { FinancingProfile, ProfileInput } from '@fleetdesk/contracts/financing';
import { rentInScope, type RequestContext } from '../../core/access.js';
import type { AppDeps } from '../../core/deps.js';
import { ConflictError, invalidField } from '../../core/errors.js';
import { financingProfiles } from '../../db/schema/financing.js';
import { rents, tenants } from '../../db/schema/tenancy.js';
import { applicantSide } from './financier.js';

/**
 * The financing user (`rentFinancingUser/get`, `save`): the applicant profile of the call's rent (company, legal
 * person, contacts, bank account, business licence), reused by every application of the rent. Before the first
 * save, `get` answers the company's own data as a start (version 0, `updatedAt` null).
 */
function rentOf(ctx: RequestContext): number {
  if (!ctx.rentId) throw invalidField('rentId', 'error.financing.rentNotFound');
  rentInScope(ctx, ctx.rentId);
  return ctx.rentId;
}

export async function getProfile(deps: AppDeps, ctx: RequestContext): Promise<FinancingProfile> {
  await applicantSide(deps, ctx);
  const rentId = rentOf(ctx);
  const [row] = await deps.db
    .select()
    .from(financingProfiles)
    .where(and(eq(financingProfiles.tenantId, ctx.tenantId), eq(financingProfiles.rentId, rentId)));
  if (row) {
    return {
      rentId,
      companyName: row.companyName,
      licenceNo: row.licenceNo,
      licenceImage: row.licenceImage,
      legalPersonName: row.legalPersonName,
      legalPersonIdNo: row.legalPersonIdNo,
      contactName: row.contactName,
      contactPhone: row.contactPhone,
      bankName: row.bankName,
      bankAccountName: row.bankAccountName,
      bankAccountNo: row.bankAccountNo,
      address: row.address,
      version: row.version,
      updatedAt: row.updatedAt.toISOString(),
    };
  }
  const [rent] = await deps.db
    .select({ name: rents.name, address: rents.address, contactName: rents.contactName })
    .from(rents)
    .where(and(eq(rents.tenantId, ctx.tenantId), eq(rents.id, rentId)));
  const [tenant] = await deps.db
    .select({ licenceNo: tenants.licenceNo })
    .from(tenants)
    .where(eq(tenants.id, ctx.tenantId));
  return {
    rentId,
    companyName: rent?.name ?? '',
    licenceNo: tenant?.licenceNo ?? null,
    licenceImage: null,
    legalPersonName: null,
    legalPersonIdNo: null,
    contactName: rent?.contactName ?? null,
    contactPhone: null,
    bankName: null,
    bankAccountName: rent?.name ?? null,
    bankAccountNo: null,
    address: rent?.address ?? null,
    version: 0,
    updatedAt: null,
  };
}

export async function saveProfile(
  deps: AppDeps,
  ctx: RequestContext,
  input: z.infer<typeof ProfileInput>,
): Promise<FinancingProfile> {
  await applicantSide(deps, ctx);
  const rentId = rentOf(ctx);
  const now = deps.clock.now();
  const values = {
    companyName: input.companyName,
    licenceNo: input.licenceNo || null,
    licenceImage: input.licenceImage ?? null,
    legalPersonName: input.legalPersonName ?? null,
    legalPersonIdNo: input.legalPersonIdNo ?? null,
    contactName: input.contactName ?? null,
    contactPhone: input.contactPhone ?? null,
    bankName: input.bankName ?? null,
    bankAccountName: input.bankAccountName ?? null,
    bankAccountNo: input.bankAccountNo ?? null,
    address: input.address ?? null,
    updatedAt: now,
  };
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ version: financingProfiles.version })
      .from(financingProfiles)
      .where(and(eq(financingProfiles.tenantId, ctx.tenantId), eq(financingProfiles.rentId, rentId)))
      .for('update');
    if (!row) {
      await tx.insert(financingProfiles).values({ tenantId: ctx.tenantId, rentId, ...values });
      return;
    }
    if (input.version !== undefined && input.version !== row.version) {
      throw new ConflictError('error.financing.version');
    }
    await tx
      .update(financingProfiles)
      .set({ ...values, version: row.version + 1 })
      .where(and(eq(financingProfiles.tenantId, ctx.tenantId), eq(financingProfiles.rentId, rentId)));
  });
  return getProfile(deps, ctx);
}
