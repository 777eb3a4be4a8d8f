import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyRequest } from 'fastify';
import type { Lang, LocalText } from '@fleetdesk/contracts/common';
import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_REPORTED,
  IMPORT_MAX_ROWS,
  IMPORT_SYNC_MAX_ROWS,
  type ImportCheckResult,
  type ImportHeader,
  type ImportResult,
  type RowIssue,
} from '@fleetdesk/contracts/excel-import';
import { TaskCategory } from '@fleetdesk/contracts/tasks';
import { VALIDATION_MESSAGES } from '@fleetdesk/contracts/validation';
import { hasPermission, type RequestContext } from '../../core/access.js';
import { isUniqueViolation, type DbOrTx } from '../../core/db.js';
import type { AppDeps } from '../../core/deps.js';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../core/errors.js';
import { hasMessage, translate } from '../../core/i18n.js';
import { receiveFile } from '../../core/multipart.js';
import { sheetAppError } from '../../core/sheet-reader/index.js';
import type { ItemOutcome, TaskItem, TaskKind, TaskRunContext } from '../../core/tasks.js';
import { operationLogs } from '../../db/schema/audit.js';
import { excelImports } from '../../db/schema/excel-imports.js';
import { rents } from '../../db/schema/tenancy.js';
import { taskItems } from '../../db/schema/tasks.js';
import { RowReader, type Choice, type Issue } from './cells.js';
import './excel-import.messages.js';
import { IMPORT_SHEET_MESSAGES, readRows, sheetKind, type SheetRow } from './sheet.js';

export { RowReader, fold, matchChoice, parseDate, type Choice, type Issue } from './cells.js';

/** Who imports, and into what: the request's context, kept with the import so that a worker can resume it. */
export interface ImportContext {
  tenantId: number;
  userId: number;
  rentId: number | null;
  rentIds: number[];
  lang: Lang;
  /** The `{extra}` path segment, checked by the type (for cars: the target rent). */
  extra: string | null;
  /** A team leader's nodes (data scope `team`, `RequestContext.teamIds`): the records he may import for. */
  teamIds?: number[];
  /**
   * The import being written (null for a check). Records it wrote carry refs `imp:<importId>:<line>`, so a
   * type can tell a clash with an earlier row of the same file from one with an older record.
   */
  importId?: number | null;
}

/** The sheet line of a record this import wrote, from its ref; null for any other record. */
export function lineOfRef(ctx: ImportContext, ref: string | null): number | null {
  if (!ctx.importId || !ref) return null;
  const prefix = `imp:${ctx.importId}:`;
  return ref.startsWith(prefix) ? Number(ref.slice(prefix.length)) : null;
}

/**
 * For a type whose records have no ref column (employees, clock records): each imported row writes an operation
 * log entry of `action` whose summary holds its ref. These read them back: the refs written (`written`), and the
 * line of the file each record id (the entry's target) came from in this import (for "the same as row N").
 */
export async function refsLogged(db: DbOrTx, tenantId: number, action: string, refs: string[]): Promise<Set<string>> {
  if (!refs.length) return new Set();
  const rows = await db
    .select({ ref: sql<string>`${operationLogs.summary}->>'ref'` })
    .from(operationLogs)
    .where(
      and(
        eq(operationLogs.tenantId, tenantId),
        eq(operationLogs.action, action),
        inArray(sql`${operationLogs.summary}->>'ref'`, refs),
      ),
    );
  return new Set(rows.map((r) => r.ref));
}

export async function linesLogged(db: DbOrTx, ctx: ImportContext, action: string): Promise<Map<number, number | null>> {
  if (!ctx.importId) return new Map();
  const rows = await db
    .select({ targetId: operationLogs.targetId, ref: sql<string>`${operationLogs.summary}->>'ref'` })
    .from(operationLogs)
    .where(
      and(
        eq(operationLogs.tenantId, ctx.tenantId),
        eq(operationLogs.action, action),
        sql`${operationLogs.summary}->>'ref' like ${`imp:${ctx.importId}:%`}`,
      ),
    );
  return new Map(rows.map((r) => [Number(r.targetId), lineOfRef(ctx, r.ref)]));
}

export interface ImportColumnDef {
  key: string;
  title: LocalText;
  required?: boolean;
  example: string;
  description?: LocalText;
  /** The accepted values, when the column takes one of a list (fixed, or the tenant's: types, rents...). */
  values?: (deps: AppDeps, ctx: ImportContext) => Promise<Choice<string>[]>;
  /** Other headers that mean this column (another system's export: a platform's "完单量" for orders). */
  aliases?: readonly string[];
}

/** The `values` of a rent column: the rents of the tenant the caller may import into, by short name. */
export async function rentChoices(deps: AppDeps, ctx: ImportContext): Promise<Choice<string>[]> {
  return (await deps.db.select().from(rents).where(eq(rents.tenantId, ctx.tenantId)))
    .filter((r) => ctx.rentIds.includes(r.id))
    .map((r) => ({ value: String(r.id), label: r.shortName }));
}

export interface RowOf<Row> {
  line: number;
  row: Row;
}

/**
 * One kind of import (cars, drivers...). Registering a type is all it takes: the header, template, check and
 * import calls, the background task and its progress come from this module.
 */
export interface ImportType<Row, Prepared> {
  type: string;
  title: LocalText;
  /** The permission (an `…:import` element) a caller needs. */
  permission: string;
  /** What the `{extra}` path segment means, when the type takes one. */
  extra?: LocalText;
  /** Refuses an `{extra}` the caller may not use (throws a typed error). */
  checkExtra?(deps: AppDeps, ctx: ImportContext, extra: string): Promise<void>;
  columns: ImportColumnDef[];
  /** What parsing needs, loaded once per file (or per task batch): lookups of names, the target... */
  prepare(deps: AppDeps, ctx: ImportContext): Promise<Prepared>;
  /** One row from its cells; problems go to the reader. Answers null when the row cannot be built. */
  parse(reader: RowReader, prepared: Prepared): Row | null;
  /**
   * Checks of parsed rows against the database and each other, in row order as an import would meet them: a
   * row clashes only with rows before it that would be imported. Answers the issues by line.
   */
  checkRows(
    db: DbOrTx,
    ctx: ImportContext,
    rows: RowOf<Row>[],
    prepared: Prepared,
  ): Promise<Map<number, { errors: Issue[]; warnings: Issue[] }>>;
  /**
   * Writes good rows in the caller's transaction; `ref` marks each record so a resumed import finds it. What
   * must happen only once the rows are committed (an SMS to each new record, say) is answered as a function,
   * which the framework calls after the commit (and never for rows rolled back).
   */
  insert(
    tx: DbOrTx,
    deps: AppDeps,
    ctx: ImportContext,
    rows: (RowOf<Row> & { ref: string })[],
    prepared: Prepared,
  ): Promise<void | AfterCommit>;
  /** Which of `refs` were written already. */
  written(db: DbOrTx, ctx: ImportContext, refs: string[]): Promise<Set<string>>;
}

/**
 * `{extra}` as the rent to import into (cars, drivers): one of the rents the caller may act in, else 403 like an
 * `X-Rent-Id` of it. Spread into a type's definition.
 */
export const RENT_EXTRA = {
  extra: { 'zh-CN': '导入到的公司 id', 'en-US': 'id of the company (rent) to import into' },
  async checkExtra(_deps: AppDeps, ctx: ImportContext, extra: string): Promise<void> {
    const id = Number(extra);
    if (!Number.isSafeInteger(id) || !ctx.rentIds.includes(id)) throw new ForbiddenError('error.rentForbidden');
  },
};

/** Work an import type asks for once its rows are committed. */
export type AfterCommit = () => Promise<void>;

/** Runs a type's after-commit work; its failure is logged, never turned into a failed import. */
async function afterCommit(deps: AppDeps, work: void | AfterCommit): Promise<void> {
  if (!work) return;
  try {
    await work();
  } catch (err) {
    deps.log.error({ err }, 'import: work after the commit failed');
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyImportType = ImportType<any, any>;
const types = new Map<string, AnyImportType>();

/**
 * Adds (or replaces) an import type; each area registers its own from its `register.ts`. The answer takes it out
 * again (a test's own type, gone with its test).
 */
export function registerImportType<Row, Prepared>(type: ImportType<Row, Prepared>): () => void {
  types.set(type.type, type as AnyImportType);
  return () => {
    if (types.get(type.type) === (type as AnyImportType)) types.delete(type.type);
  };
}

function typeFor(ctx: RequestContext, name: string): AnyImportType {
  const type = types.get(name);
  if (!type) throw new NotFoundError('import.unknownType');
  if (!hasPermission(ctx.permissions, type.permission)) throw new ForbiddenError();
  return type;
}

function contextOf(ctx: RequestContext, extra: string | null): ImportContext {
  return {
    tenantId: ctx.tenantId,
    userId: ctx.userId,
    rentId: ctx.rentId,
    rentIds: [...ctx.rentIds],
    lang: ctx.lang,
    extra,
    ...(ctx.teamIds ? { teamIds: [...ctx.teamIds] } : {}),
  };
}

/** A message key in the caller's language: the server's catalogue, else the contracts' `v.*` table. */
export function messageText(lang: Lang, key: string, params?: Record<string, string | number>): string {
  if (hasMessage(key)) return translate(lang, key, params);
  const own = VALIDATION_MESSAGES[key];
  return own ? own[lang] : key;
}

export async function importHeader(deps: AppDeps, req: RequestContext, name: string): Promise<ImportHeader> {
  const type = typeFor(req, name);
  const ctx = contextOf(req, null);
  const lang = req.lang;
  const columns = await Promise.all(
    type.columns.map(async (c) => {
      const values = c.values ? await c.values(deps, ctx) : null;
      return {
        key: c.key,
        title: c.title[lang],
        titleZh: c.title['zh-CN'],
        titleEn: c.title['en-US'],
        required: !!c.required,
        example: c.example,
        description: c.description?.[lang] ?? null,
        values: values
          ? values.map((v) => ({ value: v.value, label: typeof v.label === 'string' ? v.label : v.label[lang] }))
          : null,
      };
    }),
  );
  return {
    type: type.type,
    title: type.title[lang],
    columns,
    maxRows: IMPORT_MAX_ROWS,
    syncMaxRows: IMPORT_SYNC_MAX_ROWS,
    extra: type.extra?.[lang] ?? null,
  };
}

/** The template: the header row (required columns marked *), an example row, and a sheet explaining each column. */
export async function importTemplate(deps: AppDeps, req: RequestContext, name: string) {
  const header = await importHeader(deps, req, name);
  const zh = req.lang === 'zh-CN';
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(header.title);
  ws.columns = header.columns.map((c) => ({
    header: c.required ? `${c.title}*` : c.title,
    key: c.key,
    width: Math.max(12, [...c.title].length * 2 + 4, c.example.length + 2),
  }));
  ws.getRow(1).font = { bold: true };
  ws.addRow(Object.fromEntries(header.columns.map((c) => [c.key, c.example])));
  header.columns.forEach((c, i) => {
    const list = c.values?.map((v) => v.label.replace(/[",]/g, ' ')) ?? [];
    const formula = `"${list.join(',')}"`;
    if (!list.length || formula.length > 250) return;
    const letter = ws.getColumn(i + 1).letter;
    for (let r = 2; r <= 1001; r++) {
      ws.getCell(`${letter}${r}`).dataValidation = { type: 'list', allowBlank: true, formulae: [formula] };
    }
  });
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  const help = wb.addWorksheet(zh ? '填写说明' : 'Instructions');
  help.columns = [
    { header: zh ? '列名' : 'Column', key: 'title', width: 20 },
    { header: zh ? '必填' : 'Required', key: 'required', width: 8 },
    { header: zh ? '示例' : 'Example', key: 'example', width: 24 },
    { header: zh ? '说明' : 'Notes', key: 'description', width: 50 },
    { header: zh ? '可选值' : 'Accepted values', key: 'values', width: 60 },
  ];
  help.getRow(1).font = { bold: true };
  for (const c of header.columns) {
    help.addRow({
      title: c.title,
      required: c.required ? (zh ? '是' : 'yes') : '',
      example: c.example,
      description: c.description ?? '',
      values: c.values?.map((v) => v.label).join('、') ?? '',
    });
  }
  const buffer = Buffer.from(await wb.xlsx.writeBuffer());
  return { buffer, fileName: `${header.title}${zh ? '导入模板' : '-import-template'}.xlsx` };
}

interface Upload {
  fileName: string;
  /** Data rows, cells by column key. */
  rows: { line: number; cells: Record<string, string> }[];
  unknownColumns: string[];
}

/**
 * Reads the uploaded sheet and maps its header (in either language, with or without the *) to column keys.
 * The file is received whole (at most IMPORT_MAX_BYTES), then read by the shared sheet reader off the request
 * thread, which stops past IMPORT_MAX_ROWS data rows and refuses what inflates too far (core/sheet-reader).
 */
async function readUpload(req: FastifyRequest, type: AnyImportType): Promise<Upload> {
  const file = await receiveFile(req, IMPORT_MAX_BYTES, async (f) => {
    const chunks: Buffer[] = [];
    for await (const chunk of f.stream) chunks.push(chunk as Buffer);
    return { name: f.filename, buffer: Buffer.concat(chunks) };
  });
  const fileName = file.name || 'import.xlsx';
  const kind = sheetKind(file.buffer, file.name);
  if (!kind) throw new BadRequestError('import.fileUnreadable');
  const bytes = file.buffer.length; // the reader takes the buffer over
  let sheet: SheetRow[];
  try {
    sheet = await readRows(file.buffer, kind, IMPORT_MAX_ROWS + 2);
  } catch (err) {
    req.log.info({ err, fileName, bytes }, 'uploaded sheet not read');
    throw sheetAppError(err, IMPORT_SHEET_MESSAGES, { max: IMPORT_MAX_ROWS });
  }
  const [head, ...data] = sheet;
  if (!head || !data.length) throw new BadRequestError('import.empty');
  if (data.length > IMPORT_MAX_ROWS) throw new BadRequestError('import.tooManyRows', { max: IMPORT_MAX_ROWS });
  // Case, spaces, the required mark and full-width brackets aside: "在线时长（小时）" is "在线时长(小时)".
  const norm = (s: string) =>
    s
      .replace(/[*＊\s]/g, '')
      .replace(/（/g, '(')
      .replace(/）/g, ')')
      .toLowerCase();
  const byTitle = new Map<string, string>();
  for (const c of type.columns) {
    for (const t of [c.key, c.title['zh-CN'], c.title['en-US'], ...(c.aliases ?? [])]) byTitle.set(norm(t), c.key);
  }
  const keyAt: (string | null)[] = [];
  const unknownColumns: string[] = [];
  const seen = new Set<string>();
  for (const title of head.cells) {
    const key = byTitle.get(norm(title)) ?? null;
    if (key && !seen.has(key)) {
      seen.add(key);
      keyAt.push(key);
    } else {
      keyAt.push(null);
      if (title) unknownColumns.push(title);
    }
  }
  const missing = type.columns.filter((c) => c.required && !seen.has(c.key));
  if (missing.length) {
    throw new BadRequestError(
      'import.missingColumns',
      { columns: missing.map((c) => c.title[req.lang]).join(', ') },
      missing.map((c) => ({ path: c.key, message: 'import.missingColumn' })),
    );
  }
  return {
    fileName,
    unknownColumns,
    rows: data.map((r: SheetRow) => {
      const cells: Record<string, string> = {};
      keyAt.forEach((key, i) => {
        if (key) cells[key] = r.cells[i] ?? '';
      });
      return { line: r.line, cells };
    }),
  };
}

interface Evaluated {
  line: number;
  cells: Record<string, string>;
  row: unknown;
  errors: Issue[];
  warnings: Issue[];
}

/** Parses every row and checks the good ones: what the check answers and a small import writes. */
async function evaluate(
  db: DbOrTx,
  deps: AppDeps,
  type: AnyImportType,
  ctx: ImportContext,
  rows: { line: number; cells: Record<string, string> }[],
  prepared: unknown,
): Promise<Evaluated[]> {
  const out: Evaluated[] = rows.map(({ line, cells }) => {
    const reader = new RowReader(cells);
    const row = type.parse(reader, prepared);
    return { line, cells, row: reader.errors.length ? null : row, errors: reader.errors, warnings: reader.warnings };
  });
  const good = out.filter((e) => e.row !== null).map((e) => ({ line: e.line, row: e.row }));
  const issues = await type.checkRows(db, ctx, good, prepared);
  for (const e of out) {
    const found = issues.get(e.line);
    if (!found) continue;
    e.errors.push(...found.errors);
    e.warnings.push(...found.warnings);
    if (found.errors.length) e.row = null;
  }
  return out;
}

function rowIssues(
  type: AnyImportType,
  lang: Lang,
  items: { line: number; cells: Record<string, string>; issues: Issue[] }[],
): { issues: RowIssue[]; truncated: boolean } {
  const titles = new Map(type.columns.map((c) => [c.key, c.title[lang]]));
  const issues: RowIssue[] = [];
  let truncated = false;
  for (const item of items) {
    for (const i of item.issues) {
      if (issues.length >= IMPORT_MAX_REPORTED) {
        truncated = true;
        break;
      }
      issues.push({
        row: item.line,
        column: i.column,
        columnTitle: i.column ? (titles.get(i.column) ?? i.column) : null,
        value: i.column ? item.cells[i.column] || null : null,
        message: messageText(lang, i.key, i.params),
      });
    }
  }
  return { issues, truncated };
}

function report(type: AnyImportType, lang: Lang, evaluated: Evaluated[]) {
  const errors = rowIssues(
    type,
    lang,
    evaluated.map((e) => ({ line: e.line, cells: e.cells, issues: e.errors })),
  );
  const warnings = rowIssues(
    type,
    lang,
    evaluated.filter((e) => e.row !== null).map((e) => ({ line: e.line, cells: e.cells, issues: e.warnings })),
  );
  return { errors: errors.issues, warnings: warnings.issues, truncated: errors.truncated || warnings.truncated };
}

async function prepareFor(deps: AppDeps, type: AnyImportType, ctx: ImportContext, extra: string | null) {
  if (extra !== null) {
    if (!type.checkExtra) throw new NotFoundError('import.unknownType');
    await type.checkExtra(deps, ctx, extra);
  }
  return type.prepare(deps, ctx);
}

/** Checks a file as an import would read it (with its `{extra}`, when the type takes one: cars' rent, a platform). */
export async function checkImport(
  deps: AppDeps,
  req: FastifyRequest,
  name: string,
  extra: string | null = null,
): Promise<ImportCheckResult> {
  const type = typeFor(req.ctx, name);
  const ctx = contextOf(req.ctx, extra);
  const prepared = await prepareFor(deps, type, ctx, extra);
  const upload = await readUpload(req, type);
  const evaluated = await evaluate(deps.db, deps, type, ctx, upload.rows, prepared);
  const valid = evaluated.filter((e) => e.row !== null).length;
  return {
    total: evaluated.length,
    valid,
    invalid: evaluated.length - valid,
    ...report(type, req.lang, evaluated),
    unknownColumns: upload.unknownColumns,
  };
}

const refOf = (importId: number, line: number) => `imp:${importId}:${line}`;
export const IMPORT_TASK_KIND = 'excel.import';

/**
 * Imports a file. Up to IMPORT_SYNC_MAX_ROWS rows: at once, in one transaction, answering what was imported
 * and which rows failed. Larger files: a background task (category 3) whose items are the rows; the answer
 * names the task, and its result lists the failed rows.
 */
export async function runImport(
  deps: AppDeps,
  req: FastifyRequest,
  name: string,
  extra: string | null,
): Promise<ImportResult> {
  const type = typeFor(req.ctx, name);
  const ctx = contextOf(req.ctx, extra);
  // The target is checked before the file is read: a refused target costs no upload parsing.
  const prepared = await prepareFor(deps, type, ctx, extra);
  const upload = await readUpload(req, type);
  const now = deps.clock.now();
  if (upload.rows.length > IMPORT_SYNC_MAX_ROWS) {
    const { task } = await deps.db.transaction(async (tx) => {
      const [imp] = await tx
        .insert(excelImports)
        .values({
          tenantId: ctx.tenantId,
          type: type.type,
          fileName: upload.fileName.slice(0, 200),
          context: ctx,
          total: upload.rows.length,
          createdBy: ctx.userId,
          createdAt: now,
        })
        .returning({ id: excelImports.id });
      const task = await deps.tasks.create(tx, ctx, {
        kind: IMPORT_TASK_KIND,
        targetId: `excelImport:${imp!.id}`,
        title: translate(ctx.lang, 'import.title', { type: type.title[ctx.lang], file: upload.fileName }).slice(0, 80),
        items: upload.rows,
      });
      await tx
        .update(excelImports)
        .set({ taskId: task.id })
        .where(and(eq(excelImports.tenantId, ctx.tenantId), eq(excelImports.id, imp!.id)));
      return { task };
    });
    await deps.tasks.dispatch(task);
    return { mode: 'task', total: upload.rows.length, taskId: task.id, targetId: task.targetId };
  }
  let after: void | AfterCommit = undefined;
  const evaluated = await deps.db.transaction(async (tx) => {
    const [imp] = await tx
      .insert(excelImports)
      .values({
        tenantId: ctx.tenantId,
        type: type.type,
        fileName: upload.fileName.slice(0, 200),
        context: ctx,
        total: upload.rows.length,
        createdBy: ctx.userId,
        createdAt: now,
      })
      .returning({ id: excelImports.id });
    const result = await evaluate(tx, deps, type, { ...ctx, importId: imp!.id }, upload.rows, prepared);
    const good = result.filter((e) => e.row !== null);
    if (good.length) {
      after = await type.insert(
        tx,
        deps,
        ctx,
        good.map((e) => ({ line: e.line, row: e.row, ref: refOf(imp!.id, e.line) })),
        prepared,
      );
    }
    await tx
      .update(excelImports)
      .set({ imported: good.length, failed: result.length - good.length, finishedAt: deps.clock.now() })
      .where(and(eq(excelImports.tenantId, ctx.tenantId), eq(excelImports.id, imp!.id)));
    return result;
  });
  await afterCommit(deps, after);
  const imported = evaluated.filter((e) => e.row !== null).length;
  return {
    mode: 'sync',
    total: evaluated.length,
    imported,
    failed: evaluated.length - imported,
    ...report(type, req.lang, evaluated),
  };
}

interface ImportItem {
  line: number;
  cells: Record<string, string>;
}

/** Postgres refused a write with a unique index (a record saved meanwhile by someone else). */

/**
 * The import task. Each batch of rows is parsed and checked against the database as it is now (rows of
 * earlier batches included), and its good rows are written in one transaction, each marked with its ref. A
 * batch that comes again after a crash finds the rows it wrote and counts them as imported.
 */
export function importTaskKind(deps: AppDeps): TaskKind<ImportItem> {
  const prepared = new Map<number, { at: number; value: unknown }>();
  const load = async (task: TaskRunContext['task']) => {
    const importId = Number(task.targetId.split(':')[1]);
    const [imp] = await deps.db
      .select()
      .from(excelImports)
      .where(and(eq(excelImports.tenantId, task.tenantId), eq(excelImports.id, importId)));
    if (!imp) throw new Error(`import ${importId} not found`);
    const type = types.get(imp.type);
    if (!type) throw new Error(`import type ${imp.type} not registered`);
    const ctx: ImportContext = { ...(imp.context as ImportContext), importId: imp.id };
    let cached = prepared.get(task.id);
    // Lookups are reloaded every minute of a long import, so that records added meanwhile are seen.
    if (!cached || Date.now() - cached.at > 60_000) {
      cached = { at: Date.now(), value: await type.prepare(deps, ctx) };
      prepared.set(task.id, cached);
    }
    return { imp, type, ctx, prepared: cached.value };
  };
  return {
    kind: IMPORT_TASK_KIND,
    category: TaskCategory.import,
    batchSize: 500,
    async process(run: TaskRunContext, items: TaskItem<ImportItem>[]): Promise<ItemOutcome[]> {
      const { imp, type, ctx, prepared: p } = await load(run.task);
      const refs = items.map((i) => refOf(imp.id, i.payload.line));
      const written = await type.written(deps.db, ctx, refs);
      const fresh = items.filter((_, i) => !written.has(refs[i]!)).map((i) => i.payload);
      const evaluated = await evaluate(deps.db, deps, type, ctx, fresh, p);
      const good = evaluated.filter((e) => e.row !== null);
      const failedLate = new Set<number>();
      const toInsert = good.map((e) => ({ line: e.line, row: e.row, ref: refOf(imp.id, e.line) }));
      try {
        if (toInsert.length) {
          await afterCommit(deps, await deps.db.transaction((tx) => type.insert(tx, deps, ctx, toInsert, p)));
        }
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        // Someone saved a clashing record meanwhile: write the rows one by one to find which.
        for (const r of toInsert) {
          try {
            await afterCommit(deps, await deps.db.transaction((tx) => type.insert(tx, deps, ctx, [r], p)));
          } catch (e) {
            if (!isUniqueViolation(e)) throw e;
            failedLate.add(r.line);
          }
        }
      }
      const byLine = new Map(evaluated.map((e) => [e.line, e]));
      return items.map((item, i): ItemOutcome => {
        if (written.has(refs[i]!)) return { ok: true };
        const e = byLine.get(item.payload.line)!;
        if (failedLate.has(e.line)) {
          return {
            ok: false,
            error: 'conflict',
            result: { line: e.line, issues: [{ column: null, key: 'import.savedMeanwhile' }] },
          };
        }
        if (e.row === null) return { ok: false, error: 'invalid', result: { line: e.line, issues: e.errors } };
        return { ok: true, ...(e.warnings.length ? { result: { line: e.line, warnings: e.warnings } } : {}) };
      });
    },
    async finish(run, counts) {
      const { imp, type, ctx } = await load(run.task);
      prepared.delete(run.task.id);
      const failed = await deps.db
        .select({ payload: taskItems.payload, result: taskItems.result })
        .from(taskItems)
        .where(
          and(
            eq(taskItems.tenantId, run.task.tenantId),
            eq(taskItems.taskId, run.task.id),
            eq(taskItems.state, 'failed'),
          ),
        )
        .orderBy(asc(taskItems.seq))
        .limit(IMPORT_MAX_REPORTED);
      const { issues, truncated } = rowIssues(
        type,
        ctx.lang,
        failed.map((f) => {
          const payload = f.payload as ImportItem;
          const detail = (f.result as { detail?: { issues?: Issue[] } } | null)?.detail;
          return { line: payload.line, cells: payload.cells, issues: detail?.issues ?? [] };
        }),
      );
      await deps.db
        .update(excelImports)
        .set({ imported: counts.success, failed: counts.failed, finishedAt: deps.clock.now() })
        .where(and(eq(excelImports.tenantId, imp.tenantId), eq(excelImports.id, imp.id)));
      return {
        importId: imp.id,
        imported: counts.success,
        failed: counts.failed,
        errors: issues,
        truncated: truncated || counts.failed > failed.length,
      };
    },
  };
}
