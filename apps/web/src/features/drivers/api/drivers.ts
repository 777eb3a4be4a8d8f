import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Paged } from '@fleetdesk/contracts/common';
import {
  DriverPaths,
  type CheckIdResult,
  type DriverAction,
  type DriverDetail,
  type DriverExportFilter,
  type DriverInput,
  type DriverListRow,
  type DriverOperation,
  type DriversSummary,
} from '@fleetdesk/contracts/drivers';
import { OcrPaths, type OcrResult } from '@fleetdesk/contracts/ocr';
import { fillPath } from '@fleetdesk/contracts/paths';
import { saveBlob } from '../../../lib/download';
import { request } from '../../../lib/request';

/** The body of `rentDriver/list` (and, without paging, of the export). */
export type DriverFilterBody = Partial<DriverExportFilter>;

/** Every query of the driver area starts with this key; a driver write invalidates it. */
export const driversKey = ['drivers'] as const;
export const driverKey = (id: number) => [...driversKey, 'one', id] as const;

export const driversQuery = (body: DriverFilterBody & { pageNum: number; pageSize: number }) =>
  queryOptions({
    queryKey: [...driversKey, 'list', body] as readonly unknown[],
    queryFn: () => request<Paged<DriverListRow>>(DriverPaths.list, { method: 'POST', json: body }),
  });

export const driversSummaryQuery = () =>
  queryOptions({
    queryKey: [...driversKey, 'summary'] as readonly unknown[],
    queryFn: () => request<DriversSummary>(DriverPaths.summary),
  });

export const driverQuery = (id: number) =>
  queryOptions({
    queryKey: driverKey(id) as readonly unknown[],
    queryFn: () => request<DriverDetail>(fillPath(DriverPaths.get, { id })),
  });

export const driverOperationsQuery = (q: { driverId: number; pageNum: number; pageSize: number }) =>
  queryOptions({
    queryKey: [...driverKey(q.driverId), 'operations', q] as readonly unknown[],
    queryFn: () => request<Paged<DriverOperation>>(DriverPaths.operations, { query: q }),
  });

export function checkIdNumber(idNumber: string, exceptId?: number): Promise<CheckIdResult> {
  return request<CheckIdResult>(DriverPaths.checkId, { query: { idNumber, exceptId } });
}

function useDriverMutation<V, R>(fn: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: driversKey }) });
}

export const useCreateDriver = () =>
  useDriverMutation(({ input, rentId }: { input: DriverInput; rentId?: number | null }) =>
    request<DriverDetail>(DriverPaths.add, { method: 'POST', json: { ...input, ...(rentId ? { rentId } : {}) } }),
  );

export const useUpdateDriver = () =>
  useDriverMutation(({ id, input }: { id: number; input: DriverInput }) =>
    request<DriverDetail>(fillPath(DriverPaths.update, { id }), { method: 'PUT', json: input }),
  );

export const useDriverAction = () =>
  useDriverMutation(({ id, action, reason }: { id: number; action: DriverAction; reason?: string }) =>
    request<DriverDetail>(fillPath(DriverPaths.action, { id, action }), {
      method: 'PUT',
      json: reason ? { reason } : {},
    }),
  );

export const useDeleteDriver = () =>
  useDriverMutation((id: number) => request<boolean>(fillPath(DriverPaths.remove, { id }), { method: 'DELETE' }));

export const useRestoreDriver = () =>
  useDriverMutation((id: number) => request<DriverDetail>(fillPath(DriverPaths.restore, { id }), { method: 'POST' }));

/** The drivers the filter (or the selection: `ids`) gives, streamed as .xlsx and saved under `fileName`. */
export async function exportDrivers(filter: DriverFilterBody | { ids: number[] }, fileName: string): Promise<void> {
  const blob = await request<Blob>(DriverPaths.exportDrivers, { method: 'POST', json: filter, responseType: 'blob' });
  saveBlob(blob, fileName);
}

/** Reads an ID card or a driving licence uploaded as `license`. */
export function recogniseCard(input: {
  type: 'idCard' | 'drivingLicence';
  side: 'front' | 'back';
  url: string;
}): Promise<OcrResult> {
  return request<OcrResult>(OcrPaths.recognition, { method: 'POST', json: input });
}
