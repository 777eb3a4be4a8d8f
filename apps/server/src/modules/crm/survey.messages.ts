import { SURVEY_VALIDATION_MESSAGES } from '@fleetdesk/contracts/surveys';
import { defineMessages, hasMessage } from '../../core/i18n.js';

// The schemas' own `v.*` messages, for the field errors the survey services raise with those keys.
defineMessages(Object.fromEntries(Object.entries(SURVEY_VALIDATION_MESSAGES).filter(([key]) => !hasMessage(key))));

/** Surveys and their open link (docs/crm.md, "Surveys"). */
defineMessages({
  'survey.notFound': { 'zh-CN': '问卷不存在', 'en-US': 'No such survey' },
  'survey.stale': {
    'zh-CN': '问卷已被他人修改，请刷新后重试',
    'en-US': 'Someone changed the survey meanwhile; reload and try again',
  },
  'survey.notDraft': {
    'zh-CN': '只有草稿状态的问卷可以修改题目',
    'en-US': 'Only a draft survey’s questions can change',
  },
  'survey.closedEdit': { 'zh-CN': '问卷已结束，不能修改', 'en-US': 'The survey is closed and cannot change' },
  'survey.badState': {
    'zh-CN': '问卷当前为“{state}”，不能{action}',
    'en-US': 'The survey is {state}; it cannot be {action}',
  },
  'survey.actionPublish': { 'zh-CN': '发布', 'en-US': 'published' },
  'survey.actionClose': { 'zh-CN': '结束', 'en-US': 'closed' },
  'survey.actionSend': { 'zh-CN': '发送', 'en-US': 'sent' },
  'survey.inUse': {
    'zh-CN': '问卷已发出 {count} 份邀请，不能删除；请结束问卷',
    'en-US': 'The survey has {count} invitations and cannot be deleted; close it instead',
  },
  'survey.recipientNotFound': {
    'zh-CN': '所选司机或线索不存在或不在您的数据范围内',
    'en-US': 'A chosen driver or lead does not exist or is outside your data scope',
  },
  'survey.noRecipients': {
    'zh-CN': '所选对象都没有可用的手机号（或线索已流失）',
    'en-US': 'None of the chosen people has a usable mobile number (or the leads are lost)',
  },
  'survey.templateDisabled': {
    'zh-CN': '问卷邀请短信模板已停用，请在短信模板中启用',
    'en-US': 'The survey invitation SMS template is disabled; enable it among the SMS templates',
  },
  'survey.linkInvalid': { 'zh-CN': '问卷链接无效', 'en-US': 'This survey link is not valid' },
  'survey.linkExpired': { 'zh-CN': '问卷链接已过期', 'en-US': 'This survey link has expired' },
  'survey.answered': {
    'zh-CN': '您已提交过此问卷，感谢参与',
    'en-US': 'You have answered this survey already, thank you',
  },
  'survey.closed': { 'zh-CN': '问卷已结束', 'en-US': 'This survey is closed' },
  'survey.answersInvalid': {
    'zh-CN': '有 {count} 道题的回答需要修改',
    'en-US': '{count} answers need changing',
  },
  'survey.forbiddenLead': {
    'zh-CN': '查看线索的问卷回答需要客户管理权限',
    'en-US': 'A lead’s survey answers need the CRM permission',
  },
});
