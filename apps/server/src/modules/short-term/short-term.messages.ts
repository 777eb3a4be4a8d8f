import { defineMessages } from '../../core/i18n.js';

/** Texts of the short-term rental area (docs/short-term.md): errors, history events and staff messages. */
defineMessages({
  'shortTerm.storeNotFound': { 'zh-CN': '门店不存在', 'en-US': 'No such store' },
  'shortTerm.storeNameTaken': { 'zh-CN': '门店名称“{name}”已存在', 'en-US': 'A store named "{name}" exists already' },
  'shortTerm.storeDisabled': { 'zh-CN': '门店已停用', 'en-US': 'The store is disabled' },
  'shortTerm.storeInUse': {
    'zh-CN': '门店还有未结束的预订，不能删除',
    'en-US': 'The store has live bookings; it cannot be deleted',
  },
  'shortTerm.closesBeforeOpens': { 'zh-CN': '打烊时间须晚于营业时间', 'en-US': 'The store must close after it opens' },
  'shortTerm.storeRentFixed': { 'zh-CN': '门店所属公司不能修改', 'en-US': 'A store keeps its company' },
  'shortTerm.rangeReversed': {
    'zh-CN': '结束日期须不早于开始日期',
    'en-US': 'The range must not end before it starts',
  },
  'shortTerm.rangeTooLong': { 'zh-CN': '一次最多设置 {days} 天', 'en-US': 'At most {days} days at a time' },
  'shortTerm.nameTaken': { 'zh-CN': '名称已存在', 'en-US': 'The name is taken' },
  'shortTerm.stale': {
    'zh-CN': '记录已被他人修改，请刷新后重试',
    'en-US': 'Someone changed the record meanwhile; reload it and try again',
  },
  'shortTerm.carNotFound': { 'zh-CN': '车辆不存在', 'en-US': 'No such car' },
  'shortTerm.carOtherRent': {
    'zh-CN': '车辆“{plate}”不属于门店所在的公司',
    'en-US': 'Car {plate} belongs to another company than the store',
  },
  'shortTerm.carUnusable': {
    'zh-CN': '车辆“{plate}”已出售或报废',
    'en-US': 'Car {plate} is sold or scrapped',
  },
  'shortTerm.carInTimeShare': {
    'zh-CN': '车辆“{plate}”在分时租赁中，不能加入门店',
    'en-US': 'Car {plate} is in time-share; it cannot join a store',
  },
  'shortTerm.carHasBookings': {
    'zh-CN': '车辆“{plate}”有未结束的预订，不能移出门店',
    'en-US': 'Car {plate} has live bookings; it cannot leave its store',
  },
  'shortTerm.carNoType': {
    'zh-CN': '车辆“{plate}”没有车型，不能加入门店',
    'en-US': 'Car {plate} has no car type; it cannot join a store',
  },
  'shortTerm.priceNotFound': { 'zh-CN': '价格不存在', 'en-US': 'No such price' },
  'shortTerm.priceExists': {
    'zh-CN': '该门店的此车型已有价格',
    'en-US': 'The store has a price for this car type already',
  },
  'shortTerm.noPrice': {
    'zh-CN': '该门店没有此车型的价格',
    'en-US': 'The store has no price for this car type',
  },
  'shortTerm.carTypeNotFound': { 'zh-CN': '车型不存在', 'en-US': 'No such car type' },
  'shortTerm.holidayExists': { 'zh-CN': '{day} 已是节假日', 'en-US': '{day} is a holiday already' },
  'shortTerm.holidayNotFound': { 'zh-CN': '节假日不存在', 'en-US': 'No such holiday' },
  'shortTerm.protectionNotFound': { 'zh-CN': '保障服务不存在或已停用', 'en-US': 'No such protection, or disabled' },
  'shortTerm.extraNotFound': { 'zh-CN': '增值服务不存在或已停用', 'en-US': 'No such extra, or disabled' },
  'shortTerm.extraRepeated': { 'zh-CN': '增值服务重复', 'en-US': 'An extra is named twice' },
  'shortTerm.inUseBy': {
    'zh-CN': '已有预订使用，不能删除',
    'en-US': 'Bookings use it; it cannot be deleted',
  },
  // quote
  'shortTerm.returnBeforePickUp': {
    'zh-CN': '还车时间须晚于取车时间',
    'en-US': 'The return must come after the pick-up',
  },
  'shortTerm.tooLong': { 'zh-CN': '租期最长 {days} 天', 'en-US': 'A rental lasts at most {days} days' },
  'shortTerm.noticeTooShort': {
    'zh-CN': '须至少提前 {hours} 小时预订',
    'en-US': 'Book at least {hours} hours ahead',
  },
  'shortTerm.tooFarAhead': {
    'zh-CN': '最多可提前 {days} 天预订',
    'en-US': 'Bookings open at most {days} days ahead',
  },
  'shortTerm.outsideHours': {
    'zh-CN': '门店营业时间为 {opens}-{closes}',
    'en-US': 'The store is open {opens}-{closes}',
  },
  'shortTerm.noDelivery': { 'zh-CN': '该门店不提供送车上门', 'en-US': 'The store does not deliver' },
  // bookings
  'shortTerm.bookingNotFound': { 'zh-CN': '预订不存在', 'en-US': 'No such booking' },
  'shortTerm.carTaken': {
    'zh-CN': '该车辆在此期间已被预订',
    'en-US': 'The car is booked for this period already',
  },
  'shortTerm.noCarFree': {
    'zh-CN': '该时段此车型已无可用车辆',
    'en-US': 'No car of this type is free for this period',
  },
  'shortTerm.carNotInStore': {
    'zh-CN': '车辆不在该门店或车型不符',
    'en-US': 'The car is not in this store or is of another type',
  },
  'shortTerm.renterRequired': {
    'zh-CN': '请选择租车人或填写新租车人信息',
    'en-US': 'Choose a renter or give a new one',
  },
  'shortTerm.renterNotFound': { 'zh-CN': '租车人不存在', 'en-US': 'No such renter' },
  'shortTerm.renterBlacklisted': { 'zh-CN': '租车人“{name}”在黑名单中', 'en-US': 'Renter {name} is blacklisted' },
  'shortTerm.renterExists': {
    'zh-CN': '已有司机“{name}”使用该手机号或身份证号',
    'en-US': 'Driver "{name}" has this phone or ID number already',
  },
  'shortTerm.badState': {
    'zh-CN': '预订状态为“{state}”，不能执行此操作',
    'en-US': 'A booking in state "{state}" does not allow this',
  },
  'shortTerm.tooEarly': {
    'zh-CN': '最早可于 {at} 取车',
    'en-US': 'The car can be picked up from {at}',
  },
  'shortTerm.inspectionBeforePickUp': {
    'zh-CN': '还车验车时间须晚于取车时间 {at}',
    'en-US': 'The return inspection must come after the pick-up at {at}',
  },
  // history (st_booking_events)
  'shortTerm.event.created': { 'zh-CN': '创建预订，车辆 {plate}', 'en-US': 'Booked, car {plate}' },
  'shortTerm.event.paid': { 'zh-CN': '已支付 ¥{amount}', 'en-US': 'Paid ¥{amount}' },
  'shortTerm.event.cancelled': { 'zh-CN': '已取消：{reason}', 'en-US': 'Cancelled: {reason}' },
  'shortTerm.event.cancelledFee': {
    'zh-CN': '已取消：{reason}；取消费 ¥{fee}，退款 ¥{refund}',
    'en-US': 'Cancelled: {reason}; fee ¥{fee}, refunded ¥{refund}',
  },
  'shortTerm.event.expired': {
    'zh-CN': '超过 {minutes} 分钟未支付，自动取消',
    'en-US': 'Not paid within {minutes} minutes: cancelled',
  },
  'shortTerm.event.pickedUp': { 'zh-CN': '取车，里程 {mileage} km', 'en-US': 'Picked up at {mileage} km' },
  'shortTerm.event.returned': {
    'zh-CN': '还车，里程 {mileage} km，费用 ¥{charges}',
    'en-US': 'Returned at {mileage} km, charges ¥{charges}',
  },
  'shortTerm.event.settled': {
    'zh-CN': '结算：扣款 ¥{charges}，退还车损押金 ¥{refund}',
    'en-US': 'Settled: charged ¥{charges}, damage deposit refunded ¥{refund}',
  },
  'shortTerm.event.balanceDue': {
    'zh-CN': '结算：费用超出押金，待补缴 ¥{amount}',
    'en-US': 'Settled: the charges exceed the deposit, ¥{amount} due',
  },
  'shortTerm.event.balancePaid': { 'zh-CN': '补缴 ¥{amount} 已支付', 'en-US': 'Balance ¥{amount} paid' },
  'shortTerm.event.violationReleased': {
    'zh-CN': '违章押金：扣除 ¥{used}，退还 ¥{refund}',
    'en-US': 'Violation deposit: kept ¥{used}, refunded ¥{refund}',
  },
  // staff messages
  'shortTerm.overdueTitle': { 'zh-CN': '短租预订逾期', 'en-US': 'Short-term booking overdue' },
  'shortTerm.pickUpOverdue': {
    'zh-CN': '预订 {code}（{plate}）应于 {at} 取车，尚未取车。',
    'en-US': 'Booking {code} ({plate}) was to be picked up at {at} and has not been.',
  },
  'shortTerm.returnOverdue': {
    'zh-CN': '预订 {code}（{plate}）应于 {at} 还车，尚未还车。',
    'en-US': 'Booking {code} ({plate}) was to be returned at {at} and has not been.',
  },
  // refunds
  'shortTerm.refundCancel': { 'zh-CN': '短租预订 {code} 取消退款', 'en-US': 'Booking {code} cancelled: refund' },
  'shortTerm.refundSettle': { 'zh-CN': '短租预订 {code} 结算退款', 'en-US': 'Booking {code} settled: refund' },
  'shortTerm.refundViolation': {
    'zh-CN': '短租预订 {code} 违章押金退还',
    'en-US': 'Booking {code}: violation deposit refund',
  },
});
