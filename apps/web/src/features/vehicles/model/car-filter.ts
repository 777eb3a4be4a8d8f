import { filterBody, filterParams, type FilterSpec } from '../../../components/list-page/filter-body';
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

const SPEC: FilterSpec = {
  keys: CAR_FILTER_KEYS,
  lists: [...LIST_KEYS],
  idLists: [...ID_LIST_KEYS],
  ids: [...ID_KEYS],
};

/** The list call's filter from the URL's filter values (unknown or malformed values are left out). */
export const carFilterBody = (filters: Record<string, string>) => filterBody(filters, SPEC) as CarFilterBody;

/** Back from a saved filter (as the list call takes it) to URL values. */
export const carFilterParams = (saved: Record<string, unknown>) => filterParams(saved, CAR_FILTER_KEYS);
