import { defineMessages } from '../../core/i18n.js';

/** The public lead form and its settings (docs/crm.md, "The public lead form"). */
defineMessages({
  'crm.formInvalid': { 'zh-CN': '表单不存在或已停用', 'en-US': 'This form does not exist or is switched off' },
  'crm.formStale': {
    'zh-CN': '表单设置已被他人修改，请刷新后重试',
    'en-US': 'Someone changed the form settings meanwhile; reload and try again',
  },
  'crm.formOwnerNotFound': {
    'zh-CN': '负责人不存在、已停用或不能管理该公司的线索',
    'en-US': 'The owner does not exist, is disabled or cannot own leads of this branch',
  },
  'crm.formAgainTitle': { 'zh-CN': '客户再次留言', 'en-US': 'A customer left his number again' },
  'crm.formAgainText': {
    'zh-CN': '线索“{name}”（{phone}）再次通过在线表单留下了联系方式，请及时跟进。{message}',
    'en-US': 'Lead "{name}" ({phone}) left the number again through the online form; follow it up soon. {message}',
  },
});
