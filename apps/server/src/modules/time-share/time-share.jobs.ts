import { sql } from 'drizzle-orm';
import { rowsOf } from '../../core/db.js';
import { fenToYuan, yuanToFen } from '@fleetdesk/contracts/common';
import { MessageCategory } from '@fleetdesk/contracts/messages';
import { tripLink } from '@fleetdesk/contracts/time-share';
import { recipientsOf } from '../../core/access.js';
import type { AppDeps } from '../../core/deps.js';
import type { TaskRow } from '../../core/tasks.js';
import { EVERY_MINUTE, registerSchedule } from '../../core/schedules.js';
import { carDefaultDevice } from '../gps/car-positions.service.js';
import { queueCommand } from '../gps/commands/commands.service.js';
import { createMessagesForRecipients } from '../messages/messages.service.js';
import { tenantRules } from '../settings/settings.service.js';
import { createSystemNotice, purposeTemplate, systemSendingState } from '../sms-notices/sms-notices.service.js';
import { balanceFen, expireReservations, liveTrips, type LiveTrip } from './trips.service.js';
import { renterBalance } from '../payments/renter-balance.service.js';
import './time-share.messages.js';

/** The SMS notices' source of the renters' balance warnings, and the template purpose they use. */
export const LOW_BALANCE_SMS_SOURCE = 'timeShare';
export const LOW_BALANCE_SMS_PURPOSE = 'timeShare.lowBalance';
/** The template the warnings use, created with this text the first time (the tenant may change or disable it). */
export const LOW_BALANCE_SMS_TEMPLATE = {
  name: '分时租赁余额不足提醒',
  content:
    '{name}您好，您的分时租赁行程{code}（{plate}）当前费用{amount}元，账户余额{balance}元，请尽快充值，否则车辆将被锁定。',
};
/** Who hears about live trips: those who may act on trips (end one, recover the car). */
const STAFF_PERMISSION = 'sevenGo:edit';

export interface MinutelyResult {
  expired: number;
  warned: number;
  locked: number;
  unlocked: number;
  recover: number;
}

/**
 * The minutely time-share job: reservations past `reserve_until` are cancelled (the car idle again); for each trip
 * in use the running amount (time so far, km reported so far) is compared with the renter's balance:
 * - first passing `balance − warnBelow`: `warned_at`, an SMS to the renter (template `timeShare.lowBalance`, source
 *   `timeShare`) and a message to the staff of the trip's rent;
 * - `lockAfterMinutes` after the warning and still short: `locked_at`, a fuel cut queued on the car's JT/T 808
 *   device (held until a safe speed), a message to the staff;
 * - `recoverAfterHours` after locking: `recovered_at` (when staff were asked) and a message to recover the car
 *   (staff end the trip with `acceptOffZone`);
 * - a balance topped up meanwhile clears the warning (and a lock: the fuel is restored).
 * Tests call it with a moved clock.
 */
export async function runTimeShareMinutely(deps: AppDeps, now: Date = deps.clock.now()): Promise<MinutelyResult> {
  const result: MinutelyResult = { expired: 0, warned: 0, locked: 0, unlocked: 0, recover: 0 };
  result.expired = await expireReservations(deps, now);
  for (const trip of await liveTrips(deps, now)) {
    try {
      await checkTrip(deps, trip, now, result);
    } catch (err) {
      deps.log.error({ err, tenantId: trip.tenantId, tripId: trip.id }, 'time-share: live trip check failed');
    }
  }
  return result;
}

async function checkTrip(deps: AppDeps, trip: LiveTrip, now: Date, result: MinutelyResult): Promise<void> {
  const rules = (await tenantRules(deps.db, trip.tenantId)).timeShare;
  const balance = balanceFen(await renterBalance(deps.db, trip.tenantId, trip.driverId));
  const short = trip.running.totalFen > balance - yuanToFen(rules.warnBelow);
  const params = {
    code: trip.code,
    plate: trip.plate,
    name: trip.driverName,
    amount: fenToYuan(trip.running.totalFen).toFixed(2),
    balance: fenToYuan(balance).toFixed(2),
  };
  if (!short) {
    if (trip.warnedAt || trip.lockedAt) {
      await deps.db.execute(
        sql`update ts_trips set warned_at = null, locked_at = null, updated_at = ${now.toISOString()}
          where tenant_id = ${trip.tenantId} and id = ${trip.id} and state = 'inUse'`,
      );
      if (trip.lockedAt) {
        await fuelCommand(deps, trip, 'fuelRestore');
        result.unlocked++;
      }
    }
    return;
  }
  if (!trip.warnedAt) {
    // The template and today's quota are read before the transaction (one connection on PGlite).
    const sending = await smsSending(deps, trip);
    const task = await deps.db.transaction(async (tx) => {
      const changed = await rowsOf<{ id: number }>(
        tx,
        sql`update ts_trips set warned_at = ${now.toISOString()}, updated_at = ${now.toISOString()}
          where tenant_id = ${trip.tenantId} and id = ${trip.id} and state = 'inUse' and warned_at is null
          returning id`,
      );
      if (!changed.length) return null;
      await tellStaff(tx, trip, 'timeShare.lowBalanceTitle', 'timeShare.lowBalance', params);
      return sending ? smsRenter(deps, tx, trip, sending, params) : null;
    });
    if (task) await deps.tasks.dispatch(task);
    result.warned++;
    return;
  }
  if (!trip.lockedAt) {
    if (now.getTime() - trip.warnedAt.getTime() < rules.lockAfterMinutes * 60_000) return;
    const queued = await fuelCommand(deps, trip, 'fuelCut');
    await deps.db.transaction(async (tx) => {
      await tx.execute(
        sql`update ts_trips set locked_at = ${now.toISOString()}, updated_at = ${now.toISOString()}
          where tenant_id = ${trip.tenantId} and id = ${trip.id} and state = 'inUse' and locked_at is null`,
      );
      await tellStaff(tx, trip, 'timeShare.lockedTitle', queued ? 'timeShare.locked' : 'timeShare.lockedNoDevice', {
        ...params,
        minutes: rules.lockAfterMinutes,
      });
    });
    result.locked++;
    return;
  }
  if (!trip.recoveredAt && now.getTime() - trip.lockedAt.getTime() >= rules.recoverAfterHours * 3_600_000) {
    await deps.db.transaction(async (tx) => {
      await tx.execute(
        sql`update ts_trips set recovered_at = ${now.toISOString()}, updated_at = ${now.toISOString()}
          where tenant_id = ${trip.tenantId} and id = ${trip.id} and state = 'inUse' and recovered_at is null`,
      );
      await tellStaff(tx, trip, 'timeShare.recoverTitle', 'timeShare.recover', {
        ...params,
        hours: rules.recoverAfterHours,
      });
    });
    result.recover++;
  }
}

/** A fuel cut (or its restore) on the car's JT/T 808 device; false when the car has none that takes commands. */
async function fuelCommand(deps: AppDeps, trip: LiveTrip, type: 'fuelCut' | 'fuelRestore'): Promise<boolean> {
  const device = await carDefaultDevice(deps.db, trip.tenantId, trip.carId);
  if (!device || device.protocol !== 'jt808') return false;
  try {
    await queueCommand(deps, {
      tenantId: trip.tenantId,
      // Recorded under the employee who reserved the trip (a job has no caller).
      actorId: trip.createdBy ?? 0,
      deviceId: device.id,
      commandType: type,
      reason: 'time-share balance',
      waitSafeSpeed: type === 'fuelCut',
    });
    return true;
  } catch (err) {
    deps.log.warn({ err, tenantId: trip.tenantId, tripId: trip.id, type }, 'time-share: command not queued');
    return false;
  }
}

async function tellStaff(
  tx: Parameters<typeof createMessagesForRecipients>[0],
  trip: LiveTrip,
  titleKey: string,
  contentKey: string,
  params: Record<string, string | number>,
): Promise<void> {
  const recipients = await recipientsOf(tx, trip.tenantId, STAFF_PERMISSION, trip.rentId);
  await createMessagesForRecipients(tx, trip.tenantId, recipients, [
    {
      rentId: trip.rentId,
      category: MessageCategory.vehicleReminders,
      title: { key: titleKey },
      content: { key: contentKey, params },
      link: tripLink(trip.id),
    },
  ]);
}

/** The renter's SMS template and the tenant's sending state; null when the template is off or today's quota spent. */
async function smsSending(deps: AppDeps, trip: LiveTrip) {
  if (trip.createdBy == null) return null;
  const template = await purposeTemplate(deps, trip.tenantId, LOW_BALANCE_SMS_PURPOSE, LOW_BALANCE_SMS_TEMPLATE);
  if (template.status !== 'active') return null;
  const sending = await systemSendingState(deps, trip.tenantId);
  if (sending.remaining < 1) return null;
  return { template, sending, userId: trip.createdBy };
}

/** The renter's SMS: one notice of the SMS area in the job's transaction; its task is dispatched after the commit. */
async function smsRenter(
  deps: AppDeps,
  tx: Parameters<typeof createSystemNotice>[1],
  trip: LiveTrip,
  s: NonNullable<Awaited<ReturnType<typeof smsSending>>>,
  params: { code: string; plate: string; name: string; amount: string; balance: string },
): Promise<Pick<TaskRow, 'tenantId' | 'id'> | null> {
  const notice = await createSystemNotice(
    deps,
    tx,
    { tenantId: trip.tenantId, userId: s.userId },
    {
      template: s.template,
      source: LOW_BALANCE_SMS_SOURCE,
      recipients: [{ phone: trip.driverPhone, name: trip.driverName, variables: params }],
      signature: s.sending.signature,
      segmentPriceFen: s.sending.segmentPriceFen,
      defaults: { company: s.sending.shortName },
    },
  );
  return notice.created?.task ?? null;
}

export function registerTimeShareSchedules(): void {
  registerSchedule({
    name: 'timeShare.minutely',
    cron: EVERY_MINUTE,
    description:
      'Time-share: reservations past their time cancelled; live trips whose running amount passes the renter’s balance warned (SMS and staff message), locked after timeShare.lockAfterMinutes (fuel cut), recovery asked after timeShare.recoverAfterHours.',
    run: async (deps) => {
      await runTimeShareMinutely(deps);
    },
  });
}
