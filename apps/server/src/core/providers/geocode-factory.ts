import type { Config } from '../../config.js';
import { AmapGeocodeProvider } from './geocode-amap.js';
import { NominatimGeocodeProvider } from './geocode-nominatim.js';
import { SandboxGeocodeProvider } from './geocode-sandbox.js';
import type { GeocodeProvider } from './geocode.js';

export type MapTiles = 'amap' | 'osm';

/**
 * The geocoders of a process: `GEOCODE_PROVIDER=sandbox` (default) answers every tenant from the sandbox;
 * `tenant` asks the tenant's map provider (`mapTiles`): AutoNavi with `GEOCODE_AMAP_KEY`, or Nominatim.
 */
export function createGeocoders(config: Config): (tiles: MapTiles) => GeocodeProvider {
  const delay = config.GEOCODE_SANDBOX_DELAY_MS ?? (config.NODE_ENV === 'test' ? 0 : 60);
  const sandbox = new SandboxGeocodeProvider(delay);
  if (config.GEOCODE_PROVIDER === 'sandbox') return () => sandbox;
  const amap = new AmapGeocodeProvider({
    key: config.GEOCODE_AMAP_KEY!,
    endpoint: config.GEOCODE_AMAP_ENDPOINT.replace(/\/$/, ''),
  });
  const nominatim = new NominatimGeocodeProvider({
    endpoint: config.GEOCODE_NOMINATIM_ENDPOINT.replace(/\/$/, ''),
    userAgent: config.GEOCODE_NOMINATIM_USER_AGENT ?? `Fleetdesk (${config.PUBLIC_URL})`,
  });
  return (tiles) => (tiles === 'amap' ? amap : nominatim);
}
