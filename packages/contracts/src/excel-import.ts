import { z } from 'zod';

const base = '/api/ccwadmin/excel/data';

/**
 * The generic Excel import (spec section 7): the columns of an import type, a template, a check that stores
 * nothing, and the import itself. Cars are the first type (`car`); drivers and others add a definition.
 */
export const ExcelImportPaths = {
  header: `${base}/dynamic/table/header/:type`,
  template: `${base}/template/:type`,
  check: `${base}/check/:type/data`,
  checkExtra: `${base}/check/:type/data/:extra`,
  import: `${base}/import/:type/data`,
  importExtra: `${base}/import/:type/data/:extra`,
} as const;

/** Above this many data rows, an import runs as a background task (category 3). */
export const IMPORT_SYNC_MAX_ROWS = 500;
export const IMPORT_MAX_ROWS = 20_000;
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** Row errors an answer (or a task result) carries at most; the counts are always complete. */
export const IMPORT_MAX_REPORTED = 1000;

export const ImportTypeParam = z.object({ type: z.string().regex(/^[a-zA-Z][\w-]{0,29}$/) });
export const ImportExtraParams = ImportTypeParam.extend({
  extra: z.string().min(1).max(40).describe('what the type takes as a target, e.g. the rent id for cars'),
});

export const ImportColumn = z.object({
  key: z.string(),
  title: z.string().describe("the header in the caller's language (a header in either language is accepted)"),
  titleZh: z.string(),
  titleEn: z.string(),
  required: z.boolean(),
  example: z.string(),
  description: z.string().nullable(),
  /** Accepted values, when the column takes one of a list (a name in either language or the key). */
  values: z.array(z.object({ value: z.string(), label: z.string() })).nullable(),
});
export type ImportColumn = z.infer<typeof ImportColumn>;
export const ImportHeader = z.object({
  type: z.string(),
  title: z.string(),
  columns: z.array(ImportColumn),
  maxRows: z.number().int(),
  syncMaxRows: z.number().int().describe('larger files import as a background task'),
  extra: z.string().nullable().describe('what the {extra} path segment of the import means for this type'),
});
export type ImportHeader = z.infer<typeof ImportHeader>;

export const RowIssue = z.object({
  row: z.number().int().describe('the row number in the sheet (the header is row 1)'),
  column: z.string().nullable().describe('the column key, null for a problem of the whole row'),
  columnTitle: z.string().nullable(),
  value: z.string().nullable(),
  message: z.string(),
});
export type RowIssue = z.infer<typeof RowIssue>;

export const ImportCheckResult = z.object({
  total: z.number().int().describe('data rows in the file'),
  valid: z.number().int().describe('rows that would be imported'),
  invalid: z.number().int(),
  errors: z.array(RowIssue).describe(`at most ${IMPORT_MAX_REPORTED}, in row order`),
  warnings: z.array(RowIssue).describe('rows that import but whose data is doubtful'),
  truncated: z.boolean().describe('more errors or warnings than reported'),
  unknownColumns: z.array(z.string()).describe('headers that match no column (ignored)'),
});
export type ImportCheckResult = z.infer<typeof ImportCheckResult>;

export const ImportResult = z.discriminatedUnion('mode', [
  z.object({
    mode: z.literal('sync'),
    total: z.number().int(),
    imported: z.number().int(),
    failed: z.number().int(),
    errors: z.array(RowIssue),
    warnings: z.array(RowIssue),
    truncated: z.boolean(),
  }),
  z.object({
    mode: z.literal('task'),
    total: z.number().int(),
    taskId: z.number().int(),
    targetId: z.string().describe('poll task/progress; the result has imported, failed and errors'),
  }),
]);
export type ImportResult = z.infer<typeof ImportResult>;

/** The `result` of a finished import task (task/progress/get). */
export const ImportTaskResult = z.object({
  imported: z.number().int(),
  failed: z.number().int(),
  errors: z.array(RowIssue),
  truncated: z.boolean(),
});
export type ImportTaskResult = z.infer<typeof ImportTaskResult>;
