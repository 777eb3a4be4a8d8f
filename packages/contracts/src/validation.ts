import type { LocalText } from './common.js';

/**
 * Custom validation messages of the contracts' schemas are keys (`v.*`); the server and the web translate
 * them with this table, so that one schema gives the same message on both sides.
 */
export const VALIDATION_MESSAGES: Record<string, LocalText> = {
  'v.mobile': { 'zh-CN': '请输入正确的手机号码', 'en-US': 'Enter a valid mobile number' },
  'v.passwordLength': { 'zh-CN': '密码至少 8 位', 'en-US': 'The password needs at least 8 characters' },
  'v.passwordLetter': { 'zh-CN': '密码需包含字母', 'en-US': 'The password needs a letter' },
  'v.passwordDigit': { 'zh-CN': '密码需包含数字', 'en-US': 'The password needs a digit' },
  'v.dateBounds': {
    'zh-CN': '日期须在 1900-01-01 至 2200-12-31 之间',
    'en-US': 'The date must lie between 1900-01-01 and 2200-12-31',
  },
  'v.month': { 'zh-CN': '月份格式为 YYYY-MM', 'en-US': 'A month is YYYY-MM' },
  'v.twoDecimals': { 'zh-CN': '金额最多两位小数', 'en-US': 'At most two decimals' },
  'v.code': { 'zh-CN': '请输入 6 位数字验证码', 'en-US': 'Enter the 6-digit code' },
  'v.required': { 'zh-CN': '必填', 'en-US': 'Required' },
  'v.smsVariable': {
    'zh-CN':
      '模板中有不支持的变量，可用：{name} {plate} {amount} {dueDate} {company} {contractNo} {endDate} {daysOverdue}',
    'en-US':
      'The template uses an unknown variable; available: {name} {plate} {amount} {dueDate} {company} {contractNo} {endDate} {daysOverdue}',
  },
  'v.badText': {
    'zh-CN': '包含无法保存的字符（空字符或不完整的 Unicode 字符）',
    'en-US': 'Contains characters that cannot be stored (a NUL or a broken Unicode character)',
  },
  'v.tooDeep': {
    'zh-CN': '数据嵌套层级过深（最多 32 层）',
    'en-US': 'The data nests too deep (at most 32 levels)',
  },
  'v.forbiddenKey': { 'zh-CN': '不允许的字段名', 'en-US': 'This field name is not allowed' },
  'v.username': {
    'zh-CN': '用户名以字母开头，只能包含字母、数字、点、下划线和短横线',
    'en-US': 'A username starts with a letter and has only letters, digits, dots, underscores and hyphens',
  },
};
