import type { QueryKey, UseQueryOptions } from '@tanstack/react-query';
import type { Paged } from '@fleetdesk/contracts/common';
import type { ListParams } from './list-params';

/** Whether a row passes the list's filters (the URL values that are set, trimmed). */
export type RowMatch<Row> = (row: Row, filters: Record<string, string>) => boolean;

/** The query options of a whole-list call, paged on the client for `ListPage`. */
export type LocalListQuery<Row> = UseQueryOptions<Row[], Error, Paged<Row>, readonly unknown[]>;

/** The rows of the parameters' page among those that pass the filters; a page past the end is empty, as a server's. */
export function pageOf<Row>(rows: readonly Row[], params: ListParams, match: RowMatch<Row>): Paged<Row> {
  const kept = rows.filter((row) => match(row, params.filters));
  const start = (params.pageNum - 1) * params.pageSize;
  return {
    rows: kept.slice(start, start + params.pageSize),
    total: kept.length,
    pageNum: params.pageNum,
    pageSize: params.pageSize,
  };
}

/**
 * `ListPage`'s `query` for a call that answers the whole (small) list: filtered and paged on the client by `select`.
 * The query key stays the whole list's, so every filter and page reads one cache entry, and the mutations that
 * invalidate that key (and the other screens that read the list) go on working unchanged.
 */
export function localPaged<Row, Key extends QueryKey>(
  whole: UseQueryOptions<Row[], Error, Row[], Key>,
  match: RowMatch<Row>,
): (params: ListParams) => LocalListQuery<Row> {
  // The cast widens the list's own key type to ListPage's `readonly unknown[]` (the options' callbacks take the key
  // contravariantly, so TypeScript will not widen it by itself); the key itself is untouched.
  return (params) =>
    ({
      ...whole,
      select: (rows: Row[]) => pageOf(rows, params, match),
    }) as LocalListQuery<Row>;
}

/** A keyword filter's match: no keyword, or one of the values contains it (any case). */
export function hasKeyword(keyword: string | undefined, ...values: (string | null | undefined)[]): boolean {
  if (!keyword) return true;
  const wanted = keyword.toLocaleLowerCase();
  return values.some((v) => !!v && v.toLocaleLowerCase().includes(wanted));
}
