import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  TemplatePaths,
  type DocumentTemplate,
  type DocumentTemplateInput,
  type TemplateKind,
} from '@fleetdesk/contracts/handover';
import { fillPath } from '@fleetdesk/contracts/paths';
import { saveBlob } from '../../../lib/download';
import { isFieldFailure } from '../../../lib/field-failure';
import { request } from '../../../lib/request';
import { companySettingsKey } from './keys';

export const templatesQuery = () =>
  queryOptions({
    queryKey: [...companySettingsKey, 'documentTemplates'] as readonly unknown[],
    queryFn: () => request<DocumentTemplate[]>(TemplatePaths.list),
  });

export function useSaveTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, body }: { kind: TemplateKind; body: DocumentTemplateInput }) =>
      request<DocumentTemplate>(fillPath(TemplatePaths.save, { kind }), {
        method: 'PUT',
        json: body,
        silent: isFieldFailure,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: templatesQuery().queryKey }),
  });
}

export function useResetTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (kind: TemplateKind) =>
      request<DocumentTemplate>(fillPath(TemplatePaths.save, { kind }), { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: templatesQuery().queryKey }),
  });
}

/** The template as edited, printed around sample data: downloaded, nothing saved. */
export async function downloadPreview(kind: TemplateKind, body: DocumentTemplateInput, fileName: string) {
  const blob = await request<Blob>(fillPath(TemplatePaths.preview, { kind }), {
    method: 'POST',
    json: body,
    responseType: 'blob',
    silent: isFieldFailure,
  });
  saveBlob(blob, fileName);
}
