import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { DashboardPaths, type ReportDays, type ReportDaysQuery } from '@fleetdesk/contracts/dashboard';
import { saveBlob } from '../../../lib/download';
import { request, type QueryValue, type RequestError } from '../../../lib/request';

/** 403: the caller's access reads no report group. */
export const isRefused = (e: RequestError) => e.httpStatus === 403;

const query = (q: ReportDaysQuery) => q as unknown as Record<string, QueryValue>;

/**
 * The daily reports of the caller's rents by day or month (`rentalReportDay/list`). Silent: a user whose access
 * reads no report group gets 403, and the trends say so in place.
 */
export function getReportDays(q: ReportDaysQuery): Promise<ReportDays> {
  return request<ReportDays>(DashboardPaths.reportDays, { query: query(q), silent: isRefused });
}

export const reportDaysQuery = (q: ReportDaysQuery) =>
  queryOptions({
    queryKey: ['dashboard', 'reportDays', q] as const,
    queryFn: () => getReportDays(q),
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useReportDays = (q: ReportDaysQuery) => useQuery(reportDaysQuery(q));

/** The same periods as a workbook. */
export async function exportReportDays(q: ReportDaysQuery, fileName: string): Promise<void> {
  saveBlob(await request<Blob>(DashboardPaths.reportExport, { query: query(q), responseType: 'blob' }), fileName);
}
