import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { filterKeys, type FilterField, type ListParams } from './list-params';
import { savedFiltersQuery } from './saved-filters-api';

/**
 * Filters a list opens with (the unhandled alarms, say): an address without any of the list's filters gets
 * `defaults` put into it, in place (back does not return to the bare address), unless the user's default saved
 * filter of `screen` applies (`SavedFilters` puts that one in). Until the address has filters the list is asked
 * with `defaults`, so the call is not made twice. Once settled, clearing the filters (reset) lists everything.
 * Returns the parameters to ask the list call with.
 */
export function useDefaultFilters(fields: readonly FilterField[], screen: string, defaults: Record<string, string>) {
  const [search, setSearch] = useSearchParams();
  const saved = useQuery(savedFiltersQuery(screen));
  const bare = !filterKeys(fields).some((k) => search.get(k));
  const [settled, setSettled] = useState(!bare);
  useEffect(() => {
    if (settled) return;
    if (!bare) setSettled(true);
    else if (!saved.isPending && !saved.data?.[0]?.isDefault)
      setSearch(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(defaults)) next.set(key, value);
          return next;
        },
        { replace: true },
      );
  }, [settled, saved.isPending, saved.data, bare, setSearch, defaults]);
  return (p: ListParams): ListParams => (settled ? p : { ...p, filters: { ...p.filters, ...defaults } });
}
