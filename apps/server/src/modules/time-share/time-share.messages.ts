import { defineMessages } from '../../core/i18n.js';

/** Time-share (分时租赁, docs/time-share.md): refusals, the renter's SMS and the staff's messages. */
defineMessages({
  'timeShare.zoneNotFound': { 'zh-CN': '还车点不存在', 'en-US': 'No such parking zone' },
  'timeShare.zoneNameTaken': {
    'zh-CN': '还车点名称“{name}”已存在',
    'en-US': 'A parking zone named "{name}" exists already',
  },
  'timeShare.zoneShape': {
    'zh-CN': '还车点须设置圆形范围（中心与半径）或选择一个电子围栏',
    'en-US': 'A parking zone needs a circle (centre and radius) or a GPS geofence',
  },
  'timeShare.zoneInUse': {
    'zh-CN': '还车点“{name}”仍有车辆停放或行程使用，不能删除',
    'en-US': 'Parking zone "{name}" still has cars or trips; it cannot be deleted',
  },
  'timeShare.geofenceNotFound': { 'zh-CN': '电子围栏不存在', 'en-US': 'No such geofence' },
  'timeShare.rateNotFound': { 'zh-CN': '计费规则不存在', 'en-US': 'No such rate' },
  'timeShare.rateTaken': {
    'zh-CN': '城市“{city}”的该车型已有计费规则',
    'en-US': 'City "{city}" has a rate for this car type already',
  },
  'timeShare.rateMinMax': {
    'zh-CN': '最高消费不能低于最低消费',
    'en-US': 'The maximum cannot be below the minimum',
  },
  'timeShare.noRate': {
    'zh-CN': '城市“{city}”没有该车型的计费规则',
    'en-US': 'City "{city}" has no rate for this car type',
  },
  'timeShare.stale': {
    'zh-CN': '数据已被他人修改，请刷新后重试',
    'en-US': 'Someone changed this meanwhile; reload it and try again',
  },
  'timeShare.carNotFound': { 'zh-CN': '分时租赁车辆不存在', 'en-US': 'The car is not in time-share' },
  'timeShare.carInShortTerm': {
    'zh-CN': '车辆“{plate}”属于短租门店，不能加入分时租赁',
    'en-US': 'Car {plate} belongs to a short-term store; it cannot join time-share',
  },
  'timeShare.carNotAvailable': {
    'zh-CN': '车辆“{plate}”当前状态为“{status}”，不能加入分时租赁',
    'en-US': 'Car {plate} is {status}; it cannot join time-share',
  },
  'timeShare.carBusy': {
    'zh-CN': '车辆“{plate}”有未结束的行程',
    'en-US': 'Car {plate} has a live trip',
  },
  'timeShare.carNotIdle': {
    'zh-CN': '车辆“{plate}”当前状态为“{status}”，不能预订',
    'en-US': 'Car {plate} is {status}; it cannot be reserved',
  },
  'timeShare.renterBusy': {
    'zh-CN': '租客“{name}”有未结束的行程',
    'en-US': 'Renter {name} has a live trip',
  },
  'timeShare.renterBlacklisted': {
    'zh-CN': '租客“{name}”已被列入黑名单',
    'en-US': 'Renter {name} is blacklisted',
  },
  'timeShare.balanceLow': {
    'zh-CN': '租客余额 {balance} 元，低于起步价 {min} 元，请先充值',
    'en-US': 'The renter’s balance of {balance} yuan is below the minimum charge of {min} yuan; top up first',
  },
  'timeShare.tripNotFound': { 'zh-CN': '行程不存在', 'en-US': 'No such trip' },
  'timeShare.tripState': {
    'zh-CN': '行程状态为“{state}”，不能{action}',
    'en-US': 'A trip that is {state} cannot be {action}',
  },
  'timeShare.reservationExpired': {
    'zh-CN': '预订已于 {at} 过期',
    'en-US': 'The reservation expired at {at}',
  },
  'timeShare.outsideZone': {
    'zh-CN': '车辆不在任何还车点内（距最近的还车点“{zone}”约 {distance} 米）；确认收取区外还车费 {fee} 元后可结束行程',
    'en-US':
      'The car is outside every parking zone ({distance} m from the nearest, "{zone}"); end the trip with the off-zone fee of {fee} yuan to go on',
  },
  'timeShare.noZones': {
    'zh-CN': '没有可用的还车点；确认收取区外还车费 {fee} 元后可结束行程',
    'en-US': 'There is no parking zone; end the trip with the off-zone fee of {fee} yuan to go on',
  },
  'timeShare.noPosition': {
    'zh-CN': '车辆没有定位数据，无法判断是否在还车点内；确认收取区外还车费 {fee} 元后可结束行程',
    'en-US':
      'The car has no GPS position, so its zone is unknown; end the trip with the off-zone fee of {fee} yuan to go on',
  },
  // the renter's SMS (template purpose timeShare.lowBalance) and the staff's messages
  'timeShare.lowBalanceTitle': { 'zh-CN': '分时租赁余额不足', 'en-US': 'Time-share balance short' },
  'timeShare.lowBalance': {
    'zh-CN': '行程 {code}（{plate}）当前费用 {amount} 元，租客“{name}”余额 {balance} 元，已提醒充值。',
    'en-US':
      'Trip {code} ({plate}) has run up {amount} yuan; renter {name} has a balance of {balance} yuan and was asked to top up.',
  },
  'timeShare.lockedTitle': { 'zh-CN': '分时租赁车辆已锁车', 'en-US': 'Time-share car locked' },
  'timeShare.locked': {
    'zh-CN': '行程 {code}（{plate}）余额不足已超过 {minutes} 分钟，已下发断油指令。',
    'en-US': 'Trip {code} ({plate}) has been short of balance for {minutes} minutes; a fuel cut was queued.',
  },
  'timeShare.lockedNoDevice': {
    'zh-CN': '行程 {code}（{plate}）余额不足已超过 {minutes} 分钟；车辆没有可下发指令的定位设备，请联系租客。',
    'en-US':
      'Trip {code} ({plate}) has been short of balance for {minutes} minutes; the car has no device that takes commands, please call the renter.',
  },
  'timeShare.recoverTitle': { 'zh-CN': '请收回分时租赁车辆', 'en-US': 'Recover a time-share car' },
  'timeShare.recover': {
    'zh-CN': '行程 {code}（{plate}）锁车已超过 {hours} 小时，请安排人员收回车辆并结束行程。',
    'en-US': 'Trip {code} ({plate}) has been locked for {hours} hours; please recover the car and end the trip.',
  },
  'timeShare.lockReason': { 'zh-CN': '分时租赁余额不足', 'en-US': 'time-share balance' },
  'timeShare.cancelExpired': { 'zh-CN': '预订超时未取车', 'en-US': 'Reservation expired' },
});
