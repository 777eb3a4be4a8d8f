import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fillPath } from '@fleetdesk/contracts/paths';
import { SmsNoticePaths } from '@fleetdesk/contracts/sms-notices';
import { request } from '../../../lib/request';
import { templatesKey } from './get-templates';

/** Deletes a template never sent; the server refuses one that was (409: disable it instead). */
export function deleteTemplate(id: number): Promise<boolean> {
  return request<boolean>(fillPath(SmsNoticePaths.templateDelete, { id }), { method: 'DELETE' });
}

export function useDeleteTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteTemplate,
    onSettled: () => client.invalidateQueries({ queryKey: templatesKey }),
  });
}
