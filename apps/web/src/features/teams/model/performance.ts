import dayjs from 'dayjs';
import type { TeamMonth } from '@fleetdesk/contracts/team-performance';
import { formatDate } from '../../../lib/format';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** This month (YYYY-MM) in the tenants' zone, as the server counts days. */
export function currentMonth(now = new Date()): string {
  return formatDate(now).slice(0, 7);
}

/** The month of the address (`month=YYYY-MM`), this month when it names none or one to come. */
export function monthOf(search: URLSearchParams, now = new Date()): string {
  const value = search.get('month') ?? '';
  const current = currentMonth(now);
  return MONTH.test(value) && value <= current ? value : current;
}

export function shiftMonth(month: string, by: number): string {
  return dayjs(`${month}-01`).add(by, 'month').format('YYYY-MM');
}

/** The first and the last day of a month (YYYY-MM-DD). */
export function monthDays(month: string): { from: string; to: string } {
  const first = dayjs(`${month}-01`);
  return { from: first.format('YYYY-MM-DD'), to: first.endOf('month').format('YYYY-MM-DD') };
}

/** Minutes as hours with one decimal (`2883` -> `48.1`). */
export function hours(minutes: number): string {
  return (Math.round(minutes / 6) / 10).toFixed(1);
}

/** The share of rent lines paid in full by their due date (null: none was due). */
export function onTimeRate(m: { rentLines: number; onTimeLines: number }): number | null {
  return m.rentLines ? m.onTimeLines / m.rentLines : null;
}

/** A rate as a percentage with one decimal (`0.526` -> `52.6%`). */
export function percent(rate: number | null): string {
  return rate === null ? '—' : `${(Math.round(rate * 1000) / 10).toFixed(1)}%`;
}

/** What the summary shows: a node's month, or the sum over several (every fleet). */
export type MonthFigures = Omit<TeamMonth, 'teamId' | 'parentId' | 'name' | 'kind'>;

/** The sum of several nodes' months (none of them inside another); the mean score weighted by their drivers. */
export function sumMonths(rows: readonly MonthFigures[]): MonthFigures {
  const sum = (f: (r: MonthFigures) => number) => rows.reduce((s, r) => s + f(r), 0);
  const drivers = sum((r) => r.drivers);
  const flow = Math.round(sum((r) => r.flow) * 100) / 100;
  return {
    drivers,
    onlineMinutes: sum((r) => r.onlineMinutes),
    orders: sum((r) => r.orders),
    flow,
    flowPerDriver: drivers ? Math.round((flow / drivers) * 100) / 100 : 0,
    rentLines: sum((r) => r.rentLines),
    onTimeLines: sum((r) => r.onTimeLines),
    overdueDays: sum((r) => r.overdueDays),
    violations: sum((r) => r.violations),
    accidents: sum((r) => r.accidents),
    score: drivers ? Math.round((sum((r) => r.score * r.drivers) / drivers) * 100) / 100 : 0,
  };
}

/** Whether the month holds any platform figure (nothing imported yet: none). */
export const hasFlows = (m: MonthFigures) => m.onlineMinutes > 0 || m.orders > 0 || m.flow > 0;
