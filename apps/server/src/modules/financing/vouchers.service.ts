import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  endorsementSlots,
  type CheckVoucherInput,
  type EditVoucherInput,
  type Voucher,
  type VoucherCheckState,
} from '@fleetdesk/contracts/financing';
import type { RequestContext } from '../../core/access.js';
import type { DbOrTx } from '../../core/db.js';
import type { AppDeps } from '../../core/deps.js';
import { ConflictError } from '../../core/errors.js';
import { financingVouchers } from '../../db/schema/financing.js';
import { activity } from './activity.js';
import { actorOf, lockForSide, rowForSide, stateRefusal } from './applications.service.js';
import { applicantSide, financierSide, type Side } from './financier.js';

/**
 * The purchase vouchers of an application (`rentFinancingVoucher/...`): the invoice, the policies and the
 * endorsement slots of spec section 4 (commercial 1-3, compulsory 1; present when not null), edited by the
 * applicant after the purchase and checked by the financier before the loan.
 */
type VoucherRow = typeof financingVouchers.$inferSelect;

function toVoucher(applicationId: number, r: VoucherRow | undefined): Voucher {
  const slots = {
    imgCommercialEndorsementA: r?.imgCommercialEndorsementA ?? null,
    imgCommercialEndorsementB: r?.imgCommercialEndorsementB ?? null,
    imgCommercialEndorsementC: r?.imgCommercialEndorsementC ?? null,
    imgCompulsoryEndorsementA: r?.imgCompulsoryEndorsementA ?? null,
  };
  return {
    applicationId,
    invoiceNo: r?.invoiceNo ?? null,
    invoiceDate: r?.invoiceDate ?? null,
    imgBuyInvoice: r?.imgBuyInvoice ?? null,
    imgCompulsory: r?.imgCompulsory ?? null,
    imgCommercial: r?.imgCommercial ?? null,
    ...slots,
    slots: endorsementSlots(slots),
    checkState: (r?.checkState as VoucherCheckState | undefined) ?? 'pending',
    checkNote: r?.checkNote ?? null,
    checkedAt: r?.checkedAt?.toISOString() ?? null,
    checkedByName: r?.checkedByName ?? null,
    version: r?.version ?? 0,
  };
}

async function voucherRow(db: DbOrTx, tenantId: number, applicationId: number, lock = false) {
  const q = db
    .select()
    .from(financingVouchers)
    .where(and(eq(financingVouchers.tenantId, tenantId), eq(financingVouchers.applicationId, applicationId)));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function getVoucher(deps: Pick<AppDeps, 'db'>, side: Side, applicationId: number): Promise<Voucher> {
  const app = await rowForSide(deps.db, side, applicationId);
  return toVoucher(applicationId, await voucherRow(deps.db, app.tenantId, applicationId));
}

/** The applicant edits the vouchers (not once settled, rejected or cancelled); the check starts again. */
export async function editVoucher(
  deps: AppDeps,
  ctx: RequestContext,
  input: z.infer<typeof EditVoucherInput>,
): Promise<Voucher> {
  await applicantSide(deps, ctx);
  const side: Side = { kind: 'applicant', ctx };
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const app = await lockForSide(tx, side, input.applicationId);
    if (['S8', 'S9', 'S10'].includes(app.state)) throw stateRefusal(ctx.lang, app.state, 'edit');
    const row = await voucherRow(tx, app.tenantId, app.id, true);
    if (row && input.version !== undefined && input.version !== row.version) {
      throw new ConflictError('error.financing.version');
    }
    const values = {
      invoiceNo: input.invoiceNo ?? null,
      invoiceDate: input.invoiceDate ?? null,
      imgBuyInvoice: input.imgBuyInvoice ?? null,
      imgCompulsory: input.imgCompulsory ?? null,
      imgCommercial: input.imgCommercial ?? null,
      imgCommercialEndorsementA: input.imgCommercialEndorsementA ?? null,
      imgCommercialEndorsementB: input.imgCommercialEndorsementB ?? null,
      imgCommercialEndorsementC: input.imgCommercialEndorsementC ?? null,
      imgCompulsoryEndorsementA: input.imgCompulsoryEndorsementA ?? null,
      checkState: 'pending',
      checkNote: null,
      checkedAt: null,
      checkedByName: null,
      updatedAt: now,
    };
    if (row) {
      await tx
        .update(financingVouchers)
        .set({ ...values, version: row.version + 1 })
        .where(and(eq(financingVouchers.tenantId, app.tenantId), eq(financingVouchers.applicationId, app.id)));
    } else {
      await tx.insert(financingVouchers).values({ tenantId: app.tenantId, applicationId: app.id, ...values });
    }
    await activity(tx, actorOf(ctx, 'applicant'), {
      tenantId: app.tenantId,
      applicationId: app.id,
      action: 'voucherEdit',
      text: { key: 'financing.activity.voucherEdit' },
      at: now,
    });
  });
  return getVoucher(deps, side, input.applicationId);
}

/** The financier passes or returns the vouchers (S4-S7: before or while the loan is requested). */
export async function checkVoucher(
  deps: AppDeps,
  ctx: RequestContext,
  applicationId: number,
  input: z.infer<typeof CheckVoucherInput>,
): Promise<Voucher> {
  const { financier } = await financierSide(deps, ctx);
  const side: Side = { kind: 'financier', ctx, financier };
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const app = await lockForSide(tx, side, applicationId);
    if (!['S4', 'S5', 'S6', 'S7'].includes(app.state)) throw stateRefusal(ctx.lang, app.state, 'audit');
    const row = await voucherRow(tx, app.tenantId, app.id, true);
    if (!row || row.version !== input.version) throw new ConflictError('error.financing.version');
    await tx
      .update(financingVouchers)
      .set({
        checkState: input.pass ? 'passed' : 'returned',
        checkNote: input.note ?? null,
        checkedAt: now,
        checkedByName: ctx.name,
        version: row.version + 1,
        updatedAt: now,
      })
      .where(and(eq(financingVouchers.tenantId, app.tenantId), eq(financingVouchers.applicationId, app.id)));
    await activity(tx, actorOf(ctx, 'financier'), {
      tenantId: app.tenantId,
      applicationId: app.id,
      action: input.pass ? 'voucherPassed' : 'voucherReturned',
      text: input.pass
        ? { key: 'financing.activity.voucherPassed' }
        : { key: 'financing.activity.voucherReturned', params: { note: input.note ?? '' } },
      at: now,
    });
  });
  return getVoucher(deps, side, applicationId);
}
