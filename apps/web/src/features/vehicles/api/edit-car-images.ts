import { VehiclePaths, type CarImage, type CarImageKind } from '@fleetdesk/contracts/vehicles';
import { request } from '../../../lib/request';
import { isFieldFailure } from '../../../lib/field-failure';

/** Replaces a car's images with this ordered list. */
export function editCarImages(input: {
  carId: number;
  images: { kind: CarImageKind; url: string }[];
}): Promise<CarImage[]> {
  return request<CarImage[]>(VehiclePaths.editImages, { method: 'POST', json: input, silent: isFieldFailure });
}
