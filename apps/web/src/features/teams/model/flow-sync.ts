import dayjs from 'dayjs';
import { formatDate } from '../../../lib/format';

/** Today (YYYY-MM-DD) in the tenants' zone, as the server counts days. */
export function today(now = new Date()): string {
  return formatDate(now);
}

export function addDays(day: string, by: number): string {
  return dayjs(day).add(by, 'day').format('YYYY-MM-DD');
}

/** What a sync asks by default: yesterday, the last whole day (the daily job asks the same). */
export function defaultSyncRange(now = new Date()): { from: string; to: string } {
  const yesterday = addDays(today(now), -1);
  return { from: yesterday, to: yesterday };
}

/** The days from the first to the last, both counted (0 when they run backwards). */
export function daysBetween(from: string, to: string): number {
  const days = dayjs(to).diff(dayjs(from), 'day') + 1;
  return days > 0 ? days : 0;
}
