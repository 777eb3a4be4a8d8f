import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ApprovalPaths as P,
  type DecisionInput,
  type RequestDetail,
  type RequestInput,
  type RequestListQuery,
  type RequestRow,
} from '@fleetdesk/contracts/approvals';
import type { Paged } from '@fleetdesk/contracts/common';
import { fillPath } from '@fleetdesk/contracts/paths';
import { isFieldFailure } from '../../../lib/field-failure';
import { request } from '../../../lib/request';
import { requestsKey, waitingKey } from './keys';

export const requestsQuery = (q: Partial<RequestListQuery>) =>
  queryOptions({
    queryKey: [...requestsKey, 'list', q] as readonly unknown[],
    queryFn: () => request<Paged<RequestRow>>(P.requests, { query: q }),
    placeholderData: (previous) => previous,
  });

export const requestQuery = (id: number) =>
  queryOptions({
    queryKey: [...requestsKey, 'one', id] as readonly unknown[],
    queryFn: () => request<RequestDetail>(fillPath(P.request, { id })),
  });

/** How many requests wait for me (the header badge); refreshed every minute. */
export const waitingCountQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: waitingKey,
    queryFn: () => request<number>(P.waitingCount, { silent: true }),
    enabled,
    refetchInterval: 60_000,
  });

export interface PreviewStep {
  index: number;
  name: string;
  mode: 'any' | 'all';
  skipped: boolean;
  approvers: { userId: number; name: string }[];
}

export const previewQuery = (businessType: string | undefined, amount: number | null) =>
  queryOptions({
    queryKey: [...requestsKey, 'preview', businessType, amount] as readonly unknown[],
    queryFn: () =>
      request<PreviewStep[]>(P.requestPreview, { method: 'POST', json: { businessType, amount }, silent: true }),
    enabled: !!businessType,
    retry: false,
  });

function useRequestMutation<V>(fn: (v: V) => Promise<RequestDetail>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: requestsKey });
      await client.invalidateQueries({ queryKey: waitingKey });
    },
  });
}

/** Saves a draft (new or changed) and, with `submit`, sends it for approval. */
export function useSaveRequest() {
  return useRequestMutation(async ({ id, input, submit }: { id?: number; input: RequestInput; submit: boolean }) => {
    const saved = id
      ? await request<RequestDetail>(fillPath(P.requestUpdate, { id }), {
          method: 'PUT',
          json: input,
          silent: isFieldFailure,
        })
      : await request<RequestDetail>(P.requestSave, { method: 'POST', json: input, silent: isFieldFailure });
    if (!submit) return saved;
    return request<RequestDetail>(fillPath(P.requestSubmit, { id: saved.id }), {
      method: 'POST',
      silent: isFieldFailure,
    });
  });
}

export function useDecide() {
  return useRequestMutation(({ id, input }: { id: number; input: DecisionInput }) =>
    request<RequestDetail>(fillPath(P.requestDecide, { id }), { method: 'POST', json: input, silent: isFieldFailure }),
  );
}

export function useWithdraw() {
  return useRequestMutation((id: number) =>
    request<RequestDetail>(fillPath(P.requestWithdraw, { id }), { method: 'POST' }),
  );
}

export function useSubmit() {
  return useRequestMutation((id: number) =>
    request<RequestDetail>(fillPath(P.requestSubmit, { id }), { method: 'POST', silent: isFieldFailure }),
  );
}

export function useDeleteDraft() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request<boolean>(fillPath(P.requestDelete, { id }), { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: requestsKey }),
  });
}
