import { useMutation } from '@tanstack/react-query';
import { OcrPaths, type OcrResult } from '@fleetdesk/contracts/ocr';
import { request } from '../../../lib/request';

/** Reads a vehicle licence page uploaded as `license` (the sandbox answers after a short delay). */
export function recogniseLicence({ url, side }: { url: string; side: 'front' | 'back' }): Promise<OcrResult> {
  return request<OcrResult>(OcrPaths.recognition, { method: 'POST', json: { type: 'vehicleLicense', side, url } });
}

export function useRecogniseLicence() {
  return useMutation({ mutationFn: recogniseLicence });
}
