import type { AppDeps } from './core/deps.js';
import { purgeExpired } from './core/rate-limit.js';
import { LEASE_SECONDS } from './core/tasks.js';
import { purgeExpiredCodes } from './modules/identity/codes.service.js';
import { remindDriverDocumentsHourly } from './modules/drivers/drivers.reminders.js';
import { runVehicleRemindersHourly } from './modules/compliance/reminders.js';
import { purgeRefusedNotifications, sweepUnpaidOrders } from './modules/payments/pay.service.js';
// The violation limits are a source of the vehicle reminders (registered by this import).
import './modules/violations/violations.reminders.js';
import { followUpRefunds } from './modules/payments/withdraw.service.js';
import { runContractsHourly } from './modules/rental-contracts/rental-contracts.jobs.js';
import { maintainGpsPartitions } from './modules/gps/partitions.js';
import { sweepOffline } from './modules/gps/events/events.js';
import { expireCommands } from './modules/gps/commands/commands.service.js';
import { sweepRisk } from './modules/gps/risk/risk.service.js';

/**
 * Housekeeping every minute: expired counters, codes and unpaid orders (closed at their provider), refunds still
 * processing, tasks whose worker died, driver and vehicle reminders (violation limits among the latter),
 * contracts (late fees, rent reminders), GPS position partitions, GPS devices gone offline, GPS commands not
 * delivered within 24 h, the GPS risk rules.
 */
export async function maintenance(deps: AppDeps): Promise<void> {
  await purgeExpired(deps.db, deps.clock);
  await purgeExpiredCodes(deps);
  await sweepUnpaidOrders(deps);
  await followUpRefunds(deps);
  await purgeRefusedNotifications(deps);
  await deps.tasks.resume();
  await remindDriverDocumentsHourly(deps);
  await runVehicleRemindersHourly(deps);
  await runContractsHourly(deps);
  await maintainGpsPartitions(deps);
  await sweepOffline(deps);
  await expireCommands(deps);
  await sweepRisk(deps);
}

/**
 * Starts the job queues. A worker process (the embedded process by default, or `npm run worker`) also works
 * them: task runs, the maintenance schedule, and the tasks that were left unfinished. The app must be built
 * first, so that every module has registered its task kinds.
 */
export async function startJobs(deps: AppDeps): Promise<void> {
  await deps.jobs.start();
  if (!deps.jobs.isWorker) return;
  await deps.jobs.work<{ tenantId: number; taskId: number }>('task.run', 2, async (data, { signal }) => {
    await deps.tasks.run(data.tenantId, data.taskId, signal);
  });
  await deps.jobs.work('maintenance', 1, () => maintenance(deps));
  await deps.jobs.schedule('maintenance', '* * * * *');
  // Domain events: failed deliveries retried, and what a dead process left between commit and delivery.
  await deps.events.start();
  // Embedded: no other process can hold a lease, so what a killed process held resumes at once. Otherwise a
  // lease of a dead worker runs out within LEASE_SECONDS; look again then.
  const resumed = await deps.tasks.resume({ stealLeases: deps.database.kind === 'pglite' });
  if (resumed) deps.log.info({ resumed }, 'resuming unfinished tasks');
  setTimeout(
    () => void deps.tasks.resume().catch((err: unknown) => deps.log.error({ err }, 'resume failed')),
    (LEASE_SECONDS + 1) * 1000,
  ).unref();
}
