/** The instant a day starts in a time zone: midnight of `at`'s date there. */
export function startOfDayIn(timeZone: string, at: Date): Date {
  const date = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    at,
  );
  const offset = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')!
    .value.replace('GMT', '');
  return new Date(`${date}T00:00:00${offset || 'Z'}`);
}
