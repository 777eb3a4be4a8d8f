import { REPAYMENT_METHOD_TITLES } from '@fleetdesk/contracts/financing';
import { defineMessages, defineTitles } from '../../core/i18n.js';

/** Enum values the stored texts name (`{ title, value }` parameters), read in the reader's language. */
defineTitles('financingMoneyMethod', REPAYMENT_METHOD_TITLES);
defineTitles('financingMoneyDecision', {
  approved: { 'zh-CN': '已同意', 'en-US': 'approved' },
  refused: { 'zh-CN': '已拒绝', 'en-US': 'refused' },
});

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
  // What a refused step was (`stateRefusal` of the applications side: 409 error.financing.state)
  'financing.action.loanApply': { 'zh-CN': '申请放款', 'en-US': 'given a loan request' },
  'financing.action.loanConfirm': { 'zh-CN': '确认放款', 'en-US': 'confirmed for the loan' },
  'financing.action.loanReturn': { 'zh-CN': '退回放款申请', 'en-US': 'given its loan request back' },
  'financing.action.disburse': { 'zh-CN': '放款', 'en-US': 'disbursed' },
  'financing.action.repay': { 'zh-CN': '还款', 'en-US': 'repaid' },
  'financing.action.payoff': { 'zh-CN': '提前结清', 'en-US': 'paid off' },
  'financing.action.depositReturn': { 'zh-CN': '申请退还保证金', 'en-US': 'given a deposit return' },
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
  'financingMoney.msg.loanReturnedTitle': { 'zh-CN': '放款申请被退回', 'en-US': 'Loan request returned' },
  'financingMoney.msg.loanReturned': {
    'zh-CN': '融资 {code} 的放款申请被退回：{note}',
    'en-US': 'The loan request of financing {code} was returned: {note}',
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
  'financingMoney.msg.request.loanApply': {
    'zh-CN': '融资 {code} 已申请放款，请核对凭证并确认',
    'en-US': 'Financing {code}: the loan is requested; check the vouchers and confirm it',
  },
  'financingMoney.msg.request.transfer': {
    'zh-CN': '融资 {code} 申报了一笔转账还款 {amount} 元，请确认到账',
    'en-US': 'Financing {code}: a transfer of {amount} yuan was declared; confirm it when received',
  },
  'financingMoney.msg.request.waiver': {
    'zh-CN': '融资 {code} 申请减免滞纳金 {amount} 元',
    'en-US': 'Financing {code}: a waiver of {amount} yuan of late fees is asked for',
  },
  'financingMoney.msg.request.deposit': {
    'zh-CN': '融资 {code} 申请退还保证金 {amount} 元',
    'en-US': 'Financing {code}: the return of {amount} yuan of deposit is asked for',
  },
  'financingMoney.msg.decidedTitle': { 'zh-CN': '融资申请已处理', 'en-US': 'Financing request decided' },
  'financingMoney.msg.waiverDecided': {
    'zh-CN': '融资 {code} 的滞纳金减免 {amount} 元：{outcome}',
    'en-US': 'Financing {code}, waiver of {amount} yuan: {outcome}',
  },
  'financingMoney.msg.depositDecided': {
    'zh-CN': '融资 {code} 的保证金退还 {amount} 元：{outcome}',
    'en-US': 'Financing {code}, deposit return of {amount} yuan: {outcome}',
  },
  // The activity history (financingActivityLog/history)
  'financingMoney.activity.loanApply': { 'zh-CN': '申请放款（{items}）', 'en-US': 'Requested the loan ({items})' },
  'financingMoney.activity.loanConfirm': { 'zh-CN': '确认放款申请', 'en-US': 'Confirmed the loan request' },
  'financingMoney.activity.loanReturn': { 'zh-CN': '退回放款申请', 'en-US': 'Returned the loan request' },
  'financingMoney.activity.disburse': {
    'zh-CN': '放款 {amount} 元（{date}），生成还款计划 {periods} 期',
    'en-US': 'Disbursed {amount} yuan on {date}; schedule of {periods} instalments made',
  },
  'financingMoney.activity.repayment': {
    'zh-CN': '还款 {amount} 元（{repayment}，{method}）',
    'en-US': 'Repayment of {amount} yuan ({repayment}, {method})',
  },
  'financingMoney.activity.repaymentDeclared': {
    'zh-CN': '申报转账还款 {amount} 元（{repayment}）',
    'en-US': 'Declared a transfer of {amount} yuan ({repayment})',
  },
  'financingMoney.activity.repaymentOnline': {
    'zh-CN': '发起在线还款 {amount} 元（{repayment}）',
    'en-US': 'Started an online payment of {amount} yuan ({repayment})',
  },
  'financingMoney.activity.settle': { 'zh-CN': '全部还清，融资结清', 'en-US': 'Everything repaid: financing settled' },
  'financingMoney.activity.payoff': {
    'zh-CN': '提前结清 {amount} 元（剩余本金 {principal}，违约金 {breakFee}）',
    'en-US': 'Paid off early: {amount} yuan (remaining principal {principal}, break fee {breakFee})',
  },
  'financingMoney.activity.waiverRequested': {
    'zh-CN': '申请减免第 {period} 期滞纳金 {amount} 元',
    'en-US': 'Asked to waive {amount} yuan of the late fee of instalment {period}',
  },
  'financingMoney.activity.waiverApproved': {
    'zh-CN': '同意减免第 {period} 期滞纳金 {amount} 元',
    'en-US': 'Waived {amount} yuan of the late fee of instalment {period}',
  },
  'financingMoney.activity.waiverRefused': {
    'zh-CN': '拒绝减免第 {period} 期滞纳金 {amount} 元',
    'en-US': 'Refused to waive {amount} yuan of the late fee of instalment {period}',
  },
  'financingMoney.activity.depositApplied': {
    'zh-CN': '申请退还保证金 {amount} 元',
    'en-US': 'Asked for the return of {amount} yuan of deposit',
  },
  'financingMoney.activity.depositApproved': {
    'zh-CN': '同意退还保证金 {amount} 元',
    'en-US': 'Approved the return of {amount} yuan of deposit',
  },
  'financingMoney.activity.depositRefused': {
    'zh-CN': '拒绝退还保证金 {amount} 元',
    'en-US': 'Refused the return of {amount} yuan of deposit',
  },
});
