import { z } from 'zod';

export const FilePaths = {
  upload: '/api/tool/oss/upload/:type',
  remove: '/api/tool/oss/delete',
  serve: '/api/tool/oss/file/*',
  legacy: '/api/tool/oss/proxy',
} as const;

/**
 * Upload types: what a file is for decides which content types and size it may have.
 * `gps` is the GPS-device upload of spec section 7.
 */
export const UPLOAD_TYPES = {
  image: { maxBytes: 10 * 1024 * 1024, mime: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] },
  avatar: { maxBytes: 2 * 1024 * 1024, mime: ['image/jpeg', 'image/png', 'image/webp'] },
  car: { maxBytes: 10 * 1024 * 1024, mime: ['image/jpeg', 'image/png', 'image/webp'] },
  license: { maxBytes: 10 * 1024 * 1024, mime: ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] },
  document: {
    maxBytes: 20 * 1024 * 1024,
    mime: ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'],
  },
  excel: {
    maxBytes: 20 * 1024 * 1024,
    mime: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'text/csv'],
  },
  gps: { maxBytes: 20 * 1024 * 1024, mime: ['image/jpeg', 'image/png', 'application/octet-stream', 'text/csv'] },
} as const;
export type UploadType = keyof typeof UPLOAD_TYPES;
export const UploadTypeParam = z.object({
  type: z.enum(Object.keys(UPLOAD_TYPES) as [UploadType, ...UploadType[]]),
});

export const UploadResult = z.object({
  url: z.string().describe('stable address of the file; store this one'),
  signedUrl: z.string().describe('address that can be opened for a while (img src, download)'),
  name: z.string(),
  size: z.number().int(),
  contentType: z.string(),
});
export type UploadResult = z.infer<typeof UploadResult>;

export const DeleteFileQuery = z.object({ url: z.string().min(1).max(1024) });
export const LegacyProxyQuery = z.object({ url: z.string().min(1).max(2048) });
