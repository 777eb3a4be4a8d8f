import { queryOptions } from '@tanstack/react-query';
import type { Paged } from '@fleetdesk/contracts/common';
import { CAR_STATUSES, FINAL_CAR_STATUSES, VehiclePaths, type CarListRow } from '@fleetdesk/contracts/vehicles';
import { request } from '../../../lib/request';
import { teamsKey } from './keys';
import { PICKER_PAGE } from './find-drivers';

/** The cars of one company that may join a fleet (not sold, not scrapped), by plate, VIN or engine number. */
export function findCars(q: { rentId: number; keyword?: string }): Promise<Paged<CarListRow>> {
  const keyword = q.keyword?.trim().slice(0, 40);
  return request<Paged<CarListRow>>(VehiclePaths.list, {
    method: 'POST',
    json: {
      rentId: q.rentId,
      status: CAR_STATUSES.filter((s) => !FINAL_CAR_STATUSES.includes(s)),
      pageNum: 1,
      pageSize: PICKER_PAGE,
      ...(keyword ? { keyword } : {}),
    },
  });
}

export const findCarsQuery = (q: { rentId: number | undefined; keyword?: string }) =>
  queryOptions({
    queryKey: [...teamsKey, 'pick', 'cars', q] as readonly unknown[],
    queryFn: () => findCars({ rentId: q.rentId!, keyword: q.keyword }),
    enabled: !!q.rentId,
  });
