import type { LocalText } from './common.js';

/** The back-office message channel of spec section 9. */
export const MESSAGE_CHANNEL = 'rent_m';

/**
 * The message centre's categories, the one list: every producer of message-centre rows names its category
 * here (never a bare number), and the bell lists them in this order.
 */
export const MessageCategory = {
  system: 1,
  bills: 2,
  vehicleReminders: 3,
  riskAlarms: 4,
  tasks: 5,
  approvals: 6,
  driverReminders: 7,
  customers: 8,
} as const;
export type MessageCategory = (typeof MessageCategory)[keyof typeof MessageCategory];

export const MESSAGE_CATEGORIES: readonly { id: MessageCategory; name: LocalText }[] = [
  { id: MessageCategory.system, name: { 'zh-CN': '系统通知', 'en-US': 'System' } },
  { id: MessageCategory.bills, name: { 'zh-CN': '账单提醒', 'en-US': 'Bills' } },
  { id: MessageCategory.vehicleReminders, name: { 'zh-CN': '车辆提醒', 'en-US': 'Vehicle reminders' } },
  { id: MessageCategory.riskAlarms, name: { 'zh-CN': '风控报警', 'en-US': 'Risk alarms' } },
  { id: MessageCategory.tasks, name: { 'zh-CN': '任务通知', 'en-US': 'Tasks' } },
  { id: MessageCategory.approvals, name: { 'zh-CN': '审批', 'en-US': 'Approvals' } },
  { id: MessageCategory.driverReminders, name: { 'zh-CN': '司机提醒', 'en-US': 'Driver reminders' } },
  { id: MessageCategory.customers, name: { 'zh-CN': '客户跟进', 'en-US': 'Customer follow-ups' } },
];
