/**
 * The IMAP watcher, a background loop on every instance that runs jobs: each enabled IMAP
 * mailbox is held by one instance at a time through a lease on its row (renewed every tick,
 * taken over when it lapses), and that instance keeps one connection open on the folder in IDLE,
 * so new mail is stored within seconds. Each tick also reads the folder once (a lost IDLE
 * notice costs at most a tick). The per-minute sweep job reads the mailboxes nobody holds.
 */
import { uuidv7 } from "uuidv7";
import type { ImapFlow } from "imapflow";
import type { Database } from "../../../shared/db/database.ts";
import { withScope } from "../../../shared/db/scope.ts";
import { asWorker } from "../../../shared/jobs/dispatcher.ts";
import type { Bus } from "../../../shared/realtime/bus.ts";
import { log } from "../../../shared/log.ts";
import {
  getMailbox,
  imapMailboxes,
  recordCheck,
  releaseLease,
  takeLease,
} from "./mailboxes.repo.ts";
import { accountOf, imapClient, readNew, type Scoped } from "./mailboxes.imap.service.ts";
import { errorText } from "./mailboxes.rules.ts";

/** The watchers of this process, woken when a mailbox is added or changed here. */
const wakers = new Set<() => void>();

/** Looks at the mailboxes again now (other instances do at their next tick). */
export function wakeMailboxWatchers() {
  for (const wake of wakers) wake();
}

interface Watch {
  tenantId: string;
  id: string;
  client: ImapFlow;
  /** The pass running now, or the last one; passes never overlap. */
  pass: Promise<void>;
  again: boolean;
  closed: boolean;
}

export interface WatchOptions {
  everyMs?: number;
  leaseSeconds?: number;
}

/** Starts watching; the returned function stops every connection and frees the leases. */
export function startMailboxWatcher(
  db: Database,
  bus: Bus,
  opts: WatchOptions = {},
): () => Promise<void> {
  const everyMs = opts.everyMs ?? 30_000;
  const leaseSeconds = opts.leaseSeconds ?? Math.ceil((everyMs * 3) / 1000);
  const holder = `watch-${uuidv7()}`;
  const watches = new Map<string, Watch>();
  let stopped = false;
  const scoped = (tenantId: string): Scoped => (fn) => withScope(db.sql, { tenantId }, fn);

  const runPass = (w: Watch) => {
    if (w.closed || stopped) return;
    if (w.again) return; // one more pass is already due after the running one
    w.again = true;
    w.pass = w.pass.then(async () => {
      w.again = false;
      if (w.closed || stopped) return;
      const run = scoped(w.tenantId);
      try {
        const row = await run((sql) => getMailbox(sql, w.id));
        if (!row || !row.enabled) return close(w);
        await readNew(w.client, run, bus, row);
        await run((sql) => recordCheck(sql, w.id, null));
      } catch (err) {
        await run((sql) => recordCheck(sql, w.id, errorText(err))).catch(() => {});
        await close(w);
      }
    });
  };

  async function close(w: Watch) {
    if (w.closed) return;
    w.closed = true;
    watches.delete(`${w.tenantId}:${w.id}`);
    await w.client.logout().catch(() => w.client.close());
  }

  async function open(tenantId: string, id: string) {
    const run = scoped(tenantId);
    const row = await run((sql) => getMailbox(sql, id));
    if (!row) return;
    const account = await accountOf(tenantId, row);
    if (typeof account === "string") {
      await run((sql) => recordCheck(sql, id, account));
      return;
    }
    let client: ImapFlow;
    try {
      client = await imapClient(account);
    } catch (err) {
      await run((sql) => recordCheck(sql, id, errorText(err)));
      return;
    }
    const w: Watch = { tenantId, id, client, pass: Promise.resolve(), again: false, closed: false };
    client.on("close", () => void close(w));
    try {
      await client.connect();
      await client.mailboxOpen(account.folder); // left idle, imapflow enters IDLE on it
    } catch (err) {
      await run((sql) => recordCheck(sql, id, errorText(err)));
      await client.logout().catch(() => client.close());
      return;
    }
    if (stopped) return void await client.logout().catch(() => client.close());
    watches.set(`${tenantId}:${id}`, w);
    client.on("exists", () => runPass(w));
    runPass(w);
  }

  async function tick() {
    const wanted = await asWorker(db.sql, (tx) => imapMailboxes(tx));
    const keys = new Set(wanted.map((m) => `${m.tenantId}:${m.id}`));
    for (const [key, w] of watches) {
      if (!keys.has(key)) {
        await close(w);
        await scoped(w.tenantId)((sql) => releaseLease(sql, w.id, holder));
      }
    }
    for (const m of wanted) {
      if (stopped) return;
      const held = await scoped(m.tenantId)((sql) => takeLease(sql, m.id, holder, leaseSeconds));
      const w = watches.get(`${m.tenantId}:${m.id}`);
      if (!held) {
        if (w) await close(w);
      } else if (w) runPass(w);
      else await open(m.tenantId, m.id);
    }
  }

  let running: Promise<void> = Promise.resolve();
  const go = () => {
    running = running.then(() => stopped ? undefined : tick()).catch((err) =>
      log.error("support mailbox watcher failed", { error: String(err) })
    );
  };
  const timer = setInterval(go, everyMs);
  wakers.add(go);
  go();

  return async () => {
    if (stopped) return;
    stopped = true;
    clearInterval(timer);
    wakers.delete(go);
    await running;
    const all = [...watches.values()];
    await Promise.all(all.map(async (w) => {
      await w.pass.catch(() => {});
      await close(w);
      await scoped(w.tenantId)((sql) => releaseLease(sql, w.id, holder)).catch(() => {});
    }));
  };
}
