import { defineMessages } from '../../../core/i18n.js';

defineMessages({
  'gps.commandNotFound': { 'zh-CN': '指令不存在', 'en-US': 'No such command' },
  'gps.commandProtocol': {
    'zh-CN': '该设备使用 {protocol} 协议（手机定位），无法接收远程指令',
    'en-US': 'The device speaks {protocol} (a phone tracker) and cannot receive remote commands',
  },
  'gps.commandTooFast': {
    'zh-CN':
      '车辆当前车速 {speed} km/h，高于安全车速 {safe} km/h，断油断电可能危及行车安全；确需执行请再次确认（强制下发）',
    'en-US':
      'The car is moving at {speed} km/h, above the safe speed of {safe} km/h; cutting fuel now may be dangerous. Confirm again to force it',
  },
  'gps.commandNotQueued': {
    'zh-CN': '只能取消排队中的指令（当前状态：{status}）',
    'en-US': 'Only a queued command can be cancelled (this one is {status})',
  },
  'gps.commandPermission': {
    'zh-CN': '断油断电与恢复需要“断油断电”权限',
    'en-US': 'Cutting and restoring fuel needs the “Cut and restore fuel” permission',
  },
});
