import { defineMessages } from '../../core/i18n.js';

defineMessages({
  'attendance.endsBeforeStart': {
    'zh-CN': '结束日期不能早于开始日期',
    'en-US': 'The last day cannot be before the first',
  },
  'attendance.departmentNotFound': { 'zh-CN': '部门不存在', 'en-US': 'No such department' },
  'attendance.shiftNotFound': { 'zh-CN': '班次不存在', 'en-US': 'No such shift' },
  'attendance.alreadyIn': { 'zh-CN': '今天已经打过上班卡', 'en-US': 'You have clocked in today already' },
  'attendance.notIn': { 'zh-CN': '请先打上班卡', 'en-US': 'Clock in first' },
});
