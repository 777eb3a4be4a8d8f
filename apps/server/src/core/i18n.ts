import type { Lang } from '@fleetdesk/contracts/common';
import { NO_PERMISSION_MESSAGE_ZH } from '@fleetdesk/contracts/errors';
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
  'error.payloadTooLarge': { 'zh-CN': '文件过大，最大 {max}', 'en-US': 'The file is too large; at most {max}' },
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

export function translate(lang: Lang, key: string, params?: Record<string, string | number>): string {
  const entry = catalogue[key];
  const text = entry ? entry[lang] : key;
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m));
}

/** The language of an `Accept-Language` header: en-US when English is preferred, else zh-CN. */
export function resolveLang(header: string | undefined): Lang {
  if (!header) return 'zh-CN';
  const first = header.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en-US' : 'zh-CN';
}
