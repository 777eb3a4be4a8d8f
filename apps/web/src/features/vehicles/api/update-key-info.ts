import type { z } from 'zod';
import { VehiclePaths, type CarDetail, type KeyInfoInput } from '@fleetdesk/contracts/vehicles';
import { request } from '../../../lib/request';

/** Key count, location and remark of a car (the remark is only written by this call). */
export function updateKeyInfo(input: z.input<typeof KeyInfoInput>): Promise<CarDetail> {
  return request<CarDetail>(VehiclePaths.keyInfo, { method: 'POST', json: input });
}
