/**
 * The price of a time-share trip (分时租赁, issue 33): pure, shared by the server (trip end, the minutely job's
 * running amount) and the web. Minutes are priced by the local time of day in the tenant's zone (day or night
 * rate), with a daily cap; kilometres on top; the result clamped to the rate's minimum and maximum.
 */

const MINUTE = 60_000;
const DAY_MINUTES = 1440;

type When = Date | string | number;
function ms(at: When): number {
  return at instanceof Date ? at.getTime() : typeof at === 'number' ? at : Date.parse(at);
}

/** A city's rate for a car type (`ts_rates`), in fen; the trip keeps a copy (`ts_trips.rate`). */
export interface TripRate {
  dayMinuteFen: number;
  nightMinuteFen: number;
  /** Per kilometre. */
  kmFen: number;
  minFen: number;
  /** Null: no maximum. */
  maxFen: number | null;
  /** The most 24 hours of time cost. */
  dailyCapFen: number;
}

export interface TripAmountInput {
  startAt: When;
  endAt: When;
  /** Kilometres driven (rounded to 0.1 km). */
  km: number;
  rate: TripRate;
  /** The tenant's time zone. */
  zone: string;
  /** Night from (inclusive) and to (exclusive), 'HH:MM' local time (rules timeShare.nightFrom / nightTo). */
  nightFrom: string;
  nightTo: string;
  /** The end zone's parking fee. */
  parkingFen?: number;
  /** The off-zone fee when the trip ended outside every zone. */
  offZoneFen?: number;
}

/** `dayMinutes + nightMinutes` is the rest after the whole days: `wholeDays × 1440 + dayMinutes + nightMinutes = minutes`. */
export interface TripAmount {
  minutes: number;
  dayMinutes: number;
  nightMinutes: number;
  wholeDays: number;
  timeFen: number;
  kmFen: number;
  /** timeFen + kmFen clamped to [minFen, maxFen]. */
  subtotalFen: number;
  parkingFen: number;
  offZoneFen: number;
  totalFen: number;
}

const minuteFormats = new Map<string, Intl.DateTimeFormat>();
/** The minute of the day (0-1439) of an instant on the wall clock of a time zone. */
export function localMinuteOfDay(at: When, zone: string): number {
  let f = minuteFormats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    minuteFormats.set(zone, f);
  }
  let hour = 0;
  let minute = 0;
  for (const p of f.formatToParts(new Date(ms(at)))) {
    if (p.type === 'hour') hour = Number(p.value);
    else if (p.type === 'minute') minute = Number(p.value);
  }
  return (hour % 24) * 60 + minute;
}

/** 'HH:MM' -> minute of the day. */
export function clockMinutes(hhmm: string): number {
  const m = /^(\d{1,2}):(\d{2})$/.exec(hhmm);
  if (!m) throw new Error(`not a time of day: ${hhmm}`);
  return Number(m[1]) * 60 + Number(m[2]);
}

/** Whether a minute of the day is in the night [from, to) (wrapping past midnight when from > to). */
export function isNightMinute(minuteOfDay: number, fromMin: number, toMin: number): boolean {
  if (fromMin === toMin) return false;
  return fromMin < toMin
    ? minuteOfDay >= fromMin && minuteOfDay < toMin
    : minuteOfDay >= fromMin || minuteOfDay < toMin;
}

/** Offset of the zone's wall clock from UTC at an instant, in minutes (whole minutes only). */
function zoneOffset(atMs: number, zone: string): number {
  const utcMinute = Math.floor(atMs / MINUTE);
  const utcOfDay = ((utcMinute % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES;
  const diff = localMinuteOfDay(atMs, zone) - utcOfDay;
  // Offsets lie within ±14 h: fold the day wrap.
  return diff > 840 ? diff - DAY_MINUTES : diff < -840 ? diff + DAY_MINUTES : diff;
}

/** Day and night minutes of `count` minutes starting at `fromMs`, each minute by the local time at its start. */
function splitMinutes(fromMs: number, count: number, zone: string, nightFrom: string, nightTo: string) {
  if (count === 0) return { day: 0, night: 0 };
  const nf = clockMinutes(nightFrom);
  const nt = clockMinutes(nightTo);
  const lastMs = fromMs + (count - 1) * MINUTE;
  const sameOffset = zoneOffset(fromMs, zone) === zoneOffset(lastMs, zone);
  let night = 0;
  if (sameOffset) {
    // No offset change inside (the usual case): walk the wall clock arithmetically.
    let m = localMinuteOfDay(fromMs, zone);
    for (let i = 0; i < count; i++) {
      if (isNightMinute(m, nf, nt)) night++;
      m = m === DAY_MINUTES - 1 ? 0 : m + 1;
    }
  } else {
    for (let i = 0; i < count; i++) if (isNightMinute(localMinuteOfDay(fromMs + i * MINUTE, zone), nf, nt)) night++;
  }
  return { day: count - night, night };
}

/**
 * The amount of a trip. minutes = started minutes of the trip; wholeDays = minutes ÷ 1440 (each costs the daily cap);
 * the rest (`minutes mod 1440`, the minutes after the whole days) are priced each by day or night at the local time
 * it starts, capped at the daily cap. kmFen = km (to 0.1) × kmFen, rounded. The subtotal (time + km) is clamped to
 * [minFen, maxFen]; parking and the off-zone fee come on top.
 */
export function tripAmount(input: TripAmountInput): TripAmount {
  const start = ms(input.startAt);
  const minutes = Math.max(0, Math.ceil((ms(input.endAt) - start) / MINUTE));
  const wholeDays = Math.floor(minutes / DAY_MINUTES);
  const rest = minutes % DAY_MINUTES;
  const split = splitMinutes(
    start + wholeDays * DAY_MINUTES * MINUTE,
    rest,
    input.zone,
    input.nightFrom,
    input.nightTo,
  );
  const { rate } = input;
  const restFen = split.day * rate.dayMinuteFen + split.night * rate.nightMinuteFen;
  const timeFen = wholeDays * rate.dailyCapFen + Math.min(restFen, rate.dailyCapFen);
  const tenthKm = Math.max(0, Math.round(input.km * 10));
  const kmFen = Math.round((tenthKm * rate.kmFen) / 10);
  let subtotalFen = Math.max(timeFen + kmFen, rate.minFen);
  if (rate.maxFen !== null) subtotalFen = Math.min(subtotalFen, rate.maxFen);
  const parkingFen = input.parkingFen ?? 0;
  const offZoneFen = input.offZoneFen ?? 0;
  return {
    minutes,
    dayMinutes: split.day,
    nightMinutes: split.night,
    wholeDays,
    timeFen,
    kmFen,
    subtotalFen,
    parkingFen,
    offZoneFen,
    totalFen: subtotalFen + parkingFen + offZoneFen,
  };
}

/** The amount of a live trip if it ended at `now` (the minutely job's balance warnings); no parking, no off-zone fee. */
export function runningAmount(
  input: Omit<TripAmountInput, 'endAt' | 'parkingFen' | 'offZoneFen'> & { now: When },
): TripAmount {
  return tripAmount({ ...input, endAt: input.now, parkingFen: 0, offZoneFen: 0 });
}
