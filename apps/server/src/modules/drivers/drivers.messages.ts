import { DRIVER_VALIDATION_MESSAGES } from '@fleetdesk/contracts/drivers';
import { defineMessages, defineTitles, hasMessage } from '../../core/i18n.js';

// The schemas' own `v.*` messages, for the field errors this area's services raise with those keys.
defineMessages(Object.fromEntries(Object.entries(DRIVER_VALIDATION_MESSAGES).filter(([key]) => !hasMessage(key))));

defineMessages({
  'drivers.notFound': { 'zh-CN': '司机不存在', 'en-US': 'No such driver' },
  'drivers.noRent': {
    'zh-CN': '请先选择司机所属公司',
    'en-US': 'Choose the company (rent) the driver belongs to first',
  },
  'drivers.rentNotYours': {
    'zh-CN': '只能选择您可操作的公司',
    'en-US': 'Choose one of the companies you may act in',
  },
  'drivers.phoneTaken': {
    'zh-CN': '手机号 {phone} 已被司机“{name}”使用',
    'en-US': 'Phone {phone} is already used by driver "{name}"',
  },
  'drivers.idActive': {
    'zh-CN': '身份证号 {idNumber} 已有在职司机“{name}”（{rent}），同一身份证号只能有一名在职司机',
    'en-US':
      'ID number {idNumber} belongs to active driver "{name}" ({rent}); only one driver per ID number can be active',
  },
  'drivers.idBlacklisted': {
    'zh-CN': '该身份证号已被{rent}拉黑（{reason}），不能设为在职',
    'en-US': 'This ID number is blacklisted by {rent} ({reason}); the driver cannot be activated',
  },
  'drivers.labelNotFound': { 'zh-CN': '司机标签不存在', 'en-US': 'No such driver label' },
  'drivers.transitionRefused': {
    'zh-CN': '司机当前状态为“{state}”，不能执行“{action}”',
    'en-US': 'The driver is "{state}"; "{action}" is not possible',
  },
  'drivers.deleteRefused': {
    'zh-CN': '只能删除没有任何记录的意向司机',
    'en-US': 'Only a prospect with no history can be deleted',
  },
  'drivers.notDeleted': { 'zh-CN': '司机未被删除', 'en-US': 'The driver is not deleted' },
  'drivers.restorePhoneTaken': {
    'zh-CN': '手机号 {phone} 已被其他司机使用，不能恢复',
    'en-US': 'Phone {phone} is used by another driver now; the driver cannot be restored',
  },
  'drivers.import.phoneExists': { 'zh-CN': '手机号已被其他司机使用', 'en-US': 'Another driver has this phone' },
  'drivers.import.idActive': {
    'zh-CN': '该身份证号已有在职司机，导入为“意向”状态时请勿设为在职',
    'en-US': 'An active driver has this ID number; the row cannot be imported as active',
  },
  'drivers.import.blacklisted': {
    'zh-CN': '该身份证号在黑名单中，仍会以意向状态导入，请核对',
    'en-US': 'This ID number is blacklisted; the row imports as a prospect, but check it',
  },
});

// The document reminders of the message centre (`drivers.reminders.ts`), stored as keys and shown in the reader's
// language.
defineMessages({
  'drivers.reminder.expiredTitle': { 'zh-CN': '{document}已过期', 'en-US': 'Expired: {document}' },
  'drivers.reminder.soonTitle': { 'zh-CN': '{document}即将到期', 'en-US': 'Expiring soon: {document}' },
  'drivers.reminder.expired': {
    'zh-CN': '司机 {name} 的{document}已于 {date} 过期，请尽快更新证件。',
    'en-US': "Driver {name}'s {document} expired on {date}; have it renewed soon.",
  },
  'drivers.reminder.soon': {
    'zh-CN': '司机 {name} 的{document}将于 {date} 到期，请提醒司机及时换证。',
    'en-US': "Driver {name}'s {document} expires on {date}; remind the driver to renew it.",
  },
});

/** The documents named in those reminders (`{ title: 'driverDocument', value }`). */
defineTitles('driverDocument', {
  licence: { 'zh-CN': '驾驶证', 'en-US': 'driving licence' },
  certificate: { 'zh-CN': '网约车驾驶员证', 'en-US': 'ride-hailing driver certificate' },
});
