import { queryOptions } from '@tanstack/react-query';
import type { Paged } from '@fleetdesk/contracts/common';
import {
  FinancingPaths as P,
  type Activity,
  type Application,
  type ApplicationListRow,
  type ApplyItemCode,
  type AuditAction,
  type CarInfo,
  type CarTypeWithProduct,
  type CreateApplicationInput,
  type FinanceHome,
  type FinancingConditions,
  type FinancingQuote,
  type QuoteInput,
  type UnfinancedCar,
  type UpdateApplicationInput,
} from '@fleetdesk/contracts/financing';
import type { MoneyStep } from '@fleetdesk/contracts/financing-money';
import { fillPath } from '@fleetdesk/contracts/paths';
import { saveBlob } from '../../../lib/download';
import { isFieldFailure } from '../../../lib/field-failure';
import { request, type RequestError, type RequestOptions } from '../../../lib/request';
import { financingKey } from './keys';

type Silent = RequestOptions['silent'];

/** The list's filters as the call's query (`rentFinancingCar/list`). */
export type ApplicationFilter = {
  state?: string;
  states?: string;
  reviewStage?: string;
  code?: string;
  keyword?: string;
  rentId?: number;
  financierId?: number;
  tenantId?: number;
  from?: string;
  to?: string;
};

export const homeQuery = () =>
  queryOptions({
    queryKey: [...financingKey, 'home'] as readonly unknown[],
    queryFn: () => request<FinanceHome>(P.index),
  });

export const applicationsQuery = (q: ApplicationFilter & { pageNum: number; pageSize: number }) =>
  queryOptions({
    queryKey: [...financingKey, 'list', q] as readonly unknown[],
    queryFn: () => request<Paged<ApplicationListRow>>(P.list, { query: q }),
  });

export const applicationQuery = (id: number) =>
  queryOptions({
    queryKey: [...financingKey, 'one', id] as readonly unknown[],
    queryFn: () => request<Application>(fillPath(P.get, { id })),
  });

export const historyQuery = (id: number) =>
  queryOptions({
    queryKey: [...financingKey, 'history', id] as readonly unknown[],
    queryFn: () => request<Activity[]>(fillPath(P.history, { id })),
  });

/** Financier side: the rental companies it has a limit with (its lists' applicant filter). */
export const applicantsQuery = () =>
  queryOptions({
    queryKey: [...financingKey, 'applicants'] as readonly unknown[],
    queryFn: () => request<{ tenantId: number; tenantName: string }[]>(P.applicants),
    staleTime: 60_000,
  });

export const carTypesQuery = () =>
  queryOptions({
    queryKey: [...financingKey, 'carTypes'] as readonly unknown[],
    queryFn: () => request<CarTypeWithProduct[]>(P.carTypes),
    staleTime: 60_000,
  });

/** The cars of the caller's scope with no live application, as the user types (plate or VIN). */
export const unfinancedCarsQuery = (q: { keyword?: string; pageNum?: number; pageSize?: number }) =>
  queryOptions({
    queryKey: [...financingKey, 'unfinanced', q] as readonly unknown[],
    queryFn: ({ signal }) =>
      request<Paged<UnfinancedCar>>(P.unfinancedCars, {
        query: {
          pageNum: q.pageNum ?? 1,
          pageSize: q.pageSize ?? 20,
          ...(q.keyword?.trim() ? { keyword: q.keyword.trim().slice(0, 30) } : {}),
        },
        signal,
      }),
  });

/** A car by plate or VIN (`rentFinancingContract/search/car/info/{x}`); a miss is the caller's to say. */
export function searchCar(x: string): Promise<CarInfo> {
  return request<CarInfo>(fillPath(P.searchCar, { x: x.trim() }), { silent: (e) => e.httpStatus === 404 });
}

/** The quote of the form under a product (the server's; the wizard shows it before submitting). */
export function fetchQuote(input: QuoteInput, silent?: Silent): Promise<FinancingQuote> {
  return request<FinancingQuote>(P.quote, { method: 'POST', json: input, silent });
}

export async function downloadContract(id: number, fileName: string): Promise<void> {
  const blob = await request<Blob>(fillPath(P.contractPdf, { id }), { responseType: 'blob' });
  saveBlob(blob, fileName);
}

/** A form shows field errors on its fields and a refusal (409) in place. */
const formSilent = (e: RequestError) => isFieldFailure(e) || e.httpStatus === 409;

/** Create (S1) or save a draft; field errors of the server come back on the form's fields. */
export function saveApplication(
  input: CreateApplicationInput | (UpdateApplicationInput & { id: number }),
): Promise<Application> {
  if ('id' in input && input.id) {
    const { id, ...body } = input;
    return request<Application>(fillPath(P.update, { id }), { method: 'POST', json: body, silent: formSilent });
  }
  return request<Application>(P.create, { method: 'POST', json: input, silent: formSilent });
}

const post = <R>(path: string, json: unknown, silent?: Silent, query?: Record<string, string | number>) =>
  request<R>(path, { method: 'POST', json, silent, query });

export const applicationCalls = {
  submit: (id: number, version: number, silent?: Silent) =>
    post<Application>(fillPath(P.submit, { id }), { version }, silent),
  cancel: (id: number, version: number, reason?: string, silent?: Silent) =>
    post<Application>(fillPath(P.cancel, { id }), { version, reason: reason || null }, silent),
  conditions: (id: number, version: number, accept: boolean, silent?: Silent) =>
    post<Application>(fillPath(P.acceptConditions, { id }), { version, accept }, silent),
  loanApply: (id: number, version: number, items: ApplyItemCode[], silent?: Silent) =>
    post<MoneyStep>(fillPath(P.loanApply, { id }), {}, silent, { items: items.join(','), version }),
  audit: (
    id: number,
    body: { version: number; action: AuditAction; reason?: string | null; conditions?: FinancingConditions | null },
    silent?: Silent,
  ) => post<Application>(fillPath(P.audit, { id }), body, silent),
  loanConfirm: (id: number, version: number, note?: string, silent?: Silent) =>
    post<MoneyStep>(fillPath(P.loanConfirm, { id }), { version, note: note || null }, silent),
  /** The amount disbursed must be the amount financed (the server checks). */
  disburse: (id: number, version: number, amount: number, disbursedDate?: string, note?: string, silent?: Silent) =>
    post<MoneyStep>(
      fillPath(P.disburse, { id }),
      { version, amount, ...(disbursedDate ? { disbursedDate } : {}), note: note || null },
      silent,
    ),
};
