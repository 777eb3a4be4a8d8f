import { queryOptions } from '@tanstack/react-query';
import { fillPath } from '@fleetdesk/contracts/paths';
import { SavedFilterPaths, type SavedFilter } from '@fleetdesk/contracts/saved-filters';
import { request } from '../../../lib/request';

export const savedFiltersKey = (screen: string) => ['saved-filters', screen] as const;

/** The user's saved filters of a screen, the default first. */
export function getSavedFilters(screen: string): Promise<SavedFilter[]> {
  return request<SavedFilter[]>(fillPath(SavedFilterPaths.list, { id: screen }));
}

export const savedFiltersQuery = (screen: string) =>
  queryOptions({ queryKey: savedFiltersKey(screen), queryFn: () => getSavedFilters(screen), staleTime: Infinity });
