import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Paged } from '@fleetdesk/contracts/common';
import {
  CompliancePaths as P,
  type Accident,
  type AccidentInput,
  type AccidentListQuery,
  type AccidentRow,
  type AccidentState,
  type Inspection,
  type Insurer,
  type InsurerInput,
  type InspectionInput,
  type License,
  type LicenseInput,
  type LicenseListQuery,
  type LicenseTotal,
  type Policy,
  type PolicyInput,
  type PolicyListQuery,
} from '@fleetdesk/contracts/compliance';
import { fillPath } from '@fleetdesk/contracts/paths';
import { VehiclePaths } from '@fleetdesk/contracts/vehicles';
import type { z } from 'zod';
import { saveBlob } from '../../../lib/download';
import { request } from '../../../lib/request';

/** Every query of the compliance area starts with this key; a write invalidates it (and the car, whose dates move). */
export const complianceKey = ['compliance'] as const;

type Query = Record<string, string | number | boolean | undefined>;
type Page = { pageNum: number; pageSize: number };

export const licencesQuery = (q: Partial<LicenseListQuery> & Page) =>
  queryOptions({
    queryKey: [...complianceKey, 'licences', q] as readonly unknown[],
    queryFn: () => request<Paged<License>>(P.licenseList, { query: q as Query }),
  });

export const licenceTotalQuery = () =>
  queryOptions({
    queryKey: [...complianceKey, 'licenceTotal'] as readonly unknown[],
    queryFn: () => request<LicenseTotal>(P.licenseTotal),
  });

export const policiesQuery = (q: Partial<PolicyListQuery> & Page) =>
  queryOptions({
    queryKey: [...complianceKey, 'policies', q] as readonly unknown[],
    queryFn: () => request<Paged<Policy>>(P.policyList, { query: q as Query }),
  });

export const inspectionsQuery = (q: { carId?: number; plate?: string } & Page) =>
  queryOptions({
    queryKey: [...complianceKey, 'inspections', q] as readonly unknown[],
    queryFn: () => request<Paged<Inspection>>(P.inspectionList, { query: q as Query }),
  });

export const accidentsQuery = (q: Partial<AccidentListQuery> & Page) =>
  queryOptions({
    queryKey: [...complianceKey, 'accidents', q] as readonly unknown[],
    queryFn: () => request<Paged<AccidentRow>>(P.accidentList, { query: q as Query }),
  });

export const accidentQuery = (id: number) =>
  queryOptions({
    queryKey: [...complianceKey, 'accident', id] as readonly unknown[],
    queryFn: () => request<Accident>(fillPath(P.accidentDetail, { id })),
  });

export const insurersQuery = () =>
  queryOptions({
    queryKey: ['vehicles', 'insurers'] as readonly unknown[],
    queryFn: () => request<Insurer[]>(VehiclePaths.insurers),
    staleTime: Infinity,
  });

function useComplianceMutation<V, R>(fn: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: complianceKey });
      // The car's insurance and inspection dates follow its policies and inspections.
      await client.invalidateQueries({ queryKey: ['vehicles'] });
    },
  });
}

export const useSaveLicence = () =>
  useComplianceMutation((input: z.input<typeof LicenseInput>) =>
    request<License>(P.licenseSave, { method: 'POST', json: input }),
  );
export const useDeleteLicence = () =>
  useComplianceMutation((id: number) => request<boolean>(fillPath(P.licenseDelete, { id }), { method: 'DELETE' }));

export const useSavePolicy = () =>
  useComplianceMutation(({ id, input }: { id?: number; input: z.input<typeof PolicyInput> }) =>
    id
      ? request<Policy>(fillPath(P.policyUpdate, { id }), { method: 'PUT', json: input })
      : request<Policy>(P.policyCreate, { method: 'POST', json: input }),
  );
export const useDeletePolicy = () =>
  useComplianceMutation((id: number) => request<boolean>(fillPath(P.policyDelete, { id }), { method: 'DELETE' }));

export const useCreateInspection = () =>
  useComplianceMutation((input: z.input<typeof InspectionInput>) =>
    request<Inspection>(P.inspectionCreate, { method: 'POST', json: input }),
  );
export const useDeleteInspection = () =>
  useComplianceMutation((id: number) => request<boolean>(fillPath(P.inspectionDelete, { id }), { method: 'DELETE' }));

export const useSaveAccident = () =>
  useComplianceMutation(({ id, input }: { id?: number; input: z.input<typeof AccidentInput> }) =>
    id
      ? request<Accident>(fillPath(P.accidentUpdate, { id }), { method: 'PUT', json: input })
      : request<Accident>(P.accidentCreate, { method: 'POST', json: input }),
  );
export const useMoveAccident = () =>
  useComplianceMutation(({ id, state, remark }: { id: number; state: AccidentState; remark?: string }) =>
    request<Accident>(fillPath(P.accidentState, { id }), { method: 'PUT', json: { state, remark: remark || null } }),
  );
export const useDeleteAccident = () =>
  useComplianceMutation((id: number) => request<boolean>(fillPath(P.accidentDelete, { id }), { method: 'DELETE' }));

/** An insurer of the company's own, or new names for one; the pickers and the policy names follow. */
export const useSaveInsurer = () =>
  useComplianceMutation(({ id, input }: { id?: number; input: InsurerInput }) =>
    id
      ? request<Insurer>(fillPath(VehiclePaths.insurerUpdate, { id }), { method: 'PUT', json: input })
      : request<Insurer>(VehiclePaths.insurerCreate, { method: 'POST', json: input }),
  );
export const useEnableInsurer = () =>
  useComplianceMutation(({ id, enabled }: { id: number; enabled: boolean }) =>
    request<Insurer>(fillPath(VehiclePaths.insurerEnable, { id }), { method: 'PUT', json: { enabled } }),
  );

/** The insurance or inspection export of the vehicle area (every car of the caller), saved as `fileName`. */
export async function exportPapers(kind: 'insurance' | 'inspection', fileName: string): Promise<void> {
  const path = kind === 'insurance' ? VehiclePaths.exportInsurance : VehiclePaths.exportInspection;
  const blob = await request<Blob>(path, { method: 'POST', json: {}, responseType: 'blob' });
  saveBlob(blob, fileName);
}
