import { request } from '../../lib/request';

/**
 * The header badge's count of unhandled GPS alarms (`alarm/alarmCount/unHandle`, the spec's alarmNum): 0 unless
 * the call answers with a number. Kept free of the GPS area's contracts so the shell stays small.
 */
export const ALARM_COUNT_KEY = ['gps-alarm-count'] as const;
export const ALARM_COUNT_PATH = '/api/ccwgps/alarm/alarmCount/unHandle';

export async function fetchAlarmCount(): Promise<number> {
  const n = await request<unknown>(ALARM_COUNT_PATH, { silent: true }).catch(() => 0);
  return typeof n === 'number' && n > 0 ? n : 0;
}
