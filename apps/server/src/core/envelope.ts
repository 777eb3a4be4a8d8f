import type { Paged, PageQuery } from '@fleetdesk/contracts/common';

/** The success envelope: `{ status: 200, message: "ok", data }`. */
export function ok<T>(data: T): { status: 200; message: string; data: T } {
  return { status: 200, message: 'ok', data };
}

export function page<T>(rows: T[], total: number, query: PageQuery): Paged<T> {
  return { rows, total, pageNum: query.pageNum, pageSize: query.pageSize };
}

export function offsetOf(query: PageQuery): number {
  return (query.pageNum - 1) * query.pageSize;
}
