import { OrganisationPaths } from '@fleetdesk/contracts/organisation';
import { saveBlob } from '../../../lib/download';
import { request } from '../../../lib/request';
import type { EmployeeFilter } from './get-employees';

/** The employees the list's filter selects, as .xlsx saved under `fileName`. */
export async function exportEmployees(filter: EmployeeFilter, fileName: string): Promise<void> {
  const blob = await request<Blob>(OrganisationPaths.employeeExport, {
    method: 'POST',
    json: filter,
    responseType: 'blob',
  });
  saveBlob(blob, fileName);
}
