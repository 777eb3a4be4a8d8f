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
});
