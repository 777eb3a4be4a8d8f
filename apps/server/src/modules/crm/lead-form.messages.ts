import { defineMessages } from '../../core/i18n.js';

/** The public lead form and its settings (docs/crm.md, "The public lead form"). */
defineMessages({
  'crm.formInvalid': { 'zh-CN': '表单不存在或已停用', 'en-US': 'This form does not exist or is switched off' },
  'crm.formStale': {
    'zh-CN': '表单设置已被他人修改，请刷新后重试',
    'en-US': 'Someone changed the form settings meanwhile; reload and try again',
  },
});
