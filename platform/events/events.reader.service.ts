/**
 * Reads the domain event log for every subscriber (DESIGN.md "Layout"): each subscriber reads
 * each tenant's log in order, in batches, from its own cursor. The batch's handlers and the
 * cursor's move share one transaction, so an event is handled exactly once per subscriber: a
 * crash anywhere before the commit undoes the handlers' writes with the cursor's. Readers on
 * several instances share the work: a cursor being read is locked (`skip locked`), so each
 * (tenant, subscriber) log has one reader at a time and its order holds. Readers wake on
 * NOTIFY from the numbering trigger (other instances), on this process's own commits, and
 * otherwise poll.
 */
import type { Database } from "../../shared/db/database.ts";
import { transaction } from "../../shared/db/scope.ts";
import { log } from "../../shared/log.ts";
import type { Bus } from "../../shared/realtime/bus.ts";
import {
  advanceCursor,
  asTenant,
  asWorker,
  backlog,
  deadLetter,
  failCursor,
  lockAndRead,
  lockCursor,
  type LoggedEvent,
  type PendingLog,
  pendingLogs,
  sweepEvents,
} from "./events.repo.ts";
import { afterFailure, shuffled } from "./events.rules.ts";
import type { Platform } from "../../shared/modules.ts";
import {
  EVENTS_CHANNEL,
  type EventSubscriber,
  eventSubscribers,
  onPublish,
} from "./events.service.ts";

export interface ReaderOptions {
  /** Logs read at once by this reader. */
  concurrency?: number;
  /** Events per read. */
  batch?: number;
  /** How often an idle reader looks anyway (a missed NOTIFY, retries coming due). */
  pollMs?: number;
  /** Handled events older than this are deleted (0 keeps them). */
  retentionDays?: number;
  /** Tests: runs after a batch's handlers, before its cursor moves (a crash point). */
  beforeCursor?: (log: PendingLog, events: LoggedEvent[]) => void | Promise<void>;
}

const SWEEP_EVERY_MS = 10 * 60_000;
const SWEEP_LIMIT = 10_000;
/** Pending logs taken per round: each gets one read, in random order, before the next look. */
const ROUND_SIZE = 500;

/**
 * Sends a statement now without waiting for its answer: postgres.js sends a query when its
 * then() is called, and a transaction's statements run in the order sent.
 */
function sent(query: PromiseLike<unknown>): Promise<unknown> {
  const p = new Promise((resolve, reject) => query.then(resolve, reject));
  p.catch(() => {}); // awaited by the caller; this only keeps an early failure from going unhandled
  return p;
}

export class EventReader {
  private readonly subscribers: Map<string, EventSubscriber>;
  private readonly names: string[];
  private readonly concurrency: number;
  private readonly batch: number;
  private readonly pollMs: number;
  private running = false;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  private poked = false;
  private stops: (() => void)[] = [];
  private lastSweep = 0;

  constructor(
    private readonly db: Database,
    subscribers: EventSubscriber[],
    private readonly bus: Bus,
    private readonly opts: ReaderOptions = {},
  ) {
    this.subscribers = new Map(subscribers.map((s) => [s.name, s]));
    this.names = subscribers.map((s) => s.name);
    this.concurrency = opts.concurrency ?? 4;
    this.batch = opts.batch ?? 100;
    this.pollMs = opts.pollMs ?? 1000;
  }

  start() {
    if (this.running || !this.names.length) return;
    this.running = true;
    this.lastSweep = Date.now();
    this.stops.push(onPublish(() => this.poke()));
    this.bus.subscribe(EVENTS_CHANNEL, () => this.poke()).then(
      (stop) => this.running ? this.stops.push(stop) : stop(),
      (err) => log.warn("event log: no NOTIFY wake-ups, polling", { error: String(err) }),
    );
    this.loop = this.run();
  }

  async stop() {
    this.running = false;
    this.poke();
    this.stops.splice(0).forEach((s) => s());
    await this.loop;
  }

  /** Reads until every subscriber has caught up (tests, benches); returns the events handled. */
  async drain(): Promise<number> {
    let handled = 0;
    // A log held by another reader stays pending without progress here: wait for it a while.
    for (let idle = 0; idle < 500;) {
      const n = await this.round();
      if (n.logs === 0) return handled;
      handled += n.events;
      if (n.events > 0) idle = 0;
      else if (++idle) await new Promise((r) => setTimeout(r, 10));
    }
    return handled;
  }

  /** Events not yet handled, per subscriber. */
  async backlog() {
    return await transaction(this.db.sql, asWorker, (tx) => backlog(tx, this.names));
  }

  private poke() {
    this.poked = true;
    this.wake?.();
  }

  private async run() {
    while (this.running) {
      this.poked = false;
      let logs = 0;
      try {
        logs = (await this.round()).logs;
        await this.maybeSweep();
      } catch (err) {
        log.error("event log reader failed", { error: String(err) });
      }
      if (logs > 0 || this.poked || !this.running) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.pollMs);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = null;
    }
  }

  /** One look for pending logs and one read of each, `concurrency` at a time. */
  private async round(): Promise<{ logs: number; events: number }> {
    const pending = shuffled(
      await transaction(this.db.sql, asWorker, (tx) => pendingLogs(tx, this.names, ROUND_SIZE)),
    );
    let events = 0;
    const work = async () => {
      for (let p = pending.pop(); p; p = pending.pop()) events += await this.read(p);
    };
    const total = pending.length;
    await Promise.all(Array.from({ length: Math.min(this.concurrency, total) }, work));
    return { logs: total, events };
  }

  /** Reads one batch of one log for one subscriber; returns the events handled. */
  private async read(p: PendingLog): Promise<number> {
    const subscriber = this.subscribers.get(p.subscriber)!;
    let size = this.batch;
    let attempts = 0;
    let first: LoggedEvent | undefined;
    try {
      return await transaction(this.db.sql, asWorker, async (tx) => {
        const read = await lockAndRead(tx, p, this.batch);
        if (!read?.events.length) return 0; // another reader has it, it waits, or it is read
        const { cursor, events } = read;
        attempts = cursor.attempts;
        first = events[0];
        size = events.length;
        // The role switches go out with the next statement (one round trip, run in order).
        const entered = sent(asTenant(tx, p.tenantId));
        for (const e of events) {
          await subscriber.handle({ sql: tx, bus: this.bus, name: e.name, data: e.data });
        }
        await entered;
        await this.opts.beforeCursor?.(p, events);
        const left = sent(asWorker(tx));
        await advanceCursor(tx, p, events[events.length - 1].seq);
        await left;
        return events.length;
      });
    } catch (err) {
      if (!first) throw err;
      await this.failed(p, first, attempts, size, err);
      return 0;
    }
  }

  /** Records a failed read: retry one at a time, back off, and in the end skip the event. */
  private async failed(
    p: PendingLog,
    first: LoggedEvent,
    attempts: number,
    size: number,
    err: unknown,
  ) {
    const error = String(err instanceof Error ? err.message : err).slice(0, 2000);
    const next = afterFailure(attempts, size);
    log.warn("event handler failed", {
      subscriber: p.subscriber,
      tenantId: p.tenantId,
      event: first.name,
      attempts: next.attempts,
      error,
    });
    await transaction(this.db.sql, asWorker, async (tx) => {
      if (!await lockCursor(tx, p)) return;
      if (next.giveUp) await deadLetter(tx, p, first, error);
      else {
        const retryAt = new Date(Date.now() + next.delayMs);
        await failCursor(tx, p, { attempts: next.attempts, retryAt, error });
      }
    });
  }

  private async maybeSweep() {
    const days = this.opts.retentionDays ?? 7;
    if (days <= 0 || Date.now() - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = Date.now();
    const gone = await transaction(
      this.db.sql,
      asWorker,
      (tx) => sweepEvents(tx, this.names, days, SWEEP_LIMIT),
    );
    if (gone) log.info("event log: handled events deleted", { events: gone });
  }
}

/** The platform's reader: every subscriber, as configured (also for tests and benches). */
export function platformEventReader(
  platform: Platform,
  opts: ReaderOptions & { only?: string[] } = {},
): EventReader {
  const { config } = platform;
  const all = eventSubscribers(platform.modules, platform.features);
  return new EventReader(
    platform.db,
    opts.only ? all.filter((s) => opts.only!.includes(s.name)) : all,
    platform.bus,
    {
      concurrency: config.EVENT_CONCURRENCY,
      // The embedded database is one session: a read holds it from the whole app, so keep it short.
      batch: config.DATABASE_URL ? config.EVENT_BATCH : Math.min(config.EVENT_BATCH, 20),
      retentionDays: config.EVENT_RETENTION_DAYS,
      ...opts,
    },
  );
}

/** Hands every published event to its subscribers now (tests): `only` some of them. */
export async function drainEvents(platform: Platform, only?: string[]): Promise<number> {
  return await platformEventReader(platform, { only }).drain();
}
