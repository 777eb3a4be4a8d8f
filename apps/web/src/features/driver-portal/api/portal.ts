import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  DriverPortalPaths as P,
  type PortalAccident,
  type PortalBill,
  type PortalContract,
  type PortalDocument,
  type PortalDocumentInput,
  type PortalHome,
  type PortalMe,
  type PortalMembership,
  type PortalNotice,
  type PortalPayStatus,
  type PortalProofInput,
  type PortalSurvey,
  type PortalViolation,
} from '@fleetdesk/contracts/driver-portal';
import type { UploadResult } from '@fleetdesk/contracts/files';
import { fillPath } from '@fleetdesk/contracts/paths';
import type { PayInfo } from '@fleetdesk/contracts/payments';
import { isFieldFailure } from '../../../lib/field-failure';
import { portalRequest } from './client';
import { billsKey, documentsKey, homeKey, meKey, portalKey, violationsKey } from './keys';

export type BillsView = 'open' | 'all';

export const meQuery = () => queryOptions({ queryKey: meKey, queryFn: () => portalRequest<PortalMe>(P.me) });

export const homeQuery = () => queryOptions({ queryKey: homeKey, queryFn: () => portalRequest<PortalHome>(P.home) });

export const contractsQuery = () =>
  queryOptions({
    queryKey: [...portalKey, 'contracts'] as readonly unknown[],
    queryFn: () => portalRequest<PortalContract[]>(P.contracts),
  });

export const billsQuery = (view: BillsView) =>
  queryOptions({
    queryKey: [...billsKey, view] as readonly unknown[],
    queryFn: () => portalRequest<PortalBill[]>(P.bills, { query: { view } }),
  });

/** An order for the chosen open bills: its QR code (and the sandbox page). */
export function payBills(lineIds: number[]): Promise<PayInfo> {
  return portalRequest<PayInfo>(P.pay, { method: 'POST', json: { lineIds } });
}

/** Where an order's payment stands; polled while its code is shown (failures stay quiet, the next poll asks again). */
export const payStatusQuery = (orderId: number, pollMs: number) =>
  queryOptions({
    queryKey: [...portalKey, 'payStatus', orderId] as readonly unknown[],
    queryFn: () => portalRequest<PortalPayStatus>(fillPath(P.payStatus, { id: orderId }), { silent: true }),
    refetchInterval: (q) => (q.state.data?.status === 'paid' ? false : pollMs),
    staleTime: 0,
    gcTime: 0,
  });

/** After a payment: the bills, the home's due card and the contracts' outstanding sums follow. */
export function useAfterPayment() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: billsKey }),
      client.invalidateQueries({ queryKey: homeKey }),
      client.invalidateQueries({ queryKey: [...portalKey, 'contracts'] }),
    ]);
}

export const violationsQuery = () =>
  queryOptions({ queryKey: violationsKey, queryFn: () => portalRequest<PortalViolation[]>(P.violations) });

export const accidentsQuery = () =>
  queryOptions({
    queryKey: [...portalKey, 'accidents'] as readonly unknown[],
    queryFn: () => portalRequest<PortalAccident[]>(P.accidents),
  });

export function useSendProof() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: PortalProofInput }) =>
      portalRequest<unknown>(fillPath(P.violationProof, { id }), {
        method: 'POST',
        json: input,
        silent: isFieldFailure,
      }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: violationsKey }),
        client.invalidateQueries({ queryKey: homeKey }),
      ]),
  });
}

/** One picture of the driver's (multipart, field `file`): a stable address to send and a signed one to show. */
export function uploadPortalFile(file: File): Promise<UploadResult> {
  const body = new FormData();
  body.append('file', file, file.name);
  return portalRequest<UploadResult>(P.upload, { method: 'POST', body });
}

export const documentsQuery = () =>
  queryOptions({ queryKey: documentsKey, queryFn: () => portalRequest<PortalDocument[]>(P.documents) });

export function useSendDocument() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PortalDocumentInput) =>
      portalRequest<unknown>(P.documents, { method: 'POST', json: input, silent: isFieldFailure }),
    onSuccess: () => client.invalidateQueries({ queryKey: documentsKey }),
  });
}

export const surveysQuery = () =>
  queryOptions({
    queryKey: [...portalKey, 'surveys'] as readonly unknown[],
    queryFn: () => portalRequest<PortalSurvey[]>(P.surveys),
  });

export const membershipQuery = () =>
  queryOptions({
    queryKey: [...portalKey, 'membership'] as readonly unknown[],
    queryFn: () => portalRequest<PortalMembership>(P.membership),
  });

export const noticesQuery = () =>
  queryOptions({
    queryKey: [...portalKey, 'notices'] as readonly unknown[],
    queryFn: () => portalRequest<PortalNotice[]>(P.notices),
  });
