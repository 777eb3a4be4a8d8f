import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  CostCentrePaths as P,
  type CostCentre,
  type CostCentreInput,
  type CostReport,
  type Posting,
} from '@fleetdesk/contracts/cost-centres';
import type { Paged } from '@fleetdesk/contracts/common';
import { fillPath } from '@fleetdesk/contracts/paths';
import { costCentresKey } from '../../../lib/cost-centre-list';
import { saveBlob } from '../../../lib/download';
import { isFieldFailure } from '../../../lib/field-failure';
import { request } from '../../../lib/request';

export { costCentresQuery } from '../../../lib/cost-centre-list';

const key = ['costCentres'] as const;

export const reportQuery = (q: { from: string; to: string; centreId?: number }) =>
  queryOptions({
    queryKey: [...key, 'report', q] as readonly unknown[],
    queryFn: () => request<CostReport>(P.report, { query: q }),
    placeholderData: (previous) => previous,
  });

export const postingsQuery = (q: { centreId?: number; month?: string; pageNum: number; pageSize: number }) =>
  queryOptions({
    queryKey: [...key, 'postings', q] as readonly unknown[],
    queryFn: () => request<Paged<Posting>>(P.postings, { query: q }),
    placeholderData: (previous) => previous,
  });

export function useSaveCentre() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: CostCentreInput }) =>
      id
        ? request<CostCentre>(fillPath(P.centreUpdate, { id }), { method: 'PUT', json: input, silent: isFieldFailure })
        : request<CostCentre>(P.centreAdd, { method: 'POST', json: input, silent: isFieldFailure }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: costCentresKey });
      await client.invalidateQueries({ queryKey: key });
    },
  });
}

export function useDeleteCentre() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request<boolean>(fillPath(P.centreDelete, { id }), { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: costCentresKey }),
  });
}

/** The report of these months as .xlsx (streamed by the server), saved under `fileName`. */
export async function exportReport(q: { from: string; to: string }, fileName: string): Promise<void> {
  const blob = await request<Blob>(P.reportExport, { method: 'POST', json: q, responseType: 'blob' });
  saveBlob(blob, fileName);
}
