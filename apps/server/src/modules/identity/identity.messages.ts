import { defineMessages } from '../../core/i18n.js';

defineMessages({
  'auth.codeWrong': { 'zh-CN': '验证码错误或已失效', 'en-US': 'The code is wrong or has expired' },
  'auth.oldPasswordWrong': { 'zh-CN': '原密码错误', 'en-US': 'The current password is wrong' },
  'auth.passwordUnchanged': {
    'zh-CN': '新密码不能与原密码相同',
    'en-US': 'The new password must differ from the current one',
  },
  'auth.phoneNotRegistered': { 'zh-CN': '该手机号未注册', 'en-US': 'This phone number is not registered' },
  'qr.expired': {
    'zh-CN': '二维码已过期，请在电脑上刷新',
    'en-US': 'The QR code has expired; refresh it on the computer',
  },
  'qr.used': { 'zh-CN': '二维码已被使用', 'en-US': 'This QR code has already been used' },
  'register.phoneTaken': {
    'zh-CN': '该手机号已注册，请直接登录',
    'en-US': 'This phone number is already registered; sign in instead',
  },
  'register.usernameTaken': { 'zh-CN': '用户名已被占用', 'en-US': 'This username is taken' },
});
