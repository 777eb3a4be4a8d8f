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
import {
  CAR_STATUSES,
  FINAL_CAR_STATUSES,
  VehiclePaths,
  type CarStatus,
  type Rentability,
} from '@fleetdesk/contracts/vehicles';
import { saveBlob } from '../../../lib/download';
import { request, type RequestOptions } from '../../../lib/request';

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

/** How many matches a picker shows at once; typing narrows the search (the server searches any size of fleet). */
export const PICKER_PAGE = 20;

/**
 * The drivers a contract may be made for, as the user types (the drivers list call, its keyword: name, phone or ID
 * number): active drivers and prospects (a prospect is activated before signing). `ids` finds a chosen one.
 */
export const driverOptionsQuery = (q: { keyword?: string; ids?: number[] }) =>
  queryOptions({
    queryKey: [...contractsKey, 'wizard', 'drivers', q] as readonly unknown[],
    queryFn: ({ signal }) =>
      request<Paged<DriverListRow>>(DriverPaths.list, {
        method: 'POST',
        json: {
          state: ['active', 'prospect'],
          pageNum: 1,
          pageSize: PICKER_PAGE,
          ...(q.keyword?.trim() ? { keyword: q.keyword.trim().slice(0, 40) } : {}),
          ...(q.ids?.length ? { ids: q.ids } : {}),
        },
        signal,
      }),
  });

export interface CarOption {
  id: number;
  plate: string;
  rentId: number;
  status: CarStatus;
}

/** The cars of a rent as the user types (the cars list call, its keyword: plate, VIN or engine number). */
export const carOptionsQuery = (q: { keyword?: string; rentId?: number; idleOnly?: boolean }) =>
  queryOptions({
    queryKey: [...contractsKey, 'wizard', 'cars', q] as readonly unknown[],
    queryFn: ({ signal }) =>
      request<Paged<CarOption>>(VehiclePaths.list, {
        method: 'POST',
        json: {
          status: q.idleOnly ? ['idle'] : CAR_STATUSES.filter((s) => !FINAL_CAR_STATUSES.includes(s)),
          pageNum: 1,
          pageSize: PICKER_PAGE,
          ...(q.rentId ? { rentId: q.rentId } : {}),
          ...(q.keyword?.trim() ? { keyword: q.keyword.trim().slice(0, 40) } : {}),
        },
        signal,
      }),
  });

/**
 * Whether these cars can be rented now, and why not (the rule the signing applies; `rentCar/rentability`). Kept
 * under the vehicles' key, so that whatever changes a car or its papers (a policy added on its insurance tab, an
 * inspection, a status) asks again, and never taken from the cache without asking: a verdict seen in the picker
 * must not block the wizard once the clerk has put the car right.
 */
export const rentabilityQuery = (ids: number[]) =>
  queryOptions({
    queryKey: ['vehicles', 'rentability', [...ids].sort((a, b) => a - b)] as readonly unknown[],
    queryFn: () => request<Rentability[]>(VehiclePaths.rentability, { method: 'POST', json: { ids } }),
    enabled: ids.length > 0,
    staleTime: 0,
  });

/** Idle cars for the car change and temporary car dialogs (searched as the user types). */
export const wizardCarsQuery = (keyword = '', rentId?: number) => carOptionsQuery({ keyword, rentId, idleOnly: true });

/** A car chosen before (`?carId=`): its plate, rent and status for the picker. */
export const carBriefQuery = (id: number) =>
  queryOptions({
    queryKey: [...contractsKey, 'wizard', 'car', id] as readonly unknown[],
    queryFn: () => request<CarOption>(fillPath(VehiclePaths.get, { id })),
  });

/** A prospect becomes active (the drivers' own state call) so that a contract can be made for them. */
export function activateDriver(id: number): Promise<DriverListRow> {
  return request<DriverListRow>(fillPath(DriverPaths.action, { id, action: 'activate' }), {
    method: 'PUT',
    json: {},
  });
}

export function previewSchedule(terms: ContractTerms): Promise<SchedulePreview> {
  return request<SchedulePreview>(P.preview, { method: 'POST', json: terms });
}

export async function exportContracts(filter: ContractFilterBody, fileName: string): Promise<void> {
  const blob = await request<Blob>(P.exportContracts, { method: 'POST', json: filter, responseType: 'blob' });
  saveBlob(blob, fileName);
}

type Silent = RequestOptions['silent'];

/** A contract write; `silent` lets a dialog or the wizard show a refusal itself (`components/inline-failure.tsx`). */
function useContractMutation<V, R>(fn: (v: V, silent: Silent) => Promise<R>, silent?: Silent) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: V) => fn(v, silent),
    onSuccess: () => client.invalidateQueries({ queryKey: contractsKey }),
  });
}

export const useCreateContract = (silent?: Silent) =>
  useContractMutation(
    (input: ContractInput, s) => request<Contract>(P.add, { method: 'POST', json: input, silent: s }),
    silent,
  );
export const useSignContract = (silent?: Silent) =>
  useContractMutation(
    ({ id, accountId }: { id: number; accountId: number }, s) =>
      request<Contract>(fillPath(P.sign, { id }), { method: 'POST', json: { accountId }, silent: s }),
    silent,
  );
export const useCancelContract = () =>
  useContractMutation(({ id, reason }: { id: number; reason: string }) =>
    request<Contract>(fillPath(P.cancel, { id }), { method: 'POST', json: { reason } }),
  );
export const useFinishContract = () =>
  useContractMutation(({ id }: { id: number }) =>
    request<Contract>(fillPath(P.finish, { id }), { method: 'POST', json: {} }),
  );
export interface CollectVariables {
  lineId: number;
  amount: number;
  accountId: number;
  version: number;
  paidDate?: string;
  remark?: string | null;
  voucher?: string | null;
}
export const useCollect = (silent?: Silent) =>
  useContractMutation(
    (v: CollectVariables, s) =>
      request<PaymentLine>(fillPath(P.collect, { lineId: v.lineId }), {
        method: 'POST',
        json: {
          amount: v.amount,
          accountId: v.accountId,
          version: v.version,
          paidDate: v.paidDate,
          remark: v.remark || null,
          voucher: v.voucher || null,
        },
        silent: s,
      }),
    silent,
  );
export const useWaive = (silent?: Silent) =>
  useContractMutation(
    (v: { lineId: number; reason: string; version: number }, s) =>
      request<PaymentLine>(fillPath(P.waive, { lineId: v.lineId }), {
        method: 'POST',
        json: { reason: v.reason, version: v.version },
        silent: s,
      }),
    silent,
  );

export const useRenewContract = (silent?: Silent) =>
  useContractMutation(
    ({ id, input }: { id: number; input: RenewInput }, s) =>
      request<Contract>(fillPath(P.renew, { id }), { method: 'POST', json: input, silent: s }),
    silent,
  );
export const useChangeCar = (silent?: Silent) =>
  useContractMutation(
    ({ id, input }: { id: number; input: ChangeCarInput }, s) =>
      request<Contract>(fillPath(P.changeCar, { id }), { method: 'POST', json: input, silent: s }),
    silent,
  );
export const useAddTempCar = (silent?: Silent) =>
  useContractMutation(
    ({ id, input }: { id: number; input: TempCarInput }, s) =>
      request<TempCar[]>(fillPath(P.addTempCar, { id }), { method: 'POST', json: input, silent: s }),
    silent,
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
