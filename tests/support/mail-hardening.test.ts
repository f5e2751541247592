/**
 * E-mail channel hardening: hostile bodies parse in bounded work, odd Message-IDs never break
 * a reply, automatic ticket mails thread back and say they are automatic, the same mail
 * through two mailboxes at once makes one ticket, merged mail follows, a third-party wait
 * survives a customer's reply.
 */
import assert from "node:assert/strict";
import { callApp, itest, newTenant, testApp, type TestTenant, unique } from "../helpers.ts";
import { withScope } from "../../shared/db/scope.ts";
import { Dispatcher } from "../../shared/jobs/dispatcher.ts";
import { MAIL_SEND_JOB, mailJobs } from "../../platform/notifications/mail.service.ts";
import { mailboxJobs } from "../../modules/support/mailboxes/mailboxes.job.service.ts";
import { INTAKE_JOB } from "../../modules/support/mailboxes/mailboxes.store.service.ts";
import { intakeMessage } from "../../modules/support/mail/mail.intake.service.ts";
import { parseMail, visibleTextOf } from "../../modules/support/mail/mail.parse.lib.ts";
import {
  cleanHtml,
  htmlToText,
  MAX_QUOTE_DEPTH,
  MAX_TEXT,
} from "../../modules/support/mail/mail.html.lib.ts";
import { normalizeMessageId } from "../../modules/support/mail/mail.thread.rules.ts";
import { threadHeaders } from "../../modules/support/replies/replies.rules.ts";
import { ticketMailSubject } from "../../modules/support/email-templates/email-templates.lib.ts";
import { resumeOnCustomerReply } from "../../modules/support/waiting/waiting.service.ts";
import { smtpSink } from "../smtp.ts";
import { API, customer, defaultPolicy, json, ticket } from "./fixtures.ts";

// ---- pure: bounded parsing ----

Deno.test("mail parsing: adversarial bodies come back whole or trimmed, never stuck", async () => {
  // Each of these took seconds to minutes in email-reply-parser at a fraction of this size.
  const blank = "\n".repeat(200_000) + "On";
  assert.equal(await visibleTextOf(blank), "On");
  const digits = "1111 from <a> ".repeat(15_000);
  assert.equal(await visibleTextOf(digits), digits.trim());
  const headers = "abc. x\n".repeat(30_000);
  assert.equal(await visibleTextOf(headers), headers.trim());
  const spaces = "From: " + " ".repeat(200_000) + "x";
  assert.equal(await visibleTextOf(spaces), spaces.trim());
});

Deno.test("mail parsing: quoted history still goes, long lines and long texts stay whole", async () => {
  const quote = "On Mon, 1 Dec 2026 at 10:00, Support <s@example.com> wrote:\n> old\n> older\n";
  assert.equal(await visibleTextOf(`Hi,\n\nit works now.\n\n${quote}`), "Hi,\n\nit works now.");
  // A paragraph on one long line (HTML mail) comes back in full, not cut where parsing was.
  const long = "word ".repeat(2_000).trim();
  assert.equal(await visibleTextOf(`${long}\n\n${quote}`), long);
  // A long thread: the answer at the top, 100 KB of history below.
  const history = "> an older message line\n".repeat(4_000);
  assert.equal(await visibleTextOf(`Thanks!\n\n${quote}${history}`), "Thanks!");
  // A long text with no quoted history in the part read stays whole.
  const essay = "A line of a long report.\n".repeat(4_000);
  assert.equal(await visibleTextOf(essay), essay.trim());
});

Deno.test("mail parsing: deep HTML quotes are marked at most 10 deep, text size bounded", async () => {
  const deep = "<blockquote>".repeat(5_000) + "x" + "</blockquote>".repeat(5_000);
  const text = htmlToText(deep);
  assert.ok(text.length < 300_000, `text of ${text.length} characters`);
  const xLine = text.split("\n").find((l) => l.endsWith("x"))!;
  assert.equal(xLine, `${"> ".repeat(MAX_QUOTE_DEPTH)}x`);
  assert.ok(htmlToText("<p>0123456789</p>".repeat(60_000)).length <= MAX_TEXT);
  // The whole message (intake and the original-mail page parse it so).
  const raw =
    `From: a@example.com\r\nSubject: x\r\nContent-Type: text/html\r\n\r\n<p>Hi</p>${deep}`;
  const parsed = await parseMail(new TextEncoder().encode(raw));
  assert.ok(parsed.ok);
  assert.equal(parsed.mail.visibleText, "Hi");
  // The page's safe HTML keeps at most 60 levels of tags.
  const clean = cleanHtml(deep, () => null);
  assert.ok((clean.match(/<blockquote>/g) ?? []).length <= 60);
});

// ---- pure: Message-IDs ----

Deno.test("message ids: only a strict shape is stored; headers drop others and stay short", () => {
  assert.equal(normalizeMessageId("<abc>def@ex.com>"), null);
  assert.equal(normalizeMessageId(`<${"a".repeat(251)}@x>`), null);
  assert.equal(normalizeMessageId("<ABC@Ex.com>"), "abc@ex.com");
  const h = threadHeaders([
    { messageId: "first@x", direction: "in" },
    { messageId: "abc>def@ex.com", direction: "in" },
    { messageId: "b c@x", direction: "in" },
  ]);
  assert.deepEqual(h, { inReplyTo: "<first@x>", references: "<first@x>" });
  const long = Array.from({ length: 19 }, (_, i) => ({
    messageId: `${i}-${"x".repeat(200)}@example.com`,
    direction: "out" as const,
  }));
  const refs = threadHeaders(long).references!;
  assert.ok(refs.length <= 2_000, `References of ${refs.length} characters`);
  const kept = refs.split(" ");
  assert.equal(kept[0], `<${long[0].messageId}>`, "the first one stays");
  assert.equal(kept.at(-1), `<${long[18].messageId}>`, "the latest one stays");
  assert.equal(ticketMailSubject("[T-1] Printer", "T-1"), "Printer [#T-1]");
  assert.equal(ticketMailSubject("Printer [#T-1]", "T-1"), "Printer [#T-1]");
});

// ---- through the app ----

interface Box {
  id: string;
  address: string;
  token: string;
}

async function mailbox(t: TestTenant): Promise<Box> {
  const address = `${unique("support")}@acme.test`;
  const mb = await json(
    await t.owner.call("POST", `${API}/mailboxes`, { name: "Acme Help", address }),
    201,
  );
  return { id: mb.id, address, token: mb.inboundToken };
}

async function deliver(box: Box, raw: string): Promise<string> {
  const res = await callApp(`/api/support/inbound/${box.id}`, {
    method: "POST",
    body: raw.replace(/\r?\n/g, "\r\n"),
    headers: { "Content-Type": "message/rfc822", Authorization: `Bearer ${box.token}` },
  });
  const body = await res.json();
  assert.ok([200, 202].includes(res.status), JSON.stringify(body));
  return body.id;
}

async function intake() {
  const { platform } = await testApp();
  const handlers = new Map(mailboxJobs.map((j) => [j.name, j.handler]));
  const d = new Dispatcher(platform.db, handlers, { onlyNames: [INTAKE_JOB] });
  while (await d.drain());
}

const mail = (o: { from: string; to: string; id: string; subject?: string; extra?: string }) =>
  `From: Cem <${o.from}>\nTo: <${o.to}>\nSubject: ${o.subject ?? "Help"}\nMessage-ID: ${o.id}\n${
    o.extra ?? ""
  }MIME-Version: 1.0\nContent-Type: text/plain\n\nhello\n`;

const inTenant = async <T>(
  tenantId: string,
  fn: (tx: Parameters<Parameters<typeof withScope>[2]>[0]) => Promise<T>,
) => {
  const { platform } = await testApp();
  return await withScope(platform.db.sql, { tenantId }, fn);
};

async function received(t: TestTenant, box: Box, id: string) {
  return await json(await t.owner.call("GET", `${API}/mailboxes/${box.id}/messages/${id}`), 200);
}

itest("mail hardening: a customer's odd Message-ID does not stop e-mail replies", async () => {
  const t = await newTenant();
  const box = await mailbox(t);
  const from = `${unique("cust")}@example.com`;
  const id = await deliver(box, mail({ from, to: box.address, id: "<abc>def@ex.com>" }));
  await intake();
  const m = await received(t, box, id);
  assert.equal(m.state, "processed");
  const ids = await inTenant(
    t.id,
    (tx) => tx`select message_id from support_mail_ids where ticket_id = ${m.ticketId}`,
  );
  assert.ok(ids.every((r) => /^[^<>\s]{1,250}$/.test(r.messageId)), JSON.stringify(ids));
  // An id stored before this rule existed is left out of the headers too.
  await inTenant(t.id, (tx) =>
    tx`insert into support_mail_ids (message_id, ticket_id, direction)
      values ('old>bad@ex.com', ${m.ticketId}, 'in')`);
  const reply = await json(
    await t.owner.call("POST", `${API}/support-ticket/${m.ticketId}/comments`, {
      body: "hi",
      email: { send: true },
    }),
    201,
  );
  assert.equal(reply.email.to, from);
});

itest(
  "mail hardening: the acknowledgement threads the customer's answer back and is automatic",
  async () => {
    const t = await newTenant();
    await json(await t.owner.call("PUT", `${API}/settings`, { customerEmails: true }), 200);
    const box = await mailbox(t);
    const from = `${unique("cust")}@example.com`;
    const first = await deliver(box, mail({ from, to: box.address, id: `<${unique("m")}@ex>` }));
    await intake();
    const opened = await received(t, box, first);
    const tk = await json(
      await t.owner.call("GET", `${API}/support-ticket/${opened.ticketId}`),
      200,
    );
    const [ack] = await inTenant(
      t.id,
      (tx) =>
        tx`select id, subject, reply_to, message_id, auto_submitted from mail_outbox
          where to_address = ${from} order by created_at`,
    );
    assert.equal(ack.subject, `Help [#${tk.number}]`);
    assert.equal(ack.replyTo, box.address);
    assert.equal(ack.autoSubmitted, "auto-replied");
    const bare = ack.messageId.replace(/^<|>$/g, "");
    const [rec] = await inTenant(
      t.id,
      (tx) => tx`select ticket_id, direction from support_mail_ids where message_id = ${bare}`,
    );
    assert.deepEqual([rec.ticketId, rec.direction], [tk.id, "out"]);

    // The customer answers the acknowledgement: a comment on the ticket, no new ticket.
    const answer = await deliver(
      box,
      mail({
        from,
        to: box.address,
        id: `<${unique("m")}@ex>`,
        subject: `Re: ${ack.subject}`,
        extra: `In-Reply-To: ${ack.messageId}\nReferences: ${ack.messageId}\n`,
      }),
    );
    // One that kept only the subject (a client that drops the headers) threads by the token.
    const bySubject = await deliver(
      box,
      mail({ from, to: box.address, id: `<${unique("m")}@ex>`, subject: `AW: ${ack.subject}` }),
    );
    await intake();
    for (const id of [answer, bySubject]) {
      const m = await received(t, box, id);
      assert.equal(m.state, "processed", m.reason);
      assert.equal(m.ticketId, tk.id);
      assert.ok(m.commentId, "a comment, not a new ticket");
    }

    // The header goes out with the message.
    const sink = await smtpSink();
    try {
      const { platform } = await testApp();
      const jobs = mailJobs({ SMTP_URL: sink.url, MAIL_FROM: "Support <support@example.test>" });
      const d = new Dispatcher(platform.db, new Map(jobs.map((j) => [j.name, j.handler])), {
        onlyNames: [MAIL_SEND_JOB],
      });
      while (await d.drain());
      const sent = sink.received.find((r) => r.raw.includes(bare));
      assert.ok(sent, "the acknowledgement was sent");
      assert.match(sent.raw, /^Auto-Submitted: auto-replied\r?$/m);
      assert.match(sent.raw, new RegExp(`^Reply-To: ${box.address}\\r?$`, "m"));
    } finally {
      await sink.close();
    }
  },
);

itest(
  "mail hardening: one message to two mailboxes, taken in at once, makes one ticket",
  async () => {
    const t = await newTenant();
    const a = await mailbox(t), b = await mailbox(t);
    const from = `${unique("new")}@example.com`;
    const raw = mail({ from, to: `${a.address}>, <${b.address}`, id: `<${unique("both")}@ex>` });
    const ids = [await deliver(a, raw), await deliver(b, raw)];
    // Two more first messages from another new sender, at once: one customer for both.
    const other = `${unique("new")}@example.com`;
    ids.push(
      await deliver(a, mail({ from: other, to: a.address, id: `<${unique("x")}@ex>` })),
      await deliver(b, mail({ from: other, to: b.address, id: `<${unique("y")}@ex>` })),
    );
    const { platform } = await testApp();
    const outcomes = await Promise.all(ids.map((id) =>
      withScope(
        platform.db.sql,
        { tenantId: t.id },
        (tx) => intakeMessage({ sql: tx, bus: platform.bus }, id),
      )
    ));
    assert.deepEqual(outcomes.map((o) => o.created).sort(), [false, true, true, true]);
    assert.equal(outcomes[0].ticketId, outcomes[1].ticketId);
    const customers = await inTenant(
      t.id,
      (tx) => tx`select email from support_customers where email in (${from}, ${other})`,
    );
    assert.equal(customers.length, 2, JSON.stringify(customers));
  },
);

itest(
  "mail hardening: merged mail follows its comment; a third-party wait outlasts a reply",
  async () => {
    const t = await newTenant();
    await defaultPolicy(t.owner);
    const box = await mailbox(t);
    const from = `${unique("cust")}@example.com`;
    const first = await deliver(box, mail({ from, to: box.address, id: `<${unique("a")}@ex>` }));
    await intake();
    const opened = await received(t, box, first);
    const tk = await json(
      await t.owner.call("GET", `${API}/support-ticket/${opened.ticketId}`),
      200,
    );
    const second = await deliver(
      box,
      mail({ from, to: box.address, id: `<${unique("b")}@ex>`, subject: `Re: x [#${tk.number}]` }),
    );
    await intake();
    assert.equal((await received(t, box, second)).ticketId, tk.id);
    const target = await ticket(t.owner, tk.customerId);
    await json(
      await t.owner.call("POST", `${API}/support-ticket/${tk.id}/merge`, { intoId: target.id }),
      200,
    );
    assert.equal((await received(t, box, second)).ticketId, target.id, "the reply's mail moved");
    assert.equal((await received(t, box, first)).ticketId, tk.id, "the opening mail stays");

    const c = await customer(t.owner);
    const waiting = await ticket(t.owner, c.id);
    await json(
      await t.owner.call("PUT", `${API}/support-ticket/${waiting.id}`, { status: "islemde" }),
      200,
    );
    await json(
      await t.owner.call("POST", `${API}/support-ticket/${waiting.id}/pending`, {
        reason: "third_party",
      }),
      200,
    );
    const { platform } = await testApp();
    await inTenant(t.id, (tx) => resumeOnCustomerReply({ sql: tx, bus: platform.bus }, waiting.id));
    const still = await json(await t.owner.call("GET", `${API}/support-ticket/${waiting.id}`), 200);
    assert.equal(still.pendingReason, "third_party");
    assert.ok(still.pausedAt);
  },
);
