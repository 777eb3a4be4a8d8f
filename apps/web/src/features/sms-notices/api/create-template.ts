import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SmsNoticePaths, type SmsTemplate, type SmsTemplateInput } from '@fleetdesk/contracts/sms-notices';
import { request } from '../../../lib/request';
import { templatesKey } from './get-templates';

export function createTemplate(input: SmsTemplateInput): Promise<SmsTemplate> {
  return request<SmsTemplate>(SmsNoticePaths.templateCreate, { method: 'POST', json: input });
}

export function useCreateTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createTemplate,
    onSuccess: () => client.invalidateQueries({ queryKey: templatesKey }),
  });
}
