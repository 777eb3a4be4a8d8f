import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Password, RegisterTenant } from '@fleetdesk/contracts/auth';
import { i18n, setLanguage } from '../i18n';
import { fieldErrors } from '../validation';

const t = i18n.t.bind(i18n);

describe('form messages from the contracts schemas', () => {
  it("use the contracts' own texts for their keys, in the current language", async () => {
    await setLanguage('zh-CN');
    const result = RegisterTenant.safeParse({
      phone: '123',
      verify: 'abc',
      companyName: 'A',
      city: '杭州',
      contactName: '',
      username: '9lives',
      password: 'short',
    });
    expect(result.success).toBe(false);
    const errors = fieldErrors(result.error!, t);
    expect(errors).toMatchObject({
      phone: '请输入正确的手机号码',
      verify: '请输入 6 位数字验证码',
      companyName: '至少 2 个字符',
      contactName: '必填',
      password: '密码至少 8 位',
    });
    expect(errors.username).toMatch(/^用户名以字母开头/);
    await setLanguage('en-US');
    const english = fieldErrors(Password.safeParse('abcdefgh').error!, t);
    expect(english['']).toBe('The password needs a digit');
    await setLanguage('zh-CN');
  });

  it('an empty choice asks to choose, not for another format', async () => {
    const form = z.object({ gender: z.enum(['male', 'female']), name: z.string().min(1) });
    await setLanguage('zh-CN');
    expect(fieldErrors(form.safeParse({ name: '' }).error!, t)).toEqual({ gender: '请选择', name: '必填' });
    await setLanguage('en-US');
    expect(fieldErrors(form.safeParse({ name: 'A' }).error!, t)).toEqual({ gender: 'Please choose' });
    await setLanguage('zh-CN');
  });
});
