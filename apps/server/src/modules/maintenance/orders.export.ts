import { fenToYuan, type Lang } from '@fleetdesk/contracts/common';
import {
  PAYER_TITLES,
  WORK_ORDER_KIND_TITLES,
  WORK_ORDER_STATE_TITLES,
  type WorkOrderRow,
} from '@fleetdesk/contracts/maintenance';
import { localMinute } from '../../core/tenant-time.js';
import type { XlsxColumn } from '../../core/xlsx.js';

/** A row of the work-order export: the list's row and its money split. */
export type OrderExportRow = WorkOrderRow & {
  partsFen: number;
  labourFen: number;
  driverShareFen: number;
  insuranceShareFen: number;
  companyFen: number;
};

const T = {
  number: { 'zh-CN': '工单号', 'en-US': 'Number' },
  rent: { 'zh-CN': '所属公司', 'en-US': 'Company' },
  plate: { 'zh-CN': '车牌号', 'en-US': 'Plate' },
  kind: { 'zh-CN': '维修类型', 'en-US': 'Kind' },
  state: { 'zh-CN': '状态', 'en-US': 'State' },
  driver: { 'zh-CN': '司机', 'en-US': 'Driver' },
  workshop: { 'zh-CN': '修理厂', 'en-US': 'Workshop' },
  problem: { 'zh-CN': '故障描述', 'en-US': 'Problem' },
  reportedAt: { 'zh-CN': '报修时间', 'en-US': 'Reported at' },
  plannedStart: { 'zh-CN': '计划进厂', 'en-US': 'Planned start' },
  actualStart: { 'zh-CN': '实际进厂', 'en-US': 'Went in' },
  actualEnd: { 'zh-CN': '完工时间', 'en-US': 'Finished' },
  mileageIn: { 'zh-CN': '进厂里程', 'en-US': 'Mileage in' },
  mileageOut: { 'zh-CN': '出厂里程', 'en-US': 'Mileage out' },
  estimate: { 'zh-CN': '预估金额（元）', 'en-US': 'Estimate (yuan)' },
  parts: { 'zh-CN': '配件（元）', 'en-US': 'Parts (yuan)' },
  labour: { 'zh-CN': '工时（元）', 'en-US': 'Labour (yuan)' },
  total: { 'zh-CN': '合计（元）', 'en-US': 'Total (yuan)' },
  payer: { 'zh-CN': '承担方', 'en-US': 'Payer' },
  company: { 'zh-CN': '公司承担（元）', 'en-US': 'Company (yuan)' },
  driverShare: { 'zh-CN': '司机承担（元）', 'en-US': 'Driver (yuan)' },
  insuranceShare: { 'zh-CN': '保险承担（元）', 'en-US': 'Insurer (yuan)' },
} as const;

export function orderColumns(lang: Lang, timeZone: string): XlsxColumn<OrderExportRow>[] {
  const at = (iso: string | null) => (iso ? localMinute(timeZone, new Date(iso)) : null);
  const col = (key: keyof typeof T, value: XlsxColumn<OrderExportRow>['value'], width?: number) => ({
    header: T[key][lang],
    value,
    ...(width ? { width } : {}),
  });
  return [
    col('number', (r) => r.number, 18),
    col('rent', (r) => r.rentName),
    col('plate', (r) => r.plate, 12),
    col('kind', (r) => WORK_ORDER_KIND_TITLES[r.kind][lang]),
    col('state', (r) => WORK_ORDER_STATE_TITLES[r.state][lang]),
    col('driver', (r) => r.driverName),
    col('workshop', (r) => r.workshopName, 20),
    col('problem', (r) => r.problem, 36),
    col('reportedAt', (r) => at(r.createdAt), 18),
    col('plannedStart', (r) => r.plannedStart),
    col('actualStart', (r) => at(r.actualStart), 18),
    col('actualEnd', (r) => at(r.actualEnd), 18),
    col('mileageIn', (r) => r.mileageIn),
    col('mileageOut', (r) => r.mileageOut),
    col('estimate', (r) => r.estimate),
    col('parts', (r) => fenToYuan(r.partsFen)),
    col('labour', (r) => fenToYuan(r.labourFen)),
    col('total', (r) => r.total),
    col('payer', (r) => PAYER_TITLES[r.payer][lang]),
    col('company', (r) => fenToYuan(r.companyFen)),
    col('driverShare', (r) => fenToYuan(r.driverShareFen)),
    col('insuranceShare', (r) => fenToYuan(r.insuranceShareFen)),
  ];
}
