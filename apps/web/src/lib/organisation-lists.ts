import { queryOptions } from '@tanstack/react-query';
import {
  OrganisationPaths,
  type Department,
  type Employee,
  type Label,
  type LabelKind,
  type Rent,
  type RoleRow,
} from '@fleetdesk/contracts/organisation';
import type { Paged } from '@fleetdesk/contracts/common';
import { request } from './request';

/**
 * The tenant's lists that several areas pick from: its rents (subsidiaries, within the caller's data scope), its
 * roles, its departments and its labels. One query key each, so that a change made on one screen refreshes every
 * other that shows them (a department renamed in the address book is renamed in the shifts, the attendance sheet
 * and the approval flows).
 */
export const rentsKey = ['tenant', 'rents'] as const;
export const rolesKey = ['tenant', 'roles'] as const;
export const staffKey = ['tenant', 'staff'] as const;
export const labelsKey = ['tenant', 'labels'] as const;
export const departmentsKey = ['tenant', 'departments'] as const;

/** The tenant's rents with their employee and car counts (`oaCompany:view` or `rentCar:view`). */
export function getRents(): Promise<Rent[]> {
  return request<Rent[]>(OrganisationPaths.rents);
}

export const rentsQuery = () => queryOptions({ queryKey: rentsKey, queryFn: getRents });

/** The tenant's roles with how many employees hold each (`oaSetting:role`, `:user` or `:view`). */
export function getRoles(): Promise<RoleRow[]> {
  return request<RoleRow[]>(OrganisationPaths.roles);
}

/** `enabled`: false for a user who may not read the roles (the employee form then shows them read-only). */
export const rolesQuery = (enabled = true) =>
  queryOptions({ queryKey: [...rolesKey, 'list'] as readonly unknown[], queryFn: getRoles, enabled });

/** Every department of the tenant (flat: `parentId` builds the tree), with its direct employee count. */
export function getDepartments(): Promise<Department[]> {
  return request<Department[]>(OrganisationPaths.departments);
}

export const departmentsQuery = () => queryOptions({ queryKey: departmentsKey, queryFn: getDepartments });

/** The tenant's active employees (at most 500), for pickers of people (`oaDepart:view`). */
export async function getActiveStaff(): Promise<Employee[]> {
  const page = await request<Paged<Employee>>(OrganisationPaths.employees, {
    query: { status: 'active', pageSize: 500 },
  });
  return page.rows;
}

export const activeStaffQuery = (enabled = true) =>
  queryOptions({ queryKey: [...staffKey, 'active'] as readonly unknown[], queryFn: getActiveStaff, enabled });

/** The tenant's labels of one kind, with how many records carry each. */
export function getLabels(kind: LabelKind): Promise<Label[]> {
  return request<Label[]>(OrganisationPaths.labels, { query: { kind } });
}

export const labelsQuery = (kind: LabelKind) =>
  queryOptions({ queryKey: [...labelsKey, kind] as readonly unknown[], queryFn: () => getLabels(kind) });
