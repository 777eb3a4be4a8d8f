import type { LocalText } from '@fleetdesk/contracts/common';

/** A problem of one cell (or of a whole row when `column` is null): a message key and its parameters. */
export interface Issue {
  column: string | null;
  key: string;
  params?: Record<string, string | number>;
}

/** What parsing one row gives: the typed row when there is no error, and every error and warning found. */
export interface ParsedRow<Row> {
  row?: Row;
  errors: Issue[];
  warnings: Issue[];
}

/**
 * Reads the cells of a row (texts by column key) into typed values, collecting issues instead of throwing, so
 * that a row reports all its problems at once. Import types build their rows with it.
 */
export class RowReader {
  readonly errors: Issue[] = [];
  readonly warnings: Issue[] = [];
  constructor(readonly cells: Record<string, string>) {}

  error(column: string | null, key: string, params?: Record<string, string | number>): void {
    this.errors.push({ column, key, ...(params ? { params } : {}) });
  }
  warn(column: string | null, key: string, params?: Record<string, string | number>): void {
    this.warnings.push({ column, key, ...(params ? { params } : {}) });
  }

  /** The cell's text, trimmed; empty is null. */
  raw(key: string): string | null {
    const v = this.cells[key]?.trim();
    return v ? v : null;
  }

  text(key: string, options: { required?: boolean; max: number }): string | null {
    const v = this.raw(key);
    if (v === null) {
      if (options.required) this.error(key, 'import.required');
      return null;
    }
    if ([...v].length > options.max) {
      this.error(key, 'import.tooLong', { max: options.max });
      return null;
    }
    return v;
  }

  number(
    key: string,
    options: { required?: boolean; min?: number; max?: number; integer?: boolean; decimals?: number } = {},
  ): number | null {
    const v = this.raw(key);
    if (v === null) {
      if (options.required) this.error(key, 'import.required');
      return null;
    }
    const n = Number(v.replace(/[,，\s]/g, ''));
    if (!Number.isFinite(n)) {
      this.error(key, 'import.notNumber');
      return null;
    }
    if (options.integer && !Number.isInteger(n)) {
      this.error(key, 'import.notInteger');
      return null;
    }
    if (options.decimals !== undefined) {
      const scaled = n * 10 ** options.decimals;
      if (Math.abs(scaled - Math.round(scaled)) > 1e-6) {
        this.error(key, 'import.tooManyDecimals', { decimals: options.decimals });
        return null;
      }
    }
    if ((options.min !== undefined && n < options.min) || (options.max !== undefined && n > options.max)) {
      this.error(key, 'import.outOfRange', { min: options.min ?? '-', max: options.max ?? '-' });
      return null;
    }
    return n;
  }

  /** A calendar date in the usual ways of writing it, or an Excel serial day number. */
  date(key: string, options: { required?: boolean } = {}): string | null {
    const v = this.raw(key);
    if (v === null) {
      if (options.required) this.error(key, 'import.required');
      return null;
    }
    const d = parseDate(v);
    if (!d) this.error(key, 'import.notDate');
    return d;
  }

  /**
   * One of a list: matched on the value itself, its titles in either language or its aliases, ignoring case,
   * spaces and full-width forms.
   */
  choice<T extends string>(key: string, options: Choice<T>[], settings: { required?: boolean } = {}): T | null {
    const v = this.raw(key);
    if (v === null) {
      if (settings.required) this.error(key, 'import.required');
      return null;
    }
    const found = matchChoice(v, options);
    if (found === null) this.error(key, 'import.unknownValue', { value: v });
    return found;
  }
}

export interface Choice<T extends string> {
  value: T;
  label: LocalText | string;
  aliases?: string[];
}

/** Lower case, no spaces, half-width: how names are compared. */
export function fold(s: string): string {
  return s
    .replace(/[\uFF01-\uFF5E]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(/\s+/g, '')
    .toLowerCase();
}

export function matchChoice<T extends string>(v: string, options: Choice<T>[]): T | null {
  const f = fold(v);
  for (const o of options) {
    const names = [
      o.value,
      ...(typeof o.label === 'string' ? [o.label] : [o.label['zh-CN'], o.label['en-US']]),
      ...(o.aliases ?? []),
    ];
    if (names.some((n) => fold(n) === f)) return o.value;
  }
  return null;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `2024-03-05`, `2024/3/5`, `2024.3.5`, `20240305`, `2024年3月5日`, or an Excel serial day (1900 system). */
export function parseDate(v: string): string | null {
  const s = v.trim();
  let y: number, m: number, d: number;
  let match = /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?(?:[ T].*)?$/.exec(s);
  if (match) {
    [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  } else if ((match = /^(\d{4})(\d{2})(\d{2})$/.exec(s))) {
    [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  } else if (/^\d{5}(\.\d+)?$/.test(s) && Number(s) > 20_000 && Number(s) < 80_000) {
    const date = new Date(Date.UTC(1899, 11, 30) + Math.floor(Number(s)) * 86_400_000);
    return date.toISOString().slice(0, 10);
  } else {
    return null;
  }
  const date = new Date(Date.UTC(y, m - 1, d));
  if (y < 1950 || y > 2100 || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return `${y}-${pad(m)}-${pad(d)}`;
}
