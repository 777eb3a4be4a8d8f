import { and, eq, sql } from 'drizzle-orm';
import { fenToYuan, yuanToFen } from '@fleetdesk/contracts/common';
import type { ChangeCarInput, ContractInput, GroupContract, RenewInput } from '@fleetdesk/contracts/rental-contracts';
import type { RequestContext } from '../../core/access.js';
import { isUniqueViolation, rowsOf, type DbOrTx, type RawNumber } from '../../core/db.js';
import type { AppDeps } from '../../core/deps.js';
import { ConflictError, invalidField, NotFoundError } from '../../core/errors.js';
import { rentalContracts, rentalPaymentLines } from '../../db/schema/rental-contracts.js';
import { tenantRules } from '../settings/settings.service.js';
import { carActionInTx } from '../vehicles/vehicles.service.js';
import { addDays, buildSchedule, proRated, toDays, type Schedule } from './schedule.js';
import {
  carBusy,
  carHeldByOther,
  checkDriver,
  event,
  getContract,
  insertSchedule,
  lockContract,
  mustAllow,
  nextNumber,
  reserveCar,
  scheduleTerms,
  termColumns,
  todayOf,
  type Scope,
} from './rental-contracts.service.js';
import { hasActiveTempCars } from './rental-contracts.temp-cars-end.js';

type ContractRow = typeof rentalContracts.$inferSelect;

async function nextSeq(tx: DbOrTx, tenantId: number, groupNo: string): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    tx,
    sql`select coalesce(max(group_seq), 0)::int + 1 as n from rental_contracts
      where tenant_id = ${tenantId} and group_no = ${groupNo}`,
  );
  return Number(row!.n);
}

function nextTaken(err: unknown): never {
  if (isUniqueViolation(err, 'rental_contracts_live_next_uq')) throw new ConflictError('contracts.followerExists');
  carBusy(err);
}

async function liveFollower(tx: DbOrTx, tenantId: number, id: number) {
  const [row] = await rowsOf<{ number: string }>(
    tx,
    sql`select number from rental_contracts where tenant_id = ${tenantId} and previous_id = ${id}
      and state in ('pending', 'signed') limit 1`,
  );
  return row?.number;
}

/**
 * A renewal: a pending contract in the same group, for the same driver and car, starting the day after the old
 * one ends, with the terms given (the web fills them in from the old contract). The car stays rented under the
 * old contract; signing the renewal records its first receipts. The group settles once, at the return.
 */
export async function renewContract(deps: AppDeps, ctx: RequestContext, id: number, input: RenewInput) {
  const rules = await tenantRules(deps, ctx.tenantId);
  const today = await todayOf(deps.db, ctx.tenantId, deps.clock.now());
  const s = buildSchedule(scheduleTerms(input, rules));
  const newId = await deps.db
    .transaction(async (tx) => {
      const old = await lockContract(tx, ctx, id);
      mustAllow(ctx, old.state, 'renew');
      const start = addDays(old.endDate, 1);
      if (input.startDate !== start) throw invalidField('startDate', 'contracts.renewStart', { date: start });
      const follower = await liveFollower(tx, ctx.tenantId, id);
      if (follower) throw new ConflictError('contracts.followerExists', { number: follower });
      await checkDriver(tx, { tenantId: ctx.tenantId, rentIds: [old.rentId] }, old.driverId);
      const number = await nextNumber(tx, ctx.tenantId, old.rentId, rules, today);
      const full: ContractInput = {
        ...input,
        driverId: old.driverId,
        carId: old.carId,
        rentId: old.rentId,
        attachments: [],
      };
      const [row] = await tx
        .insert(rentalContracts)
        .values({
          tenantId: ctx.tenantId,
          rentId: old.rentId,
          number,
          groupNo: old.groupNo,
          groupSeq: await nextSeq(tx, ctx.tenantId, old.groupNo),
          origin: 'renewal',
          previousId: id,
          ...termColumns(full, s),
          dispatched: old.dispatched,
          createdBy: ctx.userId,
        })
        .returning({ id: rentalContracts.id });
      await insertSchedule(tx, ctx.tenantId, row!.id, old.rentId, s);
      await event(tx, ctx, row!.id, 'create', {
        to: 'pending',
        text: { key: 'contracts.event.renewedFrom', params: { number: old.number } },
      });
      await event(tx, ctx, id, 'renew', { text: { key: 'contracts.event.renewedTo', params: { number } } });
      return row!.id;
    })
    .catch(nextTaken);
  return getContract(deps, ctx, newId);
}

/** The contracts of a contract's group (first, renewals, car changes), in order. 404 outside the scope. */
export async function groupContracts(deps: AppDeps, scope: Scope, id: number): Promise<GroupContract[]> {
  const today = await todayOf(deps.db, scope.tenantId, deps.clock.now());
  const rentIds = sql.join(
    (scope.rentIds.length ? scope.rentIds : [-1]).map((r) => sql`${r}`),
    sql`, `,
  );
  const rows = await rowsOf<{
    id: RawNumber;
    number: string;
    group_seq: RawNumber;
    origin: GroupContract['origin'];
    car_id: RawNumber;
    plate: string;
    start_date: string;
    end_date: string;
    state: GroupContract['state'];
    rent_fen: RawNumber;
    outstanding_fen: RawNumber;
  }>(
    deps.db,
    sql`select g.id, g.number, g.group_seq, g.origin, g.car_id, car.plate, g.start_date::text as start_date,
        g.end_date::text as end_date, g.state, g.rent_fen,
        coalesce((select sum(l.amount_fen - l.paid_fen) from rental_payment_lines l
          where l.tenant_id = g.tenant_id and l.contract_id = g.id and l.valid and l.state in ('unpaid', 'partial')
            and l.due_date <= ${today}::date), 0) as outstanding_fen
      from rental_contracts c
      join rental_contracts g on g.tenant_id = c.tenant_id and g.group_no = c.group_no and g.rent_id in (${rentIds})
      join cars car on car.tenant_id = g.tenant_id and car.id = g.car_id
      where c.tenant_id = ${scope.tenantId} and c.id = ${id} and c.rent_id in (${rentIds})
      order by g.group_seq, g.id`,
  );
  if (!rows.length) throw new NotFoundError('contracts.notFound');
  return rows.map((r) => ({
    id: Number(r.id),
    number: r.number,
    groupSeq: Number(r.group_seq),
    origin: r.origin,
    carId: Number(r.car_id),
    plate: r.plate,
    startDate: r.start_date,
    endDate: r.end_date,
    state: r.state,
    rent: fenToYuan(Number(r.rent_fen)),
    outstanding: fenToYuan(Number(r.outstanding_fen)),
  }));
}

type LineRow = typeof rentalPaymentLines.$inferSelect;

/** What the current period costs up to `last` (short-term: the daily rent per day; else pro-rated). */
function settledAmount(c: ContractRow, l: LineRow, last: string): number {
  const from = l.periodStart!;
  if (c.type === 'shortTerm') {
    const days = toDays(last) - toDays(from) + 1;
    return Math.min(l.amountFen, Math.max(0, days - c.freeDays) * c.rentFen);
  }
  return Math.min(l.amountFen, proRated(c.rentFen, c.period as 'monthly', from, last));
}

/**
 * Car change on a signed contract, on `changeDate` (after the start, today at the latest):
 *
 * - the old contract is settled up to the day before: rent periods starting on or after the change day are
 *   cancelled (with their late fees), the current period is pro-rated to the days used (whole months at the rent,
 *   the rest at rent / 30 a day; short-term: the daily rent), the buy-out moves on; its end date becomes the day
 *   before and it is completed (its open bills stay collectable while the group goes on);
 * - rent already paid for the cancelled days is carried to the new contract as a credit (a negative line), and
 *   the deposit is not refunded but carried: the old contract shows it leaving, the new one has it paid;
 * - the new contract (same group, driver and terms, the new car, the rent given or the old one, no management
 *   fee) runs from the change day to the old end date, signed at once;
 * - the old car goes back (rented -> idle), the new one is rented out.
 */
export async function changeCar(deps: AppDeps, ctx: RequestContext, id: number, input: ChangeCarInput) {
  const rules = await tenantRules(deps, ctx.tenantId);
  const today = await todayOf(deps.db, ctx.tenantId, deps.clock.now());
  const newId = await deps.db
    .transaction(async (tx) => {
      const old = await lockContract(tx, ctx, id);
      mustAllow(ctx, old.state, 'changeCar');
      if (await hasActiveTempCars(tx, ctx.tenantId, id)) throw new ConflictError('contracts.tempCarActive');
      if (input.changeDate <= old.startDate || input.changeDate > old.endDate || input.changeDate > today) {
        throw invalidField('changeDate', 'contracts.changeDate', {
          from: addDays(old.startDate, 1),
          to: old.endDate < today ? old.endDate : today,
        });
      }
      if (input.carId === old.carId) throw invalidField('carId', 'contracts.sameCar');
      const follower = await liveFollower(tx, ctx.tenantId, id);
      if (follower) throw new ConflictError('contracts.followerExists', { number: follower });
      const last = addDays(input.changeDate, -1);
      const now = deps.clock.now();
      const scope = { ...ctx, rentIds: [old.rentId] };

      // The new contract first (its number is named on the old one's lines).
      const rentFen = input.rent === undefined ? old.rentFen : yuanToFen(input.rent);
      const terms = {
        type: old.type as 'longTerm',
        period: old.period as 'monthly',
        billing: old.billing as 'prepaid',
        paymentDay: old.paymentDay,
        startDate: input.changeDate,
        endDate: old.endDate,
        freeDays: 0,
        depositFen: old.depositFen,
        managementFeeFen: 0,
        rentFen,
        insuranceBaseFen: 0,
        insuranceExtraFen: 0,
        buyOutFen: old.buyOutFen,
        proRating: rules.billProRating,
      };
      const s: Schedule = buildSchedule(terms);
      const number = await nextNumber(tx, ctx.tenantId, old.rentId, rules, today);

      // Settle the old contract up to the day before the change.
      const lines = await tx
        .select()
        .from(rentalPaymentLines)
        .where(
          and(
            eq(rentalPaymentLines.tenantId, ctx.tenantId),
            eq(rentalPaymentLines.contractId, id),
            eq(rentalPaymentLines.valid, true),
          ),
        )
        .for('update');
      let creditFen = 0;
      const dropped = new Set<number>();
      for (const l of lines) {
        const after =
          (l.type === 'rent' && l.periodStart !== null && l.periodStart >= input.changeDate) ||
          (l.type === 'buyOut' && l.paidFen === 0);
        if (after) dropped.add(l.id);
      }
      for (const l of lines) {
        if (l.lateFeeFor !== null && dropped.has(l.lateFeeFor)) dropped.add(l.id);
      }
      for (const l of lines) {
        if (dropped.has(l.id)) {
          if (l.state !== 'waived') creditFen += l.paidFen;
          await tx
            .update(rentalPaymentLines)
            .set({ valid: false, version: sql`${rentalPaymentLines.version} + 1`, updatedAt: now })
            .where(and(eq(rentalPaymentLines.tenantId, ctx.tenantId), eq(rentalPaymentLines.id, l.id)));
          continue;
        }
        const current =
          l.type === 'rent' && l.periodStart !== null && l.periodStart < input.changeDate && l.periodEnd! > last;
        if (!current) continue;
        const amountFen = settledAmount(old, l, last);
        const paidFen = Math.min(l.paidFen, amountFen);
        if (l.state !== 'waived') creditFen += l.paidFen - paidFen;
        const state =
          l.state === 'waived' ? 'waived' : paidFen >= amountFen ? 'paid' : paidFen > 0 ? 'partial' : 'unpaid';
        const days = toDays(last) - toDays(l.periodStart!) + 1;
        await tx
          .update(rentalPaymentLines)
          .set({
            amountFen,
            paidFen,
            state,
            periodEnd: last,
            dueDate: old.billing === 'postpaid' && l.dueDate > last ? last : l.dueDate,
            remark: `第${l.period}期租金(换车结算 ${days}天,账单周期：${l.periodStart} ~ ${last})`,
            version: sql`${rentalPaymentLines.version} + 1`,
            updatedAt: now,
          })
          .where(and(eq(rentalPaymentLines.tenantId, ctx.tenantId), eq(rentalPaymentLines.id, l.id)));
      }
      const depositFen = lines
        .filter((l) => l.type === 'deposit' && l.amountFen > 0 && !dropped.has(l.id))
        .reduce((sum, l) => sum + l.paidFen, 0);
      const carried = Math.min(depositFen, old.depositFen);
      const out = (type: string, amountFen: number, remark: string) => ({
        tenantId: ctx.tenantId,
        contractId: id,
        rentId: old.rentId,
        type,
        dueDate: last,
        amountFen: -amountFen,
        paidFen: -amountFen,
        state: 'paid',
        paidDate: last,
        remark,
      });
      const outLines = [
        ...(carried > 0 ? [out('deposit', carried, `押金转入合同 ${number}(换车,不退还)`)] : []),
        ...(creditFen > 0 ? [out('other', creditFen, `已付未用租金转入合同 ${number}`)] : []),
      ];
      if (outLines.length) await tx.insert(rentalPaymentLines).values(outLines);
      const [totals] = await rowsOf<{ rent: number; total: number; n: number }>(
        tx,
        sql`select coalesce(sum(amount_fen) filter (where type = 'rent'), 0) as rent,
            coalesce(sum(amount_fen) filter (where type in ('rent', 'deposit', 'managementFee', 'insurance', 'buyOut')
              and amount_fen > 0), 0) as total,
            count(*) filter (where type = 'rent')::int as n
          from rental_payment_lines where tenant_id = ${ctx.tenantId} and contract_id = ${id} and valid
            and late_fee_for is null`,
      );
      await tx
        .update(rentalContracts)
        .set({
          state: 'completed',
          endDate: last,
          rentalDays: toDays(last) - toDays(old.startDate) + 1,
          instalments: Number(totals!.n),
          totalRentFen: Number(totals!.rent),
          totalFen: Number(totals!.total),
          endedAt: now,
          updatedAt: now,
        })
        .where(and(eq(rentalContracts.tenantId, ctx.tenantId), eq(rentalContracts.id, id)));
      await event(tx, ctx, id, 'carChange', {
        from: 'signed',
        to: 'completed',
        text: { key: 'contracts.event.carChangedTo', params: { reason: input.reason, date: input.changeDate, number } },
      });

      // The cars: the old one back, the new one out (a car of the contract's rent that may be rented out).
      // The contract a renewal follows may still hold the car (not ended yet): it gives it back when it ends.
      if (!(await carHeldByOther(tx, ctx.tenantId, old.carId, id))) {
        await reserveCar(tx, deps, scope, old.carId, 'giveBack');
      }
      try {
        await carActionInTx(tx, deps, scope, input.carId, 'rentOut', '租赁合同换车');
      } catch (err) {
        if (err instanceof NotFoundError) throw invalidField('carId', 'contracts.carNotFound');
        throw err;
      }

      const [row] = await tx
        .insert(rentalContracts)
        .values({
          tenantId: ctx.tenantId,
          rentId: old.rentId,
          number,
          groupNo: old.groupNo,
          groupSeq: await nextSeq(tx, ctx.tenantId, old.groupNo),
          origin: 'carChange',
          previousId: id,
          driverId: old.driverId,
          carId: input.carId,
          template: old.template,
          type: old.type,
          period: old.period,
          billing: old.billing,
          paymentDay: old.paymentDay,
          startDate: input.changeDate,
          endDate: old.endDate,
          instalments: s.instalments,
          rentalDays: s.rentalDays,
          freeDays: 0,
          depositFen: old.depositFen,
          managementFeeFen: 0,
          rentFen,
          totalRentFen: s.totalRentFen,
          insuranceBaseFen: 0,
          insuranceExtraFen: 0,
          buyOutFen: old.buyOutFen,
          totalFen: s.totalFen,
          discountPlan: old.discountPlan,
          clauses: old.clauses,
          attachments: [],
          state: 'signed',
          dispatched: true,
          remark: `换车自合同 ${old.number}: ${input.reason}`,
          signedAt: now,
          createdBy: ctx.userId,
        })
        .returning({ id: rentalContracts.id });
      const newContract = row!.id;
      await insertSchedule(tx, ctx.tenantId, newContract, old.rentId, s);
      if (carried > 0) {
        await tx
          .update(rentalPaymentLines)
          .set({
            paidFen: carried,
            state: carried >= old.depositFen ? 'paid' : 'partial',
            paidDate: input.changeDate,
            remark: `押金(由合同 ${old.number} 转入)`,
            version: 1,
          })
          .where(
            and(
              eq(rentalPaymentLines.tenantId, ctx.tenantId),
              eq(rentalPaymentLines.contractId, newContract),
              eq(rentalPaymentLines.type, 'deposit'),
            ),
          );
      }
      if (creditFen > 0) {
        await tx.insert(rentalPaymentLines).values({
          tenantId: ctx.tenantId,
          contractId: newContract,
          rentId: old.rentId,
          type: 'other',
          dueDate: input.changeDate,
          amountFen: -creditFen,
          remark: `由合同 ${old.number} 转入的已付租金(抵扣)`,
        });
      }
      await event(tx, ctx, newContract, 'create', {
        to: 'signed',
        text: {
          key: 'contracts.event.carChangedFrom',
          params: { number: old.number, deposit: fenToYuan(carried) },
        },
      });
      return newContract;
    })
    .catch(nextTaken);
  return getContract(deps, ctx, newId);
}
