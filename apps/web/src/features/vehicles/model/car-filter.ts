import type { CarFilterBody } from '../api/get-cars';

/** URL keys of the cars list whose value is a comma-separated list. */
const LIST_KEYS = new Set(['status', 'carTypeId', 'energy']);
/** URL keys whose value is one id. */
const ID_KEYS = new Set(['brandId', 'rentId', 'ownerId']);
const ID_LIST_KEYS = new Set(['carTypeId']);
/** Every filter key of the cars list: the URL keys are the keys of the list call's body. */
export const CAR_FILTER_KEYS = [
  'plate',
  'vin',
  'status',
  'carTypeId',
  'brandId',
  'rentId',
  'ownerId',
  'energy',
  'registrationFrom',
  'registrationTo',
  'inspectionDueFrom',
  'inspectionDueTo',
  'insuranceExpiryFrom',
  'insuranceExpiryTo',
  'createdFrom',
  'createdTo',
] as const;

const isId = (v: string) => /^\d+$/.test(v);

/** The list call's filter from the URL's filter values (unknown or malformed values are left out). */
export function carFilterBody(filters: Record<string, string>): CarFilterBody {
  const body: Record<string, unknown> = {};
  // The list page's "deleted" switch (not a saved filter key).
  if (filters.deleted === 'only') body.deleted = 'only';
  for (const key of CAR_FILTER_KEYS) {
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
  return body as CarFilterBody;
}

/** Back from a saved filter (as the list call takes it) to URL values. */
export function carFilterParams(saved: Record<string, unknown>): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const key of CAR_FILTER_KEYS) {
    const value = saved[key];
    if (Array.isArray(value)) out[key] = value.length ? value.map(String).join(',') : undefined;
    else if (typeof value === 'string' || typeof value === 'number') out[key] = String(value) || undefined;
    else out[key] = undefined;
  }
  return out;
}
