import { useMutation } from '@tanstack/react-query';
import { FilePaths, type UploadResult } from '@fleetdesk/contracts/files';
import { fillPath } from '@fleetdesk/contracts/paths';
import { request } from '../../../lib/request';

/** Uploads a business licence image (`tool/oss/upload/license`); answers its stable and signed addresses. */
export function uploadLicence(file: File): Promise<UploadResult> {
  const body = new FormData();
  body.append('file', file, file.name);
  return request<UploadResult>(fillPath(FilePaths.upload, { type: 'license' }), { method: 'POST', body });
}

export function useUploadLicence() {
  return useMutation({ mutationFn: uploadLicence });
}
