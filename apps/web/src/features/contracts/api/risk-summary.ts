import { queryOptions } from '@tanstack/react-query';
import { GpsRiskPaths as P, type ContractRiskSummary } from '@fleetdesk/contracts/gps-risk';
import { fillPath } from '@fleetdesk/contracts/paths';
import { request } from '../../../lib/request';

/** A contract's risk summary: overdue rent, the open risk case of its car, the car's last position and address. */
export const contractRiskSummaryQuery = (id: number) =>
  queryOptions({
    queryKey: ['contracts', 'risk-summary', id] as readonly unknown[],
    queryFn: () => request<ContractRiskSummary>(fillPath(P.contractSummary, { id })),
    staleTime: 30_000,
  });
