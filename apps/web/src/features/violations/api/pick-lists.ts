import type { Paged } from '@fleetdesk/contracts/common';
import { DriverPaths } from '@fleetdesk/contracts/drivers';
import { VehiclePaths } from '@fleetdesk/contracts/vehicles';
import { request } from '../../../lib/request';

export interface CarOption {
  id: number;
  plate: string;
}
export interface DriverOption {
  id: number;
  name: string;
  phone: string;
}

/** Cars to pick for a query: the caller's live cars whose plate contains `plate` (up to `pageSize`). */
export async function findCars(plate: string, pageSize = 50): Promise<CarOption[]> {
  const page = await request<Paged<CarOption>>(VehiclePaths.list, {
    method: 'POST',
    json: { ...(plate ? { plate } : {}), pageNum: 1, pageSize },
  });
  return page.rows.map((c) => ({ id: c.id, plate: c.plate }));
}

/** Drivers to attribute a violation to: the caller's active drivers matching `keyword`. */
export async function findDrivers(keyword: string, rentId?: number): Promise<DriverOption[]> {
  const page = await request<Paged<DriverOption>>(DriverPaths.list, {
    method: 'POST',
    json: { ...(keyword ? { keyword } : {}), ...(rentId ? { rentId } : {}), pageNum: 1, pageSize: 30 },
  });
  return page.rows.map((d) => ({ id: d.id, name: d.name, phone: d.phone }));
}
