import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  AttendancePaths as P,
  type ClockInput,
  type ClockRecord,
  type Sheet,
  type Shift,
  type ShiftInput,
  type Today,
} from '@fleetdesk/contracts/attendance';
import type { Paged } from '@fleetdesk/contracts/common';
import { fillPath } from '@fleetdesk/contracts/paths';
import { saveBlob } from '../../../lib/download';
import { isFieldFailure } from '../../../lib/field-failure';
import { request } from '../../../lib/request';

/** Every query of the area starts with this key. */
export const attendanceKey = ['attendance'] as const;
const key = attendanceKey;

export const shiftsQuery = () =>
  queryOptions({ queryKey: [...key, 'shifts'], queryFn: () => request<Shift[]>(P.shifts) });
export const todayQuery = () => queryOptions({ queryKey: [...key, 'today'], queryFn: () => request<Today>(P.today) });
export const sheetQuery = (q: { month: string; departmentId?: number }) =>
  queryOptions({
    queryKey: [...key, 'sheet', q] as readonly unknown[],
    queryFn: () => request<Sheet>(P.sheet, { query: q }),
    placeholderData: (previous) => previous,
  });
export const recordsQuery = (q: { month?: string; pageNum: number; pageSize: number }) =>
  queryOptions({
    queryKey: [...key, 'records', q] as readonly unknown[],
    queryFn: () => request<Paged<ClockRecord>>(P.records, { query: q }),
    placeholderData: (previous) => previous,
  });

export function useClock() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ClockInput) => request<ClockRecord>(P.clock, { method: 'POST', json: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

export function useSaveShift() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ShiftInput) =>
      request<Shift>(P.shiftSave, { method: 'POST', json: input, silent: isFieldFailure }),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

export function useDeleteShift() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request<boolean>(fillPath(P.shiftDelete, { id }), { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

export async function exportSheet(q: { month: string; departmentId?: number }, fileName: string): Promise<void> {
  const blob = await request<Blob>(P.sheetExport, { method: 'POST', json: q, responseType: 'blob' });
  saveBlob(blob, fileName);
}
