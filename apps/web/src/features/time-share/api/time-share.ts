import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Paged } from '@fleetdesk/contracts/common';
import { GpsEventPaths, type Geofence } from '@fleetdesk/contracts/gps-events';
import { OrganisationPaths, type TenantRules } from '@fleetdesk/contracts/organisation';
import { fillPath } from '@fleetdesk/contracts/paths';
import type { PayInfo, PayStatus } from '@fleetdesk/contracts/payments';
import {
  TimeSharePaths as P,
  type RateInput,
  type RateRow,
  type RateUpdateInput,
  type RenterLedgerEntry,
  type RenterRow,
  type ShareCarRow,
  type TripDetail,
  type TripEndAnswer,
  type TripRow,
  type TripState,
  type ZoneInput,
  type ZoneOption,
  type ZoneRow,
  type ZoneUpdateInput,
} from '@fleetdesk/contracts/time-share';
import { VehiclePaths, type CarListRow, type CarType } from '@fleetdesk/contracts/vehicles';
import { saveBlob } from '../../../lib/download';
import { isFieldFailure } from '../../../lib/field-failure';
import { request, type QueryValue, type RequestError } from '../../../lib/request';

export type { RateRow, RenterLedgerEntry, RenterRow, ShareCarRow, TripDetail, TripEndAnswer, TripRow, ZoneRow };

/** Every query of the time-share screens starts with this key; a write invalidates it. */
export const timeShareKey = ['time-share'] as const;

type Query = Record<string, QueryValue>;
type Page = { pageNum: number; pageSize: number };

/** A form's call: a 400 naming fields is the form's to show; a 409 stays in the dialog. */
export const formFailure = (e: RequestError) => isFieldFailure(e) || e.httpStatus === 409;

/** A trip list filter as the URL holds it. */
export type TripFilter = {
  state?: TripState;
  keyword?: string;
  zoneId?: number;
  carId?: number;
  driverId?: number;
  from?: string;
  to?: string;
};

// ---------------------------------------------------------------- trips

export const tripsQuery = (q: TripFilter & Page) =>
  queryOptions({
    queryKey: [...timeShareKey, 'trips', q] as readonly unknown[],
    queryFn: () => request<Paged<TripRow>>(P.tripList, { query: q as Query }),
  });

export const tripQuery = (id: number) =>
  queryOptions({
    queryKey: [...timeShareKey, 'trip', id] as readonly unknown[],
    queryFn: () => request<TripDetail>(fillPath(P.tripGet, { id })),
  });

export async function exportTrips(q: TripFilter, fileName: string): Promise<void> {
  saveBlob(await request<Blob>(P.tripExport, { query: q as Query, responseType: 'blob' }), fileName);
}

function useTsMutation<V, R>(fn: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: timeShareKey });
    },
  });
}

export const useReserveTrip = () =>
  useTsMutation((input: { carId: number; driverId: number }) =>
    request<TripDetail>(P.tripReserve, { method: 'POST', json: input, silent: formFailure }),
  );

export const useStartTrip = () =>
  useTsMutation((id: number) => request<TripDetail>(fillPath(P.tripStart, { id }), { method: 'POST', json: {} }));

/** Ending: a 409 (outside every zone) is the dialog's to show. */
export const useEndTrip = () =>
  useTsMutation(({ id, acceptOffZone }: { id: number; acceptOffZone: boolean }) =>
    request<TripEndAnswer>(fillPath(P.tripEnd, { id }), {
      method: 'POST',
      json: { acceptOffZone },
      silent: (e) => e.httpStatus === 409,
    }),
  );

export const useCancelTrip = () =>
  useTsMutation(({ id, reason }: { id: number; reason: string }) =>
    request<TripDetail>(fillPath(P.tripCancel, { id }), { method: 'POST', json: { reason }, silent: formFailure }),
  );

export const usePayTrip = () =>
  useTsMutation((id: number) => request<TripEndAnswer>(fillPath(P.tripPay, { id }), { method: 'POST', json: {} }));

// ---------------------------------------------------------------- zones and cars

export type ZoneFilter = {
  keyword?: string;
  city?: string;
  rentId?: number;
  enabled?: boolean;
};

export const zonesQuery = (q: ZoneFilter & Page) =>
  queryOptions({
    queryKey: [...timeShareKey, 'zones', q] as readonly unknown[],
    queryFn: () => request<Paged<ZoneRow>>(P.zoneList, { query: q as Query }),
  });

export const zoneOptionsQuery = () =>
  queryOptions({
    queryKey: [...timeShareKey, 'zoneOptions'] as readonly unknown[],
    queryFn: () => request<ZoneOption[]>(P.zoneOptions, { silent: true }),
    staleTime: 60_000,
  });

export const useSaveZone = () =>
  useTsMutation((input: ZoneInput | ZoneUpdateInput) =>
    'id' in input
      ? request<ZoneRow>(P.zoneUpdate, { method: 'PUT', json: input, silent: formFailure })
      : request<ZoneRow>(P.zoneCreate, { method: 'POST', json: input, silent: formFailure }),
  );

export const useDeleteZone = () =>
  useTsMutation((id: number) => request<unknown>(fillPath(P.zoneDelete, { id }), { method: 'POST', json: {} }));

/** The time-share cars (at a zone, by plate): the reservation's car picker. */
export const shareCarsQuery = (q: { zoneId?: number; keyword?: string } & Page) =>
  queryOptions({
    queryKey: [...timeShareKey, 'cars', q] as readonly unknown[],
    queryFn: () => request<Paged<ShareCarRow>>(P.carList, { query: q as Query }),
  });

export const useAddShareCars = () =>
  useTsMutation((input: { zoneId: number; carIds: number[] }) =>
    request<unknown>(P.carAdd, { method: 'POST', json: input, silent: formFailure }),
  );

export const useRemoveShareCar = () =>
  useTsMutation((carId: number) => request<unknown>(P.carRemove, { method: 'POST', json: { carId } }));

export const useParkShareCar = () =>
  useTsMutation((input: { carId: number; zoneId: number }) =>
    request<unknown>(P.carPark, { method: 'POST', json: input }),
  );

/** The company's idle cars by plate (to put into time-share); quiet without `rentCar:view`. */
export const idleCarsQuery = (keyword: string) =>
  queryOptions({
    queryKey: [...timeShareKey, 'idleCars', keyword] as readonly unknown[],
    queryFn: () =>
      request<Paged<CarListRow>>(VehiclePaths.list, {
        method: 'POST',
        json: { pageNum: 1, pageSize: 30, ...(keyword ? { keyword } : {}) },
        silent: true,
      }),
    retry: false,
  });

/** The tenant's GPS geofences (the zone form's picker); quiet: a user without the GPS menu gets circles only. */
export const geofencesQuery = (keyword: string) =>
  queryOptions({
    queryKey: [...timeShareKey, 'geofences', keyword] as readonly unknown[],
    queryFn: () =>
      request<Paged<Geofence>>(GpsEventPaths.geofenceList, {
        query: { pageNum: 1, pageSize: 50, ...(keyword ? { keyword } : {}) },
        silent: true,
      }),
    retry: false,
    staleTime: 60_000,
  });

// ---------------------------------------------------------------- rates

export const ratesQuery = (q: { city?: string; carTypeId?: number } & Page) =>
  queryOptions({
    queryKey: [...timeShareKey, 'rates', q] as readonly unknown[],
    queryFn: () => request<Paged<RateRow>>(P.rateList, { query: q as Query }),
  });

export const useSaveRate = () =>
  useTsMutation((input: RateInput | RateUpdateInput) =>
    'id' in input
      ? request<RateRow>(P.rateUpdate, { method: 'PUT', json: input, silent: formFailure })
      : request<RateRow>(P.rateCreate, { method: 'POST', json: input, silent: formFailure }),
  );

export const useDeleteRate = () =>
  useTsMutation((id: number) => request<unknown>(fillPath(P.rateDelete, { id }), { method: 'POST', json: {} }));

/** Every car type of the tenant (the rate form's picker); quiet when the user may not read them. */
export const carTypesQuery = () =>
  queryOptions({
    queryKey: [...timeShareKey, 'carTypes'] as readonly unknown[],
    queryFn: () =>
      request<Paged<CarType>>(VehiclePaths.types, { query: { page: 0, limit: 0 }, silent: true }).then((p) => p.rows),
    retry: false,
    staleTime: 60_000,
  });

/**
 * The tenant's rules (the night hours of the rate example, the off-zone fee): read with `oaSetting:view`, quiet
 * (without it the screens use the defaults and say so).
 */
export const rulesQuery = () =>
  queryOptions({
    queryKey: [...timeShareKey, 'rules'] as readonly unknown[],
    queryFn: () => request<TenantRules>(OrganisationPaths.rules, { silent: true }),
    retry: false,
    staleTime: 60_000,
  });

// ---------------------------------------------------------------- renters

export const rentersQuery = (q: { keyword?: string; withBalance?: boolean } & Page) =>
  queryOptions({
    queryKey: [...timeShareKey, 'renters', q] as readonly unknown[],
    queryFn: () => request<Paged<RenterRow>>(P.renterList, { query: q as Query }),
  });

export const renterQuery = (driverId: number) =>
  queryOptions({
    queryKey: [...timeShareKey, 'renter', driverId] as readonly unknown[],
    queryFn: () => request<RenterRow>(fillPath(P.renterGet, { driverId })),
  });

export const ledgerQuery = (q: { driverId: number } & Page) =>
  queryOptions({
    queryKey: [...timeShareKey, 'ledger', q] as readonly unknown[],
    queryFn: () => request<Paged<RenterLedgerEntry>>(P.renterLedger, { query: q as Query }),
  });

/**
 * Where a renter top-up's payment stands (`sevenGo:edit`; the payments area's own status call needs a billing
 * right a time-share clerk does not have).
 */
export function getTopUpStatus(orderId: number): Promise<PayStatus> {
  return request<PayStatus>(fillPath(P.renterTopUpStatus, { id: orderId }), { silent: true });
}

/** A top-up order for the renter: its QR code and sandbox page (PayInfo). */
export const useTopUp = () =>
  useMutation({
    mutationFn: (input: { driverId: number; amount: number }) =>
      request<PayInfo>(P.renterTopUp, { method: 'POST', json: input, silent: formFailure }),
  });
