import type { AppDeps } from '../../core/deps.js';
import { registerSchedule } from '../../core/schedules.js';
import { runDailyReports } from './daily-report.service.js';

/** Hourly at :15, so that each tenant's yesterday is stored soon after its own midnight. */
export const DAILY_REPORTS_CRON = '15 * * * *';

/** The dashboard's registrations (docs/dashboard.md): the daily reports' job. */
export function registerDashboard(_deps?: AppDeps): void {
  registerSchedule({
    name: 'dashboard.dailyReports',
    cron: DAILY_REPORTS_CRON,
    atStart: true,
    description:
      "Dashboard: each active tenant's daily report per rent for the past days of the last week that have none, yesterday once the tenant's day has turned (docs/dashboard.md).",
    run: async (deps) => {
      await runDailyReports(deps);
    },
  });
}
