import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fillPath } from '@fleetdesk/contracts/paths';
import { SmsNoticePaths, type SmsTemplate, type SmsTemplateInput } from '@fleetdesk/contracts/sms-notices';
import { request } from '../../../lib/request';
import { templatesKey } from './get-templates';

/** Changes a template (also how it is disabled and enabled again: the whole template is sent). */
export function updateTemplate({ id, input }: { id: number; input: SmsTemplateInput }): Promise<SmsTemplate> {
  return request<SmsTemplate>(fillPath(SmsNoticePaths.templateUpdate, { id }), { method: 'PUT', json: input });
}

export function useUpdateTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateTemplate,
    onSuccess: () => client.invalidateQueries({ queryKey: templatesKey }),
  });
}
