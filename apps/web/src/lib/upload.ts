import { useMutation } from '@tanstack/react-query';
import { FilePaths, type UploadResult, type UploadType } from '@fleetdesk/contracts/files';
import { fillPath } from '@fleetdesk/contracts/paths';
import { request } from './request';

/**
 * Uploads one file as `type` (multipart, field `file`): the server checks the caller's right to the type and
 * the file's content. Answers a stable address to store and a signed one to show. Every area's upload.
 */
export function uploadFile({ type, file }: { type: UploadType; file: File }): Promise<UploadResult> {
  const body = new FormData();
  body.append('file', file, file.name);
  return request<UploadResult>(fillPath(FilePaths.upload, { type }), { method: 'POST', body });
}

export function useUploadFile() {
  return useMutation({ mutationFn: uploadFile });
}
