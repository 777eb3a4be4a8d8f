import type { Lang } from '@fleetdesk/contracts/common';
import type { OriginalRecord, Violation } from '@fleetdesk/contracts/violations';
import { localMinute } from '../../core/tenant-time.js';
import type { XlsxColumn } from '../../core/xlsx.js';

/** "2026-11-26 09:41" in the tenant's zone. */
export function minuteText(timeZone: string): (iso: string | null) => string | null {
  return (iso) => (iso ? localMinute(timeZone, new Date(iso)) : null);
}

const T = {
  violationNo: { 'zh-CN': '违章编号', 'en-US': 'Violation number' },
  plate: { 'zh-CN': '车牌号', 'en-US': 'Plate' },
  rent: { 'zh-CN': '所属公司', 'en-US': 'Company' },
  occurredAt: { 'zh-CN': '违章时间', 'en-US': 'Time' },
  place: { 'zh-CN': '违章地点', 'en-US': 'Place' },
  offenceCode: { 'zh-CN': '违法代码', 'en-US': 'Offence code' },
  offenceText: { 'zh-CN': '违章行为', 'en-US': 'Offence' },
  fine: { 'zh-CN': '罚款（元）', 'en-US': 'Fine (yuan)' },
  points: { 'zh-CN': '扣分', 'en-US': 'Points' },
  lateFee: { 'zh-CN': '滞纳金（元）', 'en-US': 'Late fee (yuan)' },
  handled: { 'zh-CN': '处理状态', 'en-US': 'Handled' },
  authority: { 'zh-CN': '处罚机关', 'en-US': 'Authority' },
  driver: { 'zh-CN': '责任司机', 'en-US': 'Driver' },
  order: { 'zh-CN': '查询订单', 'en-US': 'Query order' },
  provider: { 'zh-CN': '数据来源', 'en-US': 'Provider' },
  queriedAt: { 'zh-CN': '查询时间', 'en-US': 'Queried at' },
  state: { 'zh-CN': '查询结果', 'en-US': 'Result' },
  found: { 'zh-CN': '违章条数', 'en-US': 'Records found' },
  data: { 'zh-CN': '原始数据', 'en-US': 'Original data' },
} as const;

export function violationColumns(lang: Lang, timeZone: string): XlsxColumn<Violation>[] {
  const at = minuteText(timeZone);
  const zh = lang === 'zh-CN';
  const col = (key: keyof typeof T, value: XlsxColumn<Violation>['value'], width?: number) => ({
    header: T[key][lang],
    value,
    ...(width ? { width } : {}),
  });
  return [
    col('violationNo', (v) => v.violationNo, 20),
    col('plate', (v) => v.plate, 12),
    col('rent', (v) => v.rentName, 12),
    col('occurredAt', (v) => at(v.occurredAt), 17),
    col('place', (v) => v.place, 30),
    col('offenceCode', (v) => v.offenceCode, 10),
    col('offenceText', (v) => v.offenceText, 40),
    col('fine', (v) => v.fine, 10),
    col('points', (v) => v.points, 6),
    col('lateFee', (v) => v.lateFee, 10),
    col('handled', (v) => (v.handled ? (zh ? '已处理' : 'Handled') : zh ? '未处理' : 'Unhandled'), 8),
    col('authority', (v) => v.authority, 24),
    col('driver', (v) => v.driverName, 10),
  ];
}

export function originalColumns(lang: Lang, timeZone: string): XlsxColumn<OriginalRecord>[] {
  const at = minuteText(timeZone);
  return [
    { header: T.order[lang], value: (r) => r.orderId, width: 10 },
    { header: T.plate[lang], value: (r) => r.plate, width: 12 },
    { header: T.provider[lang], value: (r) => r.provider, width: 10 },
    { header: T.queriedAt[lang], value: (r) => at(r.queriedAt), width: 17 },
    { header: T.state[lang], value: (r) => r.state, width: 8 },
    { header: T.found[lang], value: (r) => r.found, width: 8 },
    { header: T.data[lang], value: (r) => JSON.stringify(r.data).slice(0, 32_000), width: 80 },
  ];
}
