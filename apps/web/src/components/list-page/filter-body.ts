/** How a list's URL filter values map to its list call's body (the URL keys are the body's keys). */
export interface FilterSpec {
  /** Every filter key of the list. */
  keys: readonly string[];
  /** Keys whose value is a comma-separated list (`status=idle,rented`). */
  lists?: readonly string[];
  /** List keys whose items are ids (numbers). */
  idLists?: readonly string[];
  /** Keys whose value is one id. */
  ids?: readonly string[];
}

const isId = (v: string) => /^\d+$/.test(v);

/**
 * The list call's filter from the URL's values (unknown or malformed values are left out); the list page's
 * "deleted" switch (`deleted=only`) is passed on, though no saved filter keeps it.
 */
export function filterBody(filters: Record<string, string>, spec: FilterSpec): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (filters.deleted === 'only') body.deleted = 'only';
  for (const key of spec.keys) {
    const raw = filters[key]?.trim();
    if (!raw) continue;
    if (spec.lists?.includes(key)) {
      const items = raw.split(',').filter(Boolean);
      const values = spec.idLists?.includes(key) ? items.filter(isId).map(Number) : items;
      if (values.length) body[key] = values;
    } else if (spec.ids?.includes(key)) {
      if (isId(raw)) body[key] = Number(raw);
    } else {
      body[key] = raw;
    }
  }
  return body;
}

/** Back from a saved filter (as the list call takes it) to URL values (every key, unset ones undefined). */
export function filterParams(
  saved: Record<string, unknown>,
  keys: readonly string[],
): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const key of keys) {
    const value = saved[key];
    if (Array.isArray(value)) out[key] = value.length ? value.map(String).join(',') : undefined;
    else if (typeof value === 'string' || typeof value === 'number') out[key] = String(value) || undefined;
    else out[key] = undefined;
  }
  return out;
}
