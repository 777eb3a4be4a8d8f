import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { fillPath } from '@fleetdesk/contracts/paths';
import { SavedFilterPaths, type SavedFilter, type SavedFilterInput } from '@fleetdesk/contracts/saved-filters';
import { request } from '../../lib/request';

export const savedFiltersKey = (screen: string) => ['saved-filters', screen] as const;

/** The user's saved filters of a screen, the default first. */
export function getSavedFilters(screen: string): Promise<SavedFilter[]> {
  return request<SavedFilter[]>(fillPath(SavedFilterPaths.list, { id: screen }));
}

export const savedFiltersQuery = (screen: string) =>
  queryOptions({ queryKey: savedFiltersKey(screen), queryFn: () => getSavedFilters(screen), staleTime: Infinity });

/** Saves the filter on screen under a name (the same name replaces it). */
export function saveFilter(screen: string, input: SavedFilterInput): Promise<SavedFilter> {
  return request<SavedFilter>(fillPath(SavedFilterPaths.save, { id: screen }), { method: 'POST', json: input });
}

export function deleteSavedFilter(id: number): Promise<boolean> {
  return request<boolean>(fillPath(SavedFilterPaths.remove, { id }), { method: 'DELETE' });
}

export function renameSavedFilter(id: number, name: string): Promise<SavedFilter> {
  return request<SavedFilter>(fillPath(SavedFilterPaths.rename, { id }), { method: 'PUT', json: { name } });
}

export function useSaveFilter(screen: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SavedFilterInput) => saveFilter(screen, input),
    onSuccess: () => client.invalidateQueries({ queryKey: savedFiltersKey(screen) }),
  });
}

export function useDeleteSavedFilter(screen: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteSavedFilter,
    onSettled: () => client.invalidateQueries({ queryKey: savedFiltersKey(screen) }),
  });
}

export function useRenameSavedFilter(screen: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) => renameSavedFilter(id, name),
    onSettled: () => client.invalidateQueries({ queryKey: savedFiltersKey(screen) }),
  });
}
