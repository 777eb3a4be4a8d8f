import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Paged } from '@fleetdesk/contracts/common';
import {
  MaintenancePaths as P,
  type CarServicePosition,
  type DueListQuery,
  type DueRow,
  type OrderCancelInput,
  type OrderCompleteInput,
  type OrderEnterInput,
  type OrderLinesInput,
  type OrderPickUpInput,
  type OrderSettleInput,
  type Plan,
  type PlanInput,
  type PlanListQuery,
  type PlanUpdateInput,
  type ReportQuery,
  type ReportSummary,
  type WorkOrderCreateInput,
  type WorkOrderDetail,
  type WorkOrderListQuery,
  type WorkOrderRow,
  type WorkOrderUpdateInput,
  type Workshop,
  type WorkshopAccount,
  type WorkshopAccountInput,
  type WorkshopInput,
  type WorkshopListQuery,
  type WorkshopOption,
  type WorkshopOptionsQuery,
  type WorkshopUpdateInput,
} from '@fleetdesk/contracts/maintenance';
import { fillPath } from '@fleetdesk/contracts/paths';
import { VehiclePaths, type CarType } from '@fleetdesk/contracts/vehicles';
import type { z } from 'zod';
import { saveBlob } from '../../../lib/download';
import { isFieldFailure } from '../../../lib/field-failure';
import { request, type QueryValue, type RequestError } from '../../../lib/request';

/** Every query of the maintenance area starts with this key; a maintenance write invalidates it. */
export const maintenanceKey = ['maintenance'] as const;

type Query = Record<string, QueryValue>;
type Page = { pageNum: number; pageSize: number };
/** A list filter as the URL holds it: several states or kinds comma-separated. */
export type OrderFilter = Partial<Omit<WorkOrderListQuery, 'state' | 'kind' | 'pageNum' | 'pageSize'>> & {
  state?: string;
  kind?: string;
};
export type DueFilterQuery = Partial<Omit<DueListQuery, 'pageNum' | 'pageSize'>>;

/** A form's call: a 400 naming fields is the form's to show; a 409 stays in the dialog (see the dialogs). */
const formFailure = (e: RequestError) => isFieldFailure(e) || e.httpStatus === 409;

// ---------------------------------------------------------------- work orders

export const ordersQuery = (q: OrderFilter & Page) =>
  queryOptions({
    queryKey: [...maintenanceKey, 'orders', q] as readonly unknown[],
    queryFn: () => request<Paged<WorkOrderRow>>(P.orderList, { query: q as Query }),
  });

export const orderQuery = (id: number) =>
  queryOptions({
    queryKey: [...maintenanceKey, 'order', id] as readonly unknown[],
    queryFn: () => request<WorkOrderDetail>(fillPath(P.orderGet, { id })),
  });

export async function exportOrders(q: OrderFilter, fileName: string): Promise<void> {
  saveBlob(await request<Blob>(P.orderExport, { query: q as Query, responseType: 'blob' }), fileName);
}

function useMaintenanceMutation<V, R>(fn: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: maintenanceKey });
      // A work order moves its car into and out of the workshop.
      await client.invalidateQueries({ queryKey: ['vehicles'] });
    },
  });
}

export const useCreateOrder = () =>
  useMaintenanceMutation((input: z.input<typeof WorkOrderCreateInput>) =>
    request<WorkOrderDetail>(P.orderCreate, { method: 'POST', json: input, silent: formFailure }),
  );
export const useUpdateOrder = () =>
  useMaintenanceMutation((input: z.input<typeof WorkOrderUpdateInput>) =>
    request<WorkOrderDetail>(P.orderUpdate, { method: 'PUT', json: input, silent: formFailure }),
  );

/** The transitions of a work order, one POST each (`lines` is a PUT). */
export type OrderMove =
  | { action: 'submit'; input: { version: number } }
  | { action: 'enter'; input: OrderEnterInput }
  | { action: 'complete'; input: OrderCompleteInput }
  | { action: 'settle'; input: OrderSettleInput }
  | { action: 'pickUp'; input: OrderPickUpInput }
  | { action: 'cancel'; input: OrderCancelInput }
  | { action: 'lines'; input: OrderLinesInput };

const MOVE_PATHS = {
  submit: P.orderSubmit,
  enter: P.orderEnter,
  complete: P.orderComplete,
  settle: P.orderSettle,
  pickUp: P.orderPickUp,
  cancel: P.orderCancel,
  lines: P.orderLines,
} as const;

export const useMoveOrder = () =>
  useMaintenanceMutation(({ id, move }: { id: number; move: OrderMove }) =>
    request<WorkOrderDetail>(fillPath(MOVE_PATHS[move.action], { id }), {
      method: move.action === 'lines' ? 'PUT' : 'POST',
      json: move.input,
      silent: formFailure,
    }),
  );

// ---------------------------------------------------------------- due list

export const dueQuery = (q: DueFilterQuery & Page) =>
  queryOptions({
    queryKey: [...maintenanceKey, 'due', q] as readonly unknown[],
    queryFn: () => request<Paged<DueRow>>(P.dueList, { query: q as Query }),
  });

export async function exportDue(q: DueFilterQuery, fileName: string): Promise<void> {
  saveBlob(await request<Blob>(P.dueExport, { query: q as Query, responseType: 'blob' }), fileName);
}

export const carPositionQuery = (carId: number) =>
  queryOptions({
    queryKey: [...maintenanceKey, 'car', carId] as readonly unknown[],
    queryFn: () => request<CarServicePosition>(fillPath(P.dueCar, { carId })),
  });

// ---------------------------------------------------------------- plans

export const plansQuery = (q: Partial<Omit<PlanListQuery, 'pageNum' | 'pageSize'>> & Page) =>
  queryOptions({
    queryKey: [...maintenanceKey, 'plans', q] as readonly unknown[],
    queryFn: () => request<Paged<Plan>>(P.planList, { query: q as Query }),
  });

export const planQuery = (id: number) =>
  queryOptions({
    queryKey: [...maintenanceKey, 'plan', id] as readonly unknown[],
    queryFn: () => request<Plan>(fillPath(P.planGet, { id })),
  });

export const useSavePlan = () =>
  useMaintenanceMutation((input: z.input<typeof PlanInput> | z.input<typeof PlanUpdateInput>) =>
    request<Plan>(P.planSave, { method: 'id' in input ? 'PUT' : 'POST', json: input, silent: formFailure }),
  );
export const useDeletePlan = () =>
  useMaintenanceMutation((id: number) => request<boolean>(fillPath(P.planDelete, { id }), { method: 'DELETE' }));

// ---------------------------------------------------------------- workshops

export const workshopsQuery = (q: Partial<Omit<WorkshopListQuery, 'pageNum' | 'pageSize'>> & Page) =>
  queryOptions({
    queryKey: [...maintenanceKey, 'workshops', q] as readonly unknown[],
    queryFn: () => request<Paged<Workshop>>(P.workshopList, { query: q as Query }),
  });

export const workshopOptionsQuery = (q: WorkshopOptionsQuery = {}) =>
  queryOptions({
    queryKey: [...maintenanceKey, 'workshopOptions', q] as readonly unknown[],
    queryFn: () => request<WorkshopOption[]>(P.workshopOptions, { query: q as Query }),
    staleTime: 60_000,
  });

export const workshopAccountsQuery = (id: number) =>
  queryOptions({
    queryKey: [...maintenanceKey, 'accounts', id] as readonly unknown[],
    queryFn: () => request<WorkshopAccount[]>(fillPath(P.workshopAccounts, { id })),
  });

export const useSaveWorkshop = () =>
  useMaintenanceMutation((input: z.input<typeof WorkshopInput> | z.input<typeof WorkshopUpdateInput>) =>
    'id' in input
      ? request<Workshop>(P.workshopUpdate, { method: 'PUT', json: input, silent: formFailure })
      : request<Workshop>(P.workshopCreate, { method: 'POST', json: input, silent: formFailure }),
  );
export const useDeleteWorkshop = () =>
  useMaintenanceMutation((id: number) => request<boolean>(fillPath(P.workshopDelete, { id }), { method: 'DELETE' }));
export const useCreateAccount = () =>
  useMaintenanceMutation((input: WorkshopAccountInput) =>
    request<WorkshopAccount>(P.workshopAccount, { method: 'POST', json: input, silent: formFailure }),
  );

// ---------------------------------------------------------------- reports

export const reportQuery = (q: ReportQuery) =>
  queryOptions({
    queryKey: [...maintenanceKey, 'report', q] as readonly unknown[],
    queryFn: () => request<ReportSummary>(P.reportSummary, { query: q as Query }),
  });

export async function exportReport(q: ReportQuery, fileName: string): Promise<void> {
  saveBlob(await request<Blob>(P.reportExport, { query: q as Query, responseType: 'blob' }), fileName);
}

/** Every car type of the tenant (for the plan form and the due list's filter); quiet when the user may not read them. */
export const carTypesQuery = () =>
  queryOptions({
    queryKey: [...maintenanceKey, 'carTypes'] as readonly unknown[],
    queryFn: () =>
      request<Paged<CarType>>(VehiclePaths.types, { query: { page: 0, limit: 0 }, silent: true }).then((p) => p.rows),
    staleTime: 60_000,
  });
