import { MessageCategory } from '@fleetdesk/contracts/messages';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type DbOrTx, type Tx } from '../../core/db.js';
import type { AppDeps } from '../../core/deps.js';
import { publish } from '../../core/events.js';
import type { KeyedText } from '../../core/i18n.js';
import { complianceWindow, type ComplianceWindow } from './compliance.service.js';
import './compliance.messages.js';

/** Something due of one car (or of a driver of the fleet), as a reminder source finds it. */
export interface DueItem {
  /** Stable per record within the source (`compulsory:12`); with `dueDate` it makes the reminder's key. */
  ref: string;
  /** The car it is about; the default link opens its page. An item about a driver has none (and a link). */
  carId?: number;
  /** The rent whose users hear of it. */
  rentId: number;
  dueDate: string;
  /** The message's title and text as keys of the source's `*.messages.ts` (shown in the reader's language). */
  title: KeyedText;
  content: KeyedText;
  /** Web address the message opens; the car page by default. */
  link?: string;
  /** Message-centre category: vehicle reminders by default, driver reminders for an item about a driver. */
  category?: MessageCategory;
}

/**
 * A kind of vehicle reminder (licences, insurance, inspections here; the violation limits in
 * `violations.reminders.ts`). `due` answers every item of a tenant that should be reminded now; the runner sends
 * each (ref, dueDate) only once (`vehicle_reminders`), unless the source keeps its own record (`claim`).
 */
export interface VehicleReminderSource<T extends DueItem = DueItem> {
  key: string;
  /** The permission a user needs to hear of it (and he must see the item's rent). */
  permission: string;
  due(db: DbOrTx, tenantId: number, window: ComplianceWindow): Promise<T[]>;
  /**
   * The items of a chunk to send now, recorded in the sending transaction, for a source whose rule is not "once
   * per (ref, dueDate)" (the violation limits: once per level). Without it, `vehicle_reminders` decides.
   */
  claim?(tx: Tx, tenantId: number, items: T[]): Promise<T[]>;
}

const sources = new Map<string, VehicleReminderSource>();

/** Adds a source to the daily run; the answer takes it out again (a test's own source, gone with its test). */
export function registerVehicleReminderSource<T extends DueItem>(source: VehicleReminderSource<T>): () => void {
  sources.set(source.key, source as unknown as VehicleReminderSource);
  return () => {
    if (sources.get(source.key) === (source as unknown)) sources.delete(source.key);
  };
}

/**
 * One run of the daily vehicle reminders: for every tenant with cars (or `only.tenantId`) and every registered
 * source (or those of `only.sources`), records the items not reminded yet (`vehicle_reminders`: its primary key
 * makes a second run, or another process's, a no-op; or the source's own `claim`) and pushes one message
 * (channel `rent_m`, the item's category, 3 by default) to each active user who holds the source's permission
 * (within the tenant's plan) and sees the item's rent (`recipientsOf` of `core/access.ts`). Answers the number of items reminded.
 */
export async function runVehicleReminders(
  deps: AppDeps,
  only: { tenantId?: number; sources?: readonly string[] } = {},
): Promise<number> {
  const tenants =
    only.tenantId !== undefined
      ? [{ tenant_id: only.tenantId }]
      : await rowsOf<{ tenant_id: number }>(deps.db, sql`select distinct tenant_id from cars where deleted_at is null`);
  const chosen = [...sources.values()].filter((s) => !only.sources || only.sources.includes(s.key));
  let sent = 0;
  for (const { tenant_id } of tenants) {
    const tenantId = Number(tenant_id);
    const window = await complianceWindow(deps.db, tenantId, deps.clock.now());
    for (const source of chosen) {
      const items = await source.due(deps.db, tenantId, window);
      if (!items.length) continue;
      for (let i = 0; i < items.length; i += CHUNK) {
        sent += await remindChunk(deps, tenantId, source, items.slice(i, i + CHUNK));
      }
    }
  }
  return sent;
}

const CHUNK = 500;

/**
 * One transaction for up to CHUNK items: the ones not reminded yet are recorded (the primary key refuses the
 * others) and pushed, with one statement each, whatever the number of items.
 */
async function remindChunk(
  deps: AppDeps,
  tenantId: number,
  source: VehicleReminderSource,
  items: DueItem[],
): Promise<number> {
  // The messages are the message centre's: a `reminder.due` per item, published with its record, delivered
  // before this answers.
  return deps.events.transaction(
    async (tx) => {
      const send = source.claim ? await source.claim(tx, tenantId, items) : await unsent(tx, tenantId, source, items);
      if (!send.length) return 0;
      await publish(
        tx,
        ...send.map((x) => ({
          tenantId,
          name: 'reminder.due' as const,
          payload: {
            source: `vehicle:${source.key}`,
            permission: source.permission,
            rentId: x.rentId,
            category: x.category ?? MessageCategory.vehicleReminders,
            title: x.title,
            content: x.content,
            link: x.link ?? `/rentCar/car/${x.carId}`,
          },
        })),
      );
      return send.length;
    },
    { awaitDelivery: true },
  );
}

/** The items whose (ref, dueDate) `vehicle_reminders` did not hold yet, now recorded there. */
async function unsent(tx: Tx, tenantId: number, source: VehicleReminderSource, items: DueItem[]) {
  const fresh = await rowsOf<{ ref: string; due_date: string }>(
    tx,
    sql`insert into vehicle_reminders (tenant_id, source, ref, due_date)
      select ${tenantId}, ${source.key}, i.ref, i.due::date
      from (values ${sql.join(
        items.map((x) => sql`(${x.ref}, ${x.dueDate})`),
        sql`, `,
      )}) as i(ref, due)
      on conflict do nothing
      returning ref, due_date::text as due_date`,
  );
  const keys = new Set(fresh.map((f) => `${f.ref}|${f.due_date}`));
  // Once per key, even when a source answered an item twice.
  return items.filter((x) => keys.delete(`${x.ref}|${x.dueDate}`));
}

/** Not reminded yet: a source's query leaves out what `vehicle_reminders` already holds for (ref, date). */
const notSent = (source: string, ref: SQL, date: SQL) =>
  sql`not exists (select 1 from vehicle_reminders v where v.tenant_id = c.tenant_id and v.source = ${source}
    and v.ref = ${ref} and v.due_date = ${date})`;

// ------------------------------------------------------------------ the three sources of this area

const FLEET = sql`c.deleted_at is null and c.status not in ('sold', 'scrapped')`;

/** A reminder's texts; `kind` is one of `complianceReminder` (compliance.messages.ts). */
function message(kind: string, plate: string, date: string, today: string) {
  const expired = date < today;
  const what = { title: 'complianceReminder', value: kind };
  return {
    title: {
      key: expired ? 'compliance.reminder.expiredTitle' : 'compliance.reminder.soonTitle',
      params: { kind: what },
    },
    content: {
      key: expired ? 'compliance.reminder.expired' : 'compliance.reminder.soon',
      params: { kind: what, plate, date },
    },
  };
}

export const licenceSource: VehicleReminderSource = {
  key: 'licence',
  permission: 'rentCar:view',
  async due(db, tenantId, w) {
    const rows = await rowsOf<{ id: number; car_id: number; rent_id: number; plate: string; kind: string; d: string }>(
      db,
      sql`select l.id, l.car_id, c.rent_id, c.plate, l.kind, l.expiry_date::text as d from car_licenses l
        join cars c on c.tenant_id = l.tenant_id and c.id = l.car_id
        where l.tenant_id = ${tenantId} and ${FLEET} and l.expiry_date <= ${w.licence}::date
          and ${notSent('licence', sql`l.kind || ':' || l.car_id`, sql`l.expiry_date`)}`,
    );
    return rows.map((r) => ({
      ref: `${r.kind}:${Number(r.car_id)}`,
      carId: Number(r.car_id),
      rentId: Number(r.rent_id),
      dueDate: r.d,
      link: `/rentCar/car/${Number(r.car_id)}?tab=licences`,
      ...message(r.kind, r.plate, r.d, w.today),
    }));
  },
};

export const insuranceSource: VehicleReminderSource = {
  key: 'insurance',
  permission: 'rentCar:view',
  async due(db, tenantId, w) {
    // The car's current policies (synchronised from the policies, or typed on the car form).
    const rows = await rowsOf<{ id: number; rent_id: number; plate: string; kind: string; d: string }>(
      db,
      sql`select c.id, c.rent_id, c.plate, 'compulsory' as kind, c.compulsory_expiry::text as d from cars c
          where c.tenant_id = ${tenantId} and ${FLEET} and c.compulsory_expiry <= ${w.insurance}::date
            and ${notSent('insurance', sql`'compulsory:' || c.id`, sql`c.compulsory_expiry`)}
        union all
        select c.id, c.rent_id, c.plate, 'commercial', c.commercial_expiry::text from cars c
          where c.tenant_id = ${tenantId} and ${FLEET} and c.commercial_expiry <= ${w.insurance}::date
            and ${notSent('insurance', sql`'commercial:' || c.id`, sql`c.commercial_expiry`)}`,
    );
    return rows.map((r) => ({
      ref: `${r.kind}:${Number(r.id)}`,
      carId: Number(r.id),
      rentId: Number(r.rent_id),
      dueDate: r.d,
      link: `/rentCar/car/${Number(r.id)}?tab=insurance`,
      ...message(r.kind, r.plate, r.d, w.today),
    }));
  },
};

export const inspectionSource: VehicleReminderSource = {
  key: 'inspection',
  permission: 'rentCar:view',
  async due(db, tenantId, w) {
    const rows = await rowsOf<{ id: number; rent_id: number; plate: string; d: string }>(
      db,
      sql`select c.id, c.rent_id, c.plate, c.inspection_due::text as d from cars c
        where c.tenant_id = ${tenantId} and ${FLEET} and c.inspection_due <= ${w.inspection}::date
          and ${notSent('inspection', sql`'car:' || c.id`, sql`c.inspection_due`)}`,
    );
    return rows.map((r) => ({
      ref: `car:${Number(r.id)}`,
      carId: Number(r.id),
      rentId: Number(r.rent_id),
      dueDate: r.d,
      link: `/rentCar/car/${Number(r.id)}?tab=inspections`,
      ...message('inspection', r.plate, r.d, w.today),
    }));
  },
};

/** The compliance area's own sources (licences, insurance, inspections); its `register.ts` adds them. */
export const COMPLIANCE_REMINDER_SOURCES = [licenceSource, insuranceSource, inspectionSource];

/** The hourly schedule `compliance.vehicleReminders` (`register.ts`; the reminders are daily news, each sent once). */
export async function runVehicleRemindersHourly(deps: AppDeps): Promise<void> {
  await runVehicleReminders(deps);
}
