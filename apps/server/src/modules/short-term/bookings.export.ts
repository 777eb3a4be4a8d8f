import type { Lang } from '@fleetdesk/contracts/common';
import { BOOKING_STATE_TITLES, type BookingRow } from '@fleetdesk/contracts/short-term';
import { localMinute } from '../../core/tenant-time.js';
import type { XlsxColumn } from '../../core/xlsx.js';

const T = {
  code: { 'zh-CN': '订单号', 'en-US': 'Booking' },
  state: { 'zh-CN': '状态', 'en-US': 'State' },
  store: { 'zh-CN': '门店', 'en-US': 'Store' },
  carType: { 'zh-CN': '车型', 'en-US': 'Car type' },
  plate: { 'zh-CN': '车牌号', 'en-US': 'Plate' },
  driver: { 'zh-CN': '租客', 'en-US': 'Renter' },
  phone: { 'zh-CN': '手机号', 'en-US': 'Phone' },
  pickUpAt: { 'zh-CN': '取车时间', 'en-US': 'Pick-up' },
  returnAt: { 'zh-CN': '还车时间', 'en-US': 'Return' },
  pickedUpAt: { 'zh-CN': '实际取车', 'en-US': 'Picked up' },
  returnedAt: { 'zh-CN': '实际还车', 'en-US': 'Returned' },
  days: { 'zh-CN': '天数', 'en-US': 'Days' },
  total: { 'zh-CN': '租金合计（元）', 'en-US': 'Total (yuan)' },
  deposits: { 'zh-CN': '押金（元）', 'en-US': 'Deposits (yuan)' },
  paidAt: { 'zh-CN': '支付时间', 'en-US': 'Paid' },
  createdAt: { 'zh-CN': '下单时间', 'en-US': 'Booked' },
} as const;

/** The columns of the booking export (`shortBooking/export`): the list's row, times in the tenant's zone. */
export function bookingColumns(lang: Lang, timeZone: string): XlsxColumn<BookingRow>[] {
  const at = (iso: string | null) => (iso ? localMinute(timeZone, new Date(iso)) : null);
  const col = (key: keyof typeof T, value: XlsxColumn<BookingRow>['value'], width?: number) => ({
    header: T[key][lang],
    value,
    ...(width ? { width } : {}),
  });
  return [
    col('code', (r) => r.code, 16),
    col('state', (r) => BOOKING_STATE_TITLES[r.state][lang]),
    col('store', (r) => r.storeName, 14),
    col('carType', (r) => r.carTypeName, 14),
    col('plate', (r) => r.plate, 12),
    col('driver', (r) => r.driverName, 12),
    col('phone', (r) => r.driverPhone, 14),
    col('pickUpAt', (r) => at(r.pickUpAt), 17),
    col('returnAt', (r) => at(r.returnAt), 17),
    col('pickedUpAt', (r) => at(r.pickedUpAt), 17),
    col('returnedAt', (r) => at(r.returnedAt), 17),
    col('days', (r) => r.days),
    col('total', (r) => r.total),
    col('deposits', (r) => r.deposits),
    col('paidAt', (r) => at(r.paidAt), 17),
    col('createdAt', (r) => at(r.createdAt), 17),
  ];
}
