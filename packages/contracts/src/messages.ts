import type { LocalText } from './common.js';

/** The back-office message channel of spec section 9. */
export const MESSAGE_CHANNEL = 'rent_m';

export const MESSAGE_CATEGORIES: readonly { id: number; name: LocalText }[] = [
  { id: 1, name: { 'zh-CN': '系统通知', 'en-US': 'System' } },
  { id: 2, name: { 'zh-CN': '账单提醒', 'en-US': 'Bills' } },
  { id: 3, name: { 'zh-CN': '车辆提醒', 'en-US': 'Vehicle reminders' } },
  { id: 4, name: { 'zh-CN': '风控报警', 'en-US': 'Risk alarms' } },
  { id: 5, name: { 'zh-CN': '任务通知', 'en-US': 'Tasks' } },
  { id: 6, name: { 'zh-CN': '审批', 'en-US': 'Approvals' } },
  { id: 7, name: { 'zh-CN': '司机提醒', 'en-US': 'Driver reminders' } },
];
