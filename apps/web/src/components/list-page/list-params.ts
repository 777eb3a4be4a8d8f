import dayjs from 'dayjs';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '@fleetdesk/contracts/common';

/** A filter of a list page, bound to the URL query under its key(s). */
export type FilterField = (
  | { type: 'text'; name: string; label: string; placeholder?: string }
  | {
      type: 'select';
      name: string;
      label: string;
      options: { value: string; label: string }[];
      /** Several values, comma-separated in the URL (`status=idle,rented`). */
      multiple?: boolean;
    }
  /** A month (YYYY-MM). */
  | { type: 'month'; name: string; label: string }
  /** Two URL keys (YYYY-MM-DD), for example `from` and `to`. */
  | { type: 'date-range'; name: string; label: string; keys: [string, string] }
  /** Set from the table (a click on a user, say), shown as a removable tag, not in the form. */
  | { type: 'hidden'; name: string; label: string; display?: (value: string) => string }
) & {
  /** Shown under "more filters" (opened by itself while such a filter is set). */
  advanced?: boolean;
};

export interface ListParams {
  pageNum: number;
  pageSize: number;
  /** Filter values by URL key; absent keys are not set. */
  filters: Record<string, string>;
}

export function filterKeys(fields: readonly FilterField[]): string[] {
  return fields.flatMap((f) => (f.type === 'date-range' ? f.keys : [f.name]));
}

function positive(value: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
}

export function readListParams(
  search: URLSearchParams,
  fields: readonly FilterField[],
  defaultPageSize: number,
): ListParams {
  const filters: Record<string, string> = {};
  for (const key of filterKeys(fields)) {
    const value = search.get(key)?.trim();
    if (value) filters[key] = value;
  }
  return {
    pageNum: positive(search.get('pageNum'), 1),
    pageSize: positive(search.get('pageSize'), defaultPageSize, PAGE_SIZE_MAX),
    filters,
  };
}

/**
 * The list's state lives in the URL query: filters, page and page size. A link or a reload shows the same
 * list; back and forward step through searches. Other query keys (a tab, say) are left alone.
 */
export function useListParams(fields: readonly FilterField[], defaultPageSize = PAGE_SIZE_DEFAULT) {
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => readListParams(search, fields, defaultPageSize), [search, fields, defaultPageSize]);

  const update = useCallback(
    (change: (next: URLSearchParams) => void) => {
      setSearch((current) => {
        const next = new URLSearchParams(current);
        change(next);
        return next;
      });
    },
    [setSearch],
  );

  /** New filter values (a search): back to page 1. */
  const setFilters = useCallback(
    (values: Record<string, string | undefined>) =>
      update((next) => {
        for (const key of filterKeys(fields)) {
          const value = values[key]?.trim();
          if (value) next.set(key, value);
          else if (key in values) next.delete(key);
        }
        next.delete('pageNum');
      }),
    [fields, update],
  );

  const resetFilters = useCallback(
    () =>
      update((next) => {
        for (const key of filterKeys(fields)) next.delete(key);
        next.delete('pageNum');
      }),
    [fields, update],
  );

  const setPage = useCallback(
    (pageNum: number, pageSize: number) =>
      update((next) => {
        if (pageSize !== params.pageSize) pageNum = 1;
        if (pageNum > 1) next.set('pageNum', String(pageNum));
        else next.delete('pageNum');
        if (pageSize !== defaultPageSize) next.set('pageSize', String(pageSize));
        else next.delete('pageSize');
      }),
    [update, params.pageSize, defaultPageSize],
  );

  return { params, setFilters, resetFilters, setPage };
}

/**
 * A list's URL filters as its call's query, the `from` and `to` calendar days (a `date-range` filter) as instants
 * of the browser's day: `to` includes its day.
 */
export function queryWithDayRange(p: ListParams) {
  const { from, to, ...rest } = p.filters;
  return {
    pageNum: p.pageNum,
    pageSize: p.pageSize,
    ...rest,
    ...(from ? { from: dayjs(from).startOf('day').toISOString() } : {}),
    ...(to ? { to: dayjs(to).add(1, 'day').startOf('day').toISOString() } : {}),
  };
}
