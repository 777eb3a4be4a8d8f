import { queryOptions } from '@tanstack/react-query';
import type { Paged } from '@fleetdesk/contracts/common';
import {
  GpsPaths as P,
  type Device,
  type DeviceListQuery,
  type LiveCar,
  type MapSettings,
  type Route,
} from '@fleetdesk/contracts/gps';
import { fillPath } from '@fleetdesk/contracts/paths';
import { request, sessionHeaders } from '../../../lib/request';

const key = ['gps'] as const;

export const liveQuery = () =>
  queryOptions({ queryKey: [...key, 'live'] as readonly unknown[], queryFn: () => request<LiveCar[]>(P.live) });

export const mapSettingsQuery = () =>
  queryOptions({
    queryKey: [...key, 'settings'] as readonly unknown[],
    queryFn: () => request<MapSettings>(P.mapSettings),
    staleTime: 300_000,
  });

export const routeQuery = (id: number, from: string, to: string) =>
  queryOptions({
    queryKey: [...key, 'route', id, from, to] as readonly unknown[],
    queryFn: () => request<Route>(fillPath(P.route, { id }), { query: { from, to } }),
  });

export const devicesQuery = (q: Partial<DeviceListQuery> & { pageNum: number; pageSize: number }) =>
  queryOptions({
    queryKey: [...key, 'devices', q] as readonly unknown[],
    queryFn: () => request<Paged<Device>>(P.deviceAll, { method: 'POST', json: q }),
    placeholderData: (previous) => previous,
  });

export interface BindRow {
  id: number;
  imei: string;
  carId: number;
  plate: string;
  action: 'bind' | 'unbind';
  remark: string | null;
  userName: string | null;
  at: string;
}
export const bindHistoryQuery = (q: { pageNum: number; pageSize: number }) =>
  queryOptions({
    queryKey: [...key, 'binds', q] as readonly unknown[],
    queryFn: () => request<Paged<BindRow>>(P.bindHistory, { query: q }),
    placeholderData: (previous) => previous,
  });

export interface InstallCheck {
  ok: boolean;
  checks: { code: string; ok: boolean; message: string }[];
}
export const checkInstall = (id: number) => request<InstallCheck>(fillPath(P.checkInstall, { id }));

/**
 * Follows the server-sent events of the live map (fetch, so that the session's headers go along). Resolves
 * when the stream ends; `onCars` gets each batch of moved cars.
 */
export async function followLive(onCars: (cars: LiveCar[]) => void, signal: AbortSignal): Promise<void> {
  const res = await fetch(P.liveStream, { headers: sessionHeaders(), signal });
  if (!res.ok || !res.body) throw new Error(`live stream: ${res.status}`);
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const event = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = event
        .split('\n')
        .filter((l) => l.startsWith('data: '))
        .map((l) => l.slice(6))
        .join('');
      if (data) onCars(JSON.parse(data) as LiveCar[]);
    }
  }
}
