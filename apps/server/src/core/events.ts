import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './clock.js';
import { idArray, rowsOf, type Db, type DbOrTx, type Tx } from './db.js';
import type { Jobs } from './jobs.js';
import type { KeyedText } from './i18n.js';

/**
 * Domain events: how areas tell each other what happened without importing each other. A producer publishes an
 * event inside the transaction that makes it true (`publish(tx, ...)` writes an outbox row, `domain_events`);
 * after the commit the event is handed to the subscribers of its name. A subscriber is in-process (told after
 * the commit, by the process that committed; a throw is logged, a crash loses it) or durable: its delivery is
 * a row of `domain_event_deliveries` written with the event, claimed before the handler runs and marked
 * delivered after, retried through pg-boss (`events.deliver`) when the handler throws, and swept up by the
 * worker (at start and every minute, `events.sweep`) when the process died between the commit and the delivery.
 * So a durable subscriber sees each event once per (event, subscriber), unless its handler dies halfway (then
 * again: a handler's effects should be idempotent or harmless twice). docs/architecture.md "Domain events".
 */

/** A GPS event of a device that other areas act on (the `gps_events` row). */
export interface DeviceEventPayload {
  gpsEventId: number;
  deviceId: number;
  rentId: number;
  carId: number | null;
  /** The GPS event type (`sos`, `powerCut`, `geofenceExit`...). */
  type: string;
  /** ISO time of the event. */
  at: string;
  geofenceId: number | null;
}

/** Every event the code produces, by name, with its payload. The tenant travels beside the payload. */
export interface DomainEventMap {
  /** A device raised an alarm (an alarm type, an overspeed, a geofence enter/exit marked for alarms). */
  'device.alarm': DeviceEventPayload;
  /** A device left a geofence (alarm or not). */
  'device.geofenceExit': DeviceEventPayload;
  /** A car's status changed (handover out or back, a car form that changed it). */
  'car.statusChanged': { carId: number; rentId: number; from: string; to: string; action: string; at: string };
  /** A rental contract was signed (it is now running). */
  'contract.signed': { contractId: number; rentId: number; carId: number | null; number: string; at: string };
  /** Every signature of a contract's e-signature flow is in: the signed PDF is to be fetched, the contract signed. */
  'esign.completed': { flowId: number; contractId: number };
  /** A notary issued the certificate of an application: it is to be fetched and kept. */
  'notarization.notarized': { notarizationId: number };
  /** A rental contract ended (returned, terminated or cancelled). */
  'contract.ended': {
    contractId: number;
    rentId: number;
    carId: number | null;
    number: string;
    state: string;
    at: string;
  };
  /**
   * Something is due that the users who may see it in its rent must be told of (a driver's or a car's document
   * expiring, an inspection, a rent due or overdue, a contract ending): one message-centre message each. The
   * producer has recorded that it reminded this item (its own key), in the same transaction.
   */
  'reminder.due': {
    /** The producing area's source (`driverDocuments`, `vehicle:insurance`, `contracts`...). */
    source: string;
    /** The permission a user needs (besides seeing the rent) to be told. */
    permission: string;
    rentId: number;
    /** The message-centre category (contracts MESSAGE_CATEGORIES). */
    category: number;
    /**
     * The message's title and text as message keys and parameters, rendered in each reader's language. A plain
     * string is the Chinese text of an event published before texts were keys (it may still wait in the outbox).
     */
    title: KeyedText | string;
    content: KeyedText | string;
    link: string;
  };
  /**
   * A rent bill went past its due date unpaid (once per bill, when the contracts' daily job first finds it; the
   * same run reminds its users through `reminder.due`). Money in fen.
   */
  'bill.overdue': {
    contractId: number;
    lineId: number;
    rentId: number;
    number: string;
    /** The contract's driver (absent on events published before it was added). */
    driver?: string;
    period: number | null;
    outstandingFen: number;
    dueDate: string;
  };
  /** A payment was recorded against a bill (a clerk's collection; partial payments each once). Money in fen. */
  'payment.received': {
    contractId: number;
    lineId: number;
    rentId: number;
    amountFen: number;
    /** The bill's state after it: `partial` or `paid`. */
    lineState: string;
    paidDate: string;
    accountId: number;
    by: number | null;
    at: string;
  };
  /**
   * Message-centre messages (of one tenant) whose readers chose their category for SMS too
   * (`createMessages` of the messages module publishes it with the messages): `messages.smsCopies` texts them.
   */
  'message.smsDue': { messageIds: number[] };
  /** A financing was disbursed (S6 → S7): its schedule starts. Published in the applicant's tenant; money in fen. */
  'financing.disbursed': {
    applicationId: number;
    rentId: number;
    financierId: number;
    code: string;
    amountFen: number;
    date: string;
    firstDueDate: string;
  };
  /** A repayment of a financing was paid (recorded, confirmed, or settled online): its allocation is made. */
  'financing.instalmentPaid': {
    applicationId: number;
    rentId: number;
    financierId: number;
    code: string;
    repaymentId: number;
    repaymentCode: string;
    amountFen: number;
    /** The instalments it paid in full. */
    paidPeriods: number[];
  };
  /**
   * A financing instalment went overdue, or moved to a later ageing bucket (once per instalment and bucket, by the
   * daily `financing.lateFees`). The GPS risk engine may treat the car like one with overdue rent.
   */
  'financing.overdue': {
    applicationId: number;
    instalmentId: number;
    rentId: number;
    financierId: number;
    code: string;
    period: number;
    dueDate: string;
    overdueDays: number;
    ageing: string;
    outstandingFen: number;
    lateFeeFen: number;
    plate: string | null;
    vin: string | null;
  };
  /** A financing was settled (S7 → S8): every instalment paid, or paid off early. */
  'financing.settled': {
    applicationId: number;
    rentId: number;
    financierId: number;
    code: string;
    how: 'repaid' | 'payoff';
    at: string;
  };
  /** An approval reached its outcome: approved, rejected (the last decision) or withdrawn by its applicant. */
  'approval.decided': { approvalId: number; kind: string; result: string; decidedBy: number | null; at: string };
  /** A lead's next follow-up time passed while it is open and owned (the `crm.hourly` job; once per due time). */
  'crm.followUpOverdue': { leadId: number; name: string; rentId: number; ownerId: number; dueAt: string };
  /** The `crm.hourly` job returned an owned lead to the pool (no follow-up for `crm.poolDays`). */
  'crm.leadReturned': {
    leadId: number;
    name: string;
    rentId: number;
    formerOwnerId: number;
    days: number;
    at: string;
  };
  /** The public lead form was submitted again with the phone of an open lead (its owner is told). */
  'crm.leadAgain': { leadId: number; name: string; phone: string; ownerId: number; at: string };
  /**
   * The platform operator answered or closed a user's feedback (published in the sender's tenant): the sender
   * hears of it in his message centre (docs/dashboard.md).
   */
  'feedback.answered': { feedbackId: number; userId: number; state: string; excerpt: string; at: string };
  /** A driver's super driver level changed (the `driverPortal.levels` job; docs/driver-portal.md). */
  'driver.levelChanged': {
    driverId: number;
    from: string | null;
    to: string;
    toName: string;
    toNameEn: string;
    up: boolean;
    on: string;
  };
  /** The office reviewed what a driver sent from the portal (a document update, a violation's proof). */
  'driver.submissionReviewed': {
    driverId: number;
    submissionId: number;
    kind: string;
    approved: boolean;
    note: string | null;
  };
}

export type EventName = keyof DomainEventMap;

/** An event as subscribers receive it. */
export interface DomainEvent<N extends EventName = EventName> {
  id: number;
  tenantId: number;
  name: N;
  payload: DomainEventMap[N];
  createdAt: Date;
}

export interface NewEvent<N extends EventName = EventName> {
  tenantId: number;
  name: N;
  payload: DomainEventMap[N];
}

/**
 * A subscriber's handler. It receives the events of one commit (or one retry) at once, in the order they were
 * published, so that a batch (the alarms of a GPS batch) can be handled as one.
 */
/**
 * What a handler receives: the process's deps. `core/deps.ts` makes this its `AppDeps` (it augments this
 * interface), so that this file need not import the deps file that names the bus (no import circle).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface EventHandlerDeps {}

export type EventHandler<N extends EventName> = (events: DomainEvent<N>[], deps: EventHandlerDeps) => Promise<void>;

export interface SubscribeOptions {
  /** Must not miss an event: an outbox delivery row, retried until it succeeds. */
  durable?: boolean;
}

interface Subscription {
  name: EventName;
  subscriber: string;
  durable: boolean;
  handler: EventHandler<never>;
}

/** The process's subscribers, by event name and subscriber. */
const registry = new Map<string, Subscription>();
const keyOf = (name: string, subscriber: string) => `${name}\u0000${subscriber}`;
const SUBSCRIBER_NAME = /^[a-z][\w.-]{0,62}$/i;

/**
 * Subscribes `handler` to the events named `name`, as `subscriber` (unique per event name; the durable delivery
 * rows are keyed by it, so keep it stable). Subscribing the same handler again under the same names does nothing.
 * Answers the function that unsubscribes (tests: `onTestFinished(subscribe(...))`).
 */
export function subscribe<N extends EventName>(
  name: N,
  subscriber: string,
  handler: EventHandler<N>,
  options: SubscribeOptions = {},
): () => void {
  if (!SUBSCRIBER_NAME.test(subscriber)) throw new Error(`events: bad subscriber name ${subscriber}`);
  const key = keyOf(name, subscriber);
  const known = registry.get(key);
  if (known) {
    if (known.handler === handler && known.durable === (options.durable ?? false)) return () => undefined;
    throw new Error(`events: ${subscriber} already subscribes to ${name}`);
  }
  const entry: Subscription = { name, subscriber, durable: options.durable ?? false, handler: handler as never };
  registry.set(key, entry);
  return () => {
    if (registry.get(key) === entry) registry.delete(key);
  };
}

/** The subscribers of an event name (a copy). */
export function subscribersOf(name: EventName): { subscriber: string; durable: boolean }[] {
  return [...registry.values()]
    .filter((s) => s.name === name)
    .map(({ subscriber, durable }) => ({ subscriber, durable }));
}

/** The durable subscribers' names of an event name: the delivery rows `publish` writes. */
export function durableSubscribersOf(name: EventName): string[] {
  return [...registry.values()].filter((s) => s.name === name && s.durable).map((s) => s.subscriber);
}

/** The events published in a transaction opened by `EventBus.transaction`, to hand over after its commit. */
const published = new WeakMap<object, number[]>();

const arrayOf = (list: readonly string[]) => `{${list.map((s) => `"${s}"`).join(',')}}`;

/**
 * Publishes events inside the producer's transaction: their outbox rows and the delivery rows of the durable
 * subscribers known now. They reach subscribers only if the transaction commits. In a transaction opened by
 * `deps.events.transaction` they are handed over right after the commit; in any other they are delivered by the
 * worker's sweep (durable subscribers only). Answers the events' ids.
 */
export async function publish(tx: DbOrTx, ...events: NewEvent[]): Promise<number[]> {
  if (!events.length) return [];
  const rows = await rowsOf<{ id: number }>(
    tx,
    sql`with e as (
        insert into domain_events (tenant_id, name, payload, created_at)
        select x.t, x.n, p.value, now()
        from unnest(${idArray(events.map((e) => e.tenantId))}, ${arrayOf(events.map((e) => e.name))}::text[])
            with ordinality as x(t, n, o)
          join jsonb_array_elements(${JSON.stringify(events.map((e) => e.payload))}::jsonb) with ordinality as p(value, o)
            on p.o = x.o
        order by x.o
        returning id, tenant_id, name),
      d as (
        insert into domain_event_deliveries (event_id, subscriber, tenant_id)
        select e.id, s.subscriber, e.tenant_id
        from e join unnest(${arrayOf(events.flatMap((e) => durableSubscribersOf(e.name).map(() => e.name)))}::text[],
          ${arrayOf(events.flatMap((e) => durableSubscribersOf(e.name)))}::text[]) as s(name, subscriber)
          on s.name = e.name
        on conflict do nothing)
      select id from e order by id`,
  );
  const ids = rows.map((r) => Number(r.id));
  published.get(tx)?.push(...ids);
  return ids;
}

/** The SQL (a statement's CTE part) of the delivery rows for outbox rows `outbox(id, tenant_id, name)`. */
export function durableSubscriberPairs(names: readonly EventName[]): { names: string; subscribers: string } {
  const pairs = names.flatMap((n) => durableSubscribersOf(n).map((s) => [n, s] as const));
  return { names: arrayOf(pairs.map((p) => p[0])), subscribers: arrayOf(pairs.map((p) => p[1])) };
}

export interface EventBusDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  jobs: Jobs;
}

/** Delivered events are kept this long (to look into), then purged. */
export const EVENTS_KEPT_DAYS = 7;
/** How long a claimed delivery is left to its handler before another deliverer may take it. */
export const CLAIM_SECONDS = 60;
/** The wait before the n-th retry of a failed delivery (seconds): 10, 20, 40... at most 10 minutes. */
export const retryDelaySeconds = (attempts: number) => Math.min(600, 10 * 2 ** Math.max(0, attempts - 1));

interface EventRow {
  id: number;
  tenant_id: number;
  name: string;
  payload: unknown;
  created_at: string | Date;
}

/**
 * The deliverer of one process (`deps.events`). It hands committed events to the subscribers (`dispatch`),
 * retries failed durable deliveries (`deliverPending`, the `events.deliver` job) and sweeps up the ones a dead
 * process left (`sweep`).
 */
export class EventBus {
  private readonly inflight = new Set<Promise<unknown>>();
  /** Off: committed events wait for the sweep (a test simulating a crash between commit and delivery). */
  paused = false;

  constructor(private readonly deps: EventHandlerDeps & EventBusDeps) {}

  private get db(): Db {
    return this.deps.db;
  }
  private get clock(): Clock {
    return this.deps.clock;
  }
  private get log(): FastifyBaseLogger {
    return this.deps.log;
  }
  private get jobs(): Jobs {
    return this.deps.jobs;
  }

  /**
   * `db.transaction(fn)`, then the events `fn` published are handed to their subscribers: in the background
   * (`settled()` waits for them), or before answering with `awaitDelivery` (a job whose callers expect its
   * effects done, e.g. the reminders' messages). A failed delivery is retried either way, never thrown here.
   */
  async transaction<T>(fn: (tx: Tx) => Promise<T>, options: { awaitDelivery?: boolean } = {}): Promise<T> {
    const ids: number[] = [];
    const result = await this.db.transaction(async (tx) => {
      published.set(tx, ids);
      return fn(tx);
    });
    const delivered = this.dispatch(ids);
    if (options.awaitDelivery) await delivered;
    return result;
  }

  /** Hands committed events (by id) to their subscribers, in the background; resolves when they are done. */
  dispatch(ids: readonly number[]): Promise<void> {
    if (!ids.length || this.paused) return Promise.resolve();
    return this.track(this.deliver([...ids]));
  }

  /** Resolves when every dispatch and retry started so far is done (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.inflight.size) await Promise.allSettled([...this.inflight]);
  }

  private track(p: Promise<unknown>): Promise<void> {
    const tracked = p.then(
      () => undefined,
      (err: unknown) => this.log.error({ err }, 'events: delivery failed'),
    );
    this.inflight.add(tracked);
    void tracked.finally(() => this.inflight.delete(tracked));
    return tracked;
  }

  private async load(ids: readonly number[]): Promise<DomainEvent[]> {
    if (!ids.length) return [];
    const rows = await rowsOf<EventRow>(
      this.db,
      sql`select id, tenant_id, name, payload, created_at from domain_events
        where id = any(${`{${ids.join(',')}}`}::int8[]) order by id`,
    );
    return rows.map((r) => ({
      id: Number(r.id),
      tenantId: Number(r.tenant_id),
      name: r.name as EventName,
      payload: (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload) as never,
      createdAt: new Date(r.created_at),
    }));
  }

  /** Every subscriber of the events' names gets them, one subscriber after another. */
  private async deliver(ids: readonly number[]): Promise<void> {
    const events = await this.load(ids);
    const byName = new Map<EventName, DomainEvent[]>();
    for (const e of events) {
      const list = byName.get(e.name);
      if (list) list.push(e);
      else byName.set(e.name, [e]);
    }
    for (const [name, list] of byName) {
      for (const sub of [...registry.values()].filter((s) => s.name === name)) {
        if (sub.durable) await this.deliverDurable(sub, list);
        else
          await sub
            .handler(list as never, this.deps)
            .catch((err: unknown) =>
              this.log.error({ err, event: name, subscriber: sub.subscriber }, 'events: subscriber failed'),
            );
      }
    }
  }

  /**
   * Claims the subscriber's undelivered deliveries of these events, runs the handler on them and marks them
   * delivered; on a throw, releases them for a retry after `retryDelaySeconds` and sends the retry job.
   * Answers how many were delivered.
   */
  private async deliverDurable(sub: Subscription, events: DomainEvent[]): Promise<number> {
    if (!events.length) return 0;
    const now = this.clock.now();
    const claimed = await rowsOf<{ event_id: number; attempts: number }>(
      this.db,
      sql`update domain_event_deliveries
        set claimed_until = ${new Date(now.getTime() + CLAIM_SECONDS * 1000).toISOString()}::timestamptz,
          attempts = attempts + 1
        where subscriber = ${sub.subscriber} and event_id = any(${`{${events.map((e) => e.id).join(',')}}`}::int8[])
          and delivered_at is null and (claimed_until is null or claimed_until <= ${now.toISOString()}::timestamptz)
        returning event_id, attempts`,
    );
    if (!claimed.length) return 0;
    const mine = new Set(claimed.map((c) => Number(c.event_id)));
    const list = events.filter((e) => mine.has(e.id));
    const idList = `{${[...mine].join(',')}}`;
    try {
      await sub.handler(list as never, this.deps);
    } catch (err) {
      const attempts = Math.max(...claimed.map((c) => Number(c.attempts)));
      const delay = retryDelaySeconds(attempts);
      this.log.warn(
        { err, subscriber: sub.subscriber, events: list.length, attempts },
        'events: delivery failed, retried later',
      );
      await this.db.execute(sql`update domain_event_deliveries
        set claimed_until = ${new Date(this.clock.now().getTime() + delay * 1000).toISOString()}::timestamptz,
          last_error = ${String((err as Error)?.message ?? err).slice(0, 1000)}
        where subscriber = ${sub.subscriber} and event_id = any(${idList}::int8[]) and delivered_at is null`);
      await this.jobs
        .send('events.deliver', { subscriber: sub.subscriber, eventIds: [...mine] }, { startAfter: delay })
        .catch((e: unknown) => this.log.warn({ err: e }, 'events: retry job not sent (the sweep takes it)'));
      return 0;
    }
    await this.db.execute(sql`update domain_event_deliveries
      set delivered_at = ${this.clock.now().toISOString()}::timestamptz, claimed_until = null, last_error = null
      where subscriber = ${sub.subscriber} and event_id = any(${idList}::int8[])`);
    return list.length;
  }

  /** Delivers a subscriber's pending deliveries of these events (the `events.deliver` job). */
  async deliverPending(subscriber: string, eventIds: readonly number[]): Promise<number> {
    const events = await this.load(eventIds);
    let delivered = 0;
    for (const sub of registry.values()) {
      if (!sub.durable || sub.subscriber !== subscriber) continue;
      delivered += await this.deliverDurable(
        sub,
        events.filter((e) => e.name === sub.name),
      );
    }
    return delivered;
  }

  /**
   * Delivers what is undelivered and not claimed (or whose claim or retry wait ran out): what a process that
   * died between commit and delivery left, and failed deliveries due again. At most `limit` deliveries a call,
   * oldest first. Deliveries of subscribers this process does not know stay. Answers how many were delivered.
   */
  async sweep(limit = 1000): Promise<number> {
    const now = this.clock.now().toISOString();
    const rows = await rowsOf<{ subscriber: string; event_id: number }>(
      this.db,
      sql`select subscriber, event_id from domain_event_deliveries
        where delivered_at is null and (claimed_until is null or claimed_until <= ${now}::timestamptz)
        order by event_id limit ${limit}`,
    );
    const bySubscriber = new Map<string, number[]>();
    for (const r of rows) {
      const list = bySubscriber.get(r.subscriber);
      if (list) list.push(Number(r.event_id));
      else bySubscriber.set(r.subscriber, [Number(r.event_id)]);
    }
    let delivered = 0;
    for (const [subscriber, ids] of bySubscriber) delivered += await this.deliverPending(subscriber, ids);
    return delivered;
  }

  /**
   * Forgets events older than `days` whose every delivery is done (in-process subscribers keep no state).
   * Answers how many. The minute's `events.sweep` job runs it.
   */
  async purge(days = EVENTS_KEPT_DAYS): Promise<number> {
    const rows = await rowsOf<{ id: number }>(
      this.db,
      sql`delete from domain_events e
        where e.created_at < ${new Date(this.clock.now().getTime() - days * 86_400_000).toISOString()}::timestamptz
          and not exists (select 1 from domain_event_deliveries d where d.event_id = e.id and d.delivered_at is null)
        returning e.id`,
    );
    return rows.length;
  }

  /**
   * The worker's part (from `startJobs`): the retry queue. The sweep (what a dead process left between commit and
   * delivery, and the purge of old events) is the schedule `events.sweep`, every minute and once at start.
   */
  async start(): Promise<void> {
    if (!this.jobs.isWorker) return;
    await this.jobs.createQueue('events.deliver');
    await this.jobs.work<{ subscriber: string; eventIds: number[] }>('events.deliver', 1, async (data) => {
      await this.deliverPending(data.subscriber, data.eventIds);
    });
  }
}
