import { formatDate } from '../../../lib/format';

/** `count` calendar days from `from` (YYYY-MM-DD), as YYYY-MM-DD (date arithmetic only: no zone involved). */
export function calendarDays(from: string, count: number): string[] {
  const [y, m, d] = from.split('-').map(Number) as [number, number, number];
  return Array.from({ length: count }, (_, i) => new Date(Date.UTC(y, m - 1, d + i)).toISOString().slice(0, 10));
}

/** The day `n` days after `day` (negative: before). */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

export interface CalendarItem {
  id: number;
  pickUpAt: string;
  returnAt: string;
}

export interface CalendarBar<T extends CalendarItem> {
  item: T;
  /** First column (0-based day of the range) the bar covers. */
  start: number;
  /** Columns covered (at least 1). */
  span: number;
  /** The booking began before the range / ends after it (drawn with an open end). */
  before: boolean;
  after: boolean;
  /** Row within the car's line (overlapping bars of one car: a cancelled one beside a live one). */
  lane: number;
}

/**
 * The bars of one car's bookings over `days` from `from`: a booking covers the display zone's days from its pick-up
 * day to the day of its last instant (a return at midnight does not take the next day); what lies outside the range
 * is cut and marked. Bars that overlap go on separate lanes (first free lane, in pick-up order).
 */
export function calendarBars<T extends CalendarItem>(
  items: readonly T[],
  from: string,
  days: number,
): CalendarBar<T>[] {
  const index = new Map(calendarDays(from, days).map((d, i) => [d, i]));
  const last = addDays(from, days - 1);
  const col = (day: string) => (day < from ? -1 : day > last ? days : index.get(day)!);
  const sorted = [...items].sort((a, b) => a.pickUpAt.localeCompare(b.pickUpAt) || a.id - b.id);
  const laneEnds: number[] = [];
  const out: CalendarBar<T>[] = [];
  for (const item of sorted) {
    const first = col(formatDate(item.pickUpAt));
    const endInstant = Math.max(new Date(item.returnAt).getTime() - 1, new Date(item.pickUpAt).getTime());
    const lastCol = col(formatDate(endInstant));
    if (lastCol < 0 || first >= days) continue;
    const start = Math.max(first, 0);
    const end = Math.min(lastCol, days - 1);
    let lane = laneEnds.findIndex((e) => e < start);
    if (lane < 0) {
      lane = laneEnds.length;
      laneEnds.push(end);
    } else laneEnds[lane] = end;
    out.push({ item, start, span: end - start + 1, before: first < 0, after: lastCol >= days, lane });
  }
  return out;
}
