import { defineMessages } from '../../core/i18n.js';

defineMessages({
  'order.planNotForSale': { 'zh-CN': '该套餐不可购买', 'en-US': 'This plan cannot be bought' },
  'order.noDowngrade': {
    'zh-CN': '当前会员有效期内不能购买更低等级的套餐',
    'en-US': 'A lower plan can only be bought after the current membership ends',
  },
  'order.notCancellable': { 'zh-CN': '只有待支付的订单可以取消', 'en-US': 'Only an unpaid order can be cancelled' },
  'order.notPayable': {
    'zh-CN': '该订单不是待支付状态（可能已支付、取消或超时关闭），不能支付',
    'en-US': 'This order is no longer unpaid (paid, cancelled or closed) and cannot be paid',
  },
  'order.paidMeanwhile': {
    'zh-CN': '该订单已支付，不能取消',
    'en-US': 'This order has been paid meanwhile and cannot be cancelled',
  },
  'order.noReceipt': { 'zh-CN': '只有已支付的订单有收据', 'en-US': 'Only a paid order has a receipt' },
  'order.providerFailed': {
    'zh-CN': '支付服务暂时不可用，请稍后再试（{detail}）',
    'en-US': 'The payment service is not available; try again later ({detail})',
  },
  'order.notWithdrawable': {
    'zh-CN': '只有已支付的充值订单可以退款',
    'en-US': 'Only a paid top-up order can be refunded',
  },
  'order.withdrawTooMuch': {
    'zh-CN': '最多可退 ¥{max}（该笔充值未退部分与当前余额中的较小者）',
    'en-US': 'At most ¥{max} can be refunded (the smaller of what is left of this top-up and the balance)',
  },
  'order.notPartRefundable': {
    'zh-CN': '该订单不能退款（只有已支付的短租订单可以原路退回）',
    'en-US': 'This order cannot be refunded (only a paid booking order goes back to its payer)',
  },
  'order.refundTooMuch': {
    'zh-CN': '最多可退 ¥{max}（该订单未退部分）',
    'en-US': 'At most ¥{max} can be refunded (what is left of this order)',
  },
  'order.refundRepeated': {
    'zh-CN': '该退款（{key}）已处理，不能重复退款',
    'en-US': 'This refund ({key}) was already made and is not made twice',
  },
  'payments.renterInsufficient': {
    'zh-CN': '租客余额不足：本次需 ¥{need}，当前余额 ¥{balance}',
    'en-US': "The renter's balance is short: this needs ¥{need} and the balance is ¥{balance}",
  },
  'payments.renterDebitRepeated': {
    'zh-CN': '该笔扣费（{reference}）已扣过，不能重复扣费',
    'en-US': 'This charge ({reference}) was already taken and is not taken twice',
  },
  'payments.insufficientBalance': {
    'zh-CN': '余额不足：本次需 ¥{need}，当前余额 ¥{balance}，请先充值',
    'en-US': 'Insufficient balance: this needs ¥{need} and the balance is ¥{balance}; top up first',
  },
  'payments.serviceNotInPlan': {
    'zh-CN': '当前套餐不含该付费服务（{code}）',
    'en-US': 'Your plan does not include this paid service ({code})',
  },
  'payments.badCount': {
    'zh-CN': '数量须为 1 至 {max} 的整数',
    'en-US': 'The count must be a whole number from 1 to {max}',
  },
  'payments.notACharge': { 'zh-CN': '该订单不是付费服务扣费', 'en-US': 'This order is not a paid-service charge' },
  'payments.notRefundable': {
    'zh-CN': '该笔扣费已全部退回',
    'en-US': 'This charge has been given back in full',
  },
  'payments.refundTooMuch': {
    'zh-CN': '最多可退 {remaining} 个单位，本次申请 {count} 个',
    'en-US': 'At most {remaining} units can be given back; {count} were asked',
  },
  'payments.refundRepeated': {
    'zh-CN': '该退款（{key}）已处理，不能重复退回',
    'en-US': 'This refund ({key}) was already made and is not made twice',
  },
});
