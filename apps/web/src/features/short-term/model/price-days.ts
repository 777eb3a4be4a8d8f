import { addDays } from './calendar';

/** Chosen days (YYYY-MM-DD, any order, repeats allowed) as the fewest runs of consecutive days. */
export function dayRanges(days: readonly string[]): { from: string; to: string }[] {
  const sorted = [...new Set(days)].sort();
  const out: { from: string; to: string }[] = [];
  for (const day of sorted) {
    const run = out.at(-1);
    if (run && addDays(run.to, 1) === day) run.to = day;
    else out.push({ from: day, to: day });
  }
  return out;
}

/** The days of a month's grid, Monday first: leading nulls up to the first day's weekday, then every day. */
export function monthGrid(month: string): (string | null)[] {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(y, m - 1, 1));
  const count = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const lead = (first.getUTCDay() + 6) % 7;
  const out: (string | null)[] = Array.from({ length: lead }, () => null);
  for (let d = 1; d <= count; d++) out.push(`${month}-${String(d).padStart(2, '0')}`);
  return out;
}

/** Saturday or Sunday. */
export function isWeekend(day: string): boolean {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const w = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return w === 0 || w === 6;
}
