import { describe, expect, it } from 'vitest';
import { smsFailureReason } from '../sms-failures.js';

describe("an SMS failure in the reader's language", () => {
  it("names Alibaba Cloud's documented codes, the sandbox's and our own refusals", () => {
    const cases: [string, string][] = [
      ['aliyun: isv.MOBILE_NUMBER_ILLEGAL 非法手机号', '手机号无效或无法接收短信'],
      ['sandbox: number unreachable (ends in 0000)', '手机号无效或无法接收短信'],
      ['aliyun: isv.BUSINESS_LIMIT_CONTROL 触发分钟级流控Permits:1', '发送过于频繁，已被短信平台限流，请稍后再试'],
      ['aliyun: isv.AMOUNT_NOT_ENOUGH 账户余额不足', '短信平台账户余额不足或已停用，请联系管理员'],
      ['aliyun: isv.SMS_TEMPLATE_ILLEGAL 模板不合法', '短信模板未审核通过或参数不全'],
      ['aliyun: a template code is required', '短信模板未审核通过或参数不全'],
      ['aliyun: isv.SMS_SIGNATURE_ILLEGAL 签名不合法', '短信签名未审核通过'],
      ['aliyun: isv.BLACK_KEY_CONTROL_LIMIT 黑名单管控', '短信内容含有平台禁止的词语'],
      ['aliyun: 503', '短信平台拒绝发送'],
    ];
    for (const [raw, zh] of cases) expect(smsFailureReason(raw, 'zh-CN'), raw).toBe(zh);
    expect(smsFailureReason('aliyun: isv.MOBILE_NUMBER_ILLEGAL', 'en-US')).toBe(
      'The phone number is invalid or cannot receive text messages',
    );
  });

  it('is null for a message that did not fail', () => {
    expect(smsFailureReason(null, 'zh-CN')).toBeNull();
    expect(smsFailureReason('', 'en-US')).toBeNull();
  });
});
