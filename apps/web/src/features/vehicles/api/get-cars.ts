import { queryOptions } from '@tanstack/react-query';
import type { Paged } from '@fleetdesk/contracts/common';
import { VehiclePaths, type CarListRow, type CarExportFilter } from '@fleetdesk/contracts/vehicles';
import { request } from '../../../lib/request';

/** The body of `rentCar/list` (and, without paging, of the exports): what the server's filter takes. */
export type CarFilterBody = Partial<Omit<CarExportFilter, 'deleted' | 'sortOrder'>> &
  Partial<Pick<CarExportFilter, 'deleted' | 'sortOrder'>>;

/** Every query of the vehicles area starts with this key; a car write invalidates `carsKey`. */
export const vehiclesKey = ['vehicles'] as const;
export const carsKey = [...vehiclesKey, 'cars'] as const;

/** The caller's cars, filtered and paged (newest first). */
export function getCars(body: CarFilterBody & { pageNum: number; pageSize: number }): Promise<Paged<CarListRow>> {
  return request<Paged<CarListRow>>(VehiclePaths.list, { method: 'POST', json: body });
}

export const carsQuery = (body: CarFilterBody & { pageNum: number; pageSize: number }) =>
  queryOptions({ queryKey: [...carsKey, 'list', body] as readonly unknown[], queryFn: () => getCars(body) });
