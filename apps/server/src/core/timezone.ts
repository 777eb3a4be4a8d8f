function offsetAt(timeZone: string, at: Date): string {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')!.value;
  return name.replace('GMT', '') || 'Z';
}

/**
 * The instant a day starts in a time zone: midnight of `at`'s date there. The zone's offset is taken at that
 * midnight, not at `at`: on a day whose offset changes (summer time) the two differ.
 */
export function startOfDayIn(timeZone: string, at: Date): Date {
  const date = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    at,
  );
  const guess = new Date(`${date}T00:00:00${offsetAt(timeZone, at)}`);
  const offset = offsetAt(timeZone, guess);
  return offset === offsetAt(timeZone, at) ? guess : new Date(`${date}T00:00:00${offset}`);
}
