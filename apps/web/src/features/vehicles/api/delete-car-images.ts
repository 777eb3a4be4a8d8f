import { VehiclePaths, type CarImage } from '@fleetdesk/contracts/vehicles';
import { request } from '../../../lib/request';

/** Removes some of a car's images; answers the ones left. */
export function deleteCarImages(input: { carId: number; ids: number[] }): Promise<CarImage[]> {
  return request<CarImage[]>(VehiclePaths.deleteImages, { method: 'POST', json: input });
}
