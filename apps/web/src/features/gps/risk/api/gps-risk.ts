import { queryOptions } from '@tanstack/react-query';
import type { Paged } from '@fleetdesk/contracts/common';
import {
  GpsRiskPaths as P,
  type CloseRiskCaseInput,
  type RiskBoard,
  type RiskCaseDetail,
  type RiskCaseRow,
} from '@fleetdesk/contracts/gps-risk';
import { fillPath } from '@fleetdesk/contracts/paths';
import { isFieldFailure } from '../../../../lib/field-failure';
import { request } from '../../../../lib/request';

export const riskKey = ['gps-risk'] as const;

/** The case list's query; the filters as the address has them (the server checks them). */
export interface RiskFilters {
  pageNum: number;
  pageSize: number;
  state?: string;
  rule?: string;
  open?: string;
  keyword?: string;
  carId?: number;
}

export const riskBoardQuery = () =>
  queryOptions({
    queryKey: [...riskKey, 'board'] as readonly unknown[],
    queryFn: () => request<RiskBoard>(P.board),
  });

export const riskCasesQuery = (q: RiskFilters) =>
  queryOptions({
    queryKey: [...riskKey, 'cases', q] as readonly unknown[],
    queryFn: () => request<Paged<RiskCaseRow>>(P.caseList, { query: { ...q } }),
    placeholderData: (previous) => previous,
  });

/**
 * The open cases (at most 500) for the live map: a ring on their cars; refreshed every minute. Silent: the map
 * works without them.
 */
export const openRiskCasesQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: [...riskKey, 'cases', 'map'] as readonly unknown[],
    queryFn: () =>
      request<Paged<RiskCaseRow>>(P.caseList, {
        query: { open: 'true', pageNum: 1, pageSize: 500 },
        silent: true,
      }),
    refetchInterval: 60_000,
    enabled,
  });

export const riskCaseQuery = (id: number) =>
  queryOptions({
    queryKey: [...riskKey, 'case', id] as readonly unknown[],
    queryFn: () => request<RiskCaseDetail>(fillPath(P.caseDetail, { id })),
  });

export const proposeFuelCut = (id: number, reason: string) =>
  request<RiskCaseDetail>(fillPath(P.proposeFuelCut, { id }), {
    method: 'POST',
    json: { reason },
    silent: isFieldFailure,
  });

export const closeRiskCase = (id: number, input: CloseRiskCaseInput) =>
  request<RiskCaseDetail>(fillPath(P.close, { id }), { method: 'POST', json: input, silent: isFieldFailure });
