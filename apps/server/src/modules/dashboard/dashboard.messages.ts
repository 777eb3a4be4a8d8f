import { FEEDBACK_VALIDATION_MESSAGES } from '@fleetdesk/contracts/feedback';
import { defineMessages, hasMessage } from '../../core/i18n.js';

// The schemas' own `v.*` messages, for the field errors raised with those keys.
defineMessages(Object.fromEntries(Object.entries(FEEDBACK_VALIDATION_MESSAGES).filter(([key]) => !hasMessage(key))));

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
  'feedback.operatorOnly': {
    'zh-CN': '只有平台运营方可以查看和回复用户反馈',
    'en-US': "Only the platform's operator reads and answers feedback",
  },
  'feedback.notFound': { 'zh-CN': '该反馈不存在', 'en-US': 'No such feedback' },
  'feedback.answeredTitle': { 'zh-CN': '您的反馈有了回复', 'en-US': 'Your feedback was answered' },
  'feedback.answeredText': {
    'zh-CN': 'Fleetdesk 回复了您的反馈「{excerpt}」，点击查看。',
    'en-US': 'Fleetdesk answered your feedback "{excerpt}". Open it to read the answer.',
  },
  'feedback.closedTitle': { 'zh-CN': '您的反馈已处理完毕', 'en-US': 'Your feedback was closed' },
  'feedback.closedText': {
    'zh-CN': 'Fleetdesk 已处理完您的反馈「{excerpt}」，点击查看说明。',
    'en-US': 'Fleetdesk closed your feedback "{excerpt}". Open it to read the note.',
  },
});
