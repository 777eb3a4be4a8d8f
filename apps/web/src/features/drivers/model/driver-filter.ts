import { filterBody, filterParams, type FilterSpec } from '../../../components/list-page/filter-body';
import type { DriverFilterBody } from '../api/drivers';

/** Every filter key of the drivers list: the URL keys are the keys of the list call's body. */
const SPEC: FilterSpec = {
  keys: ['keyword', 'state', 'labelId', 'rentId', 'source', 'documentDue', 'licenceExpiryFrom', 'licenceExpiryTo'],
  lists: ['state', 'labelId', 'source'],
  idLists: ['labelId'],
  ids: ['rentId'],
};

export const driverFilterBody = (filters: Record<string, string>) => filterBody(filters, SPEC) as DriverFilterBody;
export const driverFilterParams = (saved: Record<string, unknown>) => filterParams(saved, SPEC.keys);
