import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Paged } from '@fleetdesk/contracts/common';
import { DriverPaths } from '@fleetdesk/contracts/drivers';
import { OrganisationPaths, type TenantRules } from '@fleetdesk/contracts/organisation';
import { fillPath } from '@fleetdesk/contracts/paths';
import type { PayInfo } from '@fleetdesk/contracts/payments';
import {
  ShortTermPaths as P,
  type BoardCalendarAnswer,
  type BoardDayAnswer,
  type BookingCancelAnswer,
  type BookingCancelInput,
  type BookingCreateAnswer,
  type BookingDetail,
  type BookingInput,
  type BookingListQuery,
  type BookingPickUpInput,
  type BookingReturnInput,
  type BookingReturnAnswer,
  type BookingRow,
  type BookingSettleAnswer,
  type BookingSettleInput,
  type ExtraRow,
  type PriceDaysAnswer,
  type PriceDaysSetInput,
  type PriceInput,
  type PriceRow,
  type PriceUpdateInput,
  type ProtectionRow,
  type QuoteAnswer,
  type QuoteInput,
  type StoreCarRow,
  type StoreInput,
  type StoreOption,
  type StoreRow,
  type StoreUpdateInput,
} from '@fleetdesk/contracts/short-term';
import { VehiclePaths, type CarType } from '@fleetdesk/contracts/vehicles';
import { saveBlob } from '../../../lib/download';
import { isFieldFailure } from '../../../lib/field-failure';
import { request, type QueryValue, type RequestError, type RequestOptions } from '../../../lib/request';

/** Every query of the area starts with this key; a write invalidates it. */
export const shortKey = ['shortTerm'] as const;

type Query = Record<string, QueryValue>;
type Page = { pageNum: number; pageSize: number };
export type BookingFilter = Partial<Omit<BookingListQuery, 'pageNum' | 'pageSize'>>;

/** A form's call: a 400 naming fields is the form's to show; a 409 stays in the dialog. */
export const formFailure = (e: RequestError) => isFieldFailure(e) || e.httpStatus === 409;

function useShortMutation<V, R>(fn: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: shortKey });
    },
  });
}

// ---------------------------------------------------------------- stores

export const storeOptionsQuery = () =>
  queryOptions({
    queryKey: [...shortKey, 'storeOptions'] as readonly unknown[],
    queryFn: () => request<StoreOption[]>(P.storeOptions),
    staleTime: 60_000,
  });

export const storesQuery = (q: { keyword?: string; rentId?: number; enabled?: boolean } & Page) =>
  queryOptions({
    queryKey: [...shortKey, 'stores', q] as readonly unknown[],
    queryFn: () => request<Paged<StoreRow>>(P.storeList, { query: q as Query }),
  });

export const storeCarsQuery = (q: { storeId: number; keyword?: string } & Page) =>
  queryOptions({
    queryKey: [...shortKey, 'storeCars', q] as readonly unknown[],
    queryFn: () => request<Paged<StoreCarRow>>(P.storeCars, { query: q as Query }),
  });

export const useSaveStore = () =>
  useShortMutation((input: StoreInput | StoreUpdateInput) =>
    'id' in input
      ? request<StoreRow>(P.storeUpdate, { method: 'PUT', json: input, silent: formFailure })
      : request<StoreRow>(P.storeCreate, { method: 'POST', json: input, silent: formFailure }),
  );

export const useDeleteStore = () =>
  useShortMutation((id: number) => request<unknown>(fillPath(P.storeDelete, { id }), { method: 'POST' }));

export const useAddStoreCars = () =>
  useShortMutation((input: { storeId: number; carIds: number[] }) =>
    request<unknown>(P.storeCarsAdd, { method: 'POST', json: input, silent: formFailure }),
  );

export const useRemoveStoreCar = () =>
  useShortMutation((input: { storeId: number; carId: number }) =>
    request<unknown>(P.storeCarRemove, { method: 'POST', json: input }),
  );

// ---------------------------------------------------------------- prices

export const pricesQuery = (q: { storeId?: number; carTypeId?: number } & Page) =>
  queryOptions({
    queryKey: [...shortKey, 'prices', q] as readonly unknown[],
    queryFn: () => request<Paged<PriceRow>>(P.priceList, { query: q as Query }),
  });

export const priceDaysQuery = (q: { storeId: number; carTypeId: number; from: string; to: string }) =>
  queryOptions({
    queryKey: [...shortKey, 'priceDays', q] as readonly unknown[],
    queryFn: () => request<PriceDaysAnswer>(P.priceDays, { query: q }),
  });

export const useSavePrice = () =>
  useShortMutation((input: PriceInput | PriceUpdateInput) =>
    'id' in input
      ? request<PriceRow>(P.priceUpdate, { method: 'PUT', json: input, silent: formFailure })
      : request<PriceRow>(P.priceCreate, { method: 'POST', json: input, silent: formFailure }),
  );

export const useDeletePrice = () =>
  useShortMutation((id: number) => request<unknown>(fillPath(P.priceDelete, { id }), { method: 'POST' }));

/** Sets (or clears: price null) the date prices of runs of days, one call per run. */
export const useSetPriceDays = () =>
  useShortMutation(async (runs: PriceDaysSetInput[]) => {
    let changed = 0;
    for (const run of runs)
      changed += (await request<{ changed: number }>(P.priceDaysSet, { method: 'POST', json: run })).changed;
    return changed;
  });

// ---------------------------------------------------------------- settings read by the booking form

export const protectionsQuery = () =>
  queryOptions({
    queryKey: [...shortKey, 'protections'] as readonly unknown[],
    queryFn: () => request<{ rows: ProtectionRow[] }>(P.protectionList).then((a) => a.rows),
    staleTime: 60_000,
  });

export const extrasQuery = () =>
  queryOptions({
    queryKey: [...shortKey, 'extras'] as readonly unknown[],
    queryFn: () => request<{ rows: ExtraRow[] }>(P.extraList).then((a) => a.rows),
    staleTime: 60_000,
  });

/** The tenant's car types (every one, unpaged). */
export const carTypesQuery = () =>
  queryOptions({
    queryKey: [...shortKey, 'carTypes'] as readonly unknown[],
    queryFn: () =>
      request<Paged<CarType>>(VehiclePaths.types, { query: { page: 0, limit: 0 } }).then((p) =>
        p.rows.map((c) => ({ id: c.id, name: c.carTypeName })),
      ),
    staleTime: 60_000,
  });

export interface DriverOption {
  id: number;
  name: string;
  phone: string;
}
/** Renters to choose as the user types (the drivers list: name, phone or ID number). */
export const driverOptionsQuery = (keyword: string) =>
  queryOptions({
    queryKey: [...shortKey, 'drivers', keyword] as readonly unknown[],
    queryFn: () =>
      request<Paged<DriverOption>>(DriverPaths.list, {
        method: 'POST',
        json: { ...(keyword ? { keyword } : {}), pageNum: 1, pageSize: 20 },
      }).then((p) => p.rows.map((d) => ({ id: d.id, name: d.name, phone: d.phone }))),
  });

export interface CarOption {
  id: number;
  plate: string;
}
/** Cars to put into a store, by plate. */
export const carOptionsQuery = (plate: string) =>
  queryOptions({
    queryKey: [...shortKey, 'cars', plate] as readonly unknown[],
    queryFn: () =>
      request<Paged<CarOption>>(VehiclePaths.list, {
        method: 'POST',
        json: { ...(plate ? { plate } : {}), pageNum: 1, pageSize: 30 },
      }).then((p) => p.rows.map((c) => ({ id: c.id, plate: c.plate }))),
  });

// ---------------------------------------------------------------- bookings

/** The live quote: a refusal (store hours, notice, no car) is the form's to show, quietly. */
export function getQuote(input: QuoteInput): Promise<QuoteAnswer> {
  return request<QuoteAnswer>(P.bookingQuote, { method: 'POST', json: input, silent: true });
}

export const bookingsQuery = (q: BookingFilter & Page) =>
  queryOptions({
    queryKey: [...shortKey, 'bookings', q] as readonly unknown[],
    queryFn: () => request<Paged<BookingRow>>(P.bookingList, { query: q as Query }),
  });

export const bookingQuery = (id: number) =>
  queryOptions({
    queryKey: [...shortKey, 'booking', id] as readonly unknown[],
    queryFn: () => request<BookingDetail>(fillPath(P.bookingGet, { id })),
  });

/** How often a booking is asked again while its QR code is shown. */
export const BOOKING_POLL_MS = 3_000;

/**
 * The booking asked again while its order is being paid: the booking's own state says when it is paid (the order's
 * status call needs the billing elements, which a store clerk does not hold).
 */
export const bookingWatchQuery = (id: number, active: boolean, pollMs = BOOKING_POLL_MS) =>
  queryOptions({
    ...bookingQuery(id),
    enabled: active,
    refetchInterval: active ? pollMs : false,
    refetchIntervalInBackground: true,
  });

export async function exportBookings(q: BookingFilter, fileName: string): Promise<void> {
  saveBlob(await request<Blob>(P.bookingExport, { query: q as Query, responseType: 'blob' }), fileName);
}

export const useCreateBooking = () =>
  useShortMutation((input: BookingInput) =>
    request<BookingCreateAnswer>(P.bookingCreate, { method: 'POST', json: input, silent: formFailure }),
  );

/** The QR code of the booking's order (or the settlement's balance order). */
export const usePayBooking = () =>
  useShortMutation((id: number) => request<PayInfo>(fillPath(P.bookingPay, { id }), { method: 'POST' }));

export const useCancelBooking = () =>
  useShortMutation(({ id, input }: { id: number; input: BookingCancelInput }) =>
    request<BookingCancelAnswer>(fillPath(P.bookingCancel, { id }), {
      method: 'POST',
      json: input,
      silent: formFailure,
    }),
  );

export const usePickUp = () =>
  useShortMutation(
    ({ id, body, silent }: { id: number; body: BookingPickUpInput; silent?: RequestOptions['silent'] }) =>
      request<unknown>(fillPath(P.bookingPickUp, { id }), { method: 'POST', json: body, silent }),
  );

export const useReturnCar = () =>
  useShortMutation(
    ({ id, body, silent }: { id: number; body: BookingReturnInput; silent?: RequestOptions['silent'] }) =>
      request<BookingReturnAnswer>(fillPath(P.bookingReturn, { id }), { method: 'POST', json: body, silent }),
  );

export const useSettle = () =>
  useShortMutation(({ id, input }: { id: number; input: BookingSettleInput }) =>
    request<BookingSettleAnswer>(fillPath(P.bookingSettle, { id }), {
      method: 'POST',
      json: input,
      silent: formFailure,
    }),
  );

// ---------------------------------------------------------------- board

export const boardDayQuery = (storeId: number, date: string) =>
  queryOptions({
    queryKey: [...shortKey, 'boardDay', storeId, date] as readonly unknown[],
    queryFn: () => request<BoardDayAnswer>(P.boardDay, { query: { storeId, date } }),
  });

export const boardCalendarQuery = (storeId: number, from: string, days: number) =>
  queryOptions({
    queryKey: [...shortKey, 'calendar', storeId, from, days] as readonly unknown[],
    queryFn: () => request<BoardCalendarAnswer>(P.boardCalendar, { query: { storeId, from, days } }),
  });

/** The car's last odometer reading (the inspection's floor); 0 when the car cannot be read. */
export const carMileageQuery = (carId: number) =>
  queryOptions({
    queryKey: [...shortKey, 'carMileage', carId] as readonly unknown[],
    queryFn: () =>
      request<{ mileageKm: number }>(fillPath(VehiclePaths.get, { id: carId }), { silent: true })
        .then((c) => c.mileageKm)
        .catch(() => 0),
  });

/**
 * The tenant's short-term rules, for the cancellation fee shown before a cancel (the server computes it again); null
 * when the caller may not read the settings.
 */
export const shortRulesQuery = () =>
  queryOptions({
    queryKey: [...shortKey, 'rules'] as readonly unknown[],
    queryFn: () =>
      request<TenantRules>(OrganisationPaths.rules, { silent: true })
        .then((r) => r.shortTerm)
        .catch(() => null),
    staleTime: 60_000,
  });
