import { useMutation } from '@tanstack/react-query';
import { FilePaths, type UploadResult } from '@fleetdesk/contracts/files';
import { fillPath } from '@fleetdesk/contracts/paths';
import { request } from '../../../lib/request';

/** Uploads a car photo (`car`) or a licence page (`license`); answers its stable and signed addresses. */
export function uploadFile({ type, file }: { type: 'car' | 'license'; file: File }): Promise<UploadResult> {
  const body = new FormData();
  body.append('file', file, file.name);
  return request<UploadResult>(fillPath(FilePaths.upload, { type }), { method: 'POST', body });
}

export function useUploadFile() {
  return useMutation({ mutationFn: uploadFile });
}
