import type { Lang, LocalText } from '@fleetdesk/contracts/common';
import { NO_PERMISSION_MESSAGE_ZH } from '@fleetdesk/contracts/errors';
import { formatPlate } from '@fleetdesk/contracts/identifiers';
import { VALIDATION_MESSAGES } from '@fleetdesk/contracts/validation';

/**
 * Messages the server itself writes into error answers, in both languages. Areas add their own keys through
 * `defineMessages`, so that one lookup serves every module.
 */
type Catalogue = Record<string, { 'zh-CN': string; 'en-US': string }>;

const catalogue: Catalogue = {
  'error.badRequest': { 'zh-CN': '请求参数有误', 'en-US': 'The request is not valid' },
  'error.tokenInvalid': {
    'zh-CN': '登录已失效，请重新登录',
    'en-US': 'Your session has expired; please sign in again',
  },
  'error.clientInvalid': { 'zh-CN': '客户端认证失败', 'en-US': 'Client authentication failed' },
  'error.userDisabled': {
    'zh-CN': '账号已被停用，请联系管理员',
    'en-US': 'This account is disabled; contact your administrator',
  },
  'error.userType': { 'zh-CN': '用户类型不正确', 'en-US': 'This kind of user may not use the back office' },
  'error.driverType': {
    'zh-CN': '司机端仅供司机使用，请用手机号和验证码登录',
    'en-US': 'The driver app is for drivers: sign in with your phone and an SMS code',
  },
  'error.driverRefused': {
    'zh-CN': '你的司机账号暂不能使用，请联系车队',
    'en-US': 'Your driver account cannot be used now; contact your fleet office',
  },
  'error.forbidden': {
    'zh-CN': NO_PERMISSION_MESSAGE_ZH,
    'en-US': 'You do not have this permission; ask your administrator to grant it.',
  },
  'error.rentForbidden': { 'zh-CN': '你无权操作该公司的数据', 'en-US': 'You may not act for this company' },
  'error.membershipExpired': {
    'zh-CN': '会员服务已到期，请续费后使用',
    'en-US': 'Your membership has expired; renew it to continue',
  },
  'error.notFound': { 'zh-CN': '数据不存在', 'en-US': 'Not found' },
  'error.routeNotFound': { 'zh-CN': '接口不存在', 'en-US': 'No such API' },
  'error.tooManyRequests': {
    'zh-CN': '操作过于频繁，请 {seconds} 秒后再试',
    'en-US': 'Too many attempts; try again in {seconds} s',
  },
  'error.internal': { 'zh-CN': '服务器内部错误', 'en-US': 'Internal server error' },
  'error.upstreamTimeout': { 'zh-CN': '外部服务响应超时', 'en-US': 'An outside service did not answer in time' },
  'error.databaseUnavailable': {
    'zh-CN': '数据库暂时无法连接，请稍后重试',
    'en-US': 'The database cannot be reached for the moment; try again shortly',
  },
  'error.storageFull': {
    'zh-CN': '文件存储空间已满，文件未保存，请联系管理员',
    'en-US': 'The file store is full; the file was not kept. Tell your administrator',
  },
  'error.payloadTooLarge': { 'zh-CN': '文件过大，最大 {max}', 'en-US': 'The file is too large; at most {max}' },
  'error.bodyTooLarge': {
    'zh-CN': '请求内容过大，最大 {max}',
    'en-US': 'The request body is too large; at most {max}',
  },
  'error.urlInvalid': {
    'zh-CN': '请求地址的编码无效',
    'en-US': 'The address is not validly encoded',
  },
  'error.jsonInvalid': { 'zh-CN': '请求内容不是有效的 JSON', 'en-US': 'The body is not valid JSON' },
  'error.bodyEmpty': {
    'zh-CN': '请求内容为空，请发送 JSON 对象',
    'en-US': 'The body is empty; send a JSON object',
  },
  'error.contentType': {
    'zh-CN': '不支持的内容类型，请按接口文档发送（JSON、表单或文件）',
    'en-US': 'Unsupported content type; send what the call documents (JSON, a form or a file)',
  },
  'error.contentLength': { 'zh-CN': '请求长度与内容不符', 'en-US': 'Content-Length does not match the body' },
  ...VALIDATION_MESSAGES,
};

export function defineMessages(messages: Catalogue): void {
  for (const [key, value] of Object.entries(messages)) {
    if (catalogue[key]) throw new Error(`message ${key} defined twice`);
    catalogue[key] = value;
  }
}

export function hasMessage(key: string): boolean {
  return key in catalogue;
}

const MONEY = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * A parameter as a text shows it, in the formats of the screens: a plate (`{plate}`, `{carPlate}`) as 浙A·D12345,
 * an amount of yuan (`{amount}`, `{totalAmount}`) as ¥47,200.00.
 */
function paramValue(name: string, value: string | number): string {
  if (typeof value === 'string' && /plate$/i.test(name)) return formatPlate(value);
  if (/amount$/i.test(name) && value !== '' && Number.isFinite(Number(value))) {
    const yuan = Number(value);
    return `${yuan < 0 ? '-' : ''}¥${MONEY.format(Math.abs(yuan))}`;
  }
  return String(value);
}

export function translate(lang: Lang, key: string, params?: Record<string, string | number>): string {
  const entry = catalogue[key];
  const text = entry ? entry[lang] : key;
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? paramValue(name, params[name]!) : m));
}

/**
 * A parameter of a stored text: a value shown as it is (a plate, a date, an amount, a name), or a value of an enum
 * (a state, a category, a kind) shown through that enum's titles (`defineTitles`) in the reader's language.
 */
export type TextParam = string | number | { title: string; value: string };
export type TextParams = Record<string, TextParam>;

/**
 * A text stored as a key of the message catalogue and its parameters (message-centre messages, contract history
 * remarks): rendered in the reader's language when read, never stored as a sentence of one language.
 */
export interface KeyedText {
  key: string;
  params?: TextParams;
}

type Titles = (value: string) => LocalText | undefined;
const titleSets = new Map<string, Titles>();

/**
 * The titles of an enum that stored texts name in their parameters (`{ title: 'contractState', value: 'signed' }`):
 * a record of the contracts package (`CONTRACT_STATE_TITLES`) or a lookup (approval types, registered by areas).
 */
export function defineTitles(name: string, titles: Readonly<Record<string, LocalText>> | Titles): void {
  if (titleSets.has(name)) throw new Error(`titles ${name} defined twice`);
  titleSets.set(name, typeof titles === 'function' ? titles : (value) => titles[value]);
}

function paramText(lang: Lang, p: TextParam): string | number {
  if (typeof p !== 'object' || p === null) return p;
  return titleSets.get(p.title)?.(p.value)?.[lang] ?? p.value;
}

/** A keyed text in a language: its parameters first (enum values through their titles), then the message. */
export function renderText(lang: Lang, text: KeyedText): string {
  const params: Record<string, string | number> = {};
  for (const [name, p] of Object.entries(text.params ?? {})) params[name] = paramText(lang, p);
  return translate(lang, text.key, params);
}

/** A keyed text as it is stored: its key and parameters, and its Chinese rendering for the old text column. */
export function storedText(text: KeyedText | string): { text: string; key: string | null; params: TextParams | null } {
  if (typeof text === 'string') return { text, key: null, params: null };
  return { text: renderText('zh-CN', text), key: text.key, params: text.params ?? null };
}

/**
 * What a reader shows of a stored text: its key and parameters in the reader's language, or, for a row written
 * before texts were stored as keys (no key, or a key no longer in the catalogue), the text it stored.
 */
export function renderStored<T extends string | null>(
  lang: Lang,
  key: string | null | undefined,
  params: unknown,
  stored: T,
): string | T {
  if (!key || !hasMessage(key)) return stored;
  const p = params && typeof params === 'object' && !Array.isArray(params) ? (params as TextParams) : undefined;
  return renderText(lang, { key, params: p });
}

/**
 * The language of an `Accept-Language` header (RFC 9110: q-weights, the first of equal weights wins): the
 * most wanted of Chinese and English; zh-CN when neither is asked for.
 */
export function resolveLang(header: string | undefined): Lang {
  if (!header) return 'zh-CN';
  let best: { lang: Lang; q: number } | null = null;
  for (const part of header.split(',').slice(0, 20)) {
    const [range = '', ...params] = part.trim().toLowerCase().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0 || q > 1) continue;
    const lang: Lang | null = range.startsWith('en') ? 'en-US' : range.startsWith('zh') ? 'zh-CN' : null;
    if (lang && (!best || q > best.q)) best = { lang, q };
  }
  return best?.lang ?? 'zh-CN';
}
