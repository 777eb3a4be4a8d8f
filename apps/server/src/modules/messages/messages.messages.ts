import { defineMessages } from '../../core/i18n.js';

// Message-centre texts of no area of their own (the demo company's welcome and weekly summary, the bills'
// events), stored as keys and shown in the reader's language like every message.
defineMessages({
  'messages.welcomeTitle': { 'zh-CN': '欢迎使用 Fleetdesk', 'en-US': 'Welcome to Fleetdesk' },
  'messages.welcome': {
    'zh-CN': '演示数据已就绪：车辆、司机、合同与风控地图都可以直接体验。',
    'en-US': 'The demo data is ready: try the cars, drivers, contracts and the risk map right away.',
  },
  'messages.weekBillsTitle': { 'zh-CN': '本周待收账单', 'en-US': 'Bills due this week' },
  'messages.weekBills': {
    'zh-CN': '本周共有 {count} 笔租金账单到期，合计 {amount}。',
    'en-US': '{count} rent bills fall due this week, {amount} in all.',
  },
  // `bill.overdue` (the contracts' daily job), to the users who see the contract's rent.
  'messages.billOverdueTitle': { 'zh-CN': '租金逾期', 'en-US': 'Rent overdue' },
  'messages.billOverdue': {
    'zh-CN': '合同 {number}（{driver}）第{period}期租金 {amount} 已逾期（应付日 {date}）',
    'en-US': 'Contract {number} ({driver}): rent of period {period}, {amount}, is overdue (due on {date})',
  },
  // `payment.received` (a clerk recorded a collection), to the other users who see the contract's rent.
  'messages.paymentReceivedTitle': { 'zh-CN': '收到付款', 'en-US': 'Payment received' },
  'messages.paymentReceived': {
    'zh-CN': '合同 {number} 收到付款 {amount}（{date}），该账单已付清。',
    'en-US': 'Contract {number}: {amount} received ({date}); the bill is paid in full.',
  },
  'messages.paymentReceivedPartial': {
    'zh-CN': '合同 {number} 收到付款 {amount}（{date}），该账单尚有未付金额。',
    'en-US': 'Contract {number}: {amount} received ({date}); part of the bill is still open.',
  },
  'messages.unknownCategory': { 'zh-CN': '没有这个消息类别', 'en-US': 'No such message category' },
});
