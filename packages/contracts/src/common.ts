import { z } from 'zod';

/** Success envelope of every JSON call: `{ status: 200, message: "ok", data }`. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ status: z.literal(200), message: z.string(), data });
}

export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 500;

/** Paging parameters of every list call; `pageNum` starts at 1. */
export const PageQuery = z.object({
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
});
export type PageQuery = z.infer<typeof PageQuery>;

/** A paged list's data: `{ rows, total, pageNum, pageSize }`. */
export function paged<T extends z.ZodType>(row: T) {
  return z.object({
    rows: z.array(row),
    total: z.number().int(),
    pageNum: z.number().int(),
    pageSize: z.number().int(),
  });
}
export interface Paged<T> {
  rows: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}

/** Database ids are bigint identities, exchanged as JSON numbers. */
export const Id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
export const IdParam = z.object({ id: Id });

/** ISO-8601 instant with offset, as the API speaks times. */
export const Instant = z.iso.datetime({ offset: true });

/** Money on the wire is yuan with at most two decimals; in the database it is integer fen. */
export const Yuan = z
  .number()
  .min(0)
  .max(1_000_000_000)
  .refine((v) => Math.round(v * 100) === Number((v * 100).toFixed(6)), { message: 'v.twoDecimals' });

export function yuanToFen(yuan: number): number {
  return Math.round(yuan * 100);
}
export function fenToYuan(fen: number): number {
  return Math.round(fen) / 100;
}

/** Mainland China mobile number: 11 digits starting 13-19. */
export const MobilePhone = z.string().regex(/^1[3-9]\d{9}$/, { message: 'v.mobile' });

export const Lang = z.enum(['zh-CN', 'en-US']);
export type Lang = z.infer<typeof Lang>;

/** Text that a user sees in both languages (catalogue titles, plan names). */
export interface LocalText {
  'zh-CN': string;
  'en-US': string;
}
