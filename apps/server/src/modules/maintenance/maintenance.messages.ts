import {
  KM_SOURCE_TITLES,
  MAINTENANCE_VALIDATION_MESSAGES,
  ORDER_EVENT_KIND_TITLES,
  PAYER_TITLES,
  SERVICE_STATE_TITLES,
  WORKSHOP_KIND_TITLES,
  WORK_ORDER_KIND_TITLES,
  WORK_ORDER_STATE_TITLES,
} from '@fleetdesk/contracts/maintenance';
import { defineMessages, defineTitles, hasMessage } from '../../core/i18n.js';

// The schemas' own `v.*` messages, for the field errors this area's services raise with those keys.
defineMessages(Object.fromEntries(Object.entries(MAINTENANCE_VALIDATION_MESSAGES).filter(([key]) => !hasMessage(key))));

// Enum parameters of texts stored as keys (docs/architecture.md, "Texts stored as keys"): `{ title, value }`.
defineTitles('maintenanceOrderKind', WORK_ORDER_KIND_TITLES);
defineTitles('maintenanceOrderState', WORK_ORDER_STATE_TITLES);
defineTitles('maintenanceOrderEvent', ORDER_EVENT_KIND_TITLES);
defineTitles('maintenancePayer', PAYER_TITLES);
defineTitles('maintenanceServiceState', SERVICE_STATE_TITLES);
defineTitles('maintenanceKmSource', KM_SOURCE_TITLES);
defineTitles('maintenanceWorkshopKind', WORKSHOP_KIND_TITLES);

/** Workshops, plans, the due list and its reminders (Helper 2's work orders keep theirs in orders.messages.ts). */
defineMessages({
  'maintenance.carNotFound': { 'zh-CN': '车辆不存在', 'en-US': 'No such car' },
  'maintenance.carTypeNotFound': { 'zh-CN': '车型不存在', 'en-US': 'No such car type' },
  'maintenance.workshopNotFound': { 'zh-CN': '修理厂不存在', 'en-US': 'No such workshop' },
  'maintenance.workshopNameTaken': {
    'zh-CN': '修理厂“{name}”已存在',
    'en-US': 'A workshop named "{name}" exists already',
  },
  'maintenance.workshopInUse': {
    'zh-CN': '修理厂“{name}”已有 {count} 张工单，不能删除；请停用',
    'en-US': 'Workshop "{name}" has {count} work orders and cannot be deleted; disable it instead',
  },
  'maintenance.workshopDisabled': {
    'zh-CN': '修理厂“{name}”已停用',
    'en-US': 'Workshop "{name}" is disabled',
  },
  'maintenance.userTaken': {
    'zh-CN': '用户名或手机号已被使用',
    'en-US': 'The username or the mobile number is taken',
  },
  'maintenance.roleBeyondOwn': {
    'zh-CN': '您没有修理厂账号所需的全部权限，不能开通账号',
    'en-US': 'You do not hold every permission a workshop sign-in gets, so you cannot give one',
  },
  'maintenance.workshopRoleName': { 'zh-CN': '修理厂', 'en-US': 'Workshop' },
  'maintenance.workshopRoleDescription': {
    'zh-CN': '修理厂账号：只看派给本厂的维修工单，可填写配件工时并完工',
    'en-US': 'Workshop sign-in: sees only the work orders sent to its workshop, may enter lines and complete them',
  },
  'maintenance.planNotFound': { 'zh-CN': '保养计划不存在', 'en-US': 'No such service plan' },
  'maintenance.planTakenCar': {
    'zh-CN': '该车辆已有保养计划“{name}”',
    'en-US': 'This car has a service plan already ("{name}")',
  },
  'maintenance.planTakenCarType': {
    'zh-CN': '该车型已有保养计划“{name}”',
    'en-US': 'This car type has a service plan already ("{name}")',
  },
  'maintenance.stale': {
    'zh-CN': '记录已被他人修改，请刷新后重试',
    'en-US': 'Someone changed this record meanwhile; reload and try again',
  },
  // reminders (message centre, vehicle reminders)
  'maintenance.reminder.dueTitle': { 'zh-CN': '车辆即将保养', 'en-US': 'Service due soon' },
  'maintenance.reminder.due': {
    'zh-CN': '车辆 {plate} 将于 {date} 到期保养，请安排进厂。',
    'en-US': 'Car {plate} is due for service on {date}; please book it in.',
  },
  'maintenance.reminder.dueKm': {
    'zh-CN': '车辆 {plate} 将于 {date} 或行驶至 {km} 公里时到期保养（当前 {current} 公里），请安排进厂。',
    'en-US': 'Car {plate} is due for service on {date} or at {km} km (now {current} km); please book it in.',
  },
  'maintenance.reminder.overdueTitle': { 'zh-CN': '车辆保养已超期', 'en-US': 'Service overdue' },
  'maintenance.reminder.overdue': {
    'zh-CN': '车辆 {plate} 的保养已超期（应于 {date}），请尽快安排进厂。',
    'en-US': 'Car {plate} is overdue for service (due {date}); please book it in soon.',
  },
  'maintenance.reminder.overdueKm': {
    'zh-CN': '车辆 {plate} 的保养已超期（应于 {date} 或 {km} 公里，当前 {current} 公里），请尽快安排进厂。',
    'en-US': 'Car {plate} is overdue for service (due {date} or at {km} km, now {current} km); please book it in soon.',
  },
});
