import { queryOptions, useQuery } from '@tanstack/react-query';
import { GpsRiskPaths, type RiskBoard } from '@fleetdesk/contracts/gps-risk';
import { request } from '../../../lib/request';

/** The risk cases by stage with their overdue rent (`risk/board`, `riskGpsMap:view`). */
export function getRiskBoard(): Promise<RiskBoard> {
  return request<RiskBoard>(GpsRiskPaths.board);
}

export const riskBoardQuery = () =>
  queryOptions({ queryKey: ['dashboard', 'riskBoard'] as const, queryFn: getRiskBoard, staleTime: 0 });

export const useRiskBoard = () => useQuery(riskBoardQuery());
