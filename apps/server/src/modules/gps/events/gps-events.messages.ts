import { defineMessages } from '../../../core/i18n.js';

defineMessages({
  'gps.alarmNotFound': { 'zh-CN': '报警不存在', 'en-US': 'No such alarm' },
  'gps.alarmSettled': {
    'zh-CN': '该报警已处理或已忽略',
    'en-US': 'The alarm has already been handled or ignored',
  },
  'gps.geofenceNotFound': { 'zh-CN': '围栏不存在', 'en-US': 'No such geofence' },
  'gps.geofenceNotBound': {
    'zh-CN': '所选设备没有绑定该围栏',
    'en-US': 'None of these devices is bound to the geofence',
  },
});
