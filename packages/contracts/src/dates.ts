/**
 * Calendar dates as `YYYY-MM-DD` strings, with no time zone: a bill's or an instalment's due day is a day, not a
 * moment. Day arithmetic goes through the day number (days since 1970-01-01); months keep the day of the month,
 * clamped to the target month's length (31 January plus one month is 28 or 29 February). Shared by the rental
 * contracts' bill schedules and the financing schedules.
 */
const DAY = 86_400_000;

/** The day number of a date (days since 1970-01-01). */
export function toDays(date: string): number {
  return Math.round(Date.parse(`${date}T00:00:00Z`) / DAY);
}
export function fromDays(days: number): string {
  return new Date(days * DAY).toISOString().slice(0, 10);
}
export function addDays(date: string, n: number): string {
  return fromDays(toDays(date) + n);
}
export function daysInMonth(year: number, month0: number): number {
  return new Date(Date.UTC(year, month0 + 1, 0)).getUTCDate();
}
/** `date` plus `n` months, the day clamped to the target month's length. */
export function addMonths(date: string, n: number): string {
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7)) - 1 + n;
  const d = Number(date.slice(8, 10));
  const year = y + Math.floor(m / 12);
  const month0 = ((m % 12) + 12) % 12;
  const day = Math.min(d, daysInMonth(year, month0));
  return `${String(year).padStart(4, '0')}-${String(month0 + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
/** Day `day` of the month `shift` months from `date`'s, clamped to that month's length. */
export function dayOfMonth(date: string, day: number, shift: number): string {
  const first = addMonths(`${date.slice(0, 8)}01`, shift);
  const y = Number(first.slice(0, 4));
  const m0 = Number(first.slice(5, 7)) - 1;
  return `${first.slice(0, 8)}${String(Math.min(day, daysInMonth(y, m0))).padStart(2, '0')}`;
}
/** ISO weekday, 1 = Monday .. 7 = Sunday. */
export function weekday(date: string): number {
  const d = new Date(`${date}T00:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
}
