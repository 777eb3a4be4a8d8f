import type { GeocodeProviderName } from '@fleetdesk/contracts/gps';

/**
 * Reverse geocoding (DESIGN.md section 9): the address of a position. The sandbox adapter is the default (a table
 * of real districts and roads around the demo's cities); the real adapters ask AutoNavi (`amap`) or OpenStreetMap's
 * Nominatim (`nominatim`), chosen by the tenant's map provider (`mapTiles`).
 */
export interface GeoPoint {
  /** WGS-84 degrees. */
  lat: number;
  lon: number;
}

export type GeocodeLang = 'zh-CN' | 'en-US';

export interface GeocodeProvider {
  readonly name: GeocodeProviderName;
  /** True when nothing leaves the machine (the screens mark its addresses "sandbox"). */
  readonly sandbox: boolean;
  /** The address of a point, or null when the provider knows none. Throws when the provider fails. */
  reverse(point: GeoPoint, lang: GeocodeLang): Promise<string | null>;
}

/** Coordinates are rounded to 4 decimals (about 11 m) for the cache and the provider: one call per spot. */
export const GEOCODE_DECIMALS = 4;
export const roundPoint = (p: GeoPoint): GeoPoint => ({
  lat: Number(p.lat.toFixed(GEOCODE_DECIMALS)),
  lon: Number(p.lon.toFixed(GEOCODE_DECIMALS)),
});

/**
 * Addresses cached by provider, language and rounded coordinates (least recently used out past `max`), so that a
 * list asks the provider once per spot, not once per row or per call. Lookups of the same spot at once share one
 * provider call. A failure is not cached (null for this answer, asked again next time); "no address" is.
 */
export class GeocodeCache {
  private readonly entries = new Map<string, string | null>();
  private readonly pending = new Map<string, Promise<string | null>>();
  /** Provider calls made (tests and the log read it). */
  calls = 0;

  constructor(
    private readonly max = 20_000,
    private readonly onError: (err: unknown, provider: string) => void = () => undefined,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  async lookup(provider: GeocodeProvider, lang: GeocodeLang, points: GeoPoint[]): Promise<(string | null)[]> {
    return Promise.all(points.map((p) => this.one(provider, lang, roundPoint(p))));
  }

  private one(provider: GeocodeProvider, lang: GeocodeLang, p: GeoPoint): Promise<string | null> {
    const key = `${provider.name}|${lang}|${p.lat.toFixed(GEOCODE_DECIMALS)},${p.lon.toFixed(GEOCODE_DECIMALS)}`;
    if (this.entries.has(key)) {
      const hit = this.entries.get(key)!;
      // Most recently used last.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return Promise.resolve(hit);
    }
    const waiting = this.pending.get(key);
    if (waiting) return waiting;
    this.calls++;
    const call = provider
      .reverse(p, lang)
      .then((address) => {
        this.entries.set(key, address);
        if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
        return address;
      })
      .catch((err: unknown) => {
        this.onError(err, provider.name);
        return null;
      })
      .finally(() => this.pending.delete(key));
    this.pending.set(key, call);
    return call;
  }
}
