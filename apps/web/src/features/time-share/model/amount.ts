import { fenToYuan, yuanToFen } from '@fleetdesk/contracts/common';
import { tripAmount, type TripAmount } from '@fleetdesk/contracts/time-share-pricing';
import { DISPLAY_TIME_ZONE } from '../../../lib/format';

/** A rate as the form holds it (yuan). */
export interface RateYuan {
  dayMinutePrice: number;
  nightMinutePrice: number;
  kmPrice: number;
  minPrice: number;
  maxPrice: number | null;
  dailyCap: number;
}

/** The example trip the rate form prices: a start time of day, a length and a distance. */
export interface ExampleTrip {
  /** 'HH:MM' local time. */
  startTime: string;
  minutes: number;
  km: number;
}

export const DEFAULT_EXAMPLE: ExampleTrip = { startTime: '22:30', minutes: 90, km: 12.5 };

/** The example is priced on a fixed day (China keeps one offset all year, so the day does not matter). */
const EXAMPLE_DAY = '2026-03-02';

/** The contracts' `tripAmount` (the server's own price) for the example trip under a rate, in fen. */
export function exampleAmount(
  rate: RateYuan,
  trip: ExampleTrip,
  night: { nightFrom: string; nightTo: string },
): TripAmount {
  const start = new Date(`${EXAMPLE_DAY}T${trip.startTime}:00+08:00`);
  return tripAmount({
    startAt: start,
    endAt: new Date(start.getTime() + Math.max(0, Math.round(trip.minutes)) * 60_000),
    km: Math.max(0, trip.km),
    rate: {
      dayMinuteFen: yuanToFen(rate.dayMinutePrice),
      nightMinuteFen: yuanToFen(rate.nightMinutePrice),
      kmFen: yuanToFen(rate.kmPrice),
      minFen: yuanToFen(rate.minPrice),
      maxFen: rate.maxPrice === null ? null : yuanToFen(rate.maxPrice),
      dailyCapFen: yuanToFen(rate.dailyCap),
    },
    zone: DISPLAY_TIME_ZONE,
    nightFrom: night.nightFrom,
    nightTo: night.nightTo,
  });
}

export { fenToYuan };
