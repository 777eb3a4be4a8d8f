import { queryOptions } from '@tanstack/react-query';
import { AuthPaths } from '@fleetdesk/contracts/auth';
import type { Paged } from '@fleetdesk/contracts/common';
import { request } from '../../../lib/request';

export interface LoginRecord {
  id: number;
  userId: number;
  username: string;
  method: string;
  platform: string | null;
  version: string | null;
  ip: string | null;
  userAgent: string | null;
  createdAt: string;
}

export interface LoginRecordFilters {
  pageNum: number;
  pageSize: number;
  userId?: string | undefined;
}

/** Sign-in records of the tenant, newest first. */
export function getLoginRecords(f: LoginRecordFilters): Promise<Paged<LoginRecord>> {
  return request<Paged<LoginRecord>>(AuthPaths.loginRecordList, {
    query: { pageNum: f.pageNum, pageSize: f.pageSize, userId: f.userId },
  });
}

export const loginRecordsQuery = (f: LoginRecordFilters) =>
  queryOptions({ queryKey: ['oa-log', 'logins', f] as readonly unknown[], queryFn: () => getLoginRecords(f) });
