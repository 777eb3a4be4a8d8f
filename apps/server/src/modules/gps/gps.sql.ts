import { sql, type SQL } from 'drizzle-orm';

/**
 * Ids as one `int8[]` parameter (`= any(${idArray(ids)})`): a Drizzle `sql` array would expand into a list of
 * parameters, so the statement's text would change with the list's length (and could not be named once).
 */
export function idArray(list: readonly number[]): SQL {
  return sql`${`{${list.map((n) => Math.trunc(n)).join(',')}}`}::int8[]`;
}
