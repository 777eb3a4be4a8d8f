import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { VehiclePaths, type PowerReport } from '@fleetdesk/contracts/vehicles';
import { request } from '../../../lib/request';
import { reportsKey } from './get-fleet-report';

export type PowerReportData = z.infer<typeof PowerReport>;

/** Cars by energy, battery band and range band. */
export function getPowerReport(): Promise<PowerReportData> {
  return request<PowerReportData>(VehiclePaths.powerReport);
}

export const powerReportQuery = () =>
  queryOptions({ queryKey: [...reportsKey, 'power'] as readonly unknown[], queryFn: getPowerReport });
