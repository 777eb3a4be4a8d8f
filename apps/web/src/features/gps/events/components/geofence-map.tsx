import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';
import type { Geofence, GeofenceKind } from '@fleetdesk/contracts/gps-events';
import type { Tiles } from '../../components/gps-map';
import { fromMap, toMap } from '../lib/gcj02';

const TILE_URLS: Record<Exclude<Tiles, 'none'>, { url: string; subdomains: string; attribution: string }> = {
  amap: {
    url: 'https://webrd0{s}.is.autonavi.com/appmaptile?lang=zh_cn&size=1&scale=1&style=8&x={x}&y={y}&z={z}',
    subdomains: '1234',
    attribution: '© AutoNavi',
  },
  osm: { url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', subdomains: 'abc', attribution: '© OpenStreetMap' },
};

export interface Draft {
  kind: GeofenceKind;
  /** WGS-84 [lat, lon]. */
  points: [number, number][];
  radius: number | null;
}

function drawShape(
  layer: L.LayerGroup,
  shape: { kind: GeofenceKind; points: [number, number][]; radius: number | null },
  gcj: boolean,
  style: L.PathOptions,
  label?: string,
): L.Layer | null {
  const pts = shape.points.map(([la, lo]) => toMap(la, lo, gcj));
  let drawn: L.Path | null = null;
  if (shape.kind === 'circle' && pts[0] && shape.radius) drawn = L.circle(pts[0], { ...style, radius: shape.radius });
  else if (shape.kind === 'polygon' && pts.length >= 2) drawn = L.polygon(pts, style);
  else if (shape.kind === 'polyline' && pts.length >= 2)
    drawn = L.polyline(pts, { ...style, weight: Math.max(3, style.weight ?? 3) });
  for (const p of pts.length < 3 || shape.kind !== 'polygon' ? pts : [])
    L.circleMarker(p, { radius: 3, color: style.color ?? '#1677ff' }).addTo(layer);
  if (drawn) {
    if (label) drawn.bindTooltip(label);
    drawn.addTo(layer);
  }
  return drawn;
}

/**
 * Geofences on the Leaflet map (WGS-84 data; drawn in GCJ-02 on AutoNavi tiles) and the draft being drawn:
 * each click adds a point (a circle keeps one, its centre), converted back to WGS-84.
 */
export function GeofenceMap({
  fences,
  draft,
  tiles,
  selected,
  onClick,
}: {
  fences: Geofence[];
  draft: Draft | null;
  tiles: Tiles;
  selected: number | null;
  onClick: (point: [number, number]) => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const fenceLayer = useRef<L.LayerGroup | null>(null);
  const draftLayer = useRef<L.LayerGroup | null>(null);
  const tileLayer = useRef<L.TileLayer | null>(null);
  const onClickRef = useRef(onClick);
  onClickRef.current = onClick;
  const gcj = tiles === 'amap';
  const gcjRef = useRef(gcj);
  gcjRef.current = gcj;

  useEffect(() => {
    const m = L.map(box.current!, { zoomControl: true }).setView([30.9, 120.8], 8);
    map.current = m;
    fenceLayer.current = L.layerGroup().addTo(m);
    draftLayer.current = L.layerGroup().addTo(m);
    m.on('click', (e: L.LeafletMouseEvent) => onClickRef.current(fromMap(e.latlng.lat, e.latlng.lng, gcjRef.current)));
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => m.invalidateSize());
    observer?.observe(box.current!);
    return () => {
      observer?.disconnect();
      m.remove();
      map.current = null;
    };
  }, []);

  useEffect(() => {
    const m = map.current!;
    tileLayer.current?.remove();
    tileLayer.current = null;
    if (tiles !== 'none') {
      const t = TILE_URLS[tiles];
      tileLayer.current = L.tileLayer(t.url, {
        subdomains: t.subdomains,
        attribution: t.attribution,
        maxZoom: 18,
      }).addTo(m);
    }
  }, [tiles]);

  useEffect(() => {
    const layer = fenceLayer.current!;
    layer.clearLayers();
    let focus: L.Layer | null = null;
    for (const f of fences) {
      const isSelected = f.id === selected;
      const drawn = drawShape(
        layer,
        f,
        gcj,
        { color: isSelected ? '#cf1322' : '#1677ff', weight: isSelected ? 3 : 2, fillOpacity: 0.12 },
        f.name,
      );
      if (isSelected) focus = drawn;
    }
    if (focus && 'getBounds' in focus) map.current!.fitBounds((focus as L.Polygon).getBounds(), { maxZoom: 15 });
  }, [fences, selected, gcj]);

  useEffect(() => {
    const layer = draftLayer.current!;
    layer.clearLayers();
    if (draft) drawShape(layer, draft, gcj, { color: '#fa8c16', weight: 3, dashArray: '6 4', fillOpacity: 0.15 });
  }, [draft, gcj]);

  return <div ref={box} className="fd-geofence-map" data-testid="geofence-map" />;
}
