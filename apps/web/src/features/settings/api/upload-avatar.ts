import { useMutation } from '@tanstack/react-query';
import { FilePaths, type UploadResult } from '@fleetdesk/contracts/files';
import { fillPath } from '@fleetdesk/contracts/paths';
import { request } from '../../../lib/request';

/** Uploads a profile photo (multipart, field `file`): a stable url to store and a signed one to show. */
export function uploadAvatar(file: File): Promise<UploadResult> {
  const body = new FormData();
  body.append('file', file);
  return request<UploadResult>(fillPath(FilePaths.upload, { type: 'avatar' }), { method: 'POST', body });
}

export function useUploadAvatar() {
  return useMutation({ mutationFn: uploadAvatar });
}
