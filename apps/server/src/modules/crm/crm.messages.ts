import {
  CRM_VALIDATION_MESSAGES,
  FOLLOW_UP_WAY_TITLES,
  LEAD_CONTRACT_KIND_TITLES,
  LEAD_INTENT_TITLES,
  LEAD_KIND_TITLES,
  LEAD_SOURCE_TITLES,
  LEAD_STATE_TITLES,
  OWNER_LOG_ACTION_TITLES,
} from '@fleetdesk/contracts/crm';
import { defineMessages, defineTitles, hasMessage } from '../../core/i18n.js';

// The schemas' own `v.*` messages, for the field errors this area's services raise with those keys.
defineMessages(Object.fromEntries(Object.entries(CRM_VALIDATION_MESSAGES).filter(([key]) => !hasMessage(key))));

// Enum parameters of texts stored as keys (docs/architecture.md, "Texts stored as keys").
defineTitles('crmLeadState', LEAD_STATE_TITLES);
defineTitles('crmLeadSource', LEAD_SOURCE_TITLES);
defineTitles('crmLeadIntent', LEAD_INTENT_TITLES);
defineTitles('crmLeadKind', LEAD_KIND_TITLES);
defineTitles('crmContractKind', LEAD_CONTRACT_KIND_TITLES);
defineTitles('crmFollowUpWay', FOLLOW_UP_WAY_TITLES);
defineTitles('crmOwnerAction', OWNER_LOG_ACTION_TITLES);

/** Leads, follow-ups, the pool and the conversion (Helper 1); surveys, the form and the funnel keep their own. */
defineMessages({
  'crm.leadNotFound': { 'zh-CN': '线索不存在', 'en-US': 'No such lead' },
  'crm.duplicatePhone': {
    'zh-CN': '手机号 {phone} 已有未结束的线索（负责人：{owner}）',
    'en-US': 'Phone {phone} belongs to an open lead already (owner: {owner})',
  },
  'crm.duplicatePhonePool': {
    'zh-CN': '手机号 {phone} 已有未结束的线索（在公海中）',
    'en-US': 'Phone {phone} belongs to an open lead already (in the pool)',
  },
  'crm.stale': {
    'zh-CN': '线索已被他人修改，请刷新后重试',
    'en-US': 'Someone changed the lead meanwhile; reload it and try again',
  },
  'crm.ownScope': {
    'zh-CN': '您的数据范围为“本人”，只能查看本人的线索和公海',
    'en-US': 'Your data scope is "own records": you see your own leads and the pool only',
  },
  'crm.transitionRefused': {
    'zh-CN': '线索状态为“{from}”，不能改为“{to}”',
    'en-US': 'A lead in state "{from}" cannot become "{to}"',
  },
  'crm.closedLead': {
    'zh-CN': '线索已{state}，不能执行此操作',
    'en-US': 'The lead is {state}; this is not possible any more',
  },
  'crm.notInPool': { 'zh-CN': '线索“{name}”已有负责人，不能领取', 'en-US': 'Lead "{name}" has an owner already' },
  'crm.notOwner': {
    'zh-CN': '只有线索负责人或有分配权限的人可以操作',
    'en-US': 'Only the owner of the lead or someone who may assign leads can do this',
  },
  'crm.assignForbidden': {
    'zh-CN': '指定他人为负责人需要“分配”权限',
    'en-US': 'Making someone else the owner needs the assign permission',
  },
  'crm.ownerNotFound': {
    'zh-CN': '负责人不存在、已停用或无权查看该公司的线索',
    'en-US': 'The owner does not exist, is disabled, or may not see leads of this company',
  },
  'crm.claimLimit': {
    'zh-CN': '今日最多领取 {limit} 条线索，已领取 {used} 条',
    'en-US': 'At most {limit} leads may be claimed a day; {used} claimed today',
  },
  'crm.maxOwned': {
    'zh-CN': '{name} 最多负责 {limit} 条未结束的线索，当前 {owned} 条',
    'en-US': '{name} may own at most {limit} open leads and owns {owned}',
  },
  'crm.alreadyWon': { 'zh-CN': '线索已成交，不能重复转化', 'en-US': 'The lead was converted already' },
  'crm.driverExists': {
    'zh-CN': '已有司机“{name}”使用该手机号或身份证号',
    'en-US': 'Driver "{name}" has this phone or ID number already',
  },
  'crm.labelNotFound': { 'zh-CN': '客户标签不存在', 'en-US': 'No such customer label' },
  'crm.followUpFuture': {
    'zh-CN': '跟进时间不能晚于现在',
    'en-US': 'A follow-up cannot lie in the future',
  },
  'crm.nextInPast': {
    'zh-CN': '下次跟进时间须晚于本次跟进时间',
    'en-US': 'The next follow-up must come after this one',
  },
  // message centre
  'crm.followUpOverdueTitle': { 'zh-CN': '线索跟进已逾期', 'en-US': 'Follow-up overdue' },
  'crm.followUpOverdue': {
    'zh-CN': '线索“{name}”计划于 {at} 跟进，已逾期，请尽快联系客户。',
    'en-US': 'Lead "{name}" was to be followed up at {at}; the time has passed, please contact the customer.',
  },
  'crm.leadReturnedTitle': { 'zh-CN': '线索已退回公海', 'en-US': 'Lead returned to the pool' },
  'crm.leadReturned': {
    'zh-CN': '线索“{name}”已 {days} 天未跟进，已退回公海。',
    'en-US': 'Lead "{name}" had no follow-up for {days} days and went back to the pool.',
  },
  'crm.leadAgainTitle': { 'zh-CN': '客户再次留下联系方式', 'en-US': 'The customer left his number again' },
  'crm.leadAgain': {
    'zh-CN': '线索“{name}”（{phone}）通过在线表单再次提交了信息，请及时跟进。',
    'en-US': 'Lead "{name}" ({phone}) submitted the online form again; please follow up.',
  },
  // import
  'crm.importOwnerNotFound': { 'zh-CN': '负责人“{name}”不存在', 'en-US': 'No employee named "{name}"' },
  'crm.importRentNotFound': { 'zh-CN': '公司“{name}”不存在或无权操作', 'en-US': 'No company "{name}" in your scope' },
});
