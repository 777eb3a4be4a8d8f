import { queryOptions } from '@tanstack/react-query';
import type { Paged } from '@fleetdesk/contracts/common';
import {
  FinancingPaths as P,
  type DepositReturn,
  type FinancingInstalment,
  type PayoffQuote,
  type Repayment,
  type RepaymentDetail,
  type RepaymentMethod,
  type Waiver,
} from '@fleetdesk/contracts/financing';
import type { PayAnswer } from '@fleetdesk/contracts/financing-money';
import { fillPath } from '@fleetdesk/contracts/paths';
import { request, type RequestOptions } from '../../../lib/request';
import { financingKey } from './keys';

type Silent = RequestOptions['silent'];
type Query = Record<string, string | number | boolean | undefined>;

export const instalmentsQuery = (q: Query & { pageNum: number; pageSize: number }) =>
  queryOptions({
    queryKey: [...financingKey, 'instalments', q] as readonly unknown[],
    queryFn: () => request<Paged<FinancingInstalment>>(P.details, { query: q }),
  });

export const repaymentsQuery = (q: Query & { pageNum: number; pageSize: number }) =>
  queryOptions({
    queryKey: [...financingKey, 'repayments', q] as readonly unknown[],
    queryFn: () => request<Paged<Repayment>>(P.repayments, { query: q }),
  });

export const repaymentDetailQuery = (id: number) =>
  queryOptions({
    queryKey: [...financingKey, 'repayment', id] as readonly unknown[],
    queryFn: () => request<RepaymentDetail>(fillPath(P.repaymentDetail, { id })),
  });

export const payoffQuoteQuery = (id: number) =>
  queryOptions({
    queryKey: [...financingKey, 'payoffQuote', id] as readonly unknown[],
    queryFn: () => request<PayoffQuote>(fillPath(P.payoffQuote, { id })),
    staleTime: 0,
  });

export const waiversQuery = (q: Query & { pageNum: number; pageSize: number }) =>
  queryOptions({
    queryKey: [...financingKey, 'waivers', q] as readonly unknown[],
    queryFn: () => request<Paged<Waiver>>(P.waivers, { query: q }),
  });

export const depositReturnsQuery = (q: Query & { pageNum: number; pageSize: number }) =>
  queryOptions({
    queryKey: [...financingKey, 'depositReturns', q] as readonly unknown[],
    queryFn: () => request<Paged<DepositReturn>>(P.depositReturns, { query: q }),
  });

/**
 * Pays an instalment (`rentFinancingDetail/pay/{id}?amount=&method=`; the older unpaid ones first): online (the answer
 * carries the payments area's QR code to pay the order with), a declared transfer, or recorded by the financier.
 */
export function payInstalment(
  id: number,
  amount: number,
  method: RepaymentMethod,
  note?: string,
  silent?: Silent,
): Promise<PayAnswer> {
  return request(fillPath(P.pay, { id }), {
    method: 'POST',
    query: { amount, method, ...(note ? { note } : {}) },
    silent,
  });
}

export function confirmRepayment(id: number, approve: boolean, note?: string, silent?: Silent): Promise<Repayment> {
  return request<Repayment>(fillPath(P.confirmRepayment, { id }), {
    method: 'POST',
    json: { approve, note: note || null },
    silent,
  });
}

export function payoff(
  id: number,
  body: { version: number; method: RepaymentMethod; amount: number; note?: string | null },
  silent?: Silent,
): Promise<PayAnswer> {
  return request<PayAnswer>(fillPath(P.payoff, { id }), { method: 'POST', json: body, silent });
}

export function requestWaiver(instalmentId: number, amount: number, reason: string, silent?: Silent): Promise<Waiver> {
  return request<Waiver>(fillPath(P.requestWaiver, { id: instalmentId }), {
    method: 'POST',
    json: { amount, reason },
    silent,
  });
}

export function decideWaiver(id: number, approve: boolean, note?: string, silent?: Silent): Promise<Waiver> {
  return request<Waiver>(fillPath(P.decideWaiver, { id }), {
    method: 'POST',
    json: { approve, note: note || null },
    silent,
  });
}

export function applyDepositReturn(
  applicationId: number,
  body: { deductions: { reason: string; amount: number }[]; reason?: string | null },
  silent?: Silent,
): Promise<DepositReturn> {
  return request<DepositReturn>(fillPath(P.depositReturnApply, { id: applicationId }), {
    method: 'POST',
    json: body,
    silent,
  });
}

export function decideDepositReturn(id: number, approve: boolean, note?: string, silent?: Silent) {
  return request<DepositReturn>(fillPath(P.decideDepositReturn, { id }), {
    method: 'POST',
    json: { approve, note: note || null },
    silent,
  });
}
