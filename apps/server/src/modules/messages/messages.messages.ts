import { defineMessages } from '../../core/i18n.js';

// Message-centre texts of no area of their own (the demo company's welcome and weekly summary), stored as keys
// and shown in the reader's language like every message.
defineMessages({
  'messages.welcomeTitle': { 'zh-CN': '欢迎使用 Fleetdesk', 'en-US': 'Welcome to Fleetdesk' },
  'messages.welcome': {
    'zh-CN': '演示数据已就绪：车辆、司机、合同与风控地图都可以直接体验。',
    'en-US': 'The demo data is ready: try the cars, drivers, contracts and the risk map right away.',
  },
  'messages.weekBillsTitle': { 'zh-CN': '本周待收账单', 'en-US': 'Bills due this week' },
  'messages.weekBills': {
    'zh-CN': '本周共有 {count} 笔租金账单到期，合计 ¥{amount}。',
    'en-US': '{count} rent bills fall due this week, ¥{amount} in all.',
  },
});
