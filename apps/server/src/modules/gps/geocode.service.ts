import type { Lang } from '@fleetdesk/contracts/common';
import type { ReverseGeocodeAnswer } from '@fleetdesk/contracts/gps';
import type { DbOrTx } from '../../core/db.js';
import type { AppDeps } from '../../core/deps.js';
import { createGeocoders, type MapTiles } from '../../core/providers/geocode-factory.js';
import { GeocodeCache, type GeocodeProvider, type GeoPoint } from '../../core/providers/geocode.js';
import { tenantRules } from '../settings/settings.service.js';

type Deps = Pick<AppDeps, 'db' | 'config' | 'log'>;

interface Geocoding {
  providerFor: (tiles: MapTiles) => GeocodeProvider;
  cache: GeocodeCache;
}

/** One set of providers and one cache per app (tests build many apps; a process has one). */
const perApp = new WeakMap<object, Geocoding>();

export function geocodingOf(deps: Pick<AppDeps, 'config' | 'log'>): Geocoding {
  let g = perApp.get(deps.config);
  if (!g) {
    g = {
      providerFor: createGeocoders(deps.config),
      cache: new GeocodeCache(20_000, (err, provider) =>
        deps.log.warn({ err, provider }, 'reverse geocoding failed; the position is shown by its coordinates'),
      ),
    };
    perApp.set(deps.config, g);
  }
  return g;
}

/**
 * The addresses of positions (WGS-84) in the caller's language, from the tenant's map provider (`mapTiles`), or the
 * sandbox: cached by rounded coordinates, so that a list asks once per spot. An address the provider could not give
 * (a failure, nothing there) is null: the screens show the coordinates.
 */
export async function addressesOf(
  deps: Deps,
  tenantId: number,
  lang: Lang,
  points: GeoPoint[],
  db: DbOrTx = deps.db,
): Promise<ReverseGeocodeAnswer> {
  const g = geocodingOf(deps);
  const tiles = deps.config.GEOCODE_PROVIDER === 'sandbox' ? 'amap' : (await tenantRules(db, tenantId)).mapTiles;
  const provider = g.providerFor(tiles);
  const addresses = points.length ? await g.cache.lookup(provider, lang === 'en-US' ? 'en-US' : 'zh-CN', points) : [];
  return { provider: provider.name, sandbox: provider.sandbox, addresses };
}
