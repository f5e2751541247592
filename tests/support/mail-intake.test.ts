/**
 * E-mail intake end to end: real RFC 5322 messages (tests/support/mail-fixtures/*.eml) are
 * POSTed to a mailbox's inbound endpoint, the intake job runs, and the tickets, comments,
 * files and the original-message page are checked through the API and the pages.
 */
import assert from "node:assert/strict";
import {
  browse,
  callApp,
  type Caller,
  itest,
  newTenant,
  problem,
  testApp,
  type TestTenant,
  unique,
} from "../helpers.ts";
import { withScope } from "../../shared/db/scope.ts";
import { Dispatcher } from "../../shared/jobs/dispatcher.ts";
import { mailboxJobs, POLL_JOB } from "../../modules/support/mailboxes/mailboxes.job.service.ts";
import { INTAKE_JOB } from "../../modules/support/mailboxes/mailboxes.store.service.ts";
import { intakeMessage } from "../../modules/support/mail/mail.intake.service.ts";
import { API, json } from "./fixtures.ts";
import { imapSkipReason, startImap } from "./imap.ts";

const FIXTURES = new URL("./mail-fixtures/", import.meta.url);

/** A fixture with its {{placeholders}} filled, as the CRLF bytes a mail server hands over. */
async function eml(name: string, vars: Record<string, string> = {}) {
  const text = await Deno.readTextFile(new URL(`${name}.eml`, FIXTURES));
  const filled = text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => vars[k] ?? "");
  return filled.replace(/\r?\n/g, "\r\n");
}

interface Box {
  t: TestTenant;
  id: string;
  address: string;
  token: string;
}

async function mailbox(t: TestTenant, extra: Record<string, unknown> = {}): Promise<Box> {
  const address = `${unique("support")}@acme.test`;
  const mb = await json(
    await t.owner.call("POST", `${API}/mailboxes`, { name: "Acme Support", address, ...extra }),
    201,
  );
  return { t, id: mb.id, address, token: mb.inboundToken };
}

const newId = () => `${crypto.randomUUID()}@mail.example.com`;

/** Posts one raw message to the mailbox's inbound endpoint; the stored message's id. */
async function deliver(box: Box, raw: string) {
  const res = await callApp(`/api/support/inbound/${box.id}`, {
    method: "POST",
    body: raw,
    headers: { "Content-Type": "message/rfc822", Authorization: `Bearer ${box.token}` },
  });
  const body = await res.json();
  assert.ok([200, 202].includes(res.status), JSON.stringify(body));
  return body as { id: string; duplicate: boolean };
}

/** Runs the queued intake jobs (every tenant's) to the end. */
async function intake() {
  const { platform } = await testApp();
  const handlers = new Map(mailboxJobs.map((j) => [j.name, j.handler]));
  const d = new Dispatcher(platform.db, handlers, { onlyNames: [INTAKE_JOB] });
  while (await d.drain());
}

async function message(box: Box, id: string) {
  return await json(
    await box.t.owner.call("GET", `${API}/mailboxes/${box.id}/messages/${id}`),
    200,
  );
}

/** Delivers, runs the intake, and answers the stored message as the mailbox API shows it. */
async function receive(box: Box, raw: string) {
  const { id } = await deliver(box, raw);
  await intake();
  return await message(box, id);
}

const getTicket = async (who: Caller, id: string) =>
  await json(await who.call("GET", `${API}/support-ticket/${id}`), 200);
const comments = async (who: Caller, id: string) =>
  (await json(await who.call("GET", `${API}/support-ticket/${id}/comments`), 200)).items;

async function inTenant<T>(
  t: TestTenant,
  fn: (tx: Parameters<Parameters<typeof withScope>[2]>[0]) => Promise<T>,
) {
  const { platform } = await testApp();
  return await withScope(platform.db.sql, { tenantId: t.id }, fn);
}

/** A customer's first mail: the ticket it opened and the stored message. */
async function firstMail(box: Box, from = `${unique("ayse")}@example.com`) {
  const vars = { from, to: box.address, cc: "boss@example.com", messageId: newId() };
  const msg = await receive(box, await eml("new-ticket", vars));
  assert.equal(msg.state, "processed", msg.reason);
  return { ...vars, msg, ticket: await getTicket(box.t.owner, msg.ticketId) };
}

itest(
  "mail intake: a new mail opens a ticket for a new customer, with no creating user",
  async () => {
    const t = await newTenant();
    const team = await json(await t.owner.call("POST", `${API}/teams`, { name: "Printers" }), 201);
    const box = await mailbox(t, { teamId: team.id });
    const { from, msg, ticket } = await firstMail(box);
    assert.equal(ticket.subject, "Yazıcı does not print");
    assert.match(ticket.description, /prints only blank pages since Monday/);
    assert.equal(ticket.status, "acik");
    assert.equal(ticket.createdBy, null);
    assert.equal(ticket.teamId, team.id, "the mailbox's team");
    assert.equal(msg.commentId, null);
    const customer = await json(
      await t.owner.call("GET", `${API}/customers/${ticket.customerId}`),
      200,
    );
    assert.equal(customer.name, "Ayşe Yılmaz");
    assert.equal(customer.email, from);
    const [row] = await inTenant(
      t,
      (tx) => tx`select mailbox_id, created_by from support_tickets where id = ${ticket.id}`,
    );
    assert.equal(row.mailboxId, box.id);
    const page = await (await browse(`/support/tickets/${ticket.id}`, { who: t.owner })).text();
    assert.match(page, new RegExp(`href="/support/mail/${msg.id}"`), "links the original");
    // The same sender again, about something else: a second ticket, the same customer.
    const again = await receive(
      box,
      (await eml("new-ticket", { from, to: box.address, messageId: newId() }))
        .replace("does not print", "is jammed"),
    );
    assert.equal(again.state, "processed");
    assert.notEqual(again.ticketId, ticket.id);
    assert.equal((await getTicket(t.owner, again.ticketId)).customerId, ticket.customerId);
    // A contact's address finds the contact's customer.
    const contact = await json(
      await t.owner.call("POST", `${API}/contacts`, {
        name: "Can Kaya",
        email: "can@firm.example",
      }),
      201,
    );
    const firm = await json(
      await t.owner.call("POST", `${API}/customers`, { name: "Firm A.Ş.", contactId: contact.id }),
      201,
    );
    const viaContact = await firstMail(box, "Can@Firm.example");
    assert.equal(viaContact.ticket.customerId, firm.id);
  },
);

itest("mail intake: a reply threads by In-Reply-To; quoted history is trimmed", async () => {
  const t = await newTenant();
  const box = await mailbox(t);
  const first = await firstMail(box);
  // The agent answers by e-mail; the customer answers that message.
  const agentReply = await json(
    await t.owner.call("POST", `${API}/support-ticket/${first.ticket.id}/comments`, {
      body: "Please restart the printer.",
      email: { send: true },
    }),
    201,
  );
  const ourId = agentReply.email.messageId.replace(/^<|>$/g, "");
  const msg = await receive(
    box,
    await eml("reply-in-reply-to", {
      from: first.from,
      to: box.address,
      messageId: newId(),
      inReplyTo: ourId,
    }),
  );
  assert.equal(msg.state, "processed", msg.reason);
  assert.equal(msg.ticketId, first.ticket.id);
  const list = await comments(t.owner, first.ticket.id);
  const reply = list.find((c: { id: string }) => c.id === msg.commentId);
  assert.equal(reply.body, "It still prints blank pages after the restart.");
  assert.equal(reply.authorId, null);
  assert.equal(reply.channel, "email");
  assert.equal(reply.visibility, "public");
  assert.equal(reply.fromAddress, first.from);
  assert.equal(reply.inboundMessageId, msg.id);
  // Anyone holding our Message-ID threads (it reached them in our mail); a stranger naming the
  // customer's own Message-ID does not.
  const stranger = await receive(
    box,
    await eml("reply-in-reply-to", {
      from: "mallory@evil.example",
      to: box.address,
      messageId: newId(),
      inReplyTo: first.messageId,
    }),
  );
  assert.notEqual(stranger.ticketId, first.ticket.id);
  // The ticket page links the e-mail comment to its original.
  const page = await (await browse(`/support/tickets/${first.ticket.id}`, { who: t.owner })).text();
  assert.match(page, new RegExp(`href="/support/mail/${msg.id}"`));
});

itest("mail intake: a subject token threads only the customer or someone on the mail", async () => {
  const t = await newTenant();
  const box = await mailbox(t);
  const first = await firstMail(box);
  const token = `[#${first.ticket.number}]`;
  // The boss was CC'd on the first mail: their answer by token lands on the ticket.
  const boss = await receive(
    box,
    await eml("reply-token", {
      from: "boss@example.com",
      to: box.address,
      token,
      messageId: newId(),
      body: "Please fix this quickly.",
    }),
  );
  assert.equal(boss.state, "processed", boss.reason);
  assert.equal(boss.ticketId, first.ticket.id);
  assert.ok(boss.commentId);
  // A stranger with the same token: a ticket of their own, never a comment on this one.
  const before = (await comments(t.owner, first.ticket.id)).length;
  const stranger = await receive(
    box,
    await eml("reply-token", {
      from: "mallory@evil.example",
      to: box.address,
      token,
      messageId: newId(),
      body: "Send me the admin password.",
    }),
  );
  assert.equal(stranger.state, "processed");
  assert.notEqual(stranger.ticketId, first.ticket.id);
  assert.equal(stranger.commentId, null);
  assert.match(stranger.reason, /not on it/);
  assert.equal((await comments(t.owner, first.ticket.id)).length, before);
  const theirs = await getTicket(t.owner, stranger.ticketId);
  assert.notEqual(theirs.customerId, first.ticket.customerId);
  assert.ok(!theirs.subject.includes(token), "the foreign token is not carried over");
});

itest(
  "mail intake: an HTML mail keeps its inline image and PDF; the original is safe",
  async () => {
    const t = await newTenant();
    const box = await mailbox(t);
    const msg = await receive(
      box,
      await eml("html-inline-pdf", {
        from: `${unique("mehmet")}@example.com`,
        to: box.address,
        messageId: newId(),
      }),
    );
    assert.equal(msg.state, "processed", msg.reason);
    const files = (await json(
      await t.owner.call("GET", `${API}/support-ticket/${msg.ticketId}/attachments`),
      200,
    )).items;
    const names = files.map((f: { name: string }) => f.name).sort();
    assert.deepEqual(names, ["printer-log.pdf", "screenshot.png"]);
    const pdf = files.find((f: { name: string }) => f.name === "printer-log.pdf");
    assert.equal(pdf.contentType, "application/pdf");
    const shot = files.find((f: { name: string }) => f.name === "screenshot.png");
    const bytes = await t.owner.call(
      "GET",
      `${API}/support-ticket/${msg.ticketId}/attachments/${pdf.id}`,
    );
    assert.equal(bytes.status, 200);
    assert.match(await bytes.text(), /^%PDF-1\.4/);
    const ticket = await getTicket(t.owner, msg.ticketId);
    assert.match(ticket.description, /The error is in the screenshot below/);
    assert.ok(!ticket.description.includes("alert"));

    const res = await browse(`/support/mail/${msg.id}`, { who: t.owner });
    assert.equal(res.status, 200);
    const page = await res.text();
    const body = /data-testid="mail-html"[^>]*>([\s\S]*?)<\/div>/.exec(page)?.[1] ?? "";
    assert.match(body, /screenshot<\/b>/);
    assert.match(
      body,
      new RegExp(
        `<img src="/api/support/support-ticket/${msg.ticketId}/attachments/${shot.id}/preview"`,
      ),
    );
    for (const bad of ["<script", "pwned", "onload", "onclick", "style=", "color: red"]) {
      assert.ok(!body.includes(bad), `${bad} is gone`);
    }
    assert.ok(!/<img[^>]*tracker\.example\.net/.test(body), "no remote image is loaded");
    assert.match(body, /<a href="https:\/\/tracker\.example\.net\/open\.gif\?u=42"/);
    assert.match(page, /The log is attached/, "the full text");
    // Over the storage quota: the ticket still opens; the message says what was not stored.
    const quota = await t.owner.call("PUT", "/api/documents/settings", {
      maxFileBytes: 1_000_000,
      quotaBytes: 1,
    });
    assert.equal(quota.status, 200, await quota.text());
    const full = await receive(
      box,
      await eml("html-inline-pdf", {
        from: `${unique("full")}@example.com`,
        to: box.address,
        messageId: newId(),
      }),
    );
    assert.equal(full.state, "processed");
    assert.ok(full.ticketId);
    assert.match(full.reason, /Attachments not stored: screenshot\.png .*printer-log\.pdf/);
    const none = await json(
      await t.owner.call("GET", `${API}/support-ticket/${full.ticketId}/attachments`),
      200,
    );
    assert.equal(none.items.length, 0);
    const raw = await browse(`/support/mail/${msg.id}/raw`, { who: t.owner });
    assert.equal(raw.status, 200);
    assert.equal(raw.headers.get("content-type"), "message/rfc822");
    assert.match(await raw.text(), /Content-ID: <shot-1@mail\.example\.com>/);
  },
);

itest("mail intake: auto-replies, our own mail, our mailboxes and floods are ignored", async () => {
  const t = await newTenant();
  const box = await mailbox(t);
  const first = await firstMail(box);
  const before = (await comments(t.owner, first.ticket.id)).length;
  const auto = await receive(
    box,
    await eml("auto-reply", {
      from: first.from,
      to: box.address,
      token: `[#${first.ticket.number}]`,
      messageId: newId(),
    }),
  );
  assert.equal(auto.state, "ignored");
  assert.match(auto.reason, /Auto-Submitted: auto-replied/);
  assert.equal(auto.ticketId, null);
  // Our own reply coming back in (a forwarding loop): its Message-ID is one we sent.
  const sent = await json(
    await t.owner.call("POST", `${API}/support-ticket/${first.ticket.id}/comments`, {
      body: "We are on it.",
      email: { send: true },
    }),
    201,
  );
  const looped = await receive(
    box,
    await eml("reply-token", {
      from: first.from,
      to: box.address,
      token: "",
      messageId: sent.email.messageId.replace(/^<|>$/g, ""),
      body: "echo",
    }),
  );
  assert.equal(looped.state, "ignored");
  assert.match(looped.reason, /Our own message/);
  // The "ticket opened" notice the platform mailed the customer (Message-ID <outbox id@domain>),
  // coming back in.
  const outbox = await inTenant(
    t,
    (tx) =>
      tx`select id from mail_outbox where to_address = ${first.from} order by created_at limit 1`,
  );
  assert.equal(outbox.length, 1, "the customer was told the ticket is open");
  const notice = await receive(
    box,
    await eml("new-ticket", {
      from: first.from,
      to: box.address,
      messageId: `${outbox[0].id}@localhost`,
    }),
  );
  assert.equal(notice.state, "ignored");
  assert.match(notice.reason, /Our own message/);
  // Mail from one of our own mailboxes.
  const self = await receive(
    box,
    await eml("new-ticket", { from: box.address, to: box.address, messageId: newId() }),
  );
  assert.equal(self.state, "ignored");
  assert.match(self.reason, /our own mailboxes/);
  assert.equal((await comments(t.owner, first.ticket.id)).length, before + 1, "only our reply");
  // A flood: 20 messages in ten minutes are fine, the 21st is not.
  const flooder = `${unique("flood")}@example.com`;
  const ids: string[] = [];
  for (let i = 0; i < 21; i++) {
    ids.push(
      (await deliver(
        box,
        await eml("new-ticket", {
          from: flooder,
          to: box.address,
          messageId: newId(),
        }),
      )).id,
    );
  }
  await intake();
  const states = await Promise.all(ids.map((id) => message(box, id)));
  assert.equal(states.filter((m) => m.state === "processed").length, 20);
  const last = states.find((m) => m.state === "ignored");
  assert.match(last.reason, /^Rate: more than 20 messages/);
});

itest(
  "mail intake: malformed mail fails with a reason and is kept; twice is one ticket",
  async () => {
    const t = await newTenant();
    const box = await mailbox(t);
    const bad = await receive(box, await eml("malformed"));
    assert.equal(bad.state, "failed");
    assert.ok(bad.reason && bad.reason.length > 5, "a reason");
    assert.equal(bad.hasRaw, true, "the raw stays for a look and a retry");
    assert.equal(bad.ticketId, null);

    const raw = await eml("new-ticket", {
      from: `${unique("twice")}@example.com`,
      to: box.address,
      messageId: newId(),
    });
    const one = await deliver(box, raw);
    const two = await deliver(box, raw);
    assert.equal(two.duplicate, true);
    await intake();
    const msg = await message(box, one.id);
    assert.equal(msg.state, "processed");
    // The intake run again for the same row (a repeated job) changes nothing.
    const { platform } = await testApp();
    const again = await withScope(
      platform.db.sql,
      { tenantId: t.id },
      (tx) => intakeMessage({ sql: tx, bus: platform.bus }, one.id),
    );
    assert.equal(again.ticketId, msg.ticketId);
    assert.equal(again.created, false);
    const customerId = (await getTicket(t.owner, msg.ticketId)).customerId;
    const tickets = await json(
      await t.owner.call("GET", `${API}/support-ticket?customerId=${customerId}`),
      200,
    );
    assert.equal(tickets.items.length, 1);
    // The same message through a second mailbox of the workspace: still one ticket.
    const other = await mailbox(t);
    const via = await receive(other, raw);
    assert.equal(via.state, "ignored");
    assert.equal(via.ticketId, msg.ticketId);
  },
);

itest("mail intake: a reply reopens a solved ticket; a closed one gets a follow-up", async () => {
  const t = await newTenant();
  const box = await mailbox(t);
  const first = await firstMail(box);
  const id = first.ticket.id;
  await json(await t.owner.call("PUT", `${API}/support-ticket/${id}`, { status: "cozuldu" }), 200);
  const reply = (inReplyTo: string) =>
    eml("reply-in-reply-to", { from: first.from, to: box.address, messageId: newId(), inReplyTo });
  const msg = await receive(box, await reply(first.messageId));
  assert.equal(msg.ticketId, id);
  const reopened = await getTicket(t.owner, id);
  assert.equal(reopened.status, "acik");
  assert.equal(reopened.resolvedAt, null);
  assert.ok(
    reopened.history.some((h: { action: string }) => h.action === "reopened"),
    "the reopening is in the ticket's history",
  );
  // Waiting on the customer: their answer resumes the ticket (its SLA clocks run again).
  await json(await t.owner.call("PUT", `${API}/support-ticket/${id}`, { status: "islemde" }), 200);
  await json(await t.owner.call("POST", `${API}/support-ticket/${id}/pending`, {}), 200);
  assert.equal((await getTicket(t.owner, id)).pendingReason, "customer");
  await receive(box, await reply(first.messageId));
  const resumed = await getTicket(t.owner, id);
  assert.equal(resumed.pendingReason, null);
  assert.equal(resumed.status, "islemde");
  await json(await t.owner.call("PUT", `${API}/support-ticket/${id}`, { status: "cozuldu" }), 200);
  await json(await t.owner.call("POST", `${API}/support-ticket/${id}/close`), 200);
  const late = await receive(box, await reply(first.messageId));
  assert.equal(late.state, "processed", late.reason);
  assert.notEqual(late.ticketId, id);
  const followUp = await getTicket(t.owner, late.ticketId);
  assert.match(
    followUp.description,
    new RegExp(`Follow-up to the closed ticket ${first.ticket.number}`),
  );
  assert.equal(followUp.customerId, first.ticket.customerId);
  assert.equal((await getTicket(t.owner, id)).status, "kapandi", "the closed one stays closed");
  // A reply to a ticket merged into another goes on on the other one.
  const second = await firstMail(box, first.from);
  const into = await firstMail(box, first.from);
  await json(
    await t.owner.call("POST", `${API}/support-ticket/${second.ticket.id}/merge`, {
      intoId: into.ticket.id,
    }),
    200,
  );
  const toMerged = await receive(box, await reply(second.messageId));
  assert.equal(toMerged.ticketId, into.ticket.id);
  assert.ok(toMerged.commentId);
});

itest(
  "mail intake: another workspace's ticket token or Message-ID does nothing there",
  async () => {
    const a = await newTenant();
    const b = await newTenant();
    const boxA = await mailbox(a);
    const boxB = await mailbox(b);
    const first = await firstMail(boxA);
    const before = (await comments(a.owner, first.ticket.id)).length;
    // The same customer writes to workspace B naming A's ticket (token and Message-ID).
    const raw = (await eml("reply-token", {
      from: first.from,
      to: boxB.address,
      token: `[#${first.ticket.number}]`,
      messageId: newId(),
      body: "About my ticket at the other company.",
    })).replace("MIME-Version", `In-Reply-To: <${first.messageId}>\r\nMIME-Version`);
    const msg = await receive(boxB, raw);
    assert.equal(msg.state, "processed", msg.reason);
    assert.equal(msg.commentId, null, "a new ticket in B, not a comment");
    assert.equal((await comments(a.owner, first.ticket.id)).length, before, "A's ticket unchanged");
    await problem(await b.owner.call("GET", `${API}/support-ticket/${first.ticket.id}`), 404);
    // Pages: A's original is not B's to read.
    assert.equal((await browse(`/support/mail/${first.msg.id}`, { who: b.owner })).status, 404);
  },
);

itest("mail original page: 200 for readers, 403 without the right, 404 for unknown", async () => {
  const t = await newTenant();
  const box = await mailbox(t);
  const first = await firstMail(box);
  const role = async (key: string, permissions: string[]) =>
    await json(
      await t.owner.call("POST", "/api/admin/roles", { key, name: key, permissions }),
      201,
    );
  await role("ticket-reader", ["support.ticket.read"]);
  await role("customer-reader", ["support.customer.read"]);
  const reader = await t.member(["ticket-reader"]);
  const page = await browse(`/support/mail/${first.msg.id}`, { who: reader });
  assert.equal(page.status, 200);
  const text = await page.text();
  assert.match(text, /Ayşe Yılmaz/);
  assert.match(text, /boss@example\.com/);
  assert.match(text, /blank pages/);
  const tr = await browse(`/support/mail/${first.msg.id}`, {
    who: reader,
    headers: { "Accept-Language": "tr" },
  });
  assert.match(await tr.text(), /Orijinal e-posta/);
  // An ignored message is on no ticket: mailbox readers only.
  const auto = await receive(
    box,
    await eml("auto-reply", { from: first.from, to: box.address, messageId: newId() }),
  );
  assert.equal((await browse(`/support/mail/${auto.id}`, { who: reader })).status, 403);
  assert.equal((await browse(`/support/mail/${auto.id}`, { who: t.owner })).status, 200);
  const other = await t.member(["customer-reader"]);
  assert.equal((await browse(`/support/mail/${first.msg.id}`, { who: other })).status, 403);
  assert.equal((await browse(`/support/mail/${first.msg.id}/raw`, { who: other })).status, 403);
  assert.equal(
    (await browse(`/support/mail/${crypto.randomUUID()}`, { who: t.owner })).status,
    404,
  );
});

const imapSkip = imapSkipReason();

Deno.test({
  name: "mail intake over IMAP: new mail, replies by header and by token, auto-reply, malformed",
  ignore: !!imapSkip,
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const imap = await startImap();
    try {
      const t = await newTenant();
      const address = `${unique("desk")}@acme.test`;
      const mb = await json(
        await t.owner.call("POST", `${API}/mailboxes`, {
          name: "IMAP desk",
          address,
          imapHost: imap.host,
          imapPort: imap.port,
          imapTls: false,
          imapUser: imap.user,
          imapPassword: imap.password,
        }),
        201,
      );
      const { platform } = await testApp();
      const handlers = new Map(mailboxJobs.map((j) => [j.name, j.handler]));
      const poll = async () => {
        await json(await t.owner.call("POST", `${API}/mailboxes/${mb.id}/check`), 202);
        const d = new Dispatcher(platform.db, handlers, { onlyNames: [POLL_JOB, INTAKE_JOB] });
        while (await d.drain());
      };
      const from = `${unique("imap")}@example.com`;
      const firstId = newId();
      await imap.deliver(
        await eml("html-inline-pdf", { from, to: address, messageId: firstId }),
      );
      await poll();
      const list = async () =>
        (await json(await t.owner.call("GET", `${API}/mailboxes/${mb.id}/messages`), 200)).items;
      const [first] = await list();
      assert.equal(first.state, "processed", first.reason);
      assert.equal(first.source, "imap");
      const files = (await json(
        await t.owner.call("GET", `${API}/support-ticket/${first.ticketId}/attachments`),
        200,
      )).items;
      assert.equal(files.length, 2);
      await imap.deliver(
        await eml("reply-in-reply-to", {
          from,
          to: address,
          messageId: newId(),
          inReplyTo: firstId,
        }),
      );
      await poll();
      const reply = (await list()).find((m: { id: string }) => m.id !== first.id);
      assert.equal(reply.state, "processed", reply.reason);
      assert.equal(reply.ticketId, first.ticketId);
      assert.ok(reply.commentId);

      // The rest of the real-server cases: a reply threaded only by the subject's token, an
      // auto-reply (kept, ignored) and a malformed message (kept, failed with a reason).
      const ticket = await json(
        await t.owner.call("GET", `${API}/support-ticket/${first.ticketId}`),
        200,
      );
      const token = `[#${ticket.number}]`;
      const seen = new Set([first.id, reply.id]);
      const next = async () => {
        await poll();
        const fresh = (await list()).filter((m: { id: string }) => !seen.has(m.id));
        assert.equal(fresh.length, 1, JSON.stringify(fresh));
        seen.add(fresh[0].id);
        return fresh[0];
      };
      const vars = { from, to: address, token, body: "Is there any news?" };
      await imap.deliver(await eml("reply-token", { ...vars, messageId: newId() }));
      const byToken = await next();
      assert.equal(byToken.state, "processed", byToken.reason);
      assert.equal(byToken.ticketId, first.ticketId);
      assert.ok(byToken.commentId);

      await imap.deliver(await eml("auto-reply", { ...vars, messageId: newId() }));
      const auto = await next();
      assert.equal(auto.state, "ignored");
      assert.equal(auto.commentId, null);
      assert.ok(auto.reason);

      await imap.deliver(await eml("malformed"));
      const bad = await next();
      assert.equal(bad.state, "failed");
      assert.ok(bad.reason);
      assert.equal(bad.hasRaw, true, "the original is kept for a retry");
      const comments = (await json(
        await t.owner.call("GET", `${API}/support-ticket/${first.ticketId}/comments`),
        200,
      )).items;
      assert.equal(comments.length, 2, "the header reply and the token reply, nothing else");
    } finally {
      await imap.stop();
    }
  },
});
