import { z } from 'zod';

/** Success envelope of every JSON call: `{ status: 200, message: "ok", data }`. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ status: z.literal(200), message: z.string(), data });
}

export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 500;
/** Far past any real list, and small enough that the offset stays an exact integer. */
export const PAGE_NUM_MAX = 1_000_000;

/** Paging parameters of every list call; `pageNum` starts at 1. */
export const PageQuery = z.object({
  pageNum: z.coerce.number().int().min(1).max(PAGE_NUM_MAX).default(1),
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

/**
 * The days the API takes: 1900-01-01 to 2200-12-31. PostgreSQL has no year 0 and JavaScript's `Date` writes
 * years past 9999 in another format, so a date outside a sane range would fail deep in a query or an export
 * (a 500, or an export cut off after its first byte) instead of answering 400 here.
 */
export const DATE_MIN = '1900-01-01';
export const DATE_MAX = '2200-12-31';
const inDateRange = (v: string) => v.slice(0, 10) >= DATE_MIN && v.slice(0, 10) <= DATE_MAX;

/** A calendar date, `YYYY-MM-DD`, between `DATE_MIN` and `DATE_MAX`. */
export const LocalDate = z.iso.date().refine(inDateRange, { message: 'v.dateBounds' });

/** ISO-8601 instant with offset, as the API speaks times; its day between `DATE_MIN` and `DATE_MAX`. */
export const Instant = z.iso.datetime({ offset: true }).refine(inDateRange, { message: 'v.dateBounds' });

/** A month, `YYYY-MM`, within the date range. */
export const YearMonth = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { message: 'v.month' })
  .refine((v) => inDateRange(`${v}-01`), { message: 'v.dateBounds' });

/** The largest value of a PostgreSQL `integer` column: versions, counters, sort orders. */
export const INT4_MAX = 2_147_483_647;

/** The version of a row that a caller saw (optimistic locking); an `integer` column. */
export const Version = z.number().int().min(0).max(INT4_MAX);

/**
 * Money on the wire is yuan with at most two decimals; in the database it is integer fen. Every amount that
 * enters the API goes through one of these schemas and `yuanToFen` at the boundary. "Two decimals" allows only
 * the rounding noise of binary fractions (0.1 + 0.2, 99.99 x 3: a trillionth of the amount), never an absolute
 * slack: 1e-9 is not 0.00. So whatever passes is a whole number of fen, and "more than 0" means at least one fen.
 */
export const YUAN_MAX = 1_000_000_000;
function twoDecimals(v: number): boolean {
  const fen = v * 100;
  return Number.isFinite(fen) && Math.abs(fen - Math.round(fen)) <= Math.abs(fen) * 1e-12;
}
export function yuan(max = YUAN_MAX, min = 0) {
  return z.number().min(min).max(max).refine(twoDecimals, { message: 'v.twoDecimals' });
}
export const Yuan = yuan();

export function yuanToFen(amount: number): number {
  return Math.round(amount * 100);
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
