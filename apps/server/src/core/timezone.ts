/**
 * A zone's offset from UTC at an instant, in milliseconds. `longOffset` names it `GMT+08:00`, `GMT-03:30`, `GMT`
 * (UTC), or, before a zone's standard time (local mean time: Asia/Shanghai until 1901), with seconds
 * (`GMT+08:05:43`), which an ISO date-time cannot carry: the offset is computed, never parsed back by `Date`.
 */
function offsetMs(timeZone: string, at: Date): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')!.value;
  const m = /^GMT([+-])(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(name);
  if (!m) return 0;
  const seconds = Number(m[2]) * 3600 + Number(m[3]) * 60 + Number(m[4] ?? 0);
  return (m[1] === '-' ? -1 : 1) * seconds * 1000;
}

/** Midnight UTC of a calendar date `YYYY-MM-DD` (any year, 0-99 included). */
function utcMidnight(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const t = new Date(0);
  t.setUTCFullYear(y, m - 1, d);
  return t.getTime();
}

/**
 * The instant a day starts in a time zone: midnight of `at`'s date there. The zone's offset is taken at that
 * midnight, not at `at`: on a day whose offset changes (summer time) the two differ.
 */
export function startOfDayIn(timeZone: string, at: Date): Date {
  const date = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    at,
  );
  const midnight = utcMidnight(date);
  const guess = new Date(midnight - offsetMs(timeZone, at));
  const offset = offsetMs(timeZone, guess);
  return offset === offsetMs(timeZone, at) ? guess : new Date(midnight - offset);
}
