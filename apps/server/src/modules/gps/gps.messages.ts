import { defineMessages } from '../../core/i18n.js';

defineMessages({
  'gps.deviceNotFound': { 'zh-CN': '设备不存在', 'en-US': 'No such device' },
  'gps.imeiTaken': { 'zh-CN': '设备号“{imei}”已被登记', 'en-US': 'The device number "{imei}" is already registered' },
  'gps.carNotFound': { 'zh-CN': '车辆不存在', 'en-US': 'No such car' },
  'gps.userNotFound': { 'zh-CN': '用户不存在', 'en-US': 'No such user' },
  'gps.userNotActive': {
    'zh-CN': '用户“{name}”已停用或离职，不能绑定设备',
    'en-US': 'The user "{name}" is disabled or has left and cannot get a device',
  },
  'gps.modelProtocol': {
    'zh-CN': '协议与型号不符：手机为 OsmAnd，定位器为 JT/T 808',
    'en-US': 'The protocol does not fit the model: a phone speaks OsmAnd, a tracker JT/T 808',
  },
  'gps.rentNotAllowed': {
    'zh-CN': '不能把设备登记到该子公司',
    'en-US': 'You cannot register a device in that company',
  },
  'gps.alreadyBound': {
    'zh-CN': '设备已绑定车辆 {plate}，请先解绑',
    'en-US': 'The device is bound to {plate}; unbind it first',
  },
  'gps.notBound': { 'zh-CN': '设备未绑定车辆', 'en-US': 'The device is not bound to a car' },
  'gps.boundDelete': {
    'zh-CN': '设备已绑定车辆 {plate}，请先解绑再删除',
    'en-US': 'The device is bound to {plate}; unbind it before deleting it',
  },
  'gps.notOnCar': {
    'zh-CN': '设备 {imei} 没有绑定在这辆车上',
    'en-US': 'The device {imei} is not bound to this car',
  },
  'gps.otherRent': {
    'zh-CN': '设备和车辆不属于同一子公司',
    'en-US': 'The device and the car belong to different companies',
  },
  'gps.userBound': { 'zh-CN': '设备已绑定用户 {name}', 'en-US': 'The device is bound to the user {name}' },
  'gps.notUserBound': { 'zh-CN': '设备未绑定用户', 'en-US': 'The device is bound to no user' },
  'gps.notJt808': {
    'zh-CN': '只有 JT/T 808 设备有注册鉴权码可重置',
    'en-US': 'Only a JT/T 808 device has a registration to reset',
  },
  'gps.notOsmand': {
    'zh-CN': '只有 OsmAnd（手机）设备有密钥标识',
    'en-US': 'Only an OsmAnd (phone) device has a secret identifier',
  },
  'gps.routeTruncated': {
    'zh-CN': '该时段共有 {total} 个定位点，超过上限 {max}，只显示前 {max} 个，请缩短时段',
    'en-US':
      'The period has {total} positions, more than the limit of {max}; the first {max} are shown, choose a shorter period',
  },
  'gps.check.registered': { 'zh-CN': '设备已注册鉴权', 'en-US': 'The device has registered' },
  'gps.check.notRegistered': { 'zh-CN': '设备从未注册', 'en-US': 'The device has never registered' },
  'gps.check.reporting': { 'zh-CN': '设备 10 分钟内有上报', 'en-US': 'The device reported within 10 minutes' },
  'gps.check.silent': {
    'zh-CN': '设备 10 分钟内没有上报',
    'en-US': 'No report from the device in the last 10 minutes',
  },
  'gps.check.fixed': { 'zh-CN': '已定位', 'en-US': 'The position is fixed' },
  'gps.check.notFixed': {
    'zh-CN': '未定位（请检查天线和安装位置）',
    'en-US': 'No fix (check the antenna and where it is mounted)',
  },
  'gps.check.bound': { 'zh-CN': '已绑定车辆', 'en-US': 'Bound to a car' },
  'gps.check.unbound': { 'zh-CN': '未绑定车辆', 'en-US': 'Not bound to a car' },
  'gps.check.power': { 'zh-CN': '主电源正常', 'en-US': 'Main power is fine' },
  'gps.check.powerCut': { 'zh-CN': '主电源断开', 'en-US': 'Main power is cut' },
  'gpsReceipt.notFound': { 'zh-CN': '交接单不存在', 'en-US': 'No such receipt' },
  'gpsReceipt.sourceNotReceived': {
    'zh-CN': '只能退回已接收的发出单中的设备',
    'en-US': 'Only devices of a received send-out receipt can be sent back',
  },
  'gpsReceipt.notSender': {
    'zh-CN': '只有发出公司的人员可以发出或取消该交接单',
    'en-US': 'Only users of the sending company may send or cancel this receipt',
  },
  'gpsReceipt.notReceiver': {
    'zh-CN': '只有接收公司的人员可以接收该交接单',
    'en-US': 'Only users of the receiving company may receive this receipt',
  },
  'gpsReceipt.fromRent': {
    'zh-CN': '不能从该公司发出设备',
    'en-US': 'You cannot send devices from that company',
  },
  'gpsReceipt.toRent': {
    'zh-CN': '接收公司不存在或已停用',
    'en-US': 'The receiving company does not exist or is disabled',
  },
  'gpsReceipt.sameRent': {
    'zh-CN': '接收公司不能与发出公司相同',
    'en-US': 'The receiving company must differ from the sending one',
  },
  'gpsReceipt.notInRent': {
    'zh-CN': '设备 {imeis} 不属于发出公司',
    'en-US': 'The devices {imeis} do not belong to the sending company',
  },
  'gpsReceipt.boundToCar': {
    'zh-CN': '设备 {imeis} 已绑定车辆，请先解绑再交接',
    'en-US': 'The devices {imeis} are bound to cars; unbind them before handing them over',
  },
  'gpsReceipt.notAvailable': {
    'zh-CN': '设备 {imeis} 不能随交接单 {number} 退回（不在接收公司或已在其他交接单中）',
    'en-US':
      'The devices {imeis} cannot be sent back on receipt {number} (no longer at the receiver, or on another receipt)',
  },
  'gpsReceipt.locked': {
    'zh-CN': '设备 {imeis} 在待接收的交接单 {number} 中，接收或取消前不能操作',
    'en-US':
      'The devices {imeis} are on the pending receipt {number}; they are locked until it is received or cancelled',
  },
  'gpsReceipt.notPending': {
    'zh-CN': '交接单 {number} 已接收或已取消',
    'en-US': 'The receipt {number} has already been received or cancelled',
  },
  'gpsReceipt.busy': {
    'zh-CN': '交接单同时被修改，请重试',
    'en-US': 'Another receipt was saved at the same moment; try again',
  },
});
