import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Paged } from '@fleetdesk/contracts/common';
import {
  NotarizationPaths as P,
  type NotarizationDetail,
  type NotarizationInput,
  type NotarizationOptions,
  type NotarizationQuery,
  type NotarizationRow,
  type NotarizationState,
  type NotarizationSupplementInput,
  type NotarizationUpdateInput,
  type NotarySandboxAction,
  type NotarySandboxCase,
} from '@fleetdesk/contracts/notarization';
import { fillPath } from '@fleetdesk/contracts/paths';
import { RentContractPaths, type Contract, type ContractListRow } from '@fleetdesk/contracts/rental-contracts';
import { saveBlob } from '../../../lib/download';
import { isFieldFailure } from '../../../lib/field-failure';
import { request, type QueryValue, type RequestError } from '../../../lib/request';
import { NOTARIZABLE_STATES, NOTARIZABLE_TYPES } from '../model/actions';
import { notarizationKey } from './keys';

/** While the notary works on an application (submitted, under review), it is asked again this often. */
export const NOTARIZATION_POLL_MS = 5_000;
const POLLED: readonly NotarizationState[] = ['submitted', 'reviewing'];

/** A form's call: a 400 naming fields is the form's to show; a 409 (a refusal) stays in the dialog. */
export const formFailure = (e: RequestError) => isFieldFailure(e) || e.httpStatus === 409;

export type NotarizationFilter = Partial<Omit<NotarizationQuery, 'pageNum' | 'pageSize'>>;

export const notarizationsQuery = (q: NotarizationFilter & { pageNum: number; pageSize: number }) =>
  queryOptions({
    queryKey: [...notarizationKey, 'list', q] as readonly unknown[],
    queryFn: () => request<Paged<NotarizationRow>>(P.list, { query: q as Record<string, QueryValue> }),
  });

export const notarizationOptionsQuery = () =>
  queryOptions({
    queryKey: [...notarizationKey, 'options'] as readonly unknown[],
    queryFn: () => request<NotarizationOptions>(P.options),
    staleTime: 30_000,
  });

export const notarizationQuery = (id: number) =>
  queryOptions({
    queryKey: [...notarizationKey, 'one', id] as readonly unknown[],
    queryFn: () => request<NotarizationDetail>(fillPath(P.detail, { id })),
    refetchInterval: (q) => (q.state.data && POLLED.includes(q.state.data.state) ? NOTARIZATION_POLL_MS : false),
  });

/** A stored document of an application (its SHA-256 checked by the server before it is answered). */
export async function downloadNotarizationDocument(id: number, documentId: number, fileName: string): Promise<void> {
  saveBlob(await request<Blob>(fillPath(P.document, { id, documentId }), { responseType: 'blob' }), fileName);
}

/** The evidence dossier (PDF) of every step of an application. */
export async function downloadDossier(id: number, fileName: string): Promise<void> {
  saveBlob(await request<Blob>(fillPath(P.dossier, { id }), { responseType: 'blob' }), fileName);
}

function useNotarizationMutation<V, R>(fn: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: notarizationKey });
    },
  });
}

export const useAddNotarization = () =>
  useNotarizationMutation((input: NotarizationInput) =>
    request<NotarizationDetail>(P.add, { method: 'POST', json: input, silent: formFailure }),
  );

export const useUpdateNotarization = () =>
  useNotarizationMutation(({ id, input }: { id: number; input: NotarizationUpdateInput }) =>
    request<NotarizationDetail>(fillPath(P.update, { id }), { method: 'POST', json: input, silent: formFailure }),
  );

export const useRemoveNotarization = () =>
  useNotarizationMutation((id: number) => request<unknown>(fillPath(P.remove, { id }), { method: 'POST' }));

export const useSubmitNotarization = () =>
  useNotarizationMutation((id: number) => request<NotarizationDetail>(fillPath(P.submit, { id }), { method: 'POST' }));

export const useSupplementNotarization = () =>
  useNotarizationMutation(({ id, input }: { id: number; input: NotarizationSupplementInput }) =>
    request<NotarizationDetail>(fillPath(P.supplement, { id }), { method: 'POST', json: input, silent: formFailure }),
  );

export const useWithdrawNotarization = () =>
  useNotarizationMutation(({ id, reason }: { id: number; reason: string }) =>
    request<NotarizationDetail>(fillPath(P.withdraw, { id }), {
      method: 'POST',
      json: { reason },
      silent: formFailure,
    }),
  );

// ---------------------------------------------------------------- the contract picker

/**
 * Contracts an application may be made for, as the user types: signed ones (in force, completed, terminated), not
 * short-term ones (the server does not notarize those).
 */
export const contractOptionsQuery = (keyword: string) =>
  queryOptions({
    queryKey: [...notarizationKey, 'contracts', keyword] as readonly unknown[],
    queryFn: ({ signal }) =>
      request<Paged<ContractListRow>>(RentContractPaths.list, {
        method: 'POST',
        json: {
          state: [...NOTARIZABLE_STATES],
          type: [...NOTARIZABLE_TYPES],
          pageNum: 1,
          pageSize: 20,
          ...(keyword.trim() ? { keyword: keyword.trim().slice(0, 40) } : {}),
        },
        signal,
      }),
  });

/** One contract (the one an address names: `?contractId=`), to show the picker's choice. */
export const contractOptionQuery = (id: number) =>
  queryOptions({
    queryKey: [...notarizationKey, 'contract', id] as readonly unknown[],
    queryFn: () => request<Contract>(fillPath(RentContractPaths.get, { id }), { silent: true }),
    staleTime: 60_000,
  });

// ---------------------------------------------------------------- the sandbox notary office (open)

const isClientFailure = (e: RequestError) => e.httpStatus !== undefined && e.httpStatus >= 400 && e.httpStatus < 500;

export const sandboxCaseQuery = (caseNo: string, token: string) =>
  queryOptions({
    queryKey: ['notarySandbox', caseNo, token] as readonly unknown[],
    queryFn: () =>
      request<NotarySandboxCase>(fillPath(P.sandboxCase, { caseNo }), {
        query: { token },
        noToken: true,
        silent: isClientFailure,
      }),
    retry: false,
  });

/** The notary's action; answers the case as it is now. */
export function sandboxAct(caseNo: string, input: NotarySandboxAction): Promise<NotarySandboxCase> {
  return request<NotarySandboxCase>(fillPath(P.sandboxAct, { caseNo }), {
    method: 'POST',
    json: input,
    noToken: true,
    silent: isClientFailure,
  });
}
