import { REPORT_GROUP_TITLES } from '@fleetdesk/contracts/dashboard';
import { defineMessages, defineTitles } from '../../core/i18n.js';

defineTitles('reportGroup', REPORT_GROUP_TITLES);

/** The home dashboard (issue 37, docs/dashboard.md). */
defineMessages({
  'dashboard.rangeTooLong': {
    'zh-CN': '按日查看最多 {max} 天，请缩短日期范围',
    'en-US': 'A report by day covers at most {max} days; shorten the range',
  },
  'dashboard.monthsTooMany': {
    'zh-CN': '按月查看最多 {max} 个月，请缩短日期范围',
    'en-US': 'A report by month covers at most {max} months; shorten the range',
  },
  'dashboard.exportName': { 'zh-CN': '经营日报', 'en-US': 'Daily reports' },
});
