import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import Button from 'antd/es/button';
import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeviceStatus, LiveCar } from '@fleetdesk/contracts/gps';
import { wgs84ToGcj02 } from '../lib/gcj02';
import '../i18n';
import '../pages/gps.css';

export type Tiles = 'amap' | 'osm' | 'none';

export const STATUS_COLOURS: Record<DeviceStatus, string> = {
  moving: '#389e0d',
  stopped: '#1677ff',
  offline: '#8c8c8c',
  never: '#d9d9d9',
};
const ALARM_COLOUR = '#cf1322';
/** The ring of a car with an open risk case. */
const RISK_COLOUR = '#a8071a';

export const TILE_URLS: Record<Exclude<Tiles, 'none'>, { url: string; subdomains: string; attribution: string }> = {
  amap: {
    url: 'https://webrd0{s}.is.autonavi.com/appmaptile?lang=zh_cn&size=1&scale=1&style=8&x={x}&y={y}&z={z}',
    subdomains: '1234',
    attribution: '© AutoNavi',
  },
  osm: { url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', subdomains: 'abc', attribution: '© OpenStreetMap' },
};

/** Below this zoom, nearby cars are drawn as one circle with their count (a grid of 60 px cells). */
const CLUSTER_BELOW_ZOOM = 12;
/** Plates are shown on the map (permanent labels) only when at most this many cars are around the view. */
const MAX_LABELS = 300;

const tooltip = (permanent: boolean): L.TooltipOptions => ({
  permanent,
  direction: 'top',
  offset: [0, -8],
  className: 'fd-gps-label',
});

export interface RouteOverlay {
  points: { lat: number; lon: number }[];
  /** The replay's current point. */
  index: number;
}

const NO_RISK: ReadonlySet<number> = new Set();

/**
 * The map: cars as coloured circles (canvas, so thousands stay smooth), clustered when zoomed out; a route
 * with the replay's car on it. Data is WGS-84; on AutoNavi tiles it is drawn in GCJ-02. Without tiles (no
 * internet) the map still draws everything on a plain background.
 */
export function GpsMap({
  cars,
  tiles,
  selected,
  onSelect,
  route,
  label,
  riskCars = NO_RISK,
  className,
}: {
  /** Another class for the box (a small map in a drawer sets its height). */
  className?: string;
  cars: LiveCar[];
  /** Cars (ids) with an open risk case: drawn with a thick dark-red ring. */
  riskCars?: ReadonlySet<number>;
  tiles: Tiles;
  selected: number | null;
  onSelect: (deviceId: number) => void;
  route: RouteOverlay | null;
  label: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const carsLayer = useRef<L.LayerGroup | null>(null);
  const clusterLayer = useRef<L.LayerGroup | null>(null);
  /** The cars' markers by device, kept across updates. */
  const markers = useRef(new Map<number, { marker: L.CircleMarker; key: string; label: boolean }>());
  const routeLayer = useRef<L.LayerGroup | null>(null);
  const tileLayer = useRef<L.TileLayer | null>(null);
  const fitted = useRef(false);
  /** The shown route's bounds (fitted again when the box changes size). */
  const routeBounds = useRef<L.LatLngBounds | null>(null);
  /** The tiles failed and none has loaded since (offline, the provider down): the map says so and offers a retry. */
  const [tilesFailed, setTilesFailed] = useState(false);
  const tileLoaded = useRef(false);
  const onSelectRef = useRef(onSelect);
  onSelectRef.current = onSelect;

  const project = useCallback(
    (lat: number, lon: number): L.LatLngExpression => {
      if (tiles !== 'amap') return [lat, lon];
      const [glon, glat] = wgs84ToGcj02(lon, lat);
      return [glat, glon];
    },
    [tiles],
  );

  useEffect(() => {
    const m = L.map(box.current!, { preferCanvas: true, zoomControl: true, attributionControl: true }).setView(
      [30.9, 120.8],
      8,
    );
    map.current = m;
    carsLayer.current = L.layerGroup().addTo(m);
    clusterLayer.current = L.layerGroup().addTo(m);
    routeLayer.current = L.layerGroup().addTo(m);
    // The box gets its size from the flex layout after mounting: tell Leaflet whenever it changes.
    // A route keeps the whole track in view when the box changes (the replay's panel takes its room after it loads).
    const observer =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver(() => {
            m.invalidateSize();
            if (routeBounds.current) m.fitBounds(routeBounds.current);
          });
    observer?.observe(box.current!);
    const known = markers.current;
    return () => {
      observer?.disconnect();
      m.remove();
      map.current = null;
      known.clear();
    };
  }, []);

  useEffect(() => {
    const m = map.current!;
    tileLayer.current?.remove();
    tileLayer.current = null;
    tileLoaded.current = false;
    setTilesFailed(false);
    if (tiles !== 'none') {
      const t = TILE_URLS[tiles];
      tileLayer.current = L.tileLayer(t.url, {
        subdomains: t.subdomains,
        attribution: t.attribution,
        maxZoom: 18,
      })
        .on('tileload', () => {
          tileLoaded.current = true;
          setTilesFailed(false);
        })
        .on('tileerror', () => {
          if (!tileLoaded.current) setTilesFailed(true);
        })
        .addTo(m);
    }
  }, [tiles]);
  const retryTiles = () => {
    tileLoaded.current = false;
    setTilesFailed(false);
    tileLayer.current?.redraw();
  };

  // Cars: clustered when zoomed out; else the cars in (and around) the view, each marker kept and moved as its car
  // moves rather than drawn again, so that the 1 Hz updates of thousands of cars cost little.
  useEffect(() => {
    const m = map.current!;
    const layer = carsLayer.current!;
    const clusters = clusterLayer.current!;
    const draw = () => {
      const zoom = m.getZoom();
      clusters.clearLayers();
      if (zoom < CLUSTER_BELOW_ZOOM && cars.length > 50) {
        layer.clearLayers();
        markers.current.clear();
        const cells = new Map<string, { n: number; lat: number; lon: number; alarm: boolean }>();
        for (const c of cars) {
          const at = L.latLng(project(c.lat, c.lon));
          const p = m.project(at, zoom);
          const k = `${Math.floor(p.x / 60)}:${Math.floor(p.y / 60)}`;
          const cell = cells.get(k) ?? { n: 0, lat: 0, lon: 0, alarm: false };
          cell.n++;
          cell.lat += at.lat;
          cell.lon += at.lng;
          cell.alarm ||= c.alarms.length > 0;
          cells.set(k, cell);
        }
        for (const c of cells.values()) {
          const at: L.LatLngExpression = [c.lat / c.n, c.lon / c.n];
          if (c.n === 1)
            L.circleMarker(at, { radius: 6, color: '#fff', weight: 1, fillColor: '#1677ff', fillOpacity: 0.9 }).addTo(
              clusters,
            );
          else
            L.marker(at, {
              icon: L.divIcon({
                className: `fd-gps-cluster${c.alarm ? ' fd-gps-cluster-alarm' : ''}`,
                html: `<span>${c.n}</span>`,
                iconSize: [34, 34],
              }),
            })
              .on('click', () => m.setView(at, Math.min(zoom + 3, 16)))
              .addTo(clusters);
        }
        return;
      }
      // Only the cars in the view and half a screen around it are on the map; panning draws the others.
      const area = m.getBounds().pad(0.5);
      const inView: { car: LiveCar; at: L.LatLng }[] = [];
      for (const c of cars) {
        const at = L.latLng(project(c.lat, c.lon));
        if (area.contains(at)) inView.push({ car: c, at });
      }
      // Permanent plates only when they can be read (street level, not too many).
      const labels = zoom >= 13 && inView.length <= MAX_LABELS;
      const seen = new Set<number>();
      for (const { car: c, at } of inView) {
        seen.add(c.deviceId);
        const isSel = c.deviceId === selected;
        const risk = c.carId !== null && riskCars.has(c.carId);
        const key = `${c.status}|${c.alarms.length > 0}|${isSel}|${risk}`;
        const style: L.CircleMarkerOptions = {
          radius: isSel || risk ? 10 : 7,
          color: risk ? RISK_COLOUR : c.alarms.length ? ALARM_COLOUR : '#fff',
          weight: risk ? 5 : c.alarms.length || isSel ? 3 : 1.5,
          fillColor: STATUS_COLOURS[c.status],
          fillOpacity: 0.95,
        };
        const known = markers.current.get(c.deviceId);
        if (known) {
          const was = known.marker.getLatLng();
          if (was.lat !== at.lat || was.lng !== at.lng) known.marker.setLatLng(at);
          if (known.key !== key) {
            known.marker.setStyle(style).setRadius(style.radius!);
            known.key = key;
          }
          if (known.label !== labels) {
            known.marker.unbindTooltip().bindTooltip(c.plate ?? c.imei, tooltip(labels));
            known.label = labels;
          }
          continue;
        }
        const marker = L.circleMarker(at, style)
          .bindTooltip(c.plate ?? c.imei, tooltip(labels))
          .on('click', () => onSelectRef.current(c.deviceId))
          .addTo(layer);
        markers.current.set(c.deviceId, { marker, key, label: labels });
      }
      for (const [id, known] of markers.current) {
        if (seen.has(id)) continue;
        known.marker.remove();
        markers.current.delete(id);
      }
    };
    draw();
    m.on('moveend', draw);
    return () => {
      m.off('moveend', draw);
    };
  }, [cars, selected, project, riskCars]);

  // Fit the fleet once, when the first cars arrive.
  useEffect(() => {
    if (fitted.current || !cars.length) return;
    fitted.current = true;
    const b = L.latLngBounds(cars.map((c) => project(c.lat, c.lon)));
    map.current!.invalidateSize();
    map.current!.fitBounds(b.pad(0.1));
  }, [cars, project]);

  // Selected car: pan to it when the selection changes (not when the car moves: the user may pan away).
  const panTo = useEffectEvent((deviceId: number | null) => {
    const c = cars.find((x) => x.deviceId === deviceId);
    if (c && !route) map.current!.setView(project(c.lat, c.lon), Math.max(map.current!.getZoom(), 14));
  });
  useEffect(() => {
    panTo(selected);
  }, [selected]);

  // Route and the replayed position.
  const routeKey = route ? `${route.points.length}:${route.points[0]?.lat}` : '';
  useEffect(() => {
    const layer = routeLayer.current!;
    layer.clearLayers();
    routeBounds.current = null;
    if (!route || !route.points.length) return;
    const line = route.points.map((p) => project(p.lat, p.lon));
    L.polyline(line, { color: '#1677ff', weight: 4, opacity: 0.8 }).addTo(layer);
    routeBounds.current = L.latLngBounds(line).pad(0.1);
    map.current!.fitBounds(routeBounds.current);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- routeKey stands for the points; route is new at every replay step
  }, [routeKey, project]);
  const cursor = useRef<L.CircleMarker | null>(null);
  useEffect(() => {
    cursor.current?.remove();
    cursor.current = null;
    if (!route || !route.points.length) return;
    const p = route.points[Math.min(route.index, route.points.length - 1)]!;
    cursor.current = L.circleMarker(project(p.lat, p.lon), {
      radius: 9,
      color: '#fff',
      weight: 3,
      fillColor: '#fa541c',
      fillOpacity: 1,
      className: 'fd-gps-cursor',
    }).addTo(map.current!);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- routeKey and route.index stand for the route (a new object every step)
  }, [route?.index, routeKey, project]);

  return (
    <div className={['fd-gps-map-box', className].filter(Boolean).join(' ')}>
      <div
        ref={box}
        className="fd-gps-map"
        role="region"
        aria-label={label}
        data-testid="gps-map"
        data-cars={cars.length}
        data-risk-cars={riskCars.size}
      />
      {tilesFailed && <TilesFailed onRetry={retryTiles} />}
    </div>
  );
}

/** Over the map when its tiles do not load: what happened and a retry (cars and routes are still drawn). */
function TilesFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('gps');
  return (
    <div className="fd-gps-tiles-failed" role="alert" data-testid="gps-tiles-failed">
      <span>{t('tiles.failed')}</span>
      <Button size="small" onClick={onRetry}>
        {t('tiles.retry')}
      </Button>
    </div>
  );
}
