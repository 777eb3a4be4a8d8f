import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Paged } from '@fleetdesk/contracts/common';
import { fillPath } from '@fleetdesk/contracts/paths';
import {
  SurveyPaths as P,
  type InviteRow,
  type PersonAnswer,
  type PublicSurvey,
  type SurveyDetail,
  type SurveyInput,
  type SurveyResults,
  type SurveyRow,
  type SurveySendAnswer,
  type SurveySendInput,
  type SurveySubmission,
  type SurveyUpdateInput,
} from '@fleetdesk/contracts/surveys';
import type { z } from 'zod';
import { saveBlob } from '../../../lib/download';
import { isFieldFailure } from '../../../lib/field-failure';
import { request, type QueryValue, type RequestError } from '../../../lib/request';
import { crmKey } from './crm';

export type { InviteRow, PersonAnswer, PublicSurvey, SurveyDetail, SurveyResults, SurveyRow };

type Query = Record<string, QueryValue>;
type Page = { pageNum: number; pageSize: number };
const formFailure = (e: RequestError) => isFieldFailure(e) || e.httpStatus === 409;
const surveysKey = [...crmKey, 'surveys'] as const;

export const surveysQuery = (q: { keyword?: string; state?: string } & Page) =>
  queryOptions({
    queryKey: [...surveysKey, 'list', q] as readonly unknown[],
    queryFn: () => request<Paged<SurveyRow>>(P.list, { query: q as Query }),
  });

export const surveyQuery = (id: number) =>
  queryOptions({
    queryKey: [...surveysKey, 'one', id] as readonly unknown[],
    queryFn: () => request<SurveyDetail>(fillPath(P.get, { id })),
  });

export const invitesQuery = (id: number, q: Page) =>
  queryOptions({
    queryKey: [...surveysKey, 'invites', id, q] as readonly unknown[],
    queryFn: () => request<Paged<InviteRow>>(fillPath(P.invites, { id }), { query: q as Query }),
  });

export const resultsQuery = (id: number) =>
  queryOptions({
    queryKey: [...surveysKey, 'results', id] as readonly unknown[],
    queryFn: () => request<SurveyResults>(fillPath(P.results, { id })),
  });

/** One person's answers (a driver's or a lead's page). */
export const answersQuery = (q: { driverId?: number; leadId?: number }) =>
  queryOptions({
    queryKey: [...surveysKey, 'answers', q] as readonly unknown[],
    queryFn: () => request<PersonAnswer[]>(P.answers, { query: q as Query }),
  });

export async function exportSurvey(id: number, fileName: string): Promise<void> {
  saveBlob(await request<Blob>(fillPath(P.export, { id }), { responseType: 'blob' }), fileName);
}

function useSurveyMutation<V, R>(fn: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: surveysKey });
    },
  });
}

export const useSaveSurvey = () =>
  useSurveyMutation((input: z.input<typeof SurveyInput> | z.input<typeof SurveyUpdateInput>) =>
    request<SurveyDetail>(P.save, {
      method: 'id' in input && input.id ? 'PUT' : 'POST',
      json: input,
      silent: formFailure,
    }),
  );

export const useSurveyMove = () =>
  useSurveyMutation(
    ({ id, action, version }: { id: number; action: 'publish' | 'close' | 'delete'; version: number }) =>
      request<unknown>(fillPath(action === 'publish' ? P.publish : action === 'close' ? P.close : P.delete, { id }), {
        method: 'POST',
        json: { version },
        silent: (e) => e.httpStatus === 409,
      }),
  );

export const useSendSurvey = () =>
  useSurveyMutation(({ id, input }: { id: number; input: z.input<typeof SurveySendInput> }) =>
    request<SurveySendAnswer>(fillPath(P.send, { id }), {
      method: 'POST',
      json: input,
      silent: formFailure,
    }),
  );

// ---------------------------------------------------------------- the open page (no sign-in: the token is the key)

export const publicSurveyQuery = (id: string, token: string) =>
  queryOptions({
    queryKey: ['openSurvey', id, token] as const,
    queryFn: () => request<PublicSurvey>(fillPath(P.openSurvey, { id, token }), { noToken: true, silent: true }),
    retry: false,
    staleTime: Infinity,
  });

export function submitSurvey(id: string, token: string, input: SurveySubmission): Promise<unknown> {
  return request<unknown>(fillPath(P.openSurvey, { id, token }), {
    method: 'POST',
    json: input,
    noToken: true,
    silent: true,
  });
}
