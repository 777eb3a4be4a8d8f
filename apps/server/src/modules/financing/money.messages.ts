import { defineMessages } from '../../core/i18n.js';

/**
 * The texts of the money side of financing (loans, instalments, repayments, late fees, payoff, deposit returns):
 * errors and the message-centre texts, stored as keys and read in the reader's language.
 */
defineMessages({
  'financingMoney.instalmentNotFound': { 'zh-CN': '还款计划不存在', 'en-US': 'The instalment does not exist' },
  'financingMoney.repaymentNotFound': { 'zh-CN': '还款记录不存在', 'en-US': 'The repayment does not exist' },
  'financingMoney.noItems': {
    'zh-CN': '请选择要申请放款的项目',
    'en-US': 'Choose the items to request the loan for',
  },
  'financingMoney.unknownItem': {
    'zh-CN': '申请项 {code} 不属于该融资申请',
    'en-US': 'Item {code} is not one of this application’s items',
  },
  'financingMoney.disburseAmount': {
    'zh-CN': '放款金额须等于批准的融资金额 {amount} 元',
    'en-US': 'The amount disbursed must be the approved amount financed, {amount} yuan',
  },
  'financingMoney.disburseDate': {
    'zh-CN': '放款日期不能晚于今天，也不能早于提交日期',
    'en-US': 'The disbursement day cannot be after today nor before the application was submitted',
  },
  'financingMoney.nothingOwed': { 'zh-CN': '该期已结清，无需还款', 'en-US': 'Nothing is owed on this instalment' },
  'financingMoney.overpay': {
    'zh-CN': '还款金额超过应还金额 {owed} 元',
    'en-US': 'The amount is more than the {owed} yuan owed',
  },
  'financingMoney.method': {
    'zh-CN': '该还款方式不适用于当前身份',
    'en-US': 'This payment method is not for your side of the financing',
  },
  'financingMoney.repaymentState': {
    'zh-CN': '该还款记录状态为「{state}」，不能确认',
    'en-US': 'The repayment is {state}: it cannot be confirmed',
  },
  'financingMoney.waiverTooMuch': {
    'zh-CN': '减免金额不能超过未付滞纳金 {owed} 元',
    'en-US': 'The waiver cannot exceed the unpaid late fee of {owed} yuan',
  },
  'financingMoney.waiverPending': {
    'zh-CN': '该期已有待审批的减免申请',
    'en-US': 'A waiver of this instalment is already waiting for a decision',
  },
  'financingMoney.waiverNotFound': { 'zh-CN': '减免申请不存在', 'en-US': 'The waiver request does not exist' },
  'financingMoney.decided': { 'zh-CN': '该申请已处理', 'en-US': 'This request has already been decided' },
  'financingMoney.payoffAmount': {
    'zh-CN': '提前结清金额为 {total} 元，与所付金额不符（金额可能已变化，请重新试算）',
    'en-US': 'The payoff is {total} yuan, not the amount paid (it may have changed: ask for a new quote)',
  },
  'financingMoney.depositDeductions': {
    'zh-CN': '扣款合计不能超过可退保证金 {deposit} 元',
    'en-US': 'The deductions cannot exceed the {deposit} yuan of deposit to return',
  },
  'financingMoney.depositApplied': {
    'zh-CN': '该融资已有保证金退还申请',
    'en-US': 'The deposit return of this financing has already been applied for',
  },
  'financingMoney.depositReturnNotFound': {
    'zh-CN': '保证金退还申请不存在',
    'en-US': 'The deposit return does not exist',
  },
  // Message-centre texts
  'financingMoney.msg.overdueTitle': { 'zh-CN': '融资还款逾期', 'en-US': 'Financing instalment overdue' },
  'financingMoney.msg.overdue': {
    'zh-CN': '融资 {code} 第 {period} 期（应还日 {date}）已逾期 {days} 天，未还 {amount} 元，滞纳金 {fee} 元',
    'en-US':
      'Instalment {period} of financing {code} (due {date}) is {days} days overdue: {amount} yuan unpaid, late fee {fee} yuan',
  },
  'financingMoney.msg.disbursedTitle': { 'zh-CN': '融资已放款', 'en-US': 'Financing disbursed' },
  'financingMoney.msg.disbursed': {
    'zh-CN': '融资 {code} 已于 {date} 放款 {amount} 元，首期还款日 {first}',
    'en-US': 'Financing {code} was disbursed on {date}: {amount} yuan; first instalment due {first}',
  },
  'financingMoney.msg.paidTitle': { 'zh-CN': '融资还款到账', 'en-US': 'Financing repayment received' },
  'financingMoney.msg.paid': {
    'zh-CN': '融资 {code} 收到还款 {amount} 元（{repayment}）',
    'en-US': 'Financing {code} received a repayment of {amount} yuan ({repayment})',
  },
  'financingMoney.msg.settledTitle': { 'zh-CN': '融资已结清', 'en-US': 'Financing settled' },
  'financingMoney.msg.settled': {
    'zh-CN': '融资 {code} 已于 {date} 全部结清',
    'en-US': 'Financing {code} was settled in full on {date}',
  },
  'financingMoney.msg.requestTitle': { 'zh-CN': '融资待处理', 'en-US': 'Financing request to decide' },
  'financingMoney.msg.request': {
    'zh-CN': '融资 {code}：{what}',
    'en-US': 'Financing {code}: {what}',
  },
});
