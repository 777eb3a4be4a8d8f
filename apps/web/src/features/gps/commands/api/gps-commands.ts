import { queryOptions } from '@tanstack/react-query';
import type { Paged } from '@fleetdesk/contracts/common';
import {
  GpsCommandPaths as P,
  type GpsCommand,
  type GpsCommandDetail,
  type GpsCommandType,
} from '@fleetdesk/contracts/gps-commands';
import { fillPath } from '@fleetdesk/contracts/paths';
import { isFieldFailure } from '../../../../lib/field-failure';
import { request, type RequestError } from '../../../../lib/request';

export const key = ['gps-commands'] as const;

export interface CommandFilters {
  pageNum: number;
  pageSize: number;
  commandName?: string;
  status?: string;
  source?: string;
  keyword?: string;
  deviceId?: number;
  from?: string;
  to?: string;
}

export const commandsQuery = (q: CommandFilters) =>
  queryOptions({
    queryKey: [...key, 'page', q] as readonly unknown[],
    queryFn: () => request<Paged<GpsCommand>>(P.page, { query: { ...q } }),
    placeholderData: (previous) => previous,
  });

export const commandQuery = (id: number) =>
  queryOptions({
    queryKey: [...key, 'one', id] as readonly unknown[],
    queryFn: () => request<GpsCommandDetail>(fillPath(P.detail, { id })),
  });

export interface SendCommand {
  commandType: GpsCommandType;
  reason: string;
  params?: { intervalSeconds?: number };
  force?: boolean;
}

/** The server refuses a fuel cut while the car is too fast: the dialog asks again (and sends `force`). */
export const isTooFast = (e: unknown) =>
  (e as RequestError | null)?.httpStatus === 409 && (e as { body?: { code?: unknown } }).body?.code === 'tooFast';

export const sendCommand = (deviceId: number, input: SendCommand) =>
  request<GpsCommandDetail>(fillPath(P.send, { id: deviceId }), {
    method: 'PUT',
    json: input,
    silent: (e) => isFieldFailure(e) || isTooFast(e),
  });

export const cancelCommand = (id: number) => request<GpsCommandDetail>(fillPath(P.cancel, { id }), { method: 'PUT' });
