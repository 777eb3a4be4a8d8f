import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Paged } from '@fleetdesk/contracts/common';
import {
  CrmPaths as P,
  type CrmForm,
  type CrmFormInput,
  type FollowUpInput,
  type FollowUpRow,
  type FunnelQuery,
  type Funnel,
  type LeadAssignInput,
  type LeadConvertInput,
  type LeadDetail,
  type LeadInput,
  type LeadListAnswer,
  type LeadListQuery,
  type LeadOwner,
  type LeadRow,
  type LeadStateInput,
  type LeadUpdateInput,
  type PublicLeadForm,
  type PublicLeadInput,
} from '@fleetdesk/contracts/crm';
import { fillPath } from '@fleetdesk/contracts/paths';
import type { z } from 'zod';
import { saveBlob } from '../../../lib/download';
import { isFieldFailure } from '../../../lib/field-failure';
import { request, type QueryValue, type RequestError } from '../../../lib/request';

export type { CrmForm, FollowUpRow, Funnel, FunnelQuery, LeadDetail, LeadListAnswer, LeadOwner, LeadRow };

/** Every query of the CRM starts with this key; a CRM write invalidates it. */
export const crmKey = ['crm'] as const;

type Query = Record<string, QueryValue>;
type Page = { pageNum: number; pageSize: number };
/** A lead list filter as the URL holds it. */
export type LeadFilter = Partial<Omit<LeadListQuery, 'pageNum' | 'pageSize'>>;

/** A form's call: a 400 naming fields is the form's to show; a 409 stays in the dialog. */
const formFailure = (e: RequestError) => isFieldFailure(e) || e.httpStatus === 409;

// ---------------------------------------------------------------- leads

export const leadsQuery = (q: LeadFilter & Page, silent?: boolean) =>
  queryOptions({
    queryKey: [...crmKey, 'leads', q] as readonly unknown[],
    queryFn: () => request<LeadListAnswer>(P.leadList, { query: q as Query, silent }),
    retry: silent ? false : undefined,
  });

/** The same call typed as a plain page (the list page's rows). */
export const leadRowsQuery = (q: LeadFilter & Page) =>
  queryOptions({
    queryKey: [...crmKey, 'leads', q] as readonly unknown[],
    queryFn: () => request<Paged<LeadRow>>(P.leadList, { query: q as Query }),
  });

export const leadQuery = (id: number) =>
  queryOptions({
    queryKey: [...crmKey, 'lead', id] as readonly unknown[],
    queryFn: () => request<LeadDetail>(fillPath(P.leadGet, { id })),
  });

export const ownersQuery = () =>
  queryOptions({
    queryKey: [...crmKey, 'owners'] as readonly unknown[],
    queryFn: () => request<LeadOwner[]>(P.leadOwners, { silent: true }),
    staleTime: 60_000,
  });

export async function exportLeads(q: LeadFilter, fileName: string): Promise<void> {
  saveBlob(await request<Blob>(P.leadExport, { query: q as Query, responseType: 'blob' }), fileName);
}

function useCrmMutation<V, R>(fn: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: crmKey });
    },
  });
}

export const useSaveLead = () =>
  useCrmMutation((input: z.input<typeof LeadInput> | z.input<typeof LeadUpdateInput>) =>
    'id' in input && input.id
      ? request<LeadDetail>(P.leadUpdate, { method: 'PUT', json: input, silent: formFailure })
      : request<LeadDetail>(P.leadCreate, { method: 'POST', json: input, silent: formFailure }),
  );

export const useDeleteLead = () =>
  useCrmMutation((id: number) => request<boolean>(fillPath(P.leadDelete, { id }), { method: 'POST' }));

export const useLeadState = () =>
  useCrmMutation(({ id, input }: { id: number; input: z.input<typeof LeadStateInput> }) =>
    request<LeadDetail>(fillPath(P.leadState, { id }), { method: 'POST', json: input, silent: formFailure }),
  );

export const useClaimLeads = () =>
  useCrmMutation((ids: number[]) =>
    request<unknown>(P.leadClaim, { method: 'POST', json: { ids }, silent: (e) => e.httpStatus === 409 }),
  );

export const useAssignLeads = () =>
  useCrmMutation((input: z.input<typeof LeadAssignInput>) =>
    request<unknown>(P.leadAssign, { method: 'POST', json: input, silent: formFailure }),
  );

export const useReleaseLead = () =>
  useCrmMutation((id: number) => request<unknown>(fillPath(P.leadRelease, { id }), { method: 'POST', json: {} }));

export const useConvertLead = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: z.input<typeof LeadConvertInput> }) =>
      request<{ driverId: number }>(fillPath(P.leadConvert, { id }), {
        method: 'POST',
        json: input,
        silent: formFailure,
      }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: crmKey });
      await client.invalidateQueries({ queryKey: ['drivers'] });
    },
  });
};

// ---------------------------------------------------------------- follow-ups

/** A lead's timeline (newest first; the first 100 follow-ups). */
export const followUpsQuery = (q: { leadId: number }) =>
  queryOptions({
    queryKey: [...crmKey, 'followUps', q] as readonly unknown[],
    queryFn: () => request<Paged<FollowUpRow>>(P.followUpList, { query: { ...q, pageNum: 1, pageSize: 100 } as Query }),
  });

export const useCreateFollowUp = () =>
  useCrmMutation((input: z.input<typeof FollowUpInput>) =>
    request<FollowUpRow>(P.followUpCreate, { method: 'POST', json: input, silent: formFailure }),
  );

// ---------------------------------------------------------------- funnel

export const funnelQuery = (q: FunnelQuery) =>
  queryOptions({
    queryKey: [...crmKey, 'funnel', q] as readonly unknown[],
    queryFn: () => request<Funnel>(P.reportFunnel, { query: q as Query }),
  });

export async function exportFunnel(q: FunnelQuery, fileName: string): Promise<void> {
  saveBlob(await request<Blob>(P.reportExport, { query: q as Query, responseType: 'blob' }), fileName);
}

// ---------------------------------------------------------------- the public form's settings

export const formSettingsQuery = () =>
  queryOptions({
    queryKey: [...crmKey, 'form'] as readonly unknown[],
    queryFn: () => request<CrmForm>(P.formGet),
  });

export const useSaveForm = () =>
  useCrmMutation((input: CrmFormInput) =>
    request<CrmForm>(P.formSave, { method: 'PUT', json: input, silent: formFailure }),
  );

// ---------------------------------------------------------------- the public lead form (no sign-in: the key)

export const openFormQuery = (key: string) =>
  queryOptions({
    queryKey: ['openLeadForm', key] as const,
    queryFn: () => request<PublicLeadForm>(fillPath(P.openLeadForm, { key }), { noToken: true, silent: true }),
    retry: false,
    staleTime: Infinity,
  });

export function submitLeadForm(key: string, input: z.input<typeof PublicLeadInput>): Promise<unknown> {
  return request<unknown>(fillPath(P.openLeadForm, { key }), {
    method: 'POST',
    json: input,
    noToken: true,
    silent: true,
  });
}
