import { MessageCategory } from '@fleetdesk/contracts/messages';
import { sql } from 'drizzle-orm';
import { GPS_EVENT_TITLES, type GpsAlarmType } from '@fleetdesk/contracts/gps-events';
import type { GpsAlarmNotices } from '@fleetdesk/contracts/organisation';
import { recipientsOf } from '../../../core/access.js';
import { rowsOf } from '../../../core/db.js';
import type { KeyedText } from '../../../core/i18n.js';
import type { AppDeps } from '../../../core/deps.js';
import { localMinute, tenantZone } from '../../../core/tenant-time.js';
import {
  createSystemNotice,
  normalisePhone,
  purposeTemplate,
  systemSendingState,
} from '../../sms-notices/sms-notices.service.js';
import { createMessagesForRecipients } from '../../messages/messages.service.js';
import { tenantRules } from '../../settings/settings.service.js';
import './gps-events.messages.js';

/** The message-centre category of risk alarms. */
export const GPS_ALARM_CATEGORY = MessageCategory.riskAlarms;
/** One notice per device and alarm type within this time. */
export const NOTICE_INTERVAL_MINUTES = 10;
/** The SMS notices' source of alarm texts (named on the SMS screens like any batch source). */
export const GPS_ALARM_SMS_SOURCE = 'gpsAlarm';
export const GPS_ALARM_SMS_PURPOSE = 'gps.alarm';
/** The template alarm SMS use, created with this text the first time (the tenant may change or disable it). */
export const GPS_ALARM_SMS_TEMPLATE = {
  name: 'GPS 报警通知',
  content: '{company}：车辆{plate}于{alarmTime}发生{alarm}报警，请及时登录 Fleetdesk 处理。',
};

/** An alarm just stored by the event processor. */
export interface RaisedAlarm {
  tenantId: number;
  deviceId: number;
  rentId: number;
  carId: number | null;
  type: GpsAlarmType;
  at: Date;
  /** The alarm's GPS event (its row on the alarm list), when known. */
  gpsEventId?: number;
}

const ids = (list: readonly number[]) => `{${list.join(',')}}`;

/** China time `yyyy-MM-dd HH:mm` (the SMS and the message text). */

/**
 * Notifies the alarms of one processed batch, per the tenant's `gpsEvents.notices`: message-centre messages
 * (category risk alarms) to the active users who may see the GPS map in the car's rent, and one SMS task per
 * tenant and batch to the configured numbers (else the rent's contact phone). At most one notice per device and
 * alarm type per NOTICE_INTERVAL_MINUTES, whichever process raised it (`gps_alarm_notices`). Answers the number
 * of alarms notified.
 */
export async function notifyAlarms(
  deps: AppDeps,
  alarms: RaisedAlarm[],
  /** The tenant's notice rules (the event processor passes its 30-second cache). */
  noticesOf: (tenantId: number) => Promise<GpsAlarmNotices> = async (tenantId) =>
    (await tenantRules(deps, tenantId)).gpsEvents.notices,
): Promise<number> {
  const byTenant = new Map<number, RaisedAlarm[]>();
  for (const a of alarms) {
    const list = byTenant.get(a.tenantId);
    if (list) list.push(a);
    else byTenant.set(a.tenantId, [a]);
  }
  let notified = 0;
  for (const [tenantId, list] of byTenant) {
    const rules = await noticesOf(tenantId);
    const wanted = list.filter((a) => rules.message.includes(a.type) || rules.sms.includes(a.type));
    if (!wanted.length) continue;
    notified += await notifyTenant(deps, tenantId, rules, wanted);
  }
  return notified;
}

async function notifyTenant(
  deps: AppDeps,
  tenantId: number,
  rules: GpsAlarmNotices,
  alarms: RaisedAlarm[],
): Promise<number> {
  // One per device and type in the batch (the first), then the 10-minute limit across batches and processes.
  const first = new Map<string, RaisedAlarm>();
  for (const a of alarms) if (!first.has(`${a.deviceId}:${a.type}`)) first.set(`${a.deviceId}:${a.type}`, a);
  const candidates = [...first.values()];
  const now = deps.clock.now();
  const passed = await rowsOf<{ device_id: number; type: string }>(
    deps.db,
    sql`insert into gps_alarm_notices (tenant_id, device_id, type, last_at)
      select ${tenantId}, d, t, ${now.toISOString()}::timestamptz
      from unnest(${ids(candidates.map((a) => a.deviceId))}::int8[], ${`{${candidates.map((a) => a.type).join(',')}}`}::text[]) as x(d, t)
      on conflict (tenant_id, device_id, type) do update set last_at = excluded.last_at
        where gps_alarm_notices.last_at <= excluded.last_at - make_interval(mins => ${NOTICE_INTERVAL_MINUTES})
      returning device_id, type`,
  );
  const ok = new Set(passed.map((p) => `${Number(p.device_id)}:${p.type}`));
  const send = candidates.filter((a) => ok.has(`${a.deviceId}:${a.type}`));
  if (!send.length) return 0;
  const details = await rowsOf<{
    id: number;
    imei: string;
    plate: string | null;
    rent_name: string;
    short_name: string;
    phone: string | null;
  }>(
    deps.db,
    sql`select d.id, d.imei, c.plate, r.name as rent_name, r.short_name, r.contact_phone as phone
      from gps_devices d join rents r on r.tenant_id = d.tenant_id and r.id = d.rent_id
      left join cars c on c.tenant_id = d.tenant_id and c.id = d.car_id
      where d.tenant_id = ${tenantId} and d.id = any(${ids(send.map((a) => a.deviceId))}::int8[])`,
  );
  const info = new Map(details.map((d) => [Number(d.id), d]));
  // Times as the tenant's staff read them: its own time zone, to the minute.
  const timeZone = await tenantZone(deps.db, tenantId);
  const texts = send
    .filter((a) => info.has(a.deviceId))
    .map((a) => {
      const d = info.get(a.deviceId)!;
      const what = d.plate ?? `设备 ${d.imei}`;
      const alarm = GPS_EVENT_TITLES[a.type]['zh-CN'];
      const time = localMinute(timeZone, a.at);
      // The message's texts as keys: the alarm type through its titles, the car's plate (else the device's IMEI).
      const params = { alarm: { title: 'gpsEvent', value: a.type }, rent: d.rent_name, time };
      const title: KeyedText = d.plate
        ? { key: 'gps.alarmNotice.title', params: { ...params, plate: d.plate } }
        : { key: 'gps.alarmNotice.titleDevice', params: { ...params, imei: d.imei } };
      const content: KeyedText = d.plate
        ? { key: 'gps.alarmNotice.content', params: { ...params, plate: d.plate } }
        : { key: 'gps.alarmNotice.contentDevice', params: { ...params, imei: d.imei } };
      return { a, d, what, alarm, time, titleText: title, contentText: content };
    });

  const toMessage = texts.filter((x) => rules.message.includes(x.a.type));
  if (toMessage.length) {
    const recipients = await recipientsOf(deps.db, tenantId, 'riskGpsMap:view');
    // The message centre keeps keys and parameters (and the Chinese text); each opens its alarm on the alarm list.
    await deps.events.transaction((tx) =>
      createMessagesForRecipients(
        tx,
        tenantId,
        recipients,
        toMessage.map((x) => ({
          rentId: x.a.rentId,
          category: GPS_ALARM_CATEGORY,
          title: x.titleText,
          content: x.contentText,
          link: x.a.gpsEventId ? `/riskGpsMap/alarms?alarm=${x.a.gpsEventId}` : '/riskGpsMap/alarms',
        })),
      ),
    );
  }

  const toSms = texts.filter((x) => rules.sms.includes(x.a.type));
  if (toSms.length) await smsAlarms(deps, tenantId, rules, toSms);
  return texts.length;
}

/** One SMS task for the batch's alarms: to the configured numbers, else to each alarm's rent's contact phone. */
async function smsAlarms(
  deps: AppDeps,
  tenantId: number,
  rules: GpsAlarmNotices,
  list: {
    a: RaisedAlarm;
    d: { phone: string | null; short_name: string };
    what: string;
    alarm: string;
    time: string;
  }[],
) {
  const template = await purposeTemplate(deps, tenantId, GPS_ALARM_SMS_PURPOSE, GPS_ALARM_SMS_TEMPLATE);
  if (template.status !== 'active') return;
  const [owner] = await rowsOf<{ id: number }>(
    deps.db,
    sql`select u.id from users u where u.tenant_id = ${tenantId}
      order by (u.status = 'active' and exists (select 1 from user_roles ur join roles r
        on r.tenant_id = ur.tenant_id and r.id = ur.role_id
        where ur.tenant_id = u.tenant_id and ur.user_id = u.id and r.all_permissions)) desc, u.id
      limit 1`,
  );
  if (!owner) return;
  const sending = await systemSendingState(deps, tenantId);
  // One text per number and batch: a number that several alarms of the batch go to gets them in one SMS
  // (the first three plates and how many in all, the alarm types), so one notice task per batch.
  const byPhone = new Map<string, typeof list>();
  for (const x of list)
    for (const raw of rules.smsPhones.length ? rules.smsPhones : x.d.phone ? [x.d.phone] : []) {
      const phone = normalisePhone(raw);
      const mine = byPhone.get(phone);
      if (mine) mine.push(x);
      else byPhone.set(phone, [x]);
    }
  const recipients = [...byPhone].map(([phone, xs]) => {
    const plates = [...new Set(xs.map((x) => x.what))];
    return {
      phone,
      variables: {
        company: xs[0]!.d.short_name,
        plate: plates.length > 3 ? `${plates.slice(0, 3).join('、')}等${plates.length}辆` : plates.join('、'),
        alarm: [...new Set(xs.map((x) => x.alarm))].join('、'),
        alarmTime: xs[0]!.time,
      },
    };
  });
  if (!recipients.length) return;
  if (recipients.length > sending.remaining) {
    deps.log.warn({ tenantId, recipients: recipients.length }, 'gps alarm SMS: over the daily quota, not sent');
    return;
  }
  const created = await deps.db.transaction(async (tx) => {
    const notice = await createSystemNotice(
      deps,
      tx,
      { tenantId, userId: Number(owner.id) },
      {
        template,
        source: GPS_ALARM_SMS_SOURCE,
        recipients,
        signature: sending.signature,
        segmentPriceFen: sending.segmentPriceFen,
        defaults: { company: sending.shortName },
      },
    );
    return notice.created;
  });
  if (created) await deps.tasks.dispatch(created.task);
}
