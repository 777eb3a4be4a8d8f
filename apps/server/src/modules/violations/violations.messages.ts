import { VIOLATION_VALIDATION_MESSAGES } from '@fleetdesk/contracts/violations';
import { defineMessages, hasMessage } from '../../core/i18n.js';

defineMessages(Object.fromEntries(Object.entries(VIOLATION_VALIDATION_MESSAGES).filter(([key]) => !hasMessage(key))));

defineMessages({
  'violations.notFound': { 'zh-CN': '违章记录不存在', 'en-US': 'No such violation' },
  'violations.carNotFound': { 'zh-CN': '车辆不存在', 'en-US': 'No such car' },
  'violations.future': { 'zh-CN': '违章时间不能晚于现在', 'en-US': 'The violation cannot be in the future' },
  'violations.duplicateNo': {
    'zh-CN': '编号为 {no} 的违章已存在',
    'en-US': 'A violation numbered {no} already exists',
  },
  'violations.orderNotFound': { 'zh-CN': '查询订单不存在', 'en-US': 'No such query order' },
  'violations.attributedByUsage': {
    'zh-CN': '该违章发生在车辆的用车时段内，已按时段归属司机，不能手动更改',
    'en-US': "The violation falls in one of the car's usage periods: its driver comes from that period",
  },
  'violations.driverNotFound': {
    'zh-CN': '司机不存在或不在您可操作的公司',
    'en-US': 'No such driver in the companies you may act in',
  },
  'violations.nothingToQuery': {
    'zh-CN': '所选车辆都无法查询违章，请补全发动机号或车架号',
    'en-US': 'None of the selected cars can be queried; complete their engine numbers or VINs',
  },
  'violations.reason.noEngineNo': {
    'zh-CN': '该车缺少查询所需的发动机号',
    'en-US': 'The car lacks the engine number the query needs',
  },
  'violations.reason.noVin': { 'zh-CN': '该车缺少查询所需的车架号', 'en-US': 'The car lacks the VIN the query needs' },
  'violations.reason.unsupportedPlate': {
    'zh-CN': '暂不支持该号牌所在城市的违章查询',
    'en-US': "Violation queries are not offered for this plate's city",
  },
  'violations.reason.notFound': { 'zh-CN': '车辆不存在', 'en-US': 'No such car' },
});

// The over-limit reminders of the message centre (`violations.reminders.ts`), shown in the reader's language.
defineMessages({
  'violations.reminder.carTitle': { 'zh-CN': '车辆违章超限', 'en-US': 'Car over the violation limits' },
  'violations.reminder.driverTitle': { 'zh-CN': '司机违章超限', 'en-US': 'Driver over the violation limits' },
  'violations.reminder.car': {
    'zh-CN': '车辆 {name} 未处理违章累计 {points} 分、罚款 {fineAmount}，已达到违章提醒上限，请尽快处理。',
    'en-US':
      'Car {name} has {points} points and {fineAmount} of fines in unhandled violations, at the reminder limit; handle them soon.',
  },
  'violations.reminder.driver': {
    'zh-CN': '司机 {name} 未处理违章累计 {points} 分、罚款 {fineAmount}，已达到违章提醒上限，请及时提醒司机处理。',
    'en-US':
      'Driver {name} has {points} points and {fineAmount} of fines in unhandled violations, at the reminder limit; remind the driver to handle them.',
  },
});
