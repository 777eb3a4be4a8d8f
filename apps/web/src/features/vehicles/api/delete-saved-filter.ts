import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fillPath } from '@fleetdesk/contracts/paths';
import { SavedFilterPaths } from '@fleetdesk/contracts/saved-filters';
import { request } from '../../../lib/request';
import { savedFiltersKey } from './get-saved-filters';

export function deleteSavedFilter(id: number): Promise<boolean> {
  return request<boolean>(fillPath(SavedFilterPaths.remove, { id }), { method: 'DELETE' });
}

export function useDeleteSavedFilter(screen: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteSavedFilter,
    onSettled: () => client.invalidateQueries({ queryKey: savedFiltersKey(screen) }),
  });
}
