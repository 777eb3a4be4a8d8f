import { defineMessages } from '../../../core/i18n.js';

defineMessages({
  'gpsRisk.notFound': { 'zh-CN': '风控案件不存在', 'en-US': 'No such risk case' },
  'gpsRisk.closed': { 'zh-CN': '该风控案件已关闭', 'en-US': 'The risk case is closed' },
  'gpsRisk.notProposable': {
    'zh-CN': '该案件当前状态不能提议断油（已有断油审批或指令在进行中）',
    'en-US': 'A fuel cut cannot be proposed in this state (an approval or a command is under way)',
  },
  'gpsRisk.noOpenReason': {
    'zh-CN': '该案件已没有断油的理由：欠租为 0，触发的规则也已不成立（车辆已不在租），不能提议断油',
    'en-US':
      'The case no longer gives a reason for a fuel cut: nothing is overdue and the rule that fired no longer holds (the car is not rented any more)',
  },
  'gpsRisk.noDevice': {
    'zh-CN': '该车辆没有可下发指令的定位设备',
    'en-US': 'The car has no tracker to send the command to',
  },
});
