import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './db.js';

/** The channel on which the database announces changes to what a signed-in session carries (migration 0007). */
export const SESSION_CHANNEL = 'fleetdesk_session';

/** What a cached session must say about itself, so that a change can drop it. */
export interface CachedSession {
  tenant_id: number | string;
  token_id: number | string;
}

interface Entry<T> {
  value: T;
  tenantId: number;
  tokenId: number;
  /** Milliseconds since the epoch after which the entry is not used. */
  until: number;
}

export interface SessionCacheOptions {
  /** How long an entry is used at most (0: no cache). */
  ttlMs: number;
  /** Entries kept at most; the oldest go first. */
  maxEntries: number;
}

/**
 * The signed-in context of recent tokens, kept in this process for a short time (`SESSION_CACHE_SECONDS`) so
 * that a call with a known token makes no database round trip for its session.
 *
 * It is dropped at once when the database announces a change (`NOTIFY fleetdesk_session`, sent by triggers on
 * tokens, users, rents, roles, grants, memberships, tenants and plans; migration 0007): the payload names the
 * tenant (`12`: every session of it) or one token (`12:345`). On PostgreSQL one connection per process listens
 * (`start`); while it is down the cache is off and empty, so a missed announcement can never keep a stale
 * session. PGlite delivers its notifications within the statement that caused them.
 *
 * A session read from the database is stored only if no announcement arrived while it was being read (`epoch`),
 * so a read that raced with a change cannot put the old state back.
 */
export class SessionCache<T extends CachedSession> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly byTenant = new Map<number, Set<string>>();
  private readonly byToken = new Map<number, string>();
  private changes = 0;
  private live = false;
  private closed = false;
  private started = false;
  private client: pg.Client | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private unlistenPglite: (() => Promise<void>) | null = null;
  /** Tells this process's `sync` announcements from those of the others on the same channel. */
  private readonly origin = randomBytes(6).toString('hex');
  private syncSeq = 0;
  private syncInFlight: { id: number; resolve: () => void; timer: NodeJS.Timeout } | null = null;
  private syncNext: { promise: Promise<void>; resolve: () => void } | null = null;

  constructor(
    private readonly options: SessionCacheOptions,
    private readonly log?: FastifyBaseLogger,
  ) {}

  /** Whether entries are kept now: a lifetime is configured and the announcements are being heard. */
  get enabled(): boolean {
    return this.live && this.options.ttlMs > 0;
  }

  /** Counts announcements; a value read before a load must still be current when the load is stored. */
  get epoch(): number {
    return this.changes;
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string, now: number): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until <= now || !this.enabled) {
      this.remove(key);
      return undefined;
    }
    return entry.value;
  }

  /** Keeps `value` under `key`, unless an announcement came after `epoch` (the load may predate it). */
  set(key: string, value: T, epoch: number, now: number): void {
    if (!this.enabled || epoch !== this.changes) return;
    this.remove(key);
    if (this.entries.size >= this.options.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.remove(oldest);
    }
    const tenantId = Number(value.tenant_id);
    const tokenId = Number(value.token_id);
    this.entries.set(key, { value, tenantId, tokenId, until: now + this.options.ttlMs });
    let keys = this.byTenant.get(tenantId);
    if (!keys) this.byTenant.set(tenantId, (keys = new Set()));
    keys.add(key);
    this.byToken.set(tokenId, key);
  }

  /** Forgets one token's session (sign-out, in the process that served it). */
  forget(key: string): void {
    this.changes++;
    this.remove(key);
  }

  dropTenant(tenantId: number): void {
    this.changes++;
    for (const key of this.byTenant.get(tenantId) ?? []) this.remove(key, false);
    this.byTenant.delete(tenantId);
  }

  dropToken(tokenId: number): void {
    this.changes++;
    const key = this.byToken.get(tokenId);
    if (key !== undefined) this.remove(key);
  }

  clear(): void {
    this.changes++;
    this.entries.clear();
    this.byTenant.clear();
    this.byToken.clear();
  }

  /** Applies one announcement: `*`, a tenant id, `tenant:token`, or a `sync:origin:n` (ours ends a sync). */
  apply(payload: string): void {
    if (payload.startsWith('sync:')) {
      if (payload === `sync:${this.origin}:${this.syncInFlight?.id}`) this.finishSync();
      return;
    }
    if (payload === '*') return this.clear();
    const [tenant, token] = payload.split(':');
    if (token !== undefined && /^\d+$/.test(token)) return this.dropToken(Number(token));
    if (tenant && /^\d+$/.test(tenant)) return this.dropTenant(Number(tenant));
    // Unknown: be safe.
    this.clear();
  }

  /**
   * Starts hearing the announcements: PGlite's in-process listener, or one PostgreSQL connection of its own
   * (reconnected after a second when lost; the cache is off and empty meanwhile).
   */
  async start(database: Database): Promise<void> {
    if (this.options.ttlMs <= 0 || this.closed || this.started) return;
    this.started = true;
    if (database.kind === 'pglite') {
      this.unlistenPglite = await database.pglite!.listen(SESSION_CHANNEL, (payload) => this.apply(payload));
      this.live = true;
      return;
    }
    await this.connect(database.url!);
  }

  private async connect(url: string): Promise<void> {
    const client = new pg.Client({ connectionString: url, application_name: 'fleetdesk-sessions' });
    const lost = (err?: unknown) => {
      if (this.client !== client) return;
      this.client = null;
      this.goDark();
      if (this.closed) return;
      this.log?.warn({ err }, 'session announcements lost; the session cache is off until they are heard again');
      this.reconnectTimer = setTimeout(() => {
        this.reconnectTimer = null;
        this.connect(url).catch(() => undefined);
      }, 1000);
      this.reconnectTimer.unref();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', (msg) => {
      if (msg.channel === SESSION_CHANNEL) this.apply(msg.payload ?? '*');
    });
    this.client = client;
    try {
      await client.connect();
      await client.query(`listen ${SESSION_CHANNEL}`);
    } catch (err) {
      lost(err);
      return;
    }
    if (this.client !== client) return;
    this.clear();
    this.live = true;
  }

  /** The cache can no longer trust what it holds: off and empty, and anyone waiting for a sync is let go. */
  private goDark(): void {
    this.live = false;
    this.clear();
    if (this.syncInFlight) this.finishSync();
  }

  /**
   * Resolves once this process has heard every announcement committed before the call: on PostgreSQL our own
   * `sync:n` notification comes back through the listening connection after all earlier ones. Successful writes
   * wait for it before they answer, so a change is seen by the caller's very next call, whichever process made
   * it. Concurrent calls share one round trip.
   */
  settled(): Promise<void> {
    if (!this.client || !this.live) return Promise.resolve();
    if (!this.syncNext) {
      let resolve!: () => void;
      const promise = new Promise<void>((r) => (resolve = r));
      this.syncNext = { promise, resolve };
    }
    const { promise } = this.syncNext;
    if (!this.syncInFlight) this.sendSync();
    return promise;
  }

  private sendSync(): void {
    const next = this.syncNext;
    const client = this.client;
    if (!next) return;
    this.syncNext = null;
    if (!client) return next.resolve();
    const id = ++this.syncSeq;
    // Not heard within 2 s: the connection is in trouble; forget everything rather than wait.
    const timer = setTimeout(() => {
      this.clear();
      this.finishSync();
    }, 2000);
    timer.unref();
    this.syncInFlight = { id, resolve: next.resolve, timer };
    client.query('select pg_notify($1, $2)', [SESSION_CHANNEL, `sync:${this.origin}:${id}`]).catch(() => {
      if (this.syncInFlight?.id === id) {
        this.clear();
        this.finishSync();
      }
    });
  }

  private finishSync(): void {
    const current = this.syncInFlight;
    if (!current) return;
    clearTimeout(current.timer);
    this.syncInFlight = null;
    current.resolve();
    if (this.syncNext) this.sendSync();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    const client = this.client;
    this.client = null;
    this.goDark();
    if (this.syncNext) {
      this.syncNext.resolve();
      this.syncNext = null;
    }
    if (this.unlistenPglite) await this.unlistenPglite().catch(() => undefined);
    if (client) await client.end().catch(() => undefined);
  }

  private remove(key: string, fromTenant = true): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    if (this.byToken.get(entry.tokenId) === key) this.byToken.delete(entry.tokenId);
    if (fromTenant) this.byTenant.get(entry.tenantId)?.delete(key);
  }
}
