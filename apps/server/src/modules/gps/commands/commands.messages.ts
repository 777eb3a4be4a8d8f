import { defineActionTitles } from '../../../core/audit.js';
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
  'gps.forcePermission': {
    'zh-CN': '强制断油（不经审批、不限安全车速）需要“强制断油”权限；请按安全车速下发或提交风控断油审批',
    'en-US':
      'Forcing a fuel cut (no approval, above the safe speed) needs the “Force a fuel cut” permission; send it at a safe speed or propose it for approval',
  },
});

// The command log's entries, written by the module itself (a device's answer and the expiry come from no route).
defineActionTitles({
  'deviceCommand.send': { 'zh-CN': '风控 · 下发指令', 'en-US': 'Risk · Command sent' },
  'deviceCommand.force': { 'zh-CN': '风控 · 强制断油', 'en-US': 'Risk · Forced fuel cut' },
  'deviceCommand.cancel': { 'zh-CN': '风控 · 取消指令', 'en-US': 'Risk · Command cancelled' },
  'deviceCommand.result': { 'zh-CN': '风控 · 设备应答', 'en-US': "Risk · Device's answer" },
  'deviceCommand.expire': { 'zh-CN': '风控 · 指令超时', 'en-US': 'Risk · Command expired' },
});
