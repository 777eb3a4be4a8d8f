import type { AppDeps } from '../../core/deps.js';
import { EVERY_MINUTE, registerSchedule } from '../../core/schedules.js';
import { purgeRefusedNotifications, registerOrderSettler, sweepUnpaidOrders } from './pay.service.js';
import { settleRenterTopUp } from './renter-balance.service.js';
import { followUpRefunds } from './withdraw.service.js';

/**
 * The payments' registrations: the renter top-up settler, the sweeps of unpaid orders, processing refunds and
 * refused notifications.
 */
export function registerPayments(_deps: AppDeps): void {
  // A time-share renter's top-up credits his balance (issue 33).
  registerOrderSettler('renterTopUp', settleRenterTopUp);
  registerSchedule({
    name: 'payments.unpaidOrders',
    cron: EVERY_MINUTE,
    description: 'Unpaid orders past their time: asked at their provider (settled if paid), closed there and here.',
    run: async (deps) => void (await sweepUnpaidOrders(deps)),
  });
  registerSchedule({
    name: 'payments.refunds',
    cron: EVERY_MINUTE,
    description: 'Refunds still processing a minute after they were asked: asked again at their provider.',
    run: async (deps) => void (await followUpRefunds(deps)),
  });
  registerSchedule({
    name: 'payments.refusedNotifications',
    cron: EVERY_MINUTE,
    description: 'Deletes the counts of refused payment notifications older than 30 days.',
    run: async (deps) => void (await purgeRefusedNotifications(deps)),
  });
}
