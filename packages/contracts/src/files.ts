import { z } from 'zod';
import { ELEMENT_CODES, type PermissionCode } from './permissions.js';

export const FilePaths = {
  upload: '/api/tool/oss/upload/:type',
  remove: '/api/tool/oss/delete',
  serve: '/api/tool/oss/file/*',
  legacy: '/api/tool/oss/proxy',
} as const;

/** Content types the server can recognise from a file's first bytes (the only ones it ever stores). */
export const SNIFFED_TYPES = [
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'text/csv',
] as const;
export type SniffedType = (typeof SNIFFED_TYPES)[number];

/** Image types a browser shows inline; every other stored file is served as a download. */
export const INLINE_TYPES: readonly string[] = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];

/**
 * What an upload type allows:
 * - `mime`: content types, decided by sniffing the file's first bytes (never by its name or declared type);
 * - `maxBytes`: its size (the server's `UPLOAD_MAX_BYTES` caps it further);
 * - `anyOf`: the caller needs one of these elements (the write elements of the areas that store the file),
 *   or `signedIn`: any signed-in user (an avatar; the profile then takes only the caller's own upload).
 */
export interface UploadRule {
  maxBytes: number;
  mime: readonly SniffedType[];
  anyOf: readonly PermissionCode[] | 'signedIn';
}

/** Every import element: Excel and CSV files feed an area's import. */
const IMPORT_ELEMENTS = ELEMENT_CODES.filter((code) => code.endsWith(':import')) as PermissionCode[];

/**
 * Upload types: what a file is for decides who may upload it, and which content types and size it may have.
 * `gps` is the GPS-device upload of spec section 7: device photos and CSV track exports, nothing else (no
 * binary device formats: they would be stored unchecked).
 */
export const UPLOAD_TYPES = {
  image: {
    maxBytes: 10 * 1024 * 1024,
    mime: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'],
    // Photos of the records of the operational areas (drivers, customers, contracts, repairs, fleet).
    anyOf: [
      'rentCar:add',
      'rentCar:edit',
      'rentDriver:add',
      'rentDriver:edit',
      'crm:add',
      'crm:edit',
      'rentContract:add',
      'rentContract:edit',
      'rentContract:dispatch',
      'rentContract:return',
      'rentContract:collect',
      'maintenance:add',
      'maintenance:edit',
      'maintenance:complete',
      'teams:add',
      'teams:edit',
      'sevenGo:add',
      'sevenGo:edit',
      'oaApproval:add',
      'oaSetting:edit',
    ],
  },
  avatar: { maxBytes: 2 * 1024 * 1024, mime: ['image/jpeg', 'image/png', 'image/webp'], anyOf: 'signedIn' },
  // Screenshots sent with feedback to the platform (docs/dashboard.md).
  feedback: { maxBytes: 5 * 1024 * 1024, mime: ['image/jpeg', 'image/png', 'image/webp'], anyOf: 'signedIn' },
  car: {
    maxBytes: 10 * 1024 * 1024,
    mime: ['image/jpeg', 'image/png', 'image/webp'],
    anyOf: ['rentCar:add', 'rentCar:edit'],
  },
  license: {
    maxBytes: 10 * 1024 * 1024,
    mime: ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'],
    anyOf: [
      'rentCar:add',
      'rentCar:edit',
      'rentDriver:add',
      'rentDriver:edit',
      'oaCompany:add',
      'oaCompany:edit',
      'oaSetting:edit',
    ],
  },
  document: {
    maxBytes: 20 * 1024 * 1024,
    mime: ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'],
    // Signed papers and scans: contracts, financing, notarization, repair invoices, approval attachments.
    anyOf: [
      'rentContract:add',
      'rentContract:edit',
      'rentContract:sign',
      'rentContract:collect',
      'finance:add',
      'finance:edit',
      'finance:apply',
      'notarization:add',
      'notarization:apply',
      'maintenance:add',
      'maintenance:edit',
      'maintenance:complete',
      'oaApproval:add',
    ],
  },
  excel: {
    maxBytes: 20 * 1024 * 1024,
    mime: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'text/csv'],
    anyOf: IMPORT_ELEMENTS,
  },
  gps: {
    maxBytes: 20 * 1024 * 1024,
    mime: ['image/jpeg', 'image/png', 'text/csv'],
    anyOf: ['riskGpsMap:edit', 'riskGpsMap:bind'],
  },
} as const satisfies Record<string, UploadRule>;
export type UploadType = keyof typeof UPLOAD_TYPES;
export const UploadTypeParam = z.object({
  type: z.enum(Object.keys(UPLOAD_TYPES) as [UploadType, ...UploadType[]]),
});

/** Who may upload a type, in words (OpenAPI and error pages). */
export function uploadPermissionText(type: UploadType): string {
  const rule: UploadRule = UPLOAD_TYPES[type];
  return rule.anyOf === 'signedIn' ? 'any signed-in user' : `any of ${rule.anyOf.join(', ')}`;
}

export const UploadResult = z.object({
  url: z.string().describe('stable address of the file; store this one'),
  signedUrl: z.string().describe('address that can be opened for a while (img src, download)'),
  name: z.string().describe('the original name, cleaned, with the extension of the content type'),
  size: z.number().int(),
  contentType: z.string().describe('the content type found in the file itself'),
});
export type UploadResult = z.infer<typeof UploadResult>;

export const DeleteFileQuery = z.object({ url: z.string().min(1).max(1024) });
export const LegacyProxyQuery = z.object({ url: z.string().min(1).max(2048) });
