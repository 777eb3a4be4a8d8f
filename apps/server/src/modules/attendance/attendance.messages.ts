import { defineMessages } from '../../core/i18n.js';

defineMessages({
  'attendance.endsBeforeStart': {
    'zh-CN': '结束日期不能早于开始日期',
    'en-US': 'The last day cannot be before the first',
  },
});
