import { COMPLIANCE_VALIDATION_MESSAGES } from '@fleetdesk/contracts/compliance';
import { defineMessages, hasMessage } from '../../core/i18n.js';

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
