import { queryOptions } from '@tanstack/react-query';
import { VehiclePaths, type FleetReport } from '@fleetdesk/contracts/vehicles';
import { request } from '../../../lib/request';
import { vehiclesKey } from './get-cars';

export const reportsKey = [...vehiclesKey, 'reports'] as const;

/** The fleet (not sold, scrapped or deleted) counted by status, car type, brand, owner, energy and rent. */
export function getFleetReport(): Promise<FleetReport> {
  return request<FleetReport>(VehiclePaths.report);
}

export const fleetReportQuery = () =>
  queryOptions({ queryKey: [...reportsKey, 'fleet'] as readonly unknown[], queryFn: getFleetReport });
