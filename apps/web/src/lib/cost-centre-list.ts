import { queryOptions } from '@tanstack/react-query';
import { CostCentrePaths, type CostCentre } from '@fleetdesk/contracts/cost-centres';
import { request } from './request';

/**
 * The tenant's cost centres: the cost-centre screen edits them, the expense claim form picks one. One query
 * key, so that a change on one screen refreshes the other.
 */
export const costCentresKey = ['tenant', 'costCentres'] as const;

export const costCentresQuery = () =>
  queryOptions({ queryKey: costCentresKey, queryFn: () => request<CostCentre[]>(CostCentrePaths.centres) });

/** A centre's name with its parents' (`演示租车总部 / 杭州分公司`), for pickers. */
export function centrePath(all: readonly CostCentre[], id: number): string {
  const byId = new Map(all.map((c) => [c.id, c]));
  const names: string[] = [];
  for (let c = byId.get(id); c && names.length < 10; c = c.parentId ? byId.get(c.parentId) : undefined)
    names.unshift(c.name);
  return names.join(' / ');
}
