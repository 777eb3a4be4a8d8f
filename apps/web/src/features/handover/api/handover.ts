import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Paged } from '@fleetdesk/contracts/common';
import {
  HandoverPaths as P,
  type ContractAttachment,
  type ContractDocument,
  type DispatchInput,
  type DocumentKind,
  type InspectionState,
  type ReturnInput,
  type Settlement,
  type SettlementInput,
  type SettlementPayInput,
  type UsagePeriod,
} from '@fleetdesk/contracts/handover';
import { fillPath } from '@fleetdesk/contracts/paths';
import { RentContractPaths, type Account, type PaymentLine } from '@fleetdesk/contracts/rental-contracts';
import { saveBlob } from '../../../lib/download';
import { request, type RequestOptions } from '../../../lib/request';

/** The contract area's key: a handover write also changes the contract (dispatched, state, bills). */
const contractsKey = ['contracts'] as const;
export const handoverKey = ['handover'] as const;

export const inspectionsQuery = (id: number) =>
  queryOptions({
    queryKey: [...handoverKey, 'inspections', id] as readonly unknown[],
    queryFn: () => request<InspectionState>(fillPath(P.inspections, { id })),
  });

export const settlementQuery = (id: number) =>
  queryOptions({
    queryKey: [...handoverKey, 'settlement', id] as readonly unknown[],
    queryFn: () => request<Settlement>(fillPath(P.settlement, { id })),
  });

export const documentsQuery = (id: number) =>
  queryOptions({
    queryKey: [...handoverKey, 'documents', id] as readonly unknown[],
    queryFn: () => request<ContractDocument[]>(fillPath(P.documents, { id })),
  });

export const attachmentsQuery = (id: number) =>
  queryOptions({
    queryKey: [...handoverKey, 'attachments', id] as readonly unknown[],
    queryFn: () => request<ContractAttachment[]>(fillPath(P.attachments, { id })),
  });

/** Generates a document again and keeps it with the contract (a new version). */
export const useStoreDocument = () =>
  useHandoverMutation(({ id, kind }: { id: number; kind: DocumentKind }) =>
    request<ContractAttachment>(fillPath(P.storeDocument, { id, kind }), { method: 'POST' }),
  );

export const usagePeriodsQuery = (carId: number, pageNum: number, pageSize: number) =>
  queryOptions({
    queryKey: [...handoverKey, 'usage', carId, pageNum, pageSize] as readonly unknown[],
    queryFn: () => request<Paged<UsagePeriod>>(P.carUsage, { query: { carId, pageNum, pageSize } }),
  });

export async function downloadDocument(id: number, kind: DocumentKind, fileName: string): Promise<void> {
  const blob = await request<Blob>(fillPath(P.document, { id, kind }), { responseType: 'blob' });
  saveBlob(blob, fileName);
}

function useHandoverMutation<V, R>(fn: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: handoverKey }),
        client.invalidateQueries({ queryKey: contractsKey }),
      ]);
    },
  });
}

/** `silent`: the wizard shows a refusal itself, inline (`components/inline-failure.tsx`). */
export const useDispatch = () =>
  useHandoverMutation(({ id, body, silent }: { id: number; body: DispatchInput; silent?: RequestOptions['silent'] }) =>
    request<InspectionState>(fillPath(P.dispatch, { id }), { method: 'POST', json: body, silent }),
  );

export const useReturn = () =>
  useHandoverMutation(({ id, body, silent }: { id: number; body: ReturnInput; silent?: RequestOptions['silent'] }) =>
    request<InspectionState>(fillPath(P.giveBack, { id }), { method: 'POST', json: body, silent }),
  );

export const useSaveSettlement = () =>
  useHandoverMutation(({ id, body }: { id: number; body: SettlementInput }) =>
    request<Settlement>(fillPath(P.saveSettlement, { id }), { method: 'POST', json: body }),
  );

export const useSubmitSettlement = () =>
  useHandoverMutation(({ id }: { id: number }) =>
    request<Settlement>(fillPath(P.submitSettlement, { id }), { method: 'POST' }),
  );

/** The line an approved settlement made (under the contracts' key, so a payment refreshes their tabs too). */
export const settlementLineQuery = (contractId: number, lineId: number) =>
  queryOptions({
    queryKey: ['contracts', 'lines', contractId] as readonly unknown[],
    queryFn: () => request<PaymentLine[]>(fillPath(RentContractPaths.lines, { id: contractId })),
    select: (lines: PaymentLine[]) => lines.find((l) => l.id === lineId) ?? null,
  });

export const payAccountsQuery = () =>
  queryOptions({
    queryKey: ['contracts', 'accounts'] as readonly unknown[],
    queryFn: () => request<Account[]>(RentContractPaths.accounts),
  });

/** Pays the settlement's line in full: the refund out of an account, or the fee into it. */
export const usePaySettlement = () =>
  useHandoverMutation(({ id, body }: { id: number; body: SettlementPayInput }) =>
    request<PaymentLine>(fillPath(P.paySettlement, { id }), { method: 'POST', json: body }),
  );
