import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ApprovalPaths as P,
  type ApprovalSetting,
  type BusinessType,
  type DepartmentHead,
  type Flow,
  type FlowInput,
} from '@fleetdesk/contracts/approvals';
import { fillPath } from '@fleetdesk/contracts/paths';
import { isFieldFailure } from '../../../lib/field-failure';
import { request } from '../../../lib/request';
import { flowsKey, headsKey, settingKey, typesKey } from './keys';

/** The registered business types with their forms. */
export const typesQuery = () =>
  queryOptions({ queryKey: typesKey, queryFn: () => request<BusinessType[]>(P.types), staleTime: 5 * 60_000 });

export const flowsQuery = () => queryOptions({ queryKey: flowsKey, queryFn: () => request<Flow[]>(P.flows) });

export const departmentHeadsQuery = () =>
  queryOptions({ queryKey: headsKey, queryFn: () => request<DepartmentHead[]>(P.departmentHeads) });

/** Adds a type's flow, or saves an existing one as its next version. */
export function saveFlow({ id, input }: { id?: number; input: FlowInput }): Promise<Flow> {
  return id
    ? request<Flow>(fillPath(P.flowUpdate, { id }), { method: 'PUT', json: input, silent: isFieldFailure })
    : request<Flow>(P.flowAdd, { method: 'POST', json: input, silent: isFieldFailure });
}

export function useSaveFlow() {
  const client = useQueryClient();
  return useMutation({ mutationFn: saveFlow, onSuccess: () => client.invalidateQueries({ queryKey: flowsKey }) });
}

export function useDeleteFlow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request<boolean>(fillPath(P.flowDelete, { id }), { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: flowsKey }),
  });
}

export function useSetDepartmentHead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ departmentId, userId }: { departmentId: number; userId: number | null }) =>
      request<boolean>(fillPath(P.departmentHeadSet, { id: departmentId }), { method: 'PUT', json: { userId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: headsKey }),
  });
}

/** The tenant's approval settings (the approvers' SMS switch). */
export const approvalSettingQuery = () =>
  queryOptions({ queryKey: settingKey, queryFn: () => request<ApprovalSetting>(P.setting) });

export function useSaveApprovalSetting() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ApprovalSetting) => request<ApprovalSetting>(P.setting, { method: 'PUT', json: input }),
    onSuccess: (saved) => client.setQueryData(settingKey, saved),
  });
}
