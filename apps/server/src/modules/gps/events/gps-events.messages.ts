import { GPS_EVENT_TITLES } from '@fleetdesk/contracts/gps-events';
import { defineMessages, defineTitles } from '../../../core/i18n.js';

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

// The alarm notices of the message centre (`alarm-notices.ts`), stored as keys and shown in the reader's language;
// `{alarm}` is the alarm type through its titles (`gpsEvent`).
defineMessages({
  'gps.alarmNotice.title': { 'zh-CN': '{alarm}报警：{plate}', 'en-US': '{alarm} alarm: {plate}' },
  'gps.alarmNotice.titleDevice': { 'zh-CN': '{alarm}报警：设备 {imei}', 'en-US': '{alarm} alarm: device {imei}' },
  'gps.alarmNotice.content': {
    'zh-CN': '{plate}（{rent}）于 {time} 发生{alarm}报警，请在风控地图的报警列表处理。',
    'en-US': '{plate} ({rent}) raised a {alarm} alarm at {time}; handle it in the alarm list of the risk map.',
  },
  'gps.geofenceNotice.title': { 'zh-CN': '车辆驶出围栏', 'en-US': 'Car left a geofence' },
  'gps.geofenceNotice.content': {
    'zh-CN': '{plate} 于 {time} 驶出“{geofence}”围栏。',
    'en-US': '{plate} left the geofence "{geofence}" at {time}.',
  },
  'gps.alarmNotice.contentDevice': {
    'zh-CN': '设备 {imei}（{rent}）于 {time} 发生{alarm}报警，请在风控地图的报警列表处理。',
    'en-US': 'Device {imei} ({rent}) raised a {alarm} alarm at {time}; handle it in the alarm list of the risk map.',
  },
});

defineTitles('gpsEvent', GPS_EVENT_TITLES);
