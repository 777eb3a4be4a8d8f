import { VehiclePaths } from '@fleetdesk/contracts/vehicles';
import { saveBlob } from '../../../lib/download';
import { request } from '../../../lib/request';
import type { CarFilterBody } from './get-cars';

export const CAR_EXPORTS = ['cars', 'inspection', 'insurance'] as const;
export type CarExportKind = (typeof CAR_EXPORTS)[number];

const PATHS: Record<CarExportKind, string> = {
  cars: VehiclePaths.exportCars,
  inspection: VehiclePaths.exportInspection,
  insurance: VehiclePaths.exportInsurance,
};

/** One of the three exports of the cars the filter selects, streamed as .xlsx and saved under `fileName`. */
export async function exportCars(kind: CarExportKind, filter: CarFilterBody, fileName: string): Promise<void> {
  const blob = await request<Blob>(PATHS[kind], { method: 'POST', json: filter, responseType: 'blob' });
  saveBlob(blob, fileName);
}
