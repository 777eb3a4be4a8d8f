import { defineMessages } from '../../core/i18n.js';

defineMessages({
  'order.planNotForSale': { 'zh-CN': '该套餐不可购买', 'en-US': 'This plan cannot be bought' },
  'order.noDowngrade': {
    'zh-CN': '当前会员有效期内不能购买更低等级的套餐',
    'en-US': 'A lower plan can only be bought after the current membership ends',
  },
  'order.notCancellable': { 'zh-CN': '只有待支付的订单可以取消', 'en-US': 'Only an unpaid order can be cancelled' },
});
