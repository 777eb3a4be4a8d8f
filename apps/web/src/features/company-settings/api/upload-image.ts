import { useMutation } from '@tanstack/react-query';
import { FilePaths, type UploadResult } from '@fleetdesk/contracts/files';
import { fillPath } from '@fleetdesk/contracts/paths';
import { request } from '../../../lib/request';

/** Uploads the logo (`image`) or the business licence (`license`); answers its stable and signed addresses. */
export function uploadImage({ type, file }: { type: 'image' | 'license'; file: File }): Promise<UploadResult> {
  const body = new FormData();
  body.append('file', file, file.name);
  return request<UploadResult>(fillPath(FilePaths.upload, { type }), { method: 'POST', body });
}

export function useUploadImage() {
  return useMutation({ mutationFn: uploadImage });
}
