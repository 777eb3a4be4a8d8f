import type { Lang } from '@fleetdesk/contracts/common';
import {
  LEAD_CONTRACT_KIND_TITLES,
  LEAD_INTENT_TITLES,
  LEAD_KIND_TITLES,
  LEAD_SOURCE_TITLES,
  LEAD_STATE_TITLES,
  POOL_TITLE,
  type LeadContractKind,
  type LeadRow,
} from '@fleetdesk/contracts/crm';
import { localMinute } from '../../core/tenant-time.js';
import type { XlsxColumn } from '../../core/xlsx.js';

/** A row of the lead export: the list's row and the form's other fields. */
export type LeadExportRow = LeadRow & {
  wantedCar: string | null;
  budgetYuan: number | null;
  contractKind: string | null;
  remark: string | null;
  lostReason: string | null;
};

const T = {
  name: { 'zh-CN': '客户姓名', 'en-US': 'Name' },
  kind: { 'zh-CN': '客户类型', 'en-US': 'Kind' },
  company: { 'zh-CN': '企业名称', 'en-US': 'Company' },
  phone: { 'zh-CN': '手机号', 'en-US': 'Phone' },
  source: { 'zh-CN': '来源', 'en-US': 'Source' },
  intent: { 'zh-CN': '意向', 'en-US': 'Intent' },
  state: { 'zh-CN': '状态', 'en-US': 'State' },
  rent: { 'zh-CN': '所属公司', 'en-US': 'Company (branch)' },
  owner: { 'zh-CN': '负责人', 'en-US': 'Owner' },
  wantedCar: { 'zh-CN': '意向车型', 'en-US': 'Wanted car' },
  budget: { 'zh-CN': '月租预算（元）', 'en-US': 'Monthly budget (yuan)' },
  contractKind: { 'zh-CN': '租赁方式', 'en-US': 'Contract kind' },
  lastFollowUpAt: { 'zh-CN': '最近跟进', 'en-US': 'Last follow-up' },
  lastFollowUpText: { 'zh-CN': '跟进内容', 'en-US': 'Follow-up note' },
  nextFollowUpAt: { 'zh-CN': '下次跟进', 'en-US': 'Next follow-up' },
  labels: { 'zh-CN': '标签', 'en-US': 'Labels' },
  createdAt: { 'zh-CN': '创建时间', 'en-US': 'Created' },
  lostReason: { 'zh-CN': '流失原因', 'en-US': 'Reason lost' },
  remark: { 'zh-CN': '备注', 'en-US': 'Remark' },
} as const;

export function leadColumns(lang: Lang, timeZone: string): XlsxColumn<LeadExportRow>[] {
  const at = (iso: string | null) => (iso ? localMinute(timeZone, new Date(iso)) : null);
  const col = (key: keyof typeof T, value: XlsxColumn<LeadExportRow>['value'], width?: number) => ({
    header: T[key][lang],
    value,
    ...(width ? { width } : {}),
  });
  return [
    col('name', (r) => r.name, 14),
    col('kind', (r) => LEAD_KIND_TITLES[r.kind][lang]),
    col('company', (r) => r.companyName, 24),
    col('phone', (r) => r.phone, 14),
    col('source', (r) => LEAD_SOURCE_TITLES[r.source][lang]),
    col('intent', (r) => LEAD_INTENT_TITLES[r.intent][lang]),
    col('state', (r) => LEAD_STATE_TITLES[r.state][lang]),
    col('rent', (r) => r.rentName, 16),
    col('owner', (r) => r.ownerName ?? POOL_TITLE[lang]),
    col('wantedCar', (r) => r.wantedCar, 18),
    col('budget', (r) => r.budgetYuan),
    col('contractKind', (r) =>
      r.contractKind ? LEAD_CONTRACT_KIND_TITLES[r.contractKind as LeadContractKind][lang] : null,
    ),
    col('lastFollowUpAt', (r) => at(r.lastFollowUpAt), 17),
    col('lastFollowUpText', (r) => r.lastFollowUpText, 30),
    col('nextFollowUpAt', (r) => at(r.nextFollowUpAt), 17),
    col('labels', (r) => r.labels.map((l) => l.name).join('、')),
    col('createdAt', (r) => at(r.createdAt), 17),
    col('lostReason', (r) => r.lostReason, 24),
    col('remark', (r) => r.remark, 30),
  ];
}
