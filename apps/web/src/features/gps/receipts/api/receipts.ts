import { queryOptions } from '@tanstack/react-query';
import type { Paged } from '@fleetdesk/contracts/common';
import type { Device } from '@fleetdesk/contracts/gps';
import { GpsPaths } from '@fleetdesk/contracts/gps';
import {
  GpsReceiptPaths as P,
  type GpsReceipt,
  type GpsReceiptDetail,
  type GpsReceiptDevice,
  type GpsReceiptInput,
  type GpsReceiptKind,
  type GpsReceiptState,
} from '@fleetdesk/contracts/gps-receipts';
import { fillPath } from '@fleetdesk/contracts/paths';
import { isFieldFailure } from '../../../../lib/field-failure';
import { request } from '../../../../lib/request';

export const key = ['gps-receipts'] as const;

export interface ReceiptFilters {
  pageNum: number;
  pageSize: number;
  state?: GpsReceiptState;
  kind?: GpsReceiptKind;
  number?: string;
  direction?: 'out' | 'in';
  from?: string;
  to?: string;
}

export const receiptsQuery = (q: ReceiptFilters) =>
  queryOptions({
    queryKey: [...key, 'list', q] as readonly unknown[],
    queryFn: () => request<Paged<GpsReceipt>>(P.list, { query: { ...q } }),
    placeholderData: (previous) => previous,
  });

export const receiptQuery = (id: number) =>
  queryOptions({
    queryKey: [...key, 'detail', id] as readonly unknown[],
    queryFn: () => request<GpsReceiptDetail>(fillPath(P.detail, { id })),
  });

/** Devices of a rent not bound to a car (what an a2b receipt can take), at most 500. */
export const senderDevicesQuery = (rentId: number | null) =>
  queryOptions({
    queryKey: [...key, 'sender-devices', rentId] as readonly unknown[],
    queryFn: async () =>
      (
        await request<Paged<Device>>(GpsPaths.deviceAll, {
          method: 'POST',
          json: { rentId, bound: 'no', pageNum: 1, pageSize: 500 },
        })
      ).rows,
    enabled: rentId !== null,
  });

export const availableB2aQuery = (id: number | null) =>
  queryOptions({
    queryKey: [...key, 'b2a', id] as readonly unknown[],
    queryFn: () => request<GpsReceiptDevice[]>(fillPath(P.availableB2a, { id: id! })),
    enabled: id !== null,
  });

export const createReceipt = (input: Partial<GpsReceiptInput>) =>
  request<GpsReceiptDetail>(P.create, { method: 'POST', json: input, silent: isFieldFailure });
export const receiveReceipt = (id: number) => request<GpsReceiptDetail>(fillPath(P.receive, { id }), { method: 'PUT' });
export const cancelReceipt = (id: number) => request<GpsReceiptDetail>(fillPath(P.cancel, { id }), { method: 'PUT' });
