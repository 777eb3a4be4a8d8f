import { queryOptions } from '@tanstack/react-query';
import type { Paged } from '@fleetdesk/contracts/common';
import {
  FinancingPaths as P,
  type BookedCar,
  type BookedCarInput,
  type Certificate,
  type EditVoucherInput,
  type FinancingProfile,
  type ProfileInput,
  type RentOrSale,
  type RentOrSaleInput,
  type RentOrSaleOutcome,
  type Voucher,
} from '@fleetdesk/contracts/financing';
import { fillPath } from '@fleetdesk/contracts/paths';
import { isFieldFailure } from '../../../lib/field-failure';
import { request, type RequestOptions } from '../../../lib/request';
import { financingKey } from './keys';

type Silent = RequestOptions['silent'];
type Query = Record<string, string | number | boolean | undefined>;

export const voucherQuery = (applicationId: number) =>
  queryOptions({
    queryKey: [...financingKey, 'voucher', applicationId] as readonly unknown[],
    queryFn: () => request<Voucher>(fillPath(P.voucher, { id: applicationId })),
  });

export function saveVoucher(input: EditVoucherInput): Promise<Voucher> {
  return request<Voucher>(P.editVoucher, { method: 'POST', json: input, silent: isFieldFailure });
}

export function checkVoucher(applicationId: number, version: number, pass: boolean, note?: string, silent?: Silent) {
  return request<Voucher>(fillPath(P.checkVoucher, { id: applicationId }), {
    method: 'POST',
    json: { version, pass, note: note || null },
    silent,
  });
}

export const profileQuery = () =>
  queryOptions({
    queryKey: [...financingKey, 'profile'] as readonly unknown[],
    queryFn: () => request<FinancingProfile | null>(P.profile),
  });

export function saveProfile(input: ProfileInput): Promise<FinancingProfile> {
  return request<FinancingProfile>(P.saveProfile, { method: 'POST', json: input, silent: isFieldFailure });
}

/** The applicant's declarations (`rentOrSale/list`) or the financier's work list of them (`rentOrSale/admin`). */
export const rentOrSaleQuery = (admin: boolean, q: Query & { pageNum: number; pageSize: number }) =>
  queryOptions({
    queryKey: [...financingKey, 'rentOrSale', admin, q] as readonly unknown[],
    queryFn: () => request<Paged<RentOrSale>>(admin ? P.rentOrSaleAdmin : P.rentOrSaleList, { query: q }),
  });

export function declareRentOrSale(input: RentOrSaleInput): Promise<RentOrSale> {
  return request<RentOrSale>(P.rentOrSale, { method: 'POST', json: input, silent: isFieldFailure });
}

export function supplementRentOrSale(body: { id: number; version: number; note?: string | null; files: string[] }) {
  return request<RentOrSale>(P.rentOrSaleSupplement, { method: 'POST', json: body, silent: isFieldFailure });
}

export function auditRentOrSale(body: {
  id: number;
  version: number;
  outcome: RentOrSaleOutcome;
  conditions?: string | null;
  reason?: string | null;
}) {
  return request<RentOrSale>(P.rentOrSaleAudit, { method: 'POST', json: body, silent: isFieldFailure });
}

export const certificatesQuery = (q: Query & { pageNum: number; pageSize: number }) =>
  queryOptions({
    queryKey: [...financingKey, 'certificates', q] as readonly unknown[],
    queryFn: () => request<Paged<Certificate>>(P.certificates, { query: q }),
  });

export const bookedCarsQuery = (q: Query & { pageNum: number; pageSize: number }) =>
  queryOptions({
    queryKey: [...financingKey, 'booked', q] as readonly unknown[],
    queryFn: () => request<Paged<BookedCar>>(P.bookedCars, { query: q }),
  });

export function createBookedCar(input: BookedCarInput, silent?: Silent): Promise<BookedCar> {
  return request<BookedCar>(P.createBookedCar, { method: 'POST', json: input, silent: silent ?? isFieldFailure });
}
