import { queryOptions } from '@tanstack/react-query';
import type { Paged } from '@fleetdesk/contracts/common';
import {
  GpsEventPaths as P,
  type AlarmStatics,
  type Geofence,
  type GeofenceDevice,
  type GeofenceInput,
  type GpsEvent,
} from '@fleetdesk/contracts/gps-events';
import { fillPath } from '@fleetdesk/contracts/paths';
import { isFieldFailure } from '../../../../lib/field-failure';
import { request } from '../../../../lib/request';

export const key = ['gps-events'] as const;

/** The alarm list's query; status and type as the address has them (the server checks them). */
export interface AlarmQuery {
  pageNum: number;
  pageSize: number;
  status?: string;
  type?: string;
  keyword?: string;
  from?: string;
  to?: string;
}

export const alarmsQuery = (q: AlarmQuery) =>
  queryOptions({
    queryKey: [...key, 'alarms', q] as readonly unknown[],
    queryFn: () => request<Paged<GpsEvent>>(P.alarmList, { query: { ...q } }),
    placeholderData: (previous) => previous,
  });

export const alarmStaticsQuery = (month: string) =>
  queryOptions({
    queryKey: [...key, 'statics', month] as readonly unknown[],
    queryFn: () => request<AlarmStatics>(P.alarmStatics, { query: { month } }),
  });

export const handleAlarm = (id: number, note: string) =>
  request<GpsEvent>(fillPath(P.alarmHandle, { id }), { method: 'PUT', json: { note } });
export const ignoreAlarm = (id: number) => request<GpsEvent>(P.alarmIgnore, { method: 'DELETE', query: { id } });
export const ignoreAlarms = (ids: number[]) =>
  request<{ changed: number }>(P.alarmIgnoreBatch, { method: 'POST', json: { ids } });

/** Keys to refresh after an alarm changes: the lists and the header badge (`app/layout/alarm-count.ts`, not imported:
 * a module shared with the shell becomes a chunk of its own in the home bundle). */
export const ALARM_KEYS = [key, ['gps-alarm-count']] as const;

export const geofencesQuery = (q: { pageNum: number; pageSize: number; keyword?: string }) =>
  queryOptions({
    queryKey: [...key, 'geofences', q] as readonly unknown[],
    queryFn: () => request<Paged<Geofence>>(P.geofenceList, { query: { ...q } }),
    placeholderData: (previous) => previous,
  });

export const geofenceDevicesQuery = (id: number, bound: boolean, keyword: string) =>
  queryOptions({
    queryKey: [...key, 'geofence-devices', id, bound, keyword] as readonly unknown[],
    queryFn: () =>
      bound
        ? request<Paged<GeofenceDevice>>(fillPath(P.geofenceDevices, { id }), { query: { pageSize: 100 } })
        : request<Paged<GeofenceDevice>>(P.geofenceUnbound, {
            query: { geofenceId: id, pageSize: 50, ...(keyword ? { keyword } : {}) },
          }),
  });

export const saveGeofence = (id: number | null, input: GeofenceInput) =>
  id === null
    ? request<Geofence>(P.geofenceAdd, { method: 'POST', json: input, silent: isFieldFailure })
    : request<Geofence>(fillPath(P.geofenceUpdate, { id }), { method: 'PUT', json: input, silent: isFieldFailure });
export const deleteGeofence = (id: number) =>
  request<boolean>(fillPath(P.geofenceDelete, { id }), { method: 'DELETE' });
export const bindGeofenceDevices = (id: number, deviceIds: number[]) =>
  request<{ added: number }>(fillPath(P.deviceGeofenceBind, { id }), { method: 'POST', json: { deviceIds } });
export const unbindGeofenceDevices = (id: number, deviceIds: number[]) =>
  request<{ removed: number }>(fillPath(P.deviceGeofenceUnbind, { id }), { method: 'DELETE', json: { deviceIds } });
