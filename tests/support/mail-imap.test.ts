/**
 * Mailboxes against a real IMAP server (a private dovecot, tests/support/imap.ts): the IDLE
 * watcher stores what arrives, the intake makes one ticket per message, two instances on one
 * database still make one row and one ticket per message, and a message over the limit goes to
 * the failed list while it stays unread on the server.
 */
import assert from "node:assert/strict";
import { type Caller, newTenant, problem, testApp, type TestTenant } from "../helpers.ts";
import { createTestApp } from "../../app/testing.ts";
import { startJobs } from "../../shared/jobs/runtime.ts";
import { Dispatcher } from "../../shared/jobs/dispatcher.ts";
import { startMailboxWatcher } from "../../modules/support/mailboxes/mailboxes.watch.service.ts";
import { API, json } from "./fixtures.ts";
import { imapSkipReason, startImap, type TestImap } from "./imap.ts";

const skip = imapSkipReason();
if (skip) console.warn(`mail-imap tests skipped: ${skip}`);

const mail = (id: string, subject: string, from = "deniz@example.test") =>
  `From: Deniz Müşteri <${from}>\r\nTo: help@example.test\r\nSubject: ${subject}\r\n` +
  `Message-ID: <${id}@example.test>\r\nDate: Tue, 1 Dec 2026 10:00:00 +0000\r\n` +
  `Content-Type: text/plain; charset=utf-8\r\n\r\nThe invoice total is wrong.\r\n`;

interface Row {
  id: string;
  state: string;
  reason: string | null;
  ticketId: string | null;
  subject: string | null;
  size: number;
  hasRaw: boolean;
}

async function rows(who: Caller, mailboxId: string): Promise<Row[]> {
  return (await json(await who.call("GET", `${API}/mailboxes/${mailboxId}/messages`), 200)).items;
}

/** Waits until `ok` holds for the mailbox's rows (checked every 200 ms). */
async function waitRows(who: Caller, mailboxId: string, ok: (r: Row[]) => boolean, ms = 60_000) {
  const end = Date.now() + ms;
  let last: Row[] = [];
  while (Date.now() < end) {
    last = await rows(who, mailboxId);
    if (ok(last)) return last;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out; rows: ${JSON.stringify(last)}`);
}

async function imapMailbox(t: TestTenant, imap: TestImap, extra = {}) {
  return await json(
    await t.owner.call("POST", `${API}/mailboxes`, {
      name: "IMAP desk",
      address: `desk-${crypto.randomUUID().slice(0, 8)}@example.test`,
      imapHost: imap.host,
      imapPort: imap.port,
      imapTls: false,
      imapUser: imap.user,
      imapPassword: imap.password,
      ...extra,
    }),
    201,
  );
}

Deno.test({
  name: "support mail over IMAP",
  ignore: !!skip,
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const imap = await startImap();
    const { platform } = await testApp();
    const stopJobs = startJobs(platform);
    try {
      await t.step(
        "test connection: a good account opens the folder, a bad one says why",
        async () => {
          const tenant = await newTenant();
          const m = await imapMailbox(tenant, imap);
          const ok = await json(
            await tenant.owner.call("POST", `${API}/mailboxes/${m.id}/test`),
            200,
          );
          assert.deepEqual({ ok: ok.ok, error: ok.error }, { ok: true, error: null });
          await json(
            await tenant.owner.call("PUT", `${API}/mailboxes/${m.id}`, { imapPassword: "wrong" }),
            200,
          );
          const bad = await json(
            await tenant.owner.call("POST", `${API}/mailboxes/${m.id}/test`),
            200,
          );
          assert.equal(bad.ok, false);
          assert.ok(bad.error);
          const other = await newTenant();
          await problem(await other.owner.call("POST", `${API}/mailboxes/${m.id}/test`), 404);
          const agent = await tenant.member(["agent"]);
          await problem(await agent.call("POST", `${API}/mailboxes/${m.id}/test`), 403);
          // Switched off: the watcher leaves it alone.
          await json(
            await tenant.owner.call("PUT", `${API}/mailboxes/${m.id}`, { enabled: false }),
            200,
          );
        },
      );

      await t.step(
        "a delivered message becomes one stored row and one ticket, marked read",
        async () => {
          const tenant = await newTenant();
          const m = await imapMailbox(tenant, imap);
          await imap.deliver(mail("one-1", "Invoice is wrong"));
          const [row] = await waitRows(tenant.owner, m.id, (r) => r.some((x) => x.ticketId));
          assert.equal(row.subject, "Invoice is wrong");
          assert.equal(row.state, "processed");
          const ticket = await json(
            await tenant.owner.call("GET", `${API}/support-ticket/${row.ticketId}`),
            200,
          );
          assert.equal(ticket.subject, "Invoice is wrong");
          assert.equal((await rows(tenant.owner, m.id)).length, 1);
          const inbox = await imap.inbox();
          assert.ok(inbox.every((x) => x.seen), "stored messages are marked read");
          const after = await json(await tenant.owner.call("GET", `${API}/mailboxes/${m.id}`), 200);
          assert.equal(after.lastError, null);
          assert.ok(after.lastCheckedAt);
          // Switch it off before the next step reuses the server's INBOX.
          await json(
            await tenant.owner.call("PUT", `${API}/mailboxes/${m.id}`, { enabled: false }),
            200,
          );
        },
      );

      await t.step(
        "a 30 MB message goes to the failed list and stays unread on the server",
        async () => {
          const tenant = await newTenant();
          const m = await imapMailbox(tenant, imap);
          const big = mail("big-1", "Scanned contract") + "A".repeat(30 * 1024 * 1024) + "\r\n";
          await imap.deliver(big);
          const [row] = await waitRows(tenant.owner, m.id, (r) => r.length > 0);
          assert.equal(row.state, "failed");
          assert.equal(row.reason, "too large");
          assert.equal(row.subject, "Scanned contract");
          assert.equal(row.hasRaw, false);
          assert.ok(row.size > 30 * 1024 * 1024);
          const onServer = (await imap.inbox()).find((x) => x.size > 30 * 1024 * 1024);
          assert.ok(onServer, "the message is still on the server");
          assert.equal(onServer.seen, false, "and unread");
          await json(
            await tenant.owner.call("PUT", `${API}/mailboxes/${m.id}`, { enabled: false }),
            200,
          );
        },
      );

      await t.step(
        "a refused message is fetched again on retry once the limit allows it",
        async () => {
          const tenant = await newTenant();
          const m = await imapMailbox(tenant, imap, { maxMessageBytes: 64 * 1024 });
          await imap.deliver(
            mail("mid-1", "Photos of the damage") + "B".repeat(100 * 1024) + "\r\n",
          );
          const subject = (r: Row) => r.subject === "Photos of the damage";
          const [row] = (await waitRows(tenant.owner, m.id, (r) => r.some(subject))).filter(
            subject,
          );
          assert.deepEqual([row.state, row.reason, row.hasRaw], ["failed", "too large", false]);
          await json(
            await tenant.owner.call("PUT", `${API}/mailboxes/${m.id}`, {
              maxMessageBytes: 1024 * 1024,
            }),
            200,
          );
          await json(
            await tenant.owner.call("POST", `${API}/mailboxes/${m.id}/messages/${row.id}/retry`),
            200,
          );
          await json(await tenant.owner.call("POST", `${API}/mailboxes/${m.id}/check`), 202);
          const done = await waitRows(
            tenant.owner,
            m.id,
            (r) => r.some((x) => subject(x) && x.hasRaw && x.ticketId),
          );
          assert.equal(done.filter(subject).length, 1, "still one row for the message");
          await json(
            await tenant.owner.call("PUT", `${API}/mailboxes/${m.id}`, { enabled: false }),
            200,
          );
        },
      );
    } finally {
      await stopJobs();
      await imap.stop();
    }
  },
});

Deno.test({
  name: "support mail over IMAP: two instances, one row and one ticket per message",
  // Two instances share a database only on PostgreSQL (the embedded one lives in its process).
  ignore: !!skip || !Deno.env.get("DATABASE_URL"),
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const imap = await startImap();
    const first = await testApp();
    const second = await createTestApp();
    // The second instance's dispatcher and watcher (the schedule heartbeat is one per process).
    const dispatcher = new Dispatcher(second.platform.db, second.platform.jobs, {
      bus: second.platform.bus,
    });
    dispatcher.start();
    const stops = [
      startJobs(first.platform),
      startMailboxWatcher(second.platform.db, second.platform.bus),
      () => dispatcher.stop(),
    ];
    try {
      const tenant = await newTenant();
      const m = await imapMailbox(tenant, imap);
      for (let i = 0; i < 5; i++) await imap.deliver(mail(`pair-${i}`, `Question ${i}`));
      // Both instances read the folder at once, besides the watcher holding it.
      const check = (app: typeof second.app) =>
        app.request(`${API}/mailboxes/${m.id}/check`, {
          method: "POST",
          headers: { Authorization: `Bearer ${tenant.owner.token}` },
        });
      const answers = await Promise.all([check(first.app), check(second.app)]);
      assert.deepEqual(answers.map((r) => r.status), [202, 202]);
      const done = await waitRows(
        tenant.owner,
        m.id,
        (r) => r.length === 5 && r.every((x) => x.ticketId),
        60_000,
      );
      assert.equal(new Set(done.map((x) => x.ticketId)).size, 5, "one ticket per message");
      const tickets = await json(
        await tenant.owner.call("GET", `${API}/support-ticket?limit=100`),
        200,
      );
      assert.equal(tickets.items.length, 5, "and no ticket twice");
      assert.ok((await imap.inbox()).every((x) => x.seen));
    } finally {
      await Promise.all(stops.map((s) => s()));
      await second.close();
      await imap.stop();
    }
  },
});
