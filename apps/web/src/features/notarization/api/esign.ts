import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  EsignPaths as P,
  type EsignCancelInput,
  type EsignFlow,
  type EsignPanel,
  type EsignSandboxPage,
  type EsignSandboxSignInput,
  type EsignSendInput,
} from '@fleetdesk/contracts/notarization';
import { fillPath } from '@fleetdesk/contracts/paths';
import { RentContractPaths, type Account } from '@fleetdesk/contracts/rental-contracts';
import { saveBlob } from '../../../lib/download';
import { isFieldFailure } from '../../../lib/field-failure';
import { request, type RequestError } from '../../../lib/request';
import { esignKey } from './keys';

/** While a flow is signing, the panel is asked again this often (the signers' states show without a reload). */
export const ESIGN_POLL_MS = 5_000;

/** A dialog's call: a 400 naming fields is the form's to show; a 409 (a refusal) stays in the dialog. */
const dialogFailure = (e: RequestError) => isFieldFailure(e) || e.httpStatus === 409;

export const esignPanelQuery = (contractId: number) =>
  queryOptions({
    queryKey: [...esignKey, 'panel', contractId] as readonly unknown[],
    queryFn: () => request<EsignPanel>(fillPath(P.panel, { id: contractId })),
    refetchInterval: (q) => (q.state.data?.current?.state === 'signing' ? ESIGN_POLL_MS : false),
  });

/** The accounts the first receipts may go to (the contracts area's signing uses the same call). */
export const esignAccountsQuery = () =>
  queryOptions({
    queryKey: [...esignKey, 'accounts'] as readonly unknown[],
    queryFn: () => request<Account[]>(RentContractPaths.accounts),
    staleTime: 60_000,
  });

/** The signed PDF of a flow, fetched with the session (its SHA-256 is checked by the server first). */
export async function downloadSignedFile(flowId: number, fileName: string): Promise<void> {
  saveBlob(await request<Blob>(fillPath(P.signedFile, { id: flowId }), { responseType: 'blob' }), fileName);
}

function useEsignMutation<V, R>(fn: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: esignKey }),
  });
}

export const useSendEsign = () =>
  useEsignMutation(({ contractId, input }: { contractId: number; input: EsignSendInput }) =>
    request<EsignFlow>(fillPath(P.send, { id: contractId }), { method: 'POST', json: input, silent: dialogFailure }),
  );

export const useRemindEsign = () =>
  useEsignMutation((flowId: number) => request<EsignFlow>(fillPath(P.remind, { id: flowId }), { method: 'POST' }));

export const useCancelEsign = () =>
  useEsignMutation(({ flowId, input }: { flowId: number; input: EsignCancelInput }) =>
    request<EsignFlow>(fillPath(P.cancel, { id: flowId }), { method: 'POST', json: input, silent: dialogFailure }),
  );

/** The company's signing address (its seal), once the driver has signed. */
export function sealUrl(flowId: number): Promise<{ url: string }> {
  return request<{ url: string }>(fillPath(P.seal, { id: flowId }), { method: 'POST' });
}

// ---------------------------------------------------------------- the sandbox provider's signing page (open)

/** A refusal of the sandbox (a wrong ID tail, a link that ended): the page shows it in place. */
export const isClientFailure = (e: RequestError) =>
  e.httpStatus !== undefined && e.httpStatus >= 400 && e.httpStatus < 500;

export const sandboxSigningQuery = (token: string) =>
  queryOptions({
    queryKey: ['esignSandbox', token] as readonly unknown[],
    queryFn: () =>
      request<EsignSandboxPage>(fillPath(P.sandboxPage, { token }), { noToken: true, silent: isClientFailure }),
    retry: false,
  });

/** The signer signs or refuses; answers the page as it is now. */
export function sandboxSign(token: string, input: EsignSandboxSignInput): Promise<EsignSandboxPage> {
  return request<EsignSandboxPage>(fillPath(P.sandboxSign, { token }), {
    method: 'POST',
    json: input,
    noToken: true,
    silent: isClientFailure,
  });
}
