import assert from "node:assert/strict";
import { itest, newTenant, problem, testApp } from "../helpers.ts";
import { smtpSink } from "../smtp.ts";
import { withScope } from "../../shared/db/scope.ts";
import { asWorker, Dispatcher } from "../../shared/jobs/dispatcher.ts";
import type { Sql } from "../../shared/db/database.ts";
import { enqueue } from "../../shared/jobs/queue.ts";
import {
  MAIL_FLUSH_JOB,
  MAIL_SEND_JOB,
  mailJobs,
  messageIdOf,
  queueMail,
  SEND_LEASE_SECONDS,
  tenantsWithStalledMail,
} from "../../platform/notifications/mail.service.ts";
import { renderTemplate } from "../../platform/notifications/templates.lib.ts";

function mailDispatcher(smtpUrl: string | undefined) {
  return testApp().then(({ platform }) => {
    const jobs = mailJobs({ SMTP_URL: smtpUrl, MAIL_FROM: "Platform <no-reply@example.test>" });
    return new Dispatcher(platform.db, new Map(jobs.map((j) => [j.name, j.handler])), {
      onlyNames: [MAIL_SEND_JOB],
    });
  });
}

itest("templates: values are escaped in HTML, kept in text, missing ones are empty", () => {
  const out = renderTemplate(
    {
      subject: "Ticket {{ ticket.number }}\nupdated",
      body: "Hi {{name}},\n{{ ticket.subject }} {{missing}}!",
    },
    { name: "Ayşe", ticket: { number: "T-0001", subject: "<script>alert(1)</script> & more" } },
  );
  assert.equal(out.subject, "Ticket T-0001 updated");
  assert.equal(out.text, "Hi Ayşe,\n<script>alert(1)</script> & more !");
  assert.match(out.html, /Hi Ayşe,<br>\n&lt;script&gt;alert\(1\)&lt;\/script&gt; &amp; more !/);
  assert.doesNotMatch(out.html, /<script>/);
});

itest("mail: the outbox is written with the change and delivered over SMTP", async () => {
  const t = await newTenant();
  const sink = await smtpSink();
  const { platform } = await testApp();
  try {
    const customer = `${t.slug}@example.test`;
    const rendered = renderTemplate(
      { subject: "Ticket {{number}} opened", body: "Subject: {{subject}}" },
      { number: "T-42", subject: "Printer <on fire>" },
    );
    await withScope(
      platform.db.sql,
      { tenantId: t.id },
      (tx) =>
        queueMail({ sql: tx }, {
          to: customer,
          subject: rendered.subject,
          text: rendered.text,
          html: rendered.html,
        }),
    );
    await assert.rejects(() =>
      withScope(platform.db.sql, { tenantId: t.id }, async (tx) => {
        await queueMail({ sql: tx }, {
          to: "never@example.test",
          subject: "rolled back",
          text: "x",
        });
        throw new Error("the change failed");
      })
    );
    const d = await mailDispatcher(sink.url);
    await d.drain();
    // Only this tenant's message counts: the queue may hold other tests' mail too.
    const mine = sink.received.filter((m) =>
      m.to.includes(customer) || m.raw.includes("rolled back")
    );
    assert.equal(mine.length, 1);
    const [msg] = mine;
    assert.deepEqual(msg.to, [customer]);
    assert.equal(msg.from, "no-reply@example.test");
    assert.match(msg.raw, /Subject: Ticket T-42 opened/);
    assert.match(msg.raw, /Content-Type: text\/plain/);
    assert.match(msg.raw, /Content-Type: text\/html/);
    assert.match(msg.raw, /Printer &lt;on fire&gt;/);
    const rows = await withScope(
      platform.db.sql,
      { tenantId: t.id },
      (tx) => tx`select to_address, state, sent_at from mail_outbox`,
    );
    assert.deepEqual(rows.map((r) => [r.toAddress, r.state]), [[customer, "sent"]]);
  } finally {
    await sink.close();
  }
});

itest("mail: without SMTP the message waits in the outbox, shown to admins", async () => {
  const t = await newTenant();
  const viewer = await t.member(["viewer"]);
  const { platform, app } = await testApp();
  await withScope(
    platform.db.sql,
    { tenantId: t.id },
    (tx) =>
      queueMail({ sql: tx }, {
        to: "waiting@example.test",
        subject: "Waiting for SMTP",
        text: "x",
      }),
  );
  await (await mailDispatcher(undefined)).drain();
  const [row] = await withScope(
    platform.db.sql,
    { tenantId: t.id },
    (tx) => tx`select state from mail_outbox`,
  );
  assert.equal(row.state, "queued");
  const page = await app.request("/admin/outbox", {
    headers: { Cookie: `session=${t.owner.token}` },
  });
  const html = await page.text();
  assert.equal(page.status, 200);
  assert.match(html, /waiting@example\.test/);
  assert.match(html, /Waiting for SMTP/);
  const denied = await app.request("/admin/outbox", {
    headers: { Cookie: `session=${viewer.token}` },
  });
  assert.equal(denied.status, 403);
  await denied.body?.cancel();
  // Other tenants' mail is not listed.
  const other = await newTenant();
  const otherPage = await app.request("/admin/outbox", {
    headers: { Cookie: `session=${other.owner.token}` },
  });
  assert.doesNotMatch(await otherPage.text(), /waiting@example\.test/);
  await problem(await t.owner.call("GET", "/api/notifications?cursor=bad"), 400);
});

itest("mail: a refused delivery is retried and the error kept", async () => {
  const t = await newTenant();
  const { platform } = await testApp();
  await withScope(
    platform.db.sql,
    { tenantId: t.id },
    (tx) => queueMail({ sql: tx }, { to: "a@example.test", subject: "Nobody listens", text: "x" }),
  );
  const d = await mailDispatcher("smtp://127.0.0.1:1"); // nothing listens on port 1
  await d.drain();
  const [row] = await withScope(
    platform.db.sql,
    { tenantId: t.id },
    (tx) => tx`select state, attempts, last_error from mail_outbox`,
  );
  assert.equal(row.state, "queued");
  assert.equal(row.attempts, 1);
  assert.ok(row.lastError);
  const [job] = await platform.db.sql`select state, attempts from jobs
    where tenant_id = ${t.id} and name = ${MAIL_SEND_JOB}`;
  assert.deepEqual([job.state, job.attempts], ["queued", 1], "scheduled for a retry with backoff");
});

itest("mail: one plain recipient only (no lists, no header tricks)", async () => {
  const t = await newTenant();
  const { platform } = await testApp();
  for (
    const to of [
      "a@example.test, b@example.test",
      "a@example.test\r\nBcc: c@example.test",
      "not-an-address",
    ]
  ) {
    await assert.rejects(
      () =>
        withScope(
          platform.db.sql,
          { tenantId: t.id },
          (tx) => queueMail({ sql: tx }, { to, subject: "s", text: "t" }),
        ),
      (err: { status?: number }) => err.status === 422,
      to,
    );
  }
});

itest(
  "mail: a send cut off by a crash — busy while leased, then re-sent once, same Message-ID, marked",
  async () => {
    const t = await newTenant();
    const sink = await smtpSink();
    const { platform, app } = await testApp();
    const scoped = <T>(fn: (tx: Sql) => Promise<T>) =>
      withScope(platform.db.sql, { tenantId: t.id }, fn);
    try {
      const to = `${t.slug}@example.test`;
      const id = await scoped((tx) =>
        queueMail({ sql: tx }, { to, subject: "Cut off", text: "x" })
      );
      // Another worker claimed it and died in the middle of the SMTP exchange, just now.
      await scoped((tx) =>
        tx`update mail_outbox set state = 'sending', attempts = 1, claimed_at = now() where id = ${id}`
      );
      const d = await mailDispatcher(sink.url);
      await d.drain();
      assert.equal(sink.received.filter((m) => m.to.includes(to)).length, 0, "nothing sent yet");
      const [job] = await platform.db.sql`select id, state from jobs
      where tenant_id = ${t.id} and name = ${MAIL_SEND_JOB}`;
      assert.equal(job.state, "queued", "the job did not claim success: it waits for a retry");
      const [run] = await asWorker(
        platform.db.sql,
        (tx) =>
          tx`select status, error from job_runs where tenant_id = ${t.id} and job_id = ${job.id}`,
      );
      assert.equal(run.status, "failed");
      assert.match(run.error, /being sent by another worker/);

      // The lease runs out: the next attempt sends it once, with the message's own Message-ID.
      await scoped((tx) =>
        tx`update mail_outbox set claimed_at = now() - make_interval(secs => ${
          SEND_LEASE_SECONDS + 5
        }) where id = ${id}`
      );
      await platform.db.sql`update jobs set run_after = now() where id = ${job.id}`;
      await d.drain();
      const mine = sink.received.filter((m) => m.to.includes(to));
      assert.equal(mine.length, 1);
      assert.ok(
        mine[0].raw.includes(`Message-ID: ${messageIdOf(id, "no-reply@example.test")}`),
        mine[0].raw.slice(0, 400),
      );
      const [row] = await scoped((tx) =>
        tx`select state, interrupted_at from mail_outbox where id = ${id}`
      );
      assert.equal(row.state, "sent");
      assert.ok(row.interruptedAt, "marked: it may have arrived twice");
      const [done] = await platform.db.sql`select state from jobs where id = ${job.id}`;
      assert.equal(done.state, "succeeded");
      const page = await app.request("/admin/outbox", {
        headers: { Cookie: `session=${t.owner.token}` },
      });
      assert.match(await page.text(), /may have arrived twice/);
    } finally {
      await sink.close();
    }
  },
);

itest(
  "mail flush: only workspaces with stalled mail get a job, and it sends the mail",
  async () => {
    const [t, u] = [await newTenant(), await newTenant()];
    const sink = await smtpSink();
    const { platform } = await testApp();
    const inTenant = <T>(tenantId: string, fn: (tx: Sql) => Promise<T>) =>
      withScope(platform.db.sql, { tenantId }, fn);
    const sweep = () => asWorker(platform.db.sql, (tx) => tenantsWithStalledMail(tx));
    try {
      const to = `${t.slug}@example.test`;
      const id = await inTenant(
        t.id,
        (tx) => queueMail({ sql: tx }, { to, subject: "Stalled", text: "x" }),
      );
      await inTenant(
        u.id,
        (tx) =>
          queueMail({ sql: tx }, { to: `${u.slug}@example.test`, subject: "Fresh", text: "y" }),
      );
      assert.ok(!(await sweep()).includes(t.id), "queued just now: its own send job has it");
      await inTenant(
        t.id,
        (tx) =>
          tx`update mail_outbox set created_at = now() - interval '10 minutes' where id = ${id}`,
      );
      const found = await sweep();
      assert.ok(found.includes(t.id), "queued ten minutes ago: the sweep finds the workspace");
      assert.ok(!found.includes(u.id), "fresh mail elsewhere: no job there");

      const jobs = mailJobs({ SMTP_URL: sink.url, MAIL_FROM: "Platform <no-reply@example.test>" });
      const flush = jobs.find((j) => j.name === MAIL_FLUSH_JOB)!;
      assert.equal(flush.schedule?.tenantsWithWork, tenantsWithStalledMail);
      await inTenant(t.id, (tx) => enqueue(tx, MAIL_FLUSH_JOB));
      const d = new Dispatcher(platform.db, new Map([[MAIL_FLUSH_JOB, flush.handler]]), {
        onlyNames: [MAIL_FLUSH_JOB],
      });
      await d.drain();
      assert.equal(
        sink.received.filter((m) => m.to.includes(to)).length,
        1,
      );
      assert.ok(!(await sweep()).includes(t.id), "sent: nothing stalled any more");
    } finally {
      await sink.close();
    }
  },
);
