import assert from "node:assert/strict";
import { browse, itest, newTenant, problem, testApp } from "../helpers.ts";
import { withScope } from "../../shared/db/scope.ts";
import { Dispatcher } from "../../shared/jobs/dispatcher.ts";
import { MAIL_SEND_JOB, mailJobs, queueMail } from "../../platform/notifications/mail.service.ts";
import { smtpSink } from "../smtp.ts";
import {
  bareMessageId,
  ccList,
  replyDecision,
  threadHeaders,
} from "../../modules/support/replies/replies.rules.ts";
import { renderReply } from "../../modules/support/replies/replies.lib.ts";
import { API, customer, json, ticket } from "./fixtures.ts";

const inTenant = async <T>(
  tenantId: string,
  fn: (tx: Parameters<Parameters<typeof withScope>[2]>[0]) => Promise<T>,
) => {
  const { platform } = await testApp();
  return await withScope(platform.db.sql, { tenantId }, fn);
};

/** Sends what the outbox holds to the sink, as the mail job does. */
async function deliver(sinkUrl: string) {
  const { platform } = await testApp();
  const jobs = mailJobs({ SMTP_URL: sinkUrl, MAIL_FROM: "Support <support@example.test>" });
  const d = new Dispatcher(platform.db, new Map(jobs.map((j) => [j.name, j.handler])), {
    onlyNames: [MAIL_SEND_JOB],
  });
  await d.drain();
  await d.drain();
}

/** A header's value, unfolded. */
function header(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, " ");
  return new RegExp(`^${name}: (.*)$`, "im").exec(head)?.[1];
}

const BYTES = new Uint8Array([0, 1, 2, 250, 251, 252, 37, 80, 68, 70, 10, 13, 99]);
const b64 = (u: Uint8Array) => btoa(String.fromCharCode(...u));

async function upload(token: string, ticketId: string, file: File) {
  const { app } = await testApp();
  const body = new FormData();
  body.append("file", file);
  return await app.request(`${API}/support-ticket/${ticketId}/attachments`, {
    method: "POST",
    body,
    headers: { Authorization: `Bearer ${token}` },
  });
}

itest(
  "support replies: a public comment goes out as a threaded e-mail with CC, file and signature",
  async () => {
    const t = await newTenant();
    const agent = await t.member(["agent"], `agent-${t.slug}@example.test`);
    const sink = await smtpSink();
    try {
      const email = `cust-${t.slug}@example.test`;
      const c = await customer(t.owner, { email, name: "Ayşe Müşteri" });
      const tk = await ticket(t.owner, c.id, { subject: "Printer jammed" });
      await json(
        await t.owner.call("PUT", `${API}/settings`, {
          signature: "Kind regards,\n{{agent.name}} — Acme Help ({{ticket.number}})",
        }),
        200,
      );
      // The ticket came in by e-mail through a mailbox: the customer's message is on record.
      const mailboxId = crypto.randomUUID();
      await inTenant(t.id, async (tx) => {
        await tx`insert into support_mailboxes (id, name, address)
          values (${mailboxId}, 'Acme Help', 'help@acme.example')`;
        await tx`update support_tickets set mailbox_id = ${mailboxId} where id = ${tk.id}`;
        await tx`insert into support_mail_ids (message_id, ticket_id, direction, created_at)
          values ('first-cust@mail.example', ${tk.id}, 'in', now() - interval '2 minutes'),
                 ('second-cust@mail.example', ${tk.id}, 'in', now() - interval '1 minute')`;
      });
      const stored = await json(
        await upload(
          agent.token,
          tk.id,
          new File([BYTES], "rapor.bin", { type: "application/octet-stream" }),
        ),
        201,
      );
      const fileId = stored.items[0].id;

      const out = await json(
        await agent.call("POST", `${API}/support-ticket/${tk.id}/comments`, {
          body: "We replaced the **toner**.",
          format: "markdown",
          email: { cc: ["Boss@Example.test", email] },
          attachmentIds: [fileId],
        }),
        201,
      );
      assert.equal(out.channel, "email");
      assert.deepEqual(out.cc, ["boss@example.test"], "the customer is not copied to themself");
      assert.equal(out.email.to, email);
      assert.match(out.email.messageId, /^<[0-9a-f-]+@acme\.example>$/);
      assert.equal(out.attachments.length, 1);
      assert.equal(out.attachments[0].commentId, out.id);

      // The file moved to the comment; the ticket's list says so.
      const files = await json(
        await agent.call("GET", `${API}/support-ticket/${tk.id}/attachments`),
        200,
      );
      assert.deepEqual(
        files.items.map((f: { id: string; commentId: string }) => [f.id, f.commentId]),
        [[fileId, out.id]],
      );

      const bare = bareMessageId(out.email.messageId);
      const rows = await inTenant(t.id, async (tx) => ({
        ids:
          await tx`select comment_id, direction from support_mail_ids where message_id = ${bare}`,
        comment:
          await tx`select channel, cc, message_id from support_comments where id = ${out.id}`,
      }));
      assert.deepEqual(
        rows.ids.map((r) => [r.commentId, r.direction]),
        [[out.id, "out"]],
        "the Message-ID is recorded for the customer's answer to thread on",
      );
      assert.equal(rows.comment[0].channel, "email");
      assert.deepEqual(rows.comment[0].cc, ["boss@example.test"]);
      assert.equal(rows.comment[0].messageId, bare);

      await deliver(sink.url);
      const mine = sink.received.filter((m) => m.to.includes(email));
      const replies = mine.filter((m) => /^Re: /m.test(header(m.raw, "Subject") ?? ""));
      assert.equal(replies.length, 1, "one reply mail");
      assert.equal(mine.length, 2, "the opened mail and the reply: no 'updated' mail beside it");
      const raw = replies[0].raw;
      assert.ok(replies[0].to.includes("boss@example.test"), "CC is a recipient");
      assert.equal(header(raw, "Message-ID"), out.email.messageId);
      assert.equal(header(raw, "In-Reply-To"), "<second-cust@mail.example>");
      // The chain also holds the automatic "opened" mail (sent before the backdated ids above).
      const opened = mine.find((m) => m !== replies[0])!;
      assert.equal(
        header(raw, "References"),
        `<first-cust@mail.example> <second-cust@mail.example> ${header(opened.raw, "Message-ID")}`,
      );
      const subject = header(raw, "Subject")!;
      assert.equal(subject, `Re: Printer jammed [#${tk.number}]`, "the ticket token once");
      assert.match(header(raw, "Cc")!, /boss@example\.test/);
      assert.match(header(raw, "Reply-To")!, /help@acme\.example/);
      assert.match(header(raw, "From")!, /Acme Help.*<support@example\.test>/);
      assert.match(raw, /filename="?rapor\.bin"?/);
      assert.ok(raw.includes(b64(BYTES)), "the attachment's bytes");
      assert.match(raw, /Kind regards/, "the signature");
      assert.match(raw, /<strong>toner<\/strong>/, "the comment's HTML");

      // Sent once: another drain sends nothing more.
      await deliver(sink.url);
      assert.equal(sink.received.filter((m) => m.to.includes(email)).length, 2);
    } finally {
      await sink.close();
    }
  },
);

/** A message's quoted-printable parts, decoded (soft line breaks joined, =XX as UTF-8 bytes). */
function unQuote(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = /^=([0-9A-F]{2})/.exec(joined.slice(i, i + 3));
    if (hex) {
      bytes.push(parseInt(hex[1], 16));
      i += 2;
    } else bytes.push(...new TextEncoder().encode(joined[i]));
  }
  return new TextDecoder().decode(new Uint8Array(bytes));
}

itest(
  "support replies: a file deleted before the send goes missing with a note, the mail still goes",
  async () => {
    const t = await newTenant();
    const sink = await smtpSink();
    try {
      const email = `gone-${t.slug}@example.test`;
      const c = await customer(t.owner, { email, locale: "tr" });
      const tk = await ticket(t.owner, c.id, { subject: "Fatura" });
      const up = (name: string) =>
        upload(t.owner.token, tk.id, new File([BYTES], name, { type: "application/pdf" }));
      const kept = (await json(await up("kalan.pdf"), 201)).items[0].id;
      const gone = (await json(await up("silinen.pdf"), 201)).items[0].id;
      const out = await json(
        await t.owner.call("POST", `${API}/support-ticket/${tk.id}/comments`, {
          body: "Faturanız ekte.",
          attachmentIds: [kept, gone],
        }),
        201,
      );
      assert.equal(out.email.to, email);
      // Deleted after the reply was queued, before the send job ran.
      const files = `${API}/support-ticket/${tk.id}/attachments`;
      assert.equal((await t.owner.call("DELETE", `${files}/${gone}`)).status, 204);

      await deliver(sink.url);
      const reply = sink.received.find((m) =>
        m.to.includes(email) && /^Re: /.test(header(m.raw, "Subject") ?? "")
      );
      assert.ok(reply, "the reply still went out");
      const text = unQuote(reply.raw);
      assert.match(text, /filename="?kalan\.pdf"?/);
      assert.doesNotMatch(text, /filename="?silinen\.pdf"?/);
      // In the customer's language, in the text part and in the HTML part.
      assert.match(text, /"silinen\.pdf" dosyası eklenemedi/);
      assert.match(text, /<p>&quot;silinen\.pdf&quot; dosyası eklenemedi[^<]*<\/p>/);
      const [row] = await inTenant(
        t.id,
        (tx) =>
          tx<{ state: string; lastError: string | null }[]>`
            select state, last_error from mail_outbox where message_id = ${out.email.messageId}`,
      );
      assert.equal(row.state, "sent");
      assert.match(row.lastError ?? "", /silinen\.pdf/, "the outbox row says what went missing");
    } finally {
      await sink.close();
    }
  },
);

itest("support replies: internal notes never leave; refusals write nothing", async () => {
  const t = await newTenant();
  const other = await newTenant();
  const agent = await t.member(["agent"]);
  const viewer = await t.member(["viewer"]);
  const c = await customer(t.owner, { email: `c-${t.slug}@example.test` });
  const silent = await customer(t.owner);
  const tk = await ticket(agent, c.id);
  const quiet = await ticket(agent, silent.id);
  const outbox = () => inTenant(t.id, (tx) => tx`select id, subject from mail_outbox`);
  const before = (await outbox()).length;
  const url = `${API}/support-ticket/${tk.id}/comments`;

  const note = await json(
    await agent.call("POST", url, { body: "Customer is VIP", visibility: "internal" }),
    201,
  );
  assert.equal(note.email, null);
  assert.equal((await outbox()).length, before, "an internal note sends nothing");
  await problem(
    await agent.call("POST", url, {
      body: "secret",
      visibility: "internal",
      email: { send: true },
    }),
    422,
  );
  // Public without sending, and a customer without an address (not asked): no mail.
  await json(await agent.call("POST", url, { body: "Noted", email: { send: false } }), 201);
  await json(
    await agent.call("POST", `${API}/support-ticket/${quiet.id}/comments`, { body: "Hi" }),
    201,
  );
  assert.equal((await outbox()).length, before);
  await problem(
    await agent.call("POST", `${API}/support-ticket/${quiet.id}/comments`, {
      body: "Hi",
      email: { send: true },
    }),
    422,
  );
  await problem(await viewer.call("POST", url, { body: "Hi" }), 403);
  await problem(
    await agent.call("POST", url, { body: "Hi", email: { cc: ["not an address"] } }),
    400,
  );
  await problem(
    await agent.call("POST", url, { body: "Hi", email: { cc: "x@example.test" } }),
    400,
  );
  await problem(await agent.call("POST", url, { body: "Hi", attachmentIds: ["nope"] }), 400);
  // A file of another ticket is not this one's to send: 404, the comment is not written.
  const elsewhere = await json(
    await upload(agent.token, quiet.id, new File(["x"], "x.txt", { type: "text/plain" })),
    201,
  );
  const count = async () =>
    (await json(await agent.call("GET", `${API}/support-ticket/${tk.id}/comments`), 200)).items
      .length;
  const n = await count();
  await problem(
    await agent.call("POST", url, { body: "Hi", attachmentIds: [elsewhere.items[0].id] }),
    404,
  );
  assert.equal(await count(), n);
  assert.equal((await outbox()).length, before);
  await problem(await other.owner.call("POST", url, { body: "Hi" }), 404);
  await problem(await other.owner.call("GET", `${API}/support-ticket/${tk.id}/comments`), 404);

  // The reply, as the API sends it by default, goes out once.
  const sent = await json(await agent.call("POST", url, { body: "Fixed" }), 201);
  assert.ok(sent.email?.messageId);
  const after = await outbox();
  assert.equal(after.length, before + 1);
  assert.match(after.at(-1)!.subject, new RegExp(`^Re: .*\\[#${tk.number}\\]$`));
});

itest("support replies: threading, decisions and rendering rules", () => {
  assert.deepEqual(threadHeaders([]), {});
  assert.deepEqual(
    threadHeaders([
      { messageId: "a@x", direction: "in" },
      { messageId: "b@y", direction: "out" },
    ]),
    { inReplyTo: "<a@x>", references: "<a@x> <b@y>" },
  );
  assert.deepEqual(threadHeaders([{ messageId: "b@y", direction: "out" }]), {
    inReplyTo: "<b@y>",
    references: "<b@y>",
  });
  const long = Array.from({ length: 30 }, (_, i) => ({
    messageId: `m${i}@x`,
    direction: "in" as const,
  }));
  const refs = threadHeaders(long).references!.split(" ");
  assert.equal(refs.length, 20);
  assert.equal(refs[0], "<m0@x>");
  assert.equal(refs.at(-1), "<m29@x>");
  assert.equal(bareMessageId("<ABC@Example.test>"), "abc@example.test");
  assert.deepEqual(ccList(" a@x.test, b@y.test;c@z.test  "), ["a@x.test", "b@y.test", "c@z.test"]);

  const base = { customerEmail: "c@x.test", customerEmails: true };
  assert.equal(replyDecision({ ...base, visibility: "internal", send: undefined }), "none");
  assert.equal(replyDecision({ ...base, visibility: "internal", send: true }), "internal");
  assert.equal(replyDecision({ ...base, visibility: "public", send: undefined }), "send");
  assert.equal(replyDecision({ ...base, visibility: "public", send: false }), "none");
  assert.equal(
    replyDecision({ ...base, customerEmails: false, visibility: "public", send: undefined }),
    "none",
  );
  assert.equal(
    replyDecision({ ...base, customerEmails: false, visibility: "public", send: true }),
    "send",
  );
  assert.equal(
    replyDecision({ customerEmail: null, customerEmails: true, visibility: "public", send: true }),
    "no-address",
  );

  const out = renderReply(
    { subject: "{{ticket.subject}}", body: "Hello {{customer.name}},\n\n{{comment.body}}" },
    { ticket: { subject: "Printer" }, customer: { name: "A <b>" }, agent: { name: "Ayşe" } },
    { text: "Done {{customer.name}} $&", html: "<p>Done</p>", signature: "-- \n{{agent.name}}" },
  );
  assert.equal(out.subject, "Printer");
  assert.equal(out.text, "Hello A <b>,\n\nDone {{customer.name}} $&\n\n-- \nAyşe");
  assert.match(out.html, /Hello A &lt;b&gt;,/);
  assert.match(out.html, /<p>Done<\/p>/);
  assert.match(out.html, /<div class="signature">-- <br>\nAyşe<\/div>/);
});

itest("outbox: CC, Reply-To and thread ids are refused unless plain", async () => {
  const t = await newTenant();
  const base = { to: "a@example.test", subject: "s", text: "t" };
  await inTenant(t.id, async (tx) => {
    const bad = [
      { cc: ["b@example.test, c@example.test"] },
      { cc: ["b@example.test\r\nBcc: x@example.test"] },
      { replyTo: "r@example.test\nBcc: x@example.test" },
      { inReplyTo: "<a@b>\r\nBcc: x@example.test" },
      { references: "<a@b> c@d" },
      { messageId: "no-brackets@example.test" },
    ];
    for (const extra of bad) {
      await assert.rejects(queueMail({ sql: tx }, { ...base, ...extra }), /Not a|Reply-To/);
    }
    const id = await queueMail({ sql: tx }, {
      ...base,
      cc: ["b@example.test"],
      inReplyTo: "<a@b>",
      references: "<z@y> <a@b>",
      fromName: "Acme\r\nBcc: x",
    });
    const [row] = await tx`select cc, in_reply_to, thread_references, from_name
      from mail_outbox where id = ${id}`;
    assert.deepEqual(row, {
      cc: ["b@example.test"],
      inReplyTo: "<a@b>",
      threadReferences: "<z@y> <a@b>",
      fromName: "Acme Bcc: x",
    });
  });
});

itest(
  "support reply pages: the reply box sends with CC and files; the files card uploads",
  async () => {
    const t = await newTenant();
    const agent = await t.member(["agent"]);
    const viewer = await t.member(["viewer"]);
    const email = `p-${t.slug}@example.test`;
    const c = await customer(t.owner, { email });
    const tk = await ticket(agent, c.id);
    const page = `/support/tickets/${tk.id}`;
    const html = await (await browse(page, { who: agent })).text();
    assert.match(html, /name="emailSend" value="true" checked/);
    assert.ok(html.includes(`Send as e-mail to ${email}`));
    assert.match(html, /data-upload-url="\/api\/support\/support-ticket\/[0-9a-f-]+\/attachments"/);
    assert.match(html, /src="\/assets\/support-files\.js"/);
    const readOnly = await (await browse(page, { who: viewer })).text();
    assert.doesNotMatch(readOnly, /name="emailSend"|class="support-upload"/, "nothing to change");

    const [file] = (await json(await upload(agent.token, tk.id, new File(["log"], "a.log")), 201))
      .items;
    const outbox = () => inTenant(t.id, (tx) => tx`select cc from mail_outbox order by created_at`);
    const before = (await outbox()).length;
    // Internal with the box still ticked (no script to untick it): nothing leaves.
    const note = await browse(`${page}/comments`, {
      who: agent,
      form: { body: "note", visibility: "internal", emailChoice: "1", emailSend: "true" },
    });
    assert.equal(note.status, 303);
    assert.equal((await outbox()).length, before);
    // Bad CC: the page says what to fix (400), nothing is written.
    const bad = await browse(`${page}/comments`, {
      who: agent,
      htmx: true,
      form: { body: "hi", visibility: "public", emailChoice: "1", emailSend: "true", cc: "x@" },
    });
    assert.equal(bad.status, 400);
    const sent = await browse(`${page}/comments`, {
      who: agent,
      form: {
        body: "Fixed",
        visibility: "public",
        emailChoice: "1",
        emailSend: "true",
        cc: "a@example.test, b@example.test",
        attachmentIds: file.id,
      },
    });
    assert.equal(sent.status, 303);
    const mails = await outbox();
    assert.equal(mails.length, before + 1);
    assert.deepEqual(mails.at(-1)!.cc, ["a@example.test", "b@example.test"]);
    // Unticked: a public comment without e-mail.
    await browse(`${page}/comments`, {
      who: agent,
      form: { body: "Quiet", visibility: "public", emailChoice: "1" },
    });
    assert.equal((await outbox()).length, before + 1);
    const shown = await (await browse(page, { who: agent })).text();
    assert.match(shown, /data-testid="comment-emailed"/);
    assert.ok(shown.includes(">a.log</a>"), "the reply's file under it");

    // The files card without script: multipart post, then back to the ticket.
    const { app } = await testApp();
    const form = new FormData();
    form.append("file", new File(["pdf"], "contract.pdf", { type: "application/pdf" }));
    const posted = await app.request(`${page}/attachments`, {
      method: "POST",
      body: form,
      headers: { Cookie: `session=${agent.token}`, Origin: "http://localhost" },
    });
    assert.equal(posted.status, 303);
    const list = await json(
      await agent.call("GET", `${API}/support-ticket/${tk.id}/attachments`),
      200,
    );
    const pdf = list.items.find((f: { name: string }) => f.name === "contract.pdf");
    assert.equal(pdf.commentId, null);
    const denied = await browse(`${page}/attachments/${pdf.id}/delete`, { who: viewer, form: {} });
    assert.equal(denied.status, 403);
    const removed = await browse(`${page}/attachments/${pdf.id}/delete`, { who: agent, form: {} });
    assert.equal(removed.status, 303);
    assert.equal(
      (await json(await agent.call("GET", `${API}/support-ticket/${tk.id}/attachments`), 200)).items
        .some((f: { name: string }) => f.name === "contract.pdf"),
      false,
    );
  },
);
