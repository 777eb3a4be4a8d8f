import { MessageCategory } from '@fleetdesk/contracts/messages';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../core/db.js';
import { DEFAULT_TIME_ZONE, localDate } from '../core/tenant-time.js';
import { createMessages, type NewMessage } from '../modules/messages/messages.service.js';
import { yuanText } from '../modules/payments/payments.service.js';
import type { DemoContext } from './context.js';
import '../modules/compliance/compliance.messages.js';
import '../modules/drivers/drivers.messages.js';
import '../modules/gps/events/gps-events.messages.js';

const HOUR = 3_600_000;

/**
 * The demo company's message centre (after every other area, so that each message opens a real record): for the
 * admin, bills (an overdue bill, a payment, the week's summary), vehicle and driver reminders, a GPS alarm and a
 * risk case, the welcome; some already read, and one from long ago that the archive schedule puts away. The
 * approvals' messages come from the requests the office seed submits (the approvals engine).
 */
export async function seedMessages({ tx, clock, demo }: DemoContext): Promise<void> {
  const now = clock.now().getTime();
  const today = localDate(DEFAULT_TIME_ZONE, clock.now());
  const one = async <T>(query: ReturnType<typeof sql>) => (await rowsOf<T>(tx, query))[0];
  const t = demo.tenantId;

  const overdue = await one<{
    id: number;
    contract_id: number;
    number: string;
    driver: string;
    period: number | null;
    fen: number;
    due: string;
  }>(
    sql`select l.id, l.contract_id, k.number, d.name as driver, l.period, l.amount_fen - l.paid_fen as fen,
        l.due_date::text as due
      from rental_payment_lines l join rental_contracts k on k.tenant_id = l.tenant_id and k.id = l.contract_id
      join drivers d on d.tenant_id = k.tenant_id and d.id = k.driver_id
      where l.tenant_id = ${t} and l.valid and l.type = 'rent' and l.state in ('unpaid', 'partial')
        and l.due_date < ${today}::date
      order by l.due_date desc, l.id limit 1`,
  );
  const paid = await one<{ id: number; contract_id: number; number: string; fen: number; paid: string | null }>(
    sql`select l.id, l.contract_id, k.number, l.paid_fen as fen, coalesce(l.paid_date::text, ${today}) as paid
      from rental_payment_lines l join rental_contracts k on k.tenant_id = l.tenant_id and k.id = l.contract_id
      where l.tenant_id = ${t} and l.valid and l.state = 'paid' and l.paid_fen > 0
      order by l.due_date desc, l.id limit 1`,
  );
  const policy = await one<{ car_id: number; plate: string; end_date: string }>(
    sql`select p.car_id, c.plate, p.end_date::text as end_date from insurance_policies p
      join cars c on c.tenant_id = p.tenant_id and c.id = p.car_id
      where p.tenant_id = ${t} and p.kind = 'compulsory' order by p.end_date, p.id limit 1`,
  );
  const inspection = await one<{ car_id: number; plate: string }>(
    sql`select c.id as car_id, c.plate from cars c where c.tenant_id = ${t} and c.plate is not null
      order by c.id desc limit 1`,
  );
  const driver = await one<{ id: number; name: string; expiry: string | null }>(
    sql`select id, name, licence_expiry::text as expiry from drivers where tenant_id = ${t}
      order by licence_expiry nulls last, id limit 1`,
  );
  const alarm = await one<{ id: number; type: string; plate: string | null; rent: string; at: Date | string }>(
    sql`select e.id, e.type, c.plate, r.name as rent, e.at from gps_events e
      join rents r on r.tenant_id = e.tenant_id and r.id = e.rent_id
      left join cars c on c.tenant_id = e.tenant_id and c.id = e.car_id
      where e.tenant_id = ${t} and e.alarm_status is not null and c.plate is not null
      order by e.at desc, e.id limit 1`,
  );
  const riskCase = await one<{ id: number; plate: string | null }>(
    sql`select k.id, c.plate from gps_risk_cases k left join cars c on c.tenant_id = k.tenant_id and c.id = k.car_id
      where k.tenant_id = ${t} order by k.id limit 1`,
  );

  const msg = (
    hoursAgo: number,
    category: MessageCategory,
    link: string | null,
    title: NewMessage['title'],
    content: NewMessage['content'],
    read = false,
  ): NewMessage => ({
    tenantId: t,
    userId: demo.adminId,
    category,
    title,
    content,
    link,
    createdAt: new Date(now - hoursAgo * HOUR),
    readAt: read ? new Date(now - (hoursAgo - 1) * HOUR) : null,
  });
  const list: (NewMessage | null)[] = [
    overdue
      ? msg(
          1,
          MessageCategory.bills,
          `/rentContract/detail/${overdue.contract_id}?tab=bills&bill=${overdue.id}`,
          { key: 'messages.billOverdueTitle' },
          {
            key: 'messages.billOverdue',
            params: {
              number: overdue.number,
              driver: overdue.driver,
              period: overdue.period === null ? '-' : Number(overdue.period),
              amount: yuanText(Number(overdue.fen)),
              date: overdue.due,
            },
          },
        )
      : null,
    paid
      ? msg(
          30,
          MessageCategory.bills,
          `/rentContract/detail/${paid.contract_id}?tab=bills&bill=${paid.id}`,
          { key: 'messages.paymentReceivedTitle' },
          {
            key: 'messages.paymentReceived',
            params: { number: paid.number, amount: yuanText(Number(paid.fen)), date: paid.paid ?? today },
          },
          true,
        )
      : null,
    msg(
      50,
      MessageCategory.bills,
      '/rentContract/debts',
      { key: 'messages.weekBillsTitle' },
      { key: 'messages.weekBills', params: { count: 12, amount: '57,600.00' } },
      true,
    ),
    policy
      ? msg(
          3,
          MessageCategory.vehicleReminders,
          `/rentCar/car/${policy.car_id}?tab=insurance`,
          {
            key: 'compliance.reminder.soonTitle',
            params: { kind: { title: 'complianceReminder', value: 'compulsory' } },
          },
          {
            key: 'compliance.reminder.soon',
            params: {
              kind: { title: 'complianceReminder', value: 'compulsory' },
              plate: policy.plate,
              date: policy.end_date,
            },
          },
        )
      : null,
    inspection
      ? msg(
          26,
          MessageCategory.vehicleReminders,
          `/rentCar/car/${inspection.car_id}?tab=inspections`,
          {
            key: 'compliance.reminder.soonTitle',
            params: { kind: { title: 'complianceReminder', value: 'inspection' } },
          },
          {
            key: 'compliance.reminder.soon',
            params: {
              kind: { title: 'complianceReminder', value: 'inspection' },
              plate: inspection.plate,
              date: today,
            },
          },
          true,
        )
      : null,
    driver
      ? msg(
          4,
          MessageCategory.driverReminders,
          `/rentDriver/${driver.id}`,
          { key: 'drivers.reminder.soonTitle', params: { document: { title: 'driverDocument', value: 'licence' } } },
          {
            key: 'drivers.reminder.soon',
            params: {
              name: driver.name,
              document: { title: 'driverDocument', value: 'licence' },
              date: driver.expiry ?? today,
            },
          },
        )
      : null,
    alarm
      ? msg(
          2,
          MessageCategory.riskAlarms,
          `/riskGpsMap/alarms?alarm=${alarm.id}`,
          {
            key: 'gps.alarmNotice.title',
            params: { alarm: { title: 'gpsEvent', value: alarm.type }, plate: alarm.plate! },
          },
          {
            key: 'gps.alarmNotice.content',
            params: {
              alarm: { title: 'gpsEvent', value: alarm.type },
              plate: alarm.plate!,
              rent: alarm.rent,
              time: `${today} 02:13`,
            },
          },
        )
      : null,
    riskCase
      ? msg(
          28,
          MessageCategory.riskAlarms,
          `/riskGpsMap/risk?case=${riskCase.id}`,
          { key: 'gps.geofenceNotice.title' },
          {
            key: 'gps.geofenceNotice.content',
            params: { plate: riskCase.plate ?? '-', time: `${today} 02:13`, geofence: '杭州市区' },
          },
          true,
        )
      : null,
    msg(5, MessageCategory.system, '/', { key: 'messages.welcomeTitle' }, { key: 'messages.welcome' }),
    // Long ago: the archive schedule (messages.archive, 90 days by default) puts it under "archived".
    msg(24 * 120, MessageCategory.system, '/', { key: 'messages.welcomeTitle' }, { key: 'messages.welcome' }, true),
  ];
  await createMessages(
    tx,
    list.filter((m): m is NewMessage => m !== null),
  );
  // What the archive schedule would do at once (90 days, the default of messageArchiveDays).
  await tx.execute(sql`update push_records set archived_at = ${new Date(now).toISOString()}::timestamptz
    where tenant_id = ${t} and archived_at is null and created_at < ${new Date(now - 90 * 24 * HOUR).toISOString()}::timestamptz`);
}
