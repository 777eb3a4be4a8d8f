import type { Lang } from '@fleetdesk/contracts/common';
import { defineMessages, translate } from '../i18n.js';

/**
 * What a clerk reads for an SMS the gateway refused: the provider's code (Alibaba Cloud's documented SendSms
 * error codes, the sandbox's and our own refusals) as a sentence in the reader's language. The provider's own
 * words stay in `error` for whoever investigates.
 */
const REASONS: readonly { match: RegExp; key: string; zh: string; en: string }[] = [
  {
    match: /MOBILE_NUMBER_ILLEGAL|number unreachable|MOBILE_ILLEGAL/i,
    key: 'smsFailure.number',
    zh: '手机号无效或无法接收短信',
    en: 'The phone number is invalid or cannot receive text messages',
  },
  {
    match: /BUSINESS_LIMIT_CONTROL|DAY_LIMIT_CONTROL|MOBILE_COUNT_OVER_LIMIT|Throttling/i,
    key: 'smsFailure.limit',
    zh: '发送过于频繁，已被短信平台限流，请稍后再试',
    en: 'Too many messages to this number: the SMS provider held it back; try again later',
  },
  {
    match: /AMOUNT_NOT_ENOUGH|OUT_OF_SERVICE/i,
    key: 'smsFailure.account',
    zh: '短信平台账户余额不足或已停用，请联系管理员',
    en: 'The SMS provider account is out of credit or suspended; ask the administrator',
  },
  {
    match: /TEMPLATE|template code/i,
    key: 'smsFailure.template',
    zh: '短信模板未审核通过或参数不全',
    en: 'The SMS template is not approved or lacks a value',
  },
  {
    match: /SIGNATURE/i,
    key: 'smsFailure.signature',
    zh: '短信签名未审核通过',
    en: 'The SMS signature is not approved',
  },
  {
    match: /BLACK_KEY|BLACKLIST|content/i,
    key: 'smsFailure.content',
    zh: '短信内容含有平台禁止的词语',
    en: 'The text contains words the SMS provider does not allow',
  },
  {
    match: /timed out|timeout/i,
    key: 'smsFailure.timeout',
    zh: '短信平台未及时响应',
    en: 'The SMS provider did not answer in time',
  },
];

defineMessages({
  ...Object.fromEntries(REASONS.map((r) => [r.key, { 'zh-CN': r.zh, 'en-US': r.en }])),
  'smsFailure.other': { 'zh-CN': '短信平台拒绝发送', 'en-US': 'The SMS provider refused the message' },
});

/** The failure of a stored message in the reader's language (null when it did not fail). */
export function smsFailureReason(error: string | null | undefined, lang: Lang): string | null {
  if (!error) return null;
  const known = REASONS.find((r) => r.match.test(error));
  return translate(lang, known?.key ?? 'smsFailure.other');
}
