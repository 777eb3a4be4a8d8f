import type { AppDeps } from '../../core/deps.js';
import { EVERY_MINUTE, HOURLY, registerSchedule } from '../../core/schedules.js';
import { expireCommands } from './commands/commands.service.js';
import { sweepOffline } from './events/events.js';
import { maintainGpsPartitions } from './partitions.js';
import { registerFuelCutType, sweepRisk, useRiskEngineDeps } from './risk/risk.service.js';

/**
 * GPS's registrations: the fuel cut's approval type, the risk engine's deps (an approved fuel cut is sent from
 * the deciding process), and the periodic jobs: partitions, devices gone offline, stale commands, risk rules.
 */
export function registerGps(deps: AppDeps): void {
  registerFuelCutType();
  useRiskEngineDeps(deps);
  registerSchedule({
    name: 'gps.partitions',
    cron: HOURLY,
    atStart: true,
    description: "Keeps the positions' monthly partitions (two months ahead) and drops months past the retention.",
    run: async (d) => void (await maintainGpsPartitions(d)),
  });
  registerSchedule({
    name: 'gps.offline',
    cron: EVERY_MINUTE,
    description: "Marks devices offline whose last message is older than their tenant's offline minutes.",
    run: async (d) => void (await sweepOffline(d)),
  });
  registerSchedule({
    name: 'gps.expireCommands',
    cron: EVERY_MINUTE,
    description: 'Expires device commands not delivered or not answered within 24 hours.',
    run: async (d) => void (await expireCommands(d)),
  });
  registerSchedule({
    name: 'gps.risk',
    cron: EVERY_MINUTE,
    description: 'The risk rules, then approved fuel cuts not sent yet and the answers of those sent.',
    run: async (d) => void (await sweepRisk(d)),
  });
}
