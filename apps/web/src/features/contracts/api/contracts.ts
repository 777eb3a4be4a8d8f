import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Paged } from '@fleetdesk/contracts/common';
import { DriverPaths, type DriverListRow } from '@fleetdesk/contracts/drivers';
import { HandoverPaths } from '@fleetdesk/contracts/handover';
import { fillPath } from '@fleetdesk/contracts/paths';
import {
  RentContractPaths as P,
  type Account,
  type Collection,
  type Contract,
  type ContractEvent,
  type ContractExportFilter,
  type ContractInput,
  type ContractListRow,
  type ContractTerms,
  type ChangeCarInput,
  type DebtorList,
  type GroupContract,
  type PaymentLine,
  type RenewInput,
  type TempCar,
  type TempCarInput,
  type SchedulePreview,
} from '@fleetdesk/contracts/rental-contracts';
import { VehiclePaths } from '@fleetdesk/contracts/vehicles';
import { saveBlob } from '../../../lib/download';
import { request } from '../../../lib/request';

export type ContractFilterBody = Partial<ContractExportFilter>;

/** Every query of the contract area starts with this key; a contract write invalidates it. */
export const contractsKey = ['contracts'] as const;

export const contractsQuery = (body: ContractFilterBody & { pageNum: number; pageSize: number }) =>
  queryOptions({
    queryKey: [...contractsKey, 'list', body] as readonly unknown[],
    queryFn: () => request<Paged<ContractListRow>>(P.list, { method: 'POST', json: body }),
  });

export const contractQuery = (id: number) =>
  queryOptions({
    queryKey: [...contractsKey, 'one', id] as readonly unknown[],
    queryFn: () => request<Contract>(fillPath(P.get, { id })),
  });

export const linesQuery = (id: number) =>
  queryOptions({
    queryKey: [...contractsKey, 'lines', id] as readonly unknown[],
    queryFn: () => request<PaymentLine[]>(fillPath(P.lines, { id })),
  });

export const collectionsQuery = (id: number) =>
  queryOptions({
    queryKey: [...contractsKey, 'collections', id] as readonly unknown[],
    queryFn: () => request<Collection[]>(fillPath(P.collections, { id })),
  });

/** The receipt (收据) of a collected line as PDF (`rentContract:print`; docs/handover.md). */
export async function downloadReceipt(lineId: number, fileName: string): Promise<void> {
  const blob = await request<Blob>(fillPath(HandoverPaths.receipt, { lineId }), { responseType: 'blob' });
  saveBlob(blob, fileName);
}

export const eventsQuery = (id: number) =>
  queryOptions({
    queryKey: [...contractsKey, 'events', id] as readonly unknown[],
    queryFn: () => request<ContractEvent[]>(fillPath(P.events, { id })),
  });

export const groupQuery = (id: number) =>
  queryOptions({
    queryKey: [...contractsKey, 'group', id] as readonly unknown[],
    queryFn: () => request<GroupContract[]>(fillPath(P.group, { id })),
  });

export const tempCarsQuery = (id: number) =>
  queryOptions({
    queryKey: [...contractsKey, 'tempCars', id] as readonly unknown[],
    queryFn: () => request<TempCar[]>(fillPath(P.tempCars, { id })),
  });

export const accountsQuery = () =>
  queryOptions({
    queryKey: [...contractsKey, 'accounts'] as readonly unknown[],
    queryFn: () => request<Account[]>(P.accounts),
  });

export const debtorsQuery = (q: { bucket?: string; pageNum: number; pageSize: number }) =>
  queryOptions({
    queryKey: [...contractsKey, 'debtors', q] as readonly unknown[],
    queryFn: () => request<DebtorList>(P.debtors, { query: q }),
  });

/** Active drivers and idle cars for the signing wizard (the areas' own list calls). */
export const wizardDriversQuery = () =>
  queryOptions({
    queryKey: [...contractsKey, 'wizard', 'drivers'] as readonly unknown[],
    queryFn: () =>
      request<Paged<DriverListRow>>(DriverPaths.list, {
        method: 'POST',
        json: { state: ['active'], pageSize: 500 },
      }),
  });
export const wizardCarsQuery = () =>
  queryOptions({
    queryKey: [...contractsKey, 'wizard', 'cars'] as readonly unknown[],
    queryFn: () =>
      request<Paged<{ id: number; plate: string; rentId: number }>>(VehiclePaths.list, {
        method: 'POST',
        json: { status: ['idle'], pageSize: 500 },
      }),
  });

export function previewSchedule(terms: ContractTerms): Promise<SchedulePreview> {
  return request<SchedulePreview>(P.preview, { method: 'POST', json: terms });
}

export async function exportContracts(filter: ContractFilterBody, fileName: string): Promise<void> {
  const blob = await request<Blob>(P.exportContracts, { method: 'POST', json: filter, responseType: 'blob' });
  saveBlob(blob, fileName);
}

function useContractMutation<V, R>(fn: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: contractsKey }) });
}

export const useCreateContract = () =>
  useContractMutation((input: ContractInput) => request<Contract>(P.add, { method: 'POST', json: input }));
export const useSignContract = () =>
  useContractMutation(({ id, accountId }: { id: number; accountId: number }) =>
    request<Contract>(fillPath(P.sign, { id }), { method: 'POST', json: { accountId } }),
  );
export const useCancelContract = () =>
  useContractMutation(({ id, reason }: { id: number; reason: string }) =>
    request<Contract>(fillPath(P.cancel, { id }), { method: 'POST', json: { reason } }),
  );
export const useFinishContract = () =>
  useContractMutation(({ id }: { id: number }) =>
    request<Contract>(fillPath(P.finish, { id }), { method: 'POST', json: {} }),
  );
export const useCollect = () =>
  useContractMutation((v: { lineId: number; amount: number; accountId: number; version: number; paidDate?: string }) =>
    request<PaymentLine>(fillPath(P.collect, { lineId: v.lineId }), {
      method: 'POST',
      json: { amount: v.amount, accountId: v.accountId, version: v.version, paidDate: v.paidDate },
    }),
  );
export const useWaive = () =>
  useContractMutation((v: { lineId: number; reason: string; version: number }) =>
    request<PaymentLine>(fillPath(P.waive, { lineId: v.lineId }), {
      method: 'POST',
      json: { reason: v.reason, version: v.version },
    }),
  );

export const useRenewContract = () =>
  useContractMutation(({ id, input }: { id: number; input: RenewInput }) =>
    request<Contract>(fillPath(P.renew, { id }), { method: 'POST', json: input }),
  );
export const useChangeCar = () =>
  useContractMutation(({ id, input }: { id: number; input: ChangeCarInput }) =>
    request<Contract>(fillPath(P.changeCar, { id }), { method: 'POST', json: input }),
  );
export const useAddTempCar = () =>
  useContractMutation(({ id, input }: { id: number; input: TempCarInput }) =>
    request<TempCar[]>(fillPath(P.addTempCar, { id }), { method: 'POST', json: input }),
  );
export const useStartTempCar = () =>
  useContractMutation(({ tempId }: { tempId: number }) =>
    request<TempCar[]>(fillPath(P.startTempCar, { tempId }), { method: 'POST' }),
  );
export const useCancelTempCar = () =>
  useContractMutation(({ tempId }: { tempId: number }) =>
    request<TempCar[]>(fillPath(P.cancelTempCar, { tempId }), { method: 'POST' }),
  );
export const useEndTempCar = () =>
  useContractMutation(({ tempId, endDate }: { tempId: number; endDate?: string }) =>
    request<TempCar[]>(fillPath(P.endTempCar, { tempId }), {
      method: 'POST',
      json: endDate ? { endDate } : {},
    }),
  );
