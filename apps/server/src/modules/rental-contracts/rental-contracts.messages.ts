import { LINE_TYPE_TITLES } from '@fleetdesk/contracts/rental-contracts';
import { defineMessages, defineTitles } from '../../core/i18n.js';

defineMessages({
  'contracts.notFound': { 'zh-CN': '合同不存在', 'en-US': 'The contract does not exist' },
  'contracts.lineNotFound': { 'zh-CN': '账单不存在', 'en-US': 'The bill does not exist' },
  'contracts.accountNotFound': { 'zh-CN': '收款账户不存在', 'en-US': 'The collection account does not exist' },
  'contracts.driverNotFound': { 'zh-CN': '司机不存在', 'en-US': 'The driver does not exist' },
  'contracts.driverBlacklisted': {
    'zh-CN': '该司机已被拉黑，不能签约',
    'en-US': 'The driver is blacklisted and cannot sign a contract',
  },
  'contracts.carNotFound': { 'zh-CN': '车辆不存在', 'en-US': 'The car does not exist' },
  'contracts.carBusy': {
    'zh-CN': '该车辆已有待签约或已签约的合同',
    'en-US': 'The car already has a pending or signed contract',
  },
  'contracts.transition': {
    'zh-CN': '合同状态为「{state}」，不能{action}',
    'en-US': 'The contract is {state}: it cannot be {action}',
  },
  'contracts.dispatched': {
    'zh-CN': '车辆已发车，不能作废合同，请走退车结算',
    'en-US': 'The car has been dispatched: settle the return instead of cancelling',
  },
  'contracts.notSigned': { 'zh-CN': '合同未签约，不能收款', 'en-US': 'The contract is not signed: nothing to collect' },
  'contracts.lineChanged': {
    'zh-CN': '该账单刚被他人收款或修改，请刷新后重试',
    'en-US': 'Someone else has just collected or changed this bill: reload it and try again',
  },
  'contracts.lineClosed': {
    'zh-CN': '该账单已支付或无需支付',
    'en-US': 'This bill is already paid or waived',
  },
  'contracts.amountTooHigh': {
    'zh-CN': '收款金额不能超过待收金额 {outstanding} 元',
    'en-US': 'The amount cannot exceed the outstanding {outstanding} yuan',
  },
  'contracts.unpaidRemain': {
    'zh-CN': '还有未结清的账单，只能提前解约',
    'en-US': 'Unpaid bills remain: the contract can only be terminated early',
  },
  'contracts.discountPending': {
    'zh-CN': '该合同已有审批中的优惠申请',
    'en-US': 'A discount request of this contract is already waiting for approval',
  },
  'contracts.accountExists': { 'zh-CN': '账户名称已存在', 'en-US': 'An account with this name exists' },
  'contracts.userNotFound': { 'zh-CN': '跟进人不存在', 'en-US': 'The assignee does not exist' },
  'contracts.debtorOff': {
    'zh-CN': '欠款催收未开启：请在公司设置的业务规则中开启「欠款人可在线支付」',
    'en-US': 'Debt collection is off: turn on "Debtors may pay online" in the business rules of the company settings',
  },
  'contracts.renewStart': {
    'zh-CN': '续约合同须从原合同结束的次日（{date}）开始',
    'en-US': 'A renewal starts the day after the old contract ends ({date})',
  },
  'contracts.followerExists': {
    'zh-CN': '该合同已有续约或换车合同 {number}',
    'en-US': 'This contract already goes on in contract {number} (renewal or car change)',
  },
  'contracts.changeDate': {
    'zh-CN': '换车日期须在 {from} 至 {to} 之间',
    'en-US': 'The change day must be between {from} and {to}',
  },
  'contracts.sameCar': { 'zh-CN': '请选择另一辆车', 'en-US': 'Choose another car than the current one' },
  'contracts.tempCarActive': {
    'zh-CN': '合同还有使用中或已预订的临时替换车，请先结束或取消',
    'en-US': 'The contract has a temporary car in use or booked: end or cancel it first',
  },
  'contracts.tempCarSame': {
    'zh-CN': '临时替换车不能是合同车辆本身',
    'en-US': "The temporary car cannot be the contract's own car",
  },
  'contracts.tempCarFrom': {
    'zh-CN': '临时车开始日期须在合同期 {start} 至 {end} 之内（晚于今天为预订）',
    'en-US': 'The temporary car starts within the contract, {start} to {end} (after today it is booked)',
  },
  'contracts.tempCarTo': {
    'zh-CN': '临时车结束日期须在今天 {today} 至合同结束日 {end} 之间',
    'en-US': 'The temporary car ends between today {today} and the contract end {end}',
  },
  'contracts.tempCarEnd': {
    'zh-CN': '结束日期须在 {from} 至 {to} 之间',
    'en-US': 'The last day must be between {from} and {to}',
  },
  'contracts.tempCarNotFound': { 'zh-CN': '临时替换车记录不存在', 'en-US': 'The temporary car record does not exist' },
  'contracts.tempCarEnded': { 'zh-CN': '该临时替换车已结束', 'en-US': 'This temporary car has already ended' },
  'contracts.tempCarNotBooked': {
    'zh-CN': '该临时替换车不是预订状态',
    'en-US': 'This temporary car is not booked',
  },
  'contracts.tempCarNotStarted': {
    'zh-CN': '该临时替换车尚未交车，请交车或取消预订',
    'en-US': 'This temporary car has not been handed over: hand it over or cancel the booking',
  },
  'contracts.tempCarStartDay': {
    'zh-CN': '临时替换车只能在 {from} 至 {to} 之间交车',
    'en-US': 'The temporary car can be handed over from {from} to {to}',
  },
  'contracts.action.renew': { 'zh-CN': '续约', 'en-US': 'renewed' },
  'contracts.action.tempCar': { 'zh-CN': '安排临时替换车', 'en-US': 'given a temporary car' },
  'contracts.action.changeCar': { 'zh-CN': '换车', 'en-US': 'given another car' },
  'contracts.action.sign': { 'zh-CN': '签约', 'en-US': 'signed' },
  'contracts.action.cancel': { 'zh-CN': '作废', 'en-US': 'cancelled' },
  'contracts.action.complete': { 'zh-CN': '完成', 'en-US': 'completed' },
  'contracts.action.terminate': { 'zh-CN': '解约', 'en-US': 'terminated' },
  'contracts.action.edit': { 'zh-CN': '修改', 'en-US': 'changed' },
  'contracts.action.dispatch': { 'zh-CN': '发车', 'en-US': 'dispatched' },

  // The message-centre reminders of rent and contract ends (`rental-contracts.jobs.ts`), in the reader's language.
  'contracts.reminder.dueTitle': { 'zh-CN': '租金即将到期', 'en-US': 'Rent due soon' },
  'contracts.reminder.due': {
    'zh-CN': '合同 {number}（{driver}）第{period}期租金 {amount} 将于 {date} 到期',
    'en-US': 'Contract {number} ({driver}): rent of period {period}, {amount}, is due on {date}',
  },
  'contracts.reminder.overdueTitle': { 'zh-CN': '租金逾期', 'en-US': 'Rent overdue' },
  'contracts.reminder.overdue': {
    'zh-CN': '合同 {number}（{driver}）第{period}期租金 {amount} 已逾期（应付日 {date}）',
    'en-US': 'Contract {number} ({driver}): rent of period {period}, {amount}, is overdue (due on {date})',
  },
  'contracts.reminder.endTitle': { 'zh-CN': '合同即将到期', 'en-US': 'Contract ending soon' },
  'contracts.reminder.end': {
    'zh-CN': '合同 {number}（{driver}）将于 {date} 到期',
    'en-US': 'Contract {number} ({driver}) ends on {date}',
  },
  // The remarks the system writes into a contract's history (`event(..., { text })`), shown in the reader's language.
  'contracts.event.renewedFrom': { 'zh-CN': '续约自合同 {number}', 'en-US': 'Renewal of contract {number}' },
  'contracts.event.renewedTo': { 'zh-CN': '续约为合同 {number}', 'en-US': 'Renewed as contract {number}' },
  'contracts.event.carChangedTo': {
    'zh-CN': '换车({reason})，{date} 起转入合同 {number}',
    'en-US': 'Car change ({reason}): continues in contract {number} from {date}',
  },
  'contracts.event.carChangedFrom': {
    'zh-CN': '换车自合同 {number}，押金 {deposit} 元转入',
    'en-US': 'Car change from contract {number}; deposit of {deposit} yuan carried over',
  },
  'contracts.event.tempCar': {
    'zh-CN': '临时替换车 {from} ~ {to}: {reason}',
    'en-US': 'Temporary car {from} to {to}: {reason}',
  },
  'contracts.event.tempCarBooked': {
    'zh-CN': '临时替换车预订 {from} ~ {to}: {reason}',
    'en-US': 'Temporary car booked {from} to {to}: {reason}',
  },
  'contracts.event.tempCarStart': { 'zh-CN': '临时替换车交车 {date}', 'en-US': 'Temporary car handed over on {date}' },
  'contracts.event.tempCarCancelled': {
    'zh-CN': '临时替换车预订取消 {from} ~ {to}',
    'en-US': 'Temporary car booking {from} to {to} cancelled',
  },
  'contracts.event.tempCarEnded': { 'zh-CN': '临时替换车结束于 {date}', 'en-US': 'Temporary car ended on {date}' },
  'contracts.event.tempCarBookingExpired': {
    'zh-CN': '临时替换车预订过期 {date}',
    'en-US': 'Temporary car booking expired on {date}',
  },
  'contracts.event.tempCarExpired': { 'zh-CN': '临时替换车到期 {date}', 'en-US': 'Temporary car due back on {date}' },
  'contracts.event.linesRegenerated': {
    'zh-CN': '账单已按新条款重新生成',
    'en-US': 'Bills generated again from the new terms',
  },
  'contracts.event.collected': { 'zh-CN': '{what}: {amount}', 'en-US': '{what}: {amount}' },
  'contracts.event.collectedOnline': {
    'zh-CN': '{what}: {amount}（司机在线支付）',
    'en-US': '{what}: {amount} (paid online by the driver)',
  },
  'contracts.event.waived': { 'zh-CN': '{what}', 'en-US': '{what}' },
  'contracts.event.lineAdded': { 'zh-CN': '{type}: {amount}', 'en-US': '{type}: {amount}' },
  'contracts.event.discountAsked': { 'zh-CN': '申请优惠 {amount}', 'en-US': 'Discount of {amount} asked' },
  'contracts.event.discountApproved': { 'zh-CN': '优惠审批通过', 'en-US': 'Discount approved' },
  'contracts.event.discountRejected': { 'zh-CN': '优惠审批驳回', 'en-US': 'Discount rejected' },
  'contracts.event.discountWithdrawn': { 'zh-CN': '优惠申请已撤回', 'en-US': 'Discount request withdrawn' },
  'contracts.event.dispatchChecked': { 'zh-CN': '发车验车 {mileage} km', 'en-US': 'Dispatch check at {mileage} km' },
  'contracts.event.returnChecked': { 'zh-CN': '退车验车 {mileage} km', 'en-US': 'Return check at {mileage} km' },
  'contracts.event.returnCheckedDamage': {
    'zh-CN': '退车验车 {mileage} km，车损扣款 {deduction} 元',
    'en-US': 'Return check at {mileage} km; damage deduction {deduction} yuan',
  },
  'contracts.event.settlementSaved': { 'zh-CN': '结算单保存：{amount}', 'en-US': 'Settlement saved: {amount}' },
  'contracts.event.settlementSubmittedFee': {
    'zh-CN': '结算单提交审批：应收退车结算费 {amount}',
    'en-US': 'Settlement sent for approval: return fee of {amount} to collect',
  },
  'contracts.event.settlementSubmittedRefund': {
    'zh-CN': '结算单提交审批：应退押金 {amount}',
    'en-US': 'Settlement sent for approval: deposit of {amount} to refund',
  },
  'contracts.event.settlementSubmittedNone': {
    'zh-CN': '结算单提交审批：无需收退 {amount}',
    'en-US': 'Settlement sent for approval: nothing to collect or refund ({amount})',
  },
  'contracts.event.settlementRejected': { 'zh-CN': '结算单被驳回', 'en-US': 'Settlement rejected' },
  'contracts.event.settlementWithdrawn': { 'zh-CN': '结算单已撤回', 'en-US': 'Settlement withdrawn' },
  'contracts.event.settlementApproved': { 'zh-CN': '退租结算审批通过', 'en-US': 'Return settlement approved' },
  'contracts.event.depositRefunded': { 'zh-CN': '退押金已付: {amount}', 'en-US': 'Deposit refunded: {amount}' },
  'contracts.event.returnFeeCollected': {
    'zh-CN': '退车结算费已收: {amount}',
    'en-US': 'Return settlement fee collected: {amount}',
  },
});

/** Bill types named in history remarks (`{ title: 'contractLineType', value }`). */
defineTitles('contractLineType', LINE_TYPE_TITLES);
