import { defineActionTitles } from '../../core/audit.js';
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
  'attendance.import.unknownEmployee': {
    'zh-CN': '没有用户名或手机号为“{value}”的员工',
    'en-US': 'No employee has the username or mobile number "{value}"',
  },
  'attendance.import.notTime': {
    'zh-CN': '时间格式不正确，请填写如 09:05',
    'en-US': 'Not a time; write it like 09:05',
  },
  'attendance.import.outBeforeIn': {
    'zh-CN': '下班时间须晚于上班时间',
    'en-US': 'The clock-out must be after the clock-in',
  },
  'attendance.import.futureDay': { 'zh-CN': '日期不能晚于今天', 'en-US': 'The date cannot be after today' },
  'attendance.import.futureTime': { 'zh-CN': '时间不能晚于现在', 'en-US': 'The time cannot be later than now' },
  'attendance.import.alreadyIn': {
    'zh-CN': '该员工当天已有上班打卡记录',
    'en-US': 'The employee already has a clock-in on that day',
  },
});

// The import's operation-log entries, written by the import itself.
defineActionTitles({ 'attendance.import': { 'zh-CN': '考勤 · 导入打卡', 'en-US': 'Attendance · Punches imported' } });
