import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fillPath } from '@fleetdesk/contracts/paths';
import { SavedFilterPaths, type SavedFilter, type SavedFilterInput } from '@fleetdesk/contracts/saved-filters';
import { request } from '../../../lib/request';
import { savedFiltersKey } from './get-saved-filters';

/** Saves the filter on screen under a name (the same name replaces it). */
export function saveFilter(screen: string, input: SavedFilterInput): Promise<SavedFilter> {
  return request<SavedFilter>(fillPath(SavedFilterPaths.save, { id: screen }), { method: 'POST', json: input });
}

export function useSaveFilter(screen: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SavedFilterInput) => saveFilter(screen, input),
    onSuccess: () => client.invalidateQueries({ queryKey: savedFiltersKey(screen) }),
  });
}
