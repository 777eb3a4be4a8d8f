import type { DriverFilterBody } from '../api/drivers';

/** URL keys of the drivers list whose value is a comma-separated list. */
const LIST_KEYS = new Set(['state', 'labelId', 'source']);
const ID_LIST_KEYS = new Set(['labelId']);
const ID_KEYS = new Set(['rentId']);
/** Every filter key of the drivers list: the URL keys are the keys of the list call's body. */
export const DRIVER_FILTER_KEYS = [
  'keyword',
  'state',
  'labelId',
  'rentId',
  'source',
  'documentDue',
  'licenceExpiryFrom',
  'licenceExpiryTo',
] as const;

const isId = (v: string) => /^\d+$/.test(v);

/** The list call's filter from the URL's values (unknown or malformed values are left out). */
export function driverFilterBody(filters: Record<string, string>): DriverFilterBody {
  const body: Record<string, unknown> = {};
  if (filters.deleted === 'only') body.deleted = 'only';
  for (const key of DRIVER_FILTER_KEYS) {
    const raw = filters[key]?.trim();
    if (!raw) continue;
    if (LIST_KEYS.has(key)) {
      const items = raw.split(',').filter(Boolean);
      const values = ID_LIST_KEYS.has(key) ? items.filter(isId).map(Number) : items;
      if (values.length) body[key] = values;
    } else if (ID_KEYS.has(key)) {
      if (isId(raw)) body[key] = Number(raw);
    } else {
      body[key] = raw;
    }
  }
  return body as DriverFilterBody;
}

/** Back from a saved filter (as the list call takes it) to URL values. */
export function driverFilterParams(saved: Record<string, unknown>): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const key of DRIVER_FILTER_KEYS) {
    const value = saved[key];
    if (Array.isArray(value)) out[key] = value.length ? value.map(String).join(',') : undefined;
    else if (typeof value === 'string' || typeof value === 'number') out[key] = String(value) || undefined;
    else out[key] = undefined;
  }
  return out;
}
