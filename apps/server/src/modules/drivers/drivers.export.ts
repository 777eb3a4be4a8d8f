import type { Lang } from '@fleetdesk/contracts/common';
import {
  DRIVER_SOURCE_TITLES,
  DRIVER_STATE_TITLES,
  GENDER_TITLES,
  RELATION_TITLES,
  type Driver,
  type DocumentDue,
} from '@fleetdesk/contracts/drivers';
import type { XlsxColumn } from '../../core/xlsx.js';
import { DRIVER_COLUMN_TITLES as T } from './drivers.import.js';

const DUE_TITLES: Record<DocumentDue, { 'zh-CN': string; 'en-US': string }> = {
  expired: { 'zh-CN': '已过期', 'en-US': 'Expired' },
  soon: { 'zh-CN': '即将到期', 'en-US': 'Expiring soon' },
  valid: { 'zh-CN': '有效', 'en-US': 'Valid' },
};

/**
 * The driver export: the import's columns first (so an export can be edited and imported again), then what only
 * the export shows (age, documents' standing, blacklisting).
 */
export function driverColumns(lang: Lang): XlsxColumn<Driver>[] {
  const zh = lang === 'zh-CN';
  const col = (key: keyof typeof T, value: XlsxColumn<Driver>['value'], width?: number): XlsxColumn<Driver> => ({
    header: T[key][lang],
    value,
    ...(width ? { width } : {}),
  });
  const due = (d: DocumentDue | null) => (d ? DUE_TITLES[d][lang] : null);
  return [
    col('name', (d) => d.name, 10),
    col('gender', (d) => GENDER_TITLES[d.gender][lang], 6),
    col('phone', (d) => d.phone, 14),
    col('idNumber', (d) => d.idNumber, 22),
    col('address', (d) => d.address, 30),
    col('licenceNumber', (d) => d.licenceNumber, 22),
    col('licenceClass', (d) => d.licenceClass, 8),
    col('licenceFirstIssue', (d) => d.licenceFirstIssue, 12),
    col('licenceExpiry', (d) => d.licenceExpiry, 12),
    col('certificateNumber', (d) => d.certificateNumber, 18),
    col('certificateExpiry', (d) => d.certificateExpiry, 12),
    col('emergencyName', (d) => d.emergencyName, 10),
    col('emergencyPhone', (d) => d.emergencyPhone, 14),
    col('emergencyRelation', (d) => (d.emergencyRelation ? RELATION_TITLES[d.emergencyRelation][lang] : null), 8),
    col('bankName', (d) => d.bankName, 24),
    col('bankAccount', (d) => d.bankAccount, 22),
    col('bankAccountName', (d) => d.bankAccountName, 10),
    col('source', (d) => (d.source ? DRIVER_SOURCE_TITLES[d.source][lang] : null), 10),
    col('state', (d) => DRIVER_STATE_TITLES[d.state][lang], 8),
    col('rent', (d) => d.rentName, 12),
    col('labels', (d) => d.labels.map((l) => l.name).join('、'), 16),
    col('remark', (d) => d.remark, 24),
    { header: zh ? '出生日期' : 'Birth date', value: (d) => d.birthDate, width: 12 },
    { header: zh ? '年龄' : 'Age', value: (d) => d.age, width: 6 },
    { header: zh ? '驾驶证状态' : 'Licence', value: (d) => due(d.licenceDue), width: 10 },
    { header: zh ? '驾驶员证状态' : 'Certificate', value: (d) => due(d.certificateDue), width: 10 },
    { header: zh ? '拉黑/解除原因' : 'Blacklist reason', value: (d) => d.stateReason, width: 24 },
    { header: zh ? '创建时间' : 'Created', value: (d) => new Date(d.createdAt), width: 18 },
  ];
}
