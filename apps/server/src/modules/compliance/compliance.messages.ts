import { COMPLIANCE_VALIDATION_MESSAGES } from '@fleetdesk/contracts/compliance';
import { defineMessages, defineTitles, hasMessage } from '../../core/i18n.js';

// The schemas' own `v.*` messages, for the field errors this area's services raise with those keys.
defineMessages(Object.fromEntries(Object.entries(COMPLIANCE_VALIDATION_MESSAGES).filter(([key]) => !hasMessage(key))));

defineMessages({
  'compliance.licenseNotFound': { 'zh-CN': '证照不存在', 'en-US': 'No such licence' },
  'compliance.policyNotFound': { 'zh-CN': '保单不存在', 'en-US': 'No such policy' },
  'compliance.inspectionNotFound': { 'zh-CN': '年检记录不存在', 'en-US': 'No such inspection' },
  'compliance.accidentNotFound': { 'zh-CN': '事故记录不存在', 'en-US': 'No such accident' },
  'compliance.policyNoTaken': {
    'zh-CN': '保单号 {policyNo} 已登记',
    'en-US': 'Policy {policyNo} is already recorded',
  },
  'compliance.futureDate': { 'zh-CN': '日期不能晚于今天', 'en-US': 'The date is after today' },
  'compliance.futureTime': { 'zh-CN': '时间不能晚于现在', 'en-US': 'The time is in the future' },
  'compliance.driverNotFound': { 'zh-CN': '司机不存在', 'en-US': 'No such driver' },
  'compliance.accidentTransition': {
    'zh-CN': '事故当前状态为“{from}”，不能改为“{to}”',
    'en-US': 'The accident is "{from}"; it cannot become "{to}"',
  },
  'compliance.accidentFinal': {
    'zh-CN': '事故已“{state}”，不能再修改',
    'en-US': 'The accident is "{state}" and can no longer be changed',
  },
  'compliance.accidentNotDeletable': {
    'zh-CN': '事故已“{state}”，不能删除（只能删除已报案或已撤销的记录）',
    'en-US': 'The accident is "{state}"; only reported or cancelled ones can be deleted',
  },
  'compliance.claimNoNeeded': {
    'zh-CN': '请先填写保险报案号再索赔',
    'en-US': 'Enter the insurance claim number before claiming',
  },
  'compliance.settledNeeded': {
    'zh-CN': '请先填写理赔到账金额',
    'en-US': 'Enter the settled amount first',
  },
});

// The vehicle reminders of the message centre (`reminders.ts`), stored as keys and shown in the reader's language.
defineMessages({
  'compliance.reminder.expiredTitle': { 'zh-CN': '{kind}已过期', 'en-US': 'Overdue: {kind}' },
  'compliance.reminder.soonTitle': { 'zh-CN': '{kind}即将到期', 'en-US': 'Due soon: {kind}' },
  'compliance.reminder.expired': {
    'zh-CN': '车辆 {plate} 的{kind}已于 {date} 到期，请尽快办理。',
    'en-US': 'Car {plate}: {kind} was due on {date}; see to it soon.',
  },
  'compliance.reminder.soon': {
    'zh-CN': '车辆 {plate} 的{kind}将于 {date} 到期，请及时办理。',
    'en-US': 'Car {plate}: {kind} is due on {date}; see to it in time.',
  },
});

/** What those reminders are about (`{ title: 'complianceReminder', value }`): licence kinds, policies, inspection. */
defineTitles('complianceReminder', {
  vehicle: { 'zh-CN': '行驶证检验有效期', 'en-US': 'vehicle licence check' },
  transport: { 'zh-CN': '网约车运输证', 'en-US': 'ride-hailing transport permit' },
  compulsory: { 'zh-CN': '交强险', 'en-US': 'compulsory insurance' },
  commercial: { 'zh-CN': '商业险', 'en-US': 'commercial insurance' },
  inspection: { 'zh-CN': '年检', 'en-US': 'annual inspection' },
});
