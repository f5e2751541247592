import type { Database, Sql } from "../db/database.ts";
import { afterCommit } from "../db/scope.ts";
import { log } from "../log.ts";

type Listener = (payload: Record<string, unknown>) => void;

/**
 * Real-time fan-out of small messages (ids, not data). On PostgreSQL it is LISTEN/NOTIFY, so a
 * message published by one instance reaches subscribers on every instance; the embedded
 * database is one process by definition, so there it stays in-process. Either way a message
 * published inside a transaction is delivered only if and when that transaction commits.
 */
export interface Bus {
  publish(tx: Sql, channel: string, payload: Record<string, unknown>): Promise<void>;
  subscribe(channel: string, listener: Listener): Promise<() => void>;
  close(): Promise<void>;
}

class LocalBus implements Bus {
  private readonly listeners = new Map<string, Set<Listener>>();

  publish(tx: Sql, channel: string, payload: Record<string, unknown>) {
    afterCommit(tx, () => this.deliver(channel, payload));
    return Promise.resolve();
  }

  protected deliver(channel: string, payload: Record<string, unknown>) {
    for (const listener of this.listeners.get(channel) ?? []) {
      try {
        listener(payload);
      } catch (err) {
        log.error("bus listener failed", { channel, error: String(err) });
      }
    }
  }

  subscribe(channel: string, listener: Listener) {
    let set = this.listeners.get(channel);
    if (!set) this.listeners.set(channel, set = new Set());
    set.add(listener);
    return Promise.resolve(() => void set.delete(listener));
  }

  close() {
    this.listeners.clear();
    return Promise.resolve();
  }
}

/** LISTEN on one dedicated connection per channel (postgres.js keeps it and reconnects). */
class PostgresBus extends LocalBus {
  private readonly listening = new Map<string, Promise<{ unlisten(): Promise<void> }>>();

  constructor(private readonly sql: Sql) {
    super();
  }

  override async publish(tx: Sql, channel: string, payload: Record<string, unknown>) {
    await tx`select pg_notify(${channel}, ${JSON.stringify(payload)})`;
  }

  override async subscribe(channel: string, listener: Listener) {
    if (!this.listening.has(channel)) {
      this.listening.set(
        channel,
        this.sql.listen(channel, (raw) => {
          try {
            this.deliver(channel, JSON.parse(raw));
          } catch {
            log.warn("bus: ignored a malformed message", { channel });
          }
        }),
      );
    }
    await this.listening.get(channel);
    return await super.subscribe(channel, listener);
  }

  override async close() {
    for (const l of this.listening.values()) await (await l).unlisten().catch(() => {});
    await super.close();
  }
}

// The embedded database lives in one process, so everything that shares it shares one bus: a
// second bus (a test's own dispatcher, say) would otherwise deliver to nobody.
const localBuses = new WeakMap<Database, LocalBus>();

export function createBus(db: Database): Bus {
  if (db.mode === "postgres") return new PostgresBus(db.sql);
  let bus = localBuses.get(db);
  if (!bus) localBuses.set(db, bus = new LocalBus());
  return bus;
}
