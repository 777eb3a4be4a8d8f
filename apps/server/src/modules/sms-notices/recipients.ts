import type { Lang, LocalText } from '@fleetdesk/contracts/common';
import { MobilePhone } from '@fleetdesk/contracts/common';
import {
  templateVariables,
  type InvalidRecipient,
  type Recipient,
  type RecipientList,
  type RecipientSourceDef,
} from '@fleetdesk/contracts/sms-notices';
import type { RequestContext } from '../../core/access.js';
import type { AppDeps } from '../../core/deps.js';

/**
 * Where recipients come from. Staff (by department or label) is the first source; the driver and customer
 * areas register theirs with `registerRecipientSource` from sms-notices.service.ts.
 */
export interface RecipientSource {
  key: string;
  title: LocalText;
  /** Variables the source fills for each recipient. */
  variables: string[];
  /** Permission needed to use the source, besides sending SMS. */
  permission?: string;
  filters(deps: AppDeps, ctx: RequestContext): Promise<Omit<RecipientSourceDef['filters'][number], never>[]>;
  resolve(deps: AppDeps, ctx: RequestContext, filter: Record<string, string | string[]>): Promise<Recipient[]>;
}

const sources = new Map<string, RecipientSource>();

export function addRecipientSource(source: RecipientSource): () => void {
  sources.set(source.key, source);
  return () => {
    if (sources.get(source.key) === source) sources.delete(source.key);
  };
}

export function recipientSource(key: string): RecipientSource | undefined {
  return sources.get(key);
}

export function recipientSources(): RecipientSource[] {
  return [...sources.values()];
}

/** Sources of notices a system job sends (no recipient screen behind them). */
const SYSTEM_SOURCES: Record<string, LocalText> = {
  contractReminder: { 'zh-CN': '合同提醒', 'en-US': 'Contract reminders' },
  gpsAlarm: { 'zh-CN': 'GPS 报警', 'en-US': 'GPS alarms' },
};

export function sourceTitle(key: string, lang: Lang): string {
  return sources.get(key)?.title[lang] ?? SYSTEM_SOURCES[key]?.[lang] ?? key;
}

/** A mainland number as typed: spaces, dashes and a +86/0086 prefix removed. */
export function normalisePhone(raw: string): string {
  return raw.replace(/[\s-]/g, '').replace(/^(\+86|0086)/, '');
}

export interface CheckedRecipient {
  phone: string;
  name: string | null;
  values: Record<string, string>;
}

/**
 * Checks a recipient list against a message: numbers must be valid mainland mobiles, each number gets one
 * message (later duplicates are dropped and reported), and every variable the message uses needs a value.
 */
export function checkRecipients(
  recipients: Recipient[],
  content: string,
  defaults: Record<string, string>,
): { valid: CheckedRecipient[]; invalid: InvalidRecipient[] } {
  const needed = templateVariables(content);
  const seen = new Set<string>();
  const valid: CheckedRecipient[] = [];
  const invalid: InvalidRecipient[] = [];
  recipients.forEach((r, i) => {
    const phone = normalisePhone(r.phone);
    const row = i + 1;
    if (!MobilePhone.safeParse(phone).success)
      return void invalid.push({ row, phone: r.phone, reason: 'invalidPhone' });
    if (seen.has(phone)) return void invalid.push({ row, phone, reason: 'duplicate' });
    seen.add(phone);
    const values: Record<string, string> = { ...defaults, ...(r.name ? { name: r.name } : {}), ...(r.variables ?? {}) };
    const missing = needed.filter((v) => !values[v]);
    if (missing.length) return void invalid.push({ row, phone, reason: 'missingVariable', detail: missing.join(',') });
    valid.push({ phone, name: r.name ?? null, values });
  });
  return { valid, invalid };
}

const HEADERS: Record<string, string[]> = {
  phone: ['手机号', '手机号码', '手机', '电话', 'phone', 'mobile'],
  name: ['姓名', '名字', '联系人', 'name'],
  plate: ['车牌', '车牌号', 'plate'],
  amount: ['金额', '应付金额', '应收金额', 'amount'],
  dueDate: ['到期日', '到期日期', '日期', 'duedate', 'due date'],
};

/**
 * Recipients of a sheet's rows. The first row names the columns (手机号/phone, 姓名/name, 车牌/plate,
 * 金额/amount, 到期日/dueDate); without a header, column A is the phone and column B the name.
 */
export function recipientsOfRows(rows: string[][]): RecipientList {
  if (!rows.length) return { recipients: [], invalid: [] };
  const header = rows[0]!.map((h) => h.trim().toLowerCase());
  const column: Record<string, number> = {};
  for (const [key, names] of Object.entries(HEADERS)) {
    const i = header.findIndex((h) => names.includes(h));
    if (i >= 0) column[key] = i;
  }
  const hasHeader = column.phone !== undefined;
  if (!hasHeader) Object.assign(column, { phone: 0, name: 1 });
  const body = hasHeader ? rows.slice(1) : rows;
  const recipients: Recipient[] = body.map((cells) => {
    const get = (k: string) => (column[k] === undefined ? undefined : (cells[column[k]!] ?? '').trim() || undefined);
    const variables: Record<string, string> = {};
    for (const k of ['plate', 'amount', 'dueDate']) {
      const v = get(k);
      if (v) variables[k] = v;
    }
    const name = get('name');
    return {
      phone: get('phone') ?? '',
      ...(name ? { name } : {}),
      ...(Object.keys(variables).length ? { variables } : {}),
    };
  });
  return { recipients, invalid: [] };
}
