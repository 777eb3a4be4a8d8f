import { wgs84ToGcj02 } from '@fleetdesk/contracts/gcj02';
import type { GeocodeLang, GeocodeProvider, GeoPoint } from './geocode.js';

export interface AmapGeocodeOptions {
  /** The web service key (高德开放平台 Web 服务 Key). */
  key: string;
  /** https://restapi.amap.com, or a stand-in in tests. */
  endpoint: string;
  timeoutMs?: number;
}

/** AutoNavi's answer of `v3/geocode/regeo` (the fields we read). */
export interface AmapRegeoAnswer {
  status?: string;
  info?: string;
  infocode?: string;
  regeocode?: { formatted_address?: string | string[] };
}

/**
 * AutoNavi reverse geocoding (`GET /v3/geocode/regeo`, https://lbs.amap.com/api/webservice/guide/api/georegeo):
 * `location` is `lon,lat` in GCJ-02 (positions are stored in WGS-84 and converted here), at most 6 decimals.
 * `status` "1" is success and `regeocode.formatted_address` the address (an empty array where there is none, at
 * sea); `status` "0" carries the error in `info`/`infocode`. AutoNavi answers in Chinese only.
 */
export class AmapGeocodeProvider implements GeocodeProvider {
  readonly name = 'amap' as const;
  readonly sandbox = false;

  constructor(private readonly options: AmapGeocodeOptions) {}

  async reverse(point: GeoPoint, _lang: GeocodeLang): Promise<string | null> {
    const [lon, lat] = wgs84ToGcj02(point.lon, point.lat);
    const q = new URLSearchParams({
      key: this.options.key,
      location: `${lon.toFixed(6)},${lat.toFixed(6)}`,
      extensions: 'base',
      output: 'JSON',
    });
    const res = await fetch(`${this.options.endpoint}/v3/geocode/regeo?${q}`, {
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 5_000),
    });
    if (!res.ok) throw new Error(`AutoNavi regeo answered HTTP ${res.status}`);
    const body = (await res.json()) as AmapRegeoAnswer;
    if (body.status !== '1') throw new Error(`AutoNavi regeo refused: ${body.info ?? '?'} (${body.infocode ?? '?'})`);
    const address = body.regeocode?.formatted_address;
    return typeof address === 'string' && address.trim() ? address.trim() : null;
  }
}
