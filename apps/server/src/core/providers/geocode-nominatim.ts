import type { GeocodeLang, GeocodeProvider, GeoPoint } from './geocode.js';

export interface NominatimGeocodeOptions {
  /** https://nominatim.openstreetmap.org, or a stand-in (or an own Nominatim) . */
  endpoint: string;
  /** Identifies the application, as the usage policy requires (a stock library agent is refused). */
  userAgent: string;
  /** At least this long between two requests (the public service allows 1 a second). */
  minIntervalMs?: number;
  timeoutMs?: number;
}

/** Nominatim's answer of `/reverse?format=jsonv2` (the fields we read). */
export interface NominatimReverseAnswer {
  display_name?: string;
  error?: string;
}

/**
 * OpenStreetMap reverse geocoding (`GET /reverse`, https://nominatim.org/release-docs/latest/api/Reverse/), WGS-84.
 * The usage policy (https://operations.osmfoundation.org/policies/nominatim/): an identifying User-Agent, at most
 * one request a second (requests wait their turn here, one at a time), results cached (the GeocodeCache in front).
 * A point with nothing near is answered `{"error": "Unable to geocode"}`: no address.
 */
export class NominatimGeocodeProvider implements GeocodeProvider {
  readonly name = 'nominatim' as const;
  readonly sandbox = false;
  private queue: Promise<unknown> = Promise.resolve();
  private last = 0;

  constructor(private readonly options: NominatimGeocodeOptions) {}

  reverse(point: GeoPoint, lang: GeocodeLang): Promise<string | null> {
    const run = this.queue.then(() => this.send(point, lang));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async send(point: GeoPoint, lang: GeocodeLang): Promise<string | null> {
    const wait = this.last + (this.options.minIntervalMs ?? 1_000) - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    this.last = Date.now();
    const q = new URLSearchParams({
      format: 'jsonv2',
      lat: String(point.lat),
      lon: String(point.lon),
      zoom: '18',
      addressdetails: '0',
      'accept-language': lang === 'zh-CN' ? 'zh-CN,zh' : 'en',
    });
    const res = await fetch(`${this.options.endpoint}/reverse?${q}`, {
      headers: { 'User-Agent': this.options.userAgent, Accept: 'application/json' },
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 5_000),
    }).finally(() => {
      // The next request waits a second from this one's answer (so never two within a second at the service).
      this.last = Date.now();
    });
    if (!res.ok) throw new Error(`Nominatim reverse answered HTTP ${res.status}`);
    const body = (await res.json()) as NominatimReverseAnswer;
    if (body.error) return null;
    return body.display_name?.trim() || null;
  }
}
