import postgres from "postgres";
import type { Sql } from "./sql.ts";

/**
 * Transactions on connections of their own: each lane is a postgres.js pool of exactly one
 * connection, holding one transaction at a time, so BEGIN, the transaction's setup and its first
 * statement leave in one round trip. postgres.js's `sql.begin` waits for BEGIN's answer before
 * sending anything else (three round trips for a read instead of two, README: Performance), and
 * its `reserve()`, which would pipeline, drops a waiting reservation when it reopens a connection.
 * Here the waiting for a free connection is ours.
 *
 * When a lane's connection closes mid-transaction (restart, failover) the server has rolled it
 * back: statements postgres.js has not sent yet are cancelled, so it does not run them on the
 * connection it opens next, later ones are refused, and the transaction fails as unavailable.
 * As a last guard a lane's session is read only and runs as `sessionRole` outside BEGIN READ
 * WRITE: a statement that still went out after the loss could neither write nor see a tenant.
 */
export interface LaneOptions {
  url: string;
  size: number;
  /** postgres.js options shared with the main pool (types, transform). */
  // deno-lint-ignore no-explicit-any
  driver: Record<string, any>;
  /** The role a lane's session runs as outside a transaction's own setup. */
  sessionRole: string;
}

/** What the unavailable-database check (shared/db/unavailable.ts) recognises as a lost connection. */
function connectionLost() {
  return Object.assign(new Error("the database connection was lost during the transaction"), {
    code: "CONNECTION_CLOSED",
  });
}

/** The parts of a postgres.js Query this file relies on (its handler runs when it is sent). */
interface Statement extends Promise<unknown> {
  handler: ((q: Statement) => unknown) & { debug?: unknown };
  state: unknown;
  cancel(): unknown;
  reject(err: unknown): void;
}

interface Lane {
  sql: Sql;
  /** When to renew the connection (between transactions). */
  expires: number;
  lease: Lease | null;
}

interface Lease {
  lane: Lane;
  lost: Error | null;
  /** Statements handed to postgres.js and not settled yet. */
  pending: Set<Statement>;
  savepoints: number;
}

/** The first failure among a scope's statements, awaited or not (as postgres.js's begin keeps). */
interface Failure {
  error?: unknown;
}

const isStatement = (x: unknown): x is Statement =>
  x instanceof Promise && typeof (x as Partial<Statement>).handler === "function";

const aborted = (err: unknown) => (err as { code?: string } | null)?.code === "25P02";

/** postgres.js's own spread: connections live 30 to 60 minutes, so they do not all renew at once. */
const lifetimeMs = () => (30 + Math.random() * 30) * 60_000;

export class Lanes {
  #all: Lane[] = [];
  #free: Lane[] = [];
  #waiting: { resolve: (lane: Lane) => void; reject: (err: Error) => void }[] = [];
  #ended = false;

  constructor(private readonly opts: LaneOptions) {
    for (let i = 0; i < opts.size; i++) {
      const lane: Lane = { sql: null as unknown as Sql, expires: 0, lease: null };
      this.#connect(lane);
      this.#all.push(lane);
      this.#free.push(lane);
    }
  }

  /**
   * Runs fn in a transaction whose first statement is setup's; both are sent with BEGIN without
   * waiting for it. Errors: BEGIN's, then setup's, then the first failing statement's when fn's
   * own is only "transaction aborted"; a lost connection fails it as unavailable.
   */
  async run<T>(setup: (tx: Sql) => PromiseLike<unknown>, fn: (tx: Sql) => Promise<T>) {
    const lane = await this.#take();
    const lease: Lease = { lane, lost: null, pending: new Set(), savepoints: 0 };
    lane.lease = lease;
    try {
      return await this.#transaction(lease, setup, fn);
    } finally {
      this.#release(lane, lease);
    }
  }

  async end() {
    this.#ended = true;
    for (const waiter of this.#waiting.splice(0)) {
      waiter.reject(
        Object.assign(new Error("the database is closing"), { code: "CONNECTION_ENDED" }),
      );
    }
    await Promise.all(this.#all.map((lane) => lane.sql.end({ timeout: 5 })));
  }

  async #transaction<T>(
    lease: Lease,
    setup: (tx: Sql) => PromiseLike<unknown>,
    fn: (tx: Sql) => Promise<T>,
  ): Promise<T> {
    const failure: Failure = {};
    const tx = this.#scope(lease, failure);
    // Each then() below sends its statement now, in this order, ahead of anything fn sends.
    const begun = settle(tx.unsafe("begin read write"));
    const ready = settle(setup(tx));
    let out: T;
    try {
      out = await fn(tx);
      await begun;
      await ready;
      await Promise.allSettled(lease.pending); // statements fn did not await
      if (failure.error) throw failure.error;
    } catch (err) {
      if (lease.lost) throw lease.lost;
      await lease.lane.sql`rollback`.catch(() => {});
      if (lease.lost) throw lease.lost;
      await begun;
      await ready;
      throw (aborted(err) && failure.error) || err;
    }
    if (lease.lost) throw lease.lost;
    try {
      await lease.lane.sql`commit`;
    } catch (err) {
      throw lease.lost ?? err;
    }
    if (lease.lost) throw lease.lost;
    return out;
  }

  /** The transaction handle: the lane's sql, with each statement watched as it is sent. */
  #scope(lease: Lease, failure: Failure): Sql {
    const base = lease.lane.sql;
    const watch = <Q>(q: Q): Q => {
      if (!isStatement(q)) return q; // a fragment or helper, not a statement
      const send = q.handler;
      q.handler = Object.assign((s: Statement) => {
        if (lease.lost) return s.reject(lease.lost);
        lease.pending.add(s);
        s.then(() => lease.pending.delete(s), (err) => {
          lease.pending.delete(s);
          failure.error ??= err;
        });
        return send(s);
      }, { debug: send.debug });
      return q;
    };
    // deno-lint-ignore no-explicit-any
    const tx = ((...args: any[]) => watch((base as any)(...args))) as unknown as Sql;
    Object.assign(tx, {
      types: base.types,
      typed: base.typed,
      array: base.array,
      json: base.json,
      notify: base.notify,
      // deno-lint-ignore no-explicit-any
      unsafe: (...args: any[]) => watch((base.unsafe as any)(...args)),
      // deno-lint-ignore no-explicit-any
      file: (...args: any[]) => watch((base.file as any)(...args)),
      savepoint: <T>(name: unknown, body?: (sp: Sql) => Promise<T>) =>
        this.#savepoint(lease, tx, typeof name === "function" ? name as typeof body : body),
    });
    return tx;
  }

  /** As postgres.js's savepoint: a failure inside rolls back to it and fails only the caller. */
  async #savepoint<T>(lease: Lease, tx: Sql, body?: (sp: Sql) => Promise<T>): Promise<T> {
    if (!body) throw new TypeError("savepoint needs a function");
    const name = `s${lease.savepoints++}`;
    await tx.unsafe(`savepoint ${name}`);
    const failure: Failure = {};
    const sp = this.#scope(lease, failure);
    try {
      const out = await body(sp);
      await Promise.allSettled(lease.pending);
      if (failure.error) throw failure.error;
      return out;
    } catch (err) {
      await tx.unsafe(`rollback to savepoint ${name}`);
      throw (aborted(err) && failure.error) || err;
    }
  }

  #take(): Promise<Lane> {
    if (this.#ended) {
      return Promise.reject(
        Object.assign(new Error("the database is closing"), { code: "CONNECTION_ENDED" }),
      );
    }
    // Last in, first out: under light load the same few connections stay warm.
    const lane = this.#free.pop();
    if (lane) return Promise.resolve(lane);
    return new Promise((resolve, reject) => this.#waiting.push({ resolve, reject }));
  }

  #release(lane: Lane, lease: Lease) {
    lane.lease = null;
    // A lost connection's pool starts afresh too: postgres.js would fail the first statement on
    // the connection it reopens with the old one's last error (terminating connection...).
    if ((lease.lost || Date.now() > lane.expires) && !this.#ended) {
      const old = lane.sql;
      this.#connect(lane);
      old.end({ timeout: 5 }).catch(() => {});
    }
    const next = this.#waiting.shift();
    if (next) next.resolve(lane);
    else this.#free.push(lane);
  }

  /** A new one-connection pool for the lane (it connects on its first statement). */
  #connect(lane: Lane) {
    lane.expires = Date.now() + lifetimeMs();
    const sql: Sql = postgres(this.opts.url, {
      ...this.opts.driver,
      max: 1,
      // Ours to renew, between transactions: postgres.js would end an idle connection mid-one.
      max_lifetime: null,
      connection: {
        ...this.opts.driver.connection,
        role: this.opts.sessionRole,
        default_transaction_read_only: "on",
      },
      // A renewed lane's old pool closes later, under another transaction: not that one's loss.
      onclose: () => lane.sql === sql && this.#lost(lane),
    }) as unknown as Sql;
    lane.sql = sql;
  }

  /** The lane's connection closed: fail its transaction, and send nothing more of it. */
  #lost(lane: Lane) {
    const lease = lane.lease;
    if (!lease || lease.lost) return;
    lease.lost = connectionLost();
    // Not sent yet (no backend state): postgres.js would send them on the connection it reopens.
    for (const s of lease.pending) if (!s.state) s.cancel();
  }
}

/** A statement's outcome, sent now; awaiting it later rethrows its error. */
function settle(q: PromiseLike<unknown>): Promise<unknown> {
  const p = new Promise<unknown>((resolve, reject) => q.then(resolve, reject));
  p.catch(() => {}); // awaited later; this only keeps an early rejection from going unhandled
  return p;
}
