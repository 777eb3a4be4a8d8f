/**
 * The dashboard's calls (issue 37), apart from their schemas: the home page's first chunk imports only these
 * strings, so that it does not pull the vehicles and cost-centre contracts that the schemas are built from.
 */
export const DashboardPaths = {
  /** Spec call: today's figures of the caller's rents, each group as his permissions allow. */
  operation: '/api/ccwadmin/index/operation',
  /** Spec call: the daily reports of the caller's rents, by day or by month. */
  reportDays: '/api/ccwadmin/rentalReportDay/list',
  reportExport: '/api/ccwadmin/rentalReportDay/export',
} as const;
