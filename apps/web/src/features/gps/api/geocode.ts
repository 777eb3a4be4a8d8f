import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { GpsPaths as P, type ReverseGeocodeAnswer } from '@fleetdesk/contracts/gps';
import { request } from '../../../lib/request';

export interface Point {
  lat: number;
  lon: number;
}
export interface Named {
  address: string | null;
  sandbox: boolean;
}

/** The server rounds to 4 decimals (about 11 m) for its cache: the same here, so one spot is one query. */
const spot = (p: Point) => `${p.lat.toFixed(4)},${p.lon.toFixed(4)}`;
/** The call takes at most 100 points. */
const MAX_POINTS = 100;

type Waiter = { point: Point; resolve: (n: Named) => void; reject: (e: unknown) => void };
const waiting = new Map<string, Waiter[]>();
let flushing: ReturnType<typeof setTimeout> | null = null;

/** Sends the spots asked for in one task as one call per language (a table's rows become one request). */
async function flush() {
  flushing = null;
  const batches = [...waiting.entries()];
  waiting.clear();
  // One batch per language; the request layer sends the reader's language.
  for (const [, waiters] of batches) {
    for (let i = 0; i < waiters.length; i += MAX_POINTS) {
      const part = waiters.slice(i, i + MAX_POINTS);
      try {
        const a = await request<ReverseGeocodeAnswer>(P.reverseGeocode, {
          method: 'POST',
          json: { points: part.map((w) => w.point) },
        });
        part.forEach((w, k) => w.resolve({ address: a.addresses[k] ?? null, sandbox: a.sandbox }));
      } catch (e) {
        part.forEach((w) => w.reject(e));
      }
    }
  }
}

function load(point: Point, lang: string): Promise<Named> {
  return new Promise((resolve, reject) => {
    waiting.set(lang, [...(waiting.get(lang) ?? []), { point, resolve, reject }]);
    flushing ??= setTimeout(() => void flush(), 0);
  });
}

/**
 * The address of a position, in the reader's language. Each spot is one cached query; the spots a screen asks for
 * together (a table's rows) go to the server in one call, which asks its provider once per spot (its cache).
 */
export function useAddress(point: Point | null): Named & { loading: boolean } {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  const q = useQuery({
    queryKey: ['gps', 'address', lang, point ? spot(point) : ''] as readonly unknown[],
    queryFn: () => load({ lat: point!.lat, lon: point!.lon }, lang),
    enabled: point !== null,
    staleTime: Infinity,
    retry: false,
  });
  return { address: q.data?.address ?? null, sandbox: q.data?.sandbox ?? false, loading: q.isLoading };
}
