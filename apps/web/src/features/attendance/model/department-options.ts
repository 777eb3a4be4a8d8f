import type { Department } from '@fleetdesk/contracts/organisation';

export interface DepartmentOption {
  value: number;
  title: string;
  children: DepartmentOption[];
}

/** The departments as a TreeSelect's tree. */
export function departmentOptions(all: readonly Department[], parent: number | null = null): DepartmentOption[] {
  return all
    .filter((d) => d.parentId === parent)
    .map((d) => ({ value: d.id, title: d.name, children: departmentOptions(all, d.id) }));
}
