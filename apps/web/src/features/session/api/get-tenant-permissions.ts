import { queryOptions } from '@tanstack/react-query';
import { AuthPaths } from '@fleetdesk/contracts/auth';
import { request } from '../../../lib/request';

/** Codes the tenant's plan allows, as a map of code to true (the session's tenant elements). */
export async function getTenantPermissions(): Promise<Record<string, true>> {
  const rows = await request<{ permissionCode: string }[]>(AuthPaths.tenantPermissions);
  return Object.fromEntries(rows.map((r) => [r.permissionCode, true as const]));
}

/** Loaded on every navigation (spec section 2): never fresh. */
export const tenantPermissionsQuery = () =>
  queryOptions({ queryKey: ['session', 'tenant-permissions'], queryFn: getTenantPermissions, staleTime: 0 });
