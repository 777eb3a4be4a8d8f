import type { z } from 'zod';
import { VehiclePaths, type BindLicenseInput, type CarDetail } from '@fleetdesk/contracts/vehicles';
import { request } from '../../../lib/request';

/** Binds a vehicle licence: its page images replace the car's licence pages, its data goes on the car. */
export function bindLicence(input: z.input<typeof BindLicenseInput>): Promise<CarDetail> {
  return request<CarDetail>(VehiclePaths.bindLicense, { method: 'POST', json: input });
}
