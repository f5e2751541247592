/**
 * Scheduled subscriptions of a dashboard sheet: the rules, every route (success, 400, 403,
 * another tenant's id 404 and unchanged), and what must show: the mail received over SMTP with
 * PNG and PDF parts, nothing for a recipient without access, the chosen filter changing what is
 * in the mail, one send per occurrence however many tickers and runs race.
 */
import assert from "node:assert/strict";
import { simpleParser } from "mailparser";
import { PDFDocument } from "pdf-lib";
import { itest, newTenant, problem, testApp, type TestTenant } from "../helpers.ts";
import { customer, ticket } from "../support/fixtures.ts";
import { smtpSink } from "../smtp.ts";
import { withScope } from "../../shared/db/scope.ts";
import { Dispatcher } from "../../shared/jobs/dispatcher.ts";
import { enqueue } from "../../shared/jobs/queue.ts";
import { MAIL_SEND_JOB, mailJobs } from "../../platform/notifications/mail.service.ts";
import {
  allEmpty,
  cronFieldProblem,
  distinctAddresses,
  scheduleCron,
} from "../../modules/analytics/subscriptions/subscriptions.rules.ts";
import { scheduleWords } from "../../modules/analytics/subscriptions/subscriptions.lib.ts";
import {
  subscriptionSendJob,
  tickSubscriptions,
} from "../../modules/analytics/subscriptions/subscriptions.send.service.ts";
import { SEND_JOB } from "../../modules/analytics/subscriptions/subscriptions.service.ts";

const API = "/api/analytics";

async function json(res: Response, status: number) {
  const text = await res.text();
  assert.equal(res.status, status, text);
  return text ? JSON.parse(text) : null;
}

const daily = { kind: "daily", hour: 8 };

/** An app with a sheet: tickets by status (bar), open count (KPI), the tickets (table). */
async function sheetOf(t: TestTenant) {
  const app = await json(await t.owner.call("POST", `${API}/apps`, { name: "Destek" }), 201);
  const sheet = await json(
    await t.owner.call("POST", `${API}/apps/${app.id}/sheets`, { name: "Haftalık özet" }),
    201,
  );
  const add = (body: unknown) =>
    t.owner.call("POST", `${API}/sheets/${sheet.id}/widgets`, body).then((r) => json(r, 201));
  const source = { kind: "dataset", name: "tickets" };
  await add({
    title: "Tickets by status",
    chartType: "bar",
    query: {
      source,
      fields: [{ field: "status", as: "status" }],
      aggregates: [{ fn: "count", as: "tickets" }],
    },
  });
  await add({
    title: "Ticket count",
    chartType: "kpi",
    query: { source, aggregates: [{ fn: "count", as: "n" }] },
    w: 3,
    h: 2,
  });
  await add({
    title: "Ticket list",
    chartType: "table",
    query: { source, fields: [{ field: "subject", as: "subject" }], limit: 50 },
  });
  return { app, sheet };
}

/** Sends queued subscription jobs and the mails they queued, into the SMTP sink. */
async function deliver(smtpUrl: string) {
  const { platform } = await testApp();
  const jobs = mailJobs({ SMTP_URL: smtpUrl, MAIL_FROM: "Reports <reports@example.test>" });
  const handlers = new Map([
    [SEND_JOB, subscriptionSendJob.handler],
    ...jobs.map((j) => [j.name, j.handler] as const),
  ]);
  const d = new Dispatcher(platform.db, handlers, { onlyNames: [SEND_JOB, MAIL_SEND_JOB] });
  await d.drain();
  await d.drain();
}

itest("subscription rules: presets as cron, custom cron fields, empty sends, addresses", () => {
  assert.equal(scheduleCron({ kind: "daily", hour: 7, weekday: 1, day: 1 }), "0 7 * * *");
  assert.equal(scheduleCron({ kind: "weekly", hour: 9, weekday: 1, day: 1 }), "0 9 * * 1");
  assert.equal(scheduleCron({ kind: "monthly", hour: 6, weekday: 1, day: 15 }), "0 6 15 * *");
  assert.equal(
    scheduleCron({ kind: "custom", hour: 0, weekday: 0, day: 1, cron: " 30  8 * * 1-5 " }),
    "30 8 * * 1-5",
  );
  assert.equal(cronFieldProblem("30 8 * * 1-5"), null);
  assert.ok(cronFieldProblem("* * * * * *"), "a seconds field would mail every second");
  assert.ok(cronFieldProblem(""));
  assert.equal(
    scheduleWords("en", { kind: "weekly", hour: 8, weekday: 1, day: 1 }, "0 8 * * 1"),
    "Every Monday at 08:00",
  );
  assert.equal(
    scheduleWords("tr", { kind: "weekly", hour: 8, weekday: 1, day: 1 }, "0 8 * * 1"),
    "Her Pazartesi 08:00",
  );
  assert.equal(allEmpty([{ kind: "chart", rows: 0 }, { kind: "kpi", rows: 1, value: 0 }]), true);
  assert.equal(allEmpty([{ kind: "table", rows: 2 }, { kind: "error", rows: 0 }]), false);
  assert.deepEqual(
    distinctAddresses(["A@x.test", "b@x.test", "a@x.test"], ["B@X.test"]),
    ["A@x.test"],
  );
});

itest("subscriptions API: create, list, get, patch, send now, history, delete", async () => {
  const t = await newTenant();
  const { sheet } = await sheetOf(t);
  const created = await json(
    await t.owner.call("POST", `${API}/sheets/${sheet.id}/subscriptions`, {
      name: "Monday summary",
      schedule: { kind: "weekly", weekday: 1, hour: 8 },
      userIds: [t.owner.id],
      emails: ["boss@example.test"],
      filters: { where: ["status:acik"] },
    }),
    201,
  );
  assert.equal(created.cron, "0 8 * * 1");
  assert.equal(created.timezone, "UTC");
  assert.ok(created.nextRunAt && new Date(created.nextRunAt) > new Date());
  assert.equal(new Date(created.nextRunAt).getUTCDay(), 1);
  assert.deepEqual(created.filters.where, ["status:acik"]);
  assert.equal(created.canEdit, true);
  const list = await json(
    await t.owner.call("GET", `${API}/sheets/${sheet.id}/subscriptions`),
    200,
  );
  assert.deepEqual(list.items.map((s: { id: string }) => s.id), [created.id]);
  const got = await json(await t.owner.call("GET", `${API}/subscriptions/${created.id}`), 200);
  assert.equal(got.name, "Monday summary");
  const patched = await json(
    await t.owner.call("PATCH", `${API}/subscriptions/${created.id}`, {
      schedule: { kind: "custom", cron: "30 7 * * 1-5" },
      skipEmpty: true,
    }),
    200,
  );
  assert.equal(patched.cron, "30 7 * * 1-5");
  assert.equal(patched.skipEmpty, true);
  const send = await json(
    await t.owner.call("POST", `${API}/subscriptions/${created.id}/send`),
    202,
  );
  assert.equal(send.status, "queued");
  assert.equal(send.trigger, "manual");
  const sends = await json(
    await t.owner.call("GET", `${API}/subscriptions/${created.id}/sends`),
    200,
  );
  assert.deepEqual(sends.items.map((s: { id: string }) => s.id), [send.id]);
  const res = await t.owner.call("DELETE", `${API}/subscriptions/${created.id}`);
  assert.equal(res.status, 204);
  await problem(await t.owner.call("GET", `${API}/subscriptions/${created.id}`), 404);
});

itest("subscriptions API: bad input is 400 and nothing is written", async () => {
  const t = await newTenant();
  const { sheet } = await sheetOf(t);
  const post = (body: unknown) =>
    t.owner.call("POST", `${API}/sheets/${sheet.id}/subscriptions`, body);
  const base = { name: "X", schedule: daily, userIds: [t.owner.id] };
  const bad = [
    { ...base, schedule: { kind: "custom", cron: "not a cron" } },
    { ...base, schedule: { kind: "custom", cron: "* * * * * *" } },
    { ...base, schedule: { kind: "daily", hour: 25 } },
    { ...base, userIds: [] },
    { ...base, emails: ["not-an-address"] },
    { ...base, userIds: [crypto.randomUUID()] },
    { ...base, name: "" },
    { ...base, filters: { where: ["no colon"] } },
  ];
  for (const body of bad) {
    const p = await problem(await post(body), 400);
    assert.ok(Array.isArray(p.errors) && p.errors.length > 0, JSON.stringify(p));
  }
  const list = await json(
    await t.owner.call("GET", `${API}/sheets/${sheet.id}/subscriptions`),
    200,
  );
  assert.equal(list.items.length, 0);
  const ok = await json(await post(base), 201);
  await problem(
    await t.owner.call("PATCH", `${API}/subscriptions/${ok.id}`, {
      schedule: { kind: "custom", cron: "61 * * * *" },
    }),
    400,
  );
  const kept = await json(await t.owner.call("GET", `${API}/subscriptions/${ok.id}`), 200);
  assert.equal(kept.cron, "0 8 * * *");
});

itest("subscriptions API: viewers add no addresses nor change others' (403)", async () => {
  const t = await newTenant();
  const { app, sheet } = await sheetOf(t);
  const viewer = await t.member(["member"]);
  await json(
    await t.owner.call("PUT", `${API}/apps/${app.id}/access`, {
      grants: [{ userId: viewer.id, level: "view" }],
    }),
    200,
  );
  const path = `${API}/sheets/${sheet.id}/subscriptions`;
  await problem(
    await viewer.call("POST", path, {
      name: "Outside",
      schedule: daily,
      emails: ["someone@example.test"],
    }),
    403,
  );
  const own = await json(
    await viewer.call("POST", path, { name: "Mine", schedule: daily, userIds: [viewer.id] }),
    201,
  );
  assert.equal(own.canEdit, true);
  const owners = await json(
    await t.owner.call("POST", path, { name: "Team", schedule: daily, userIds: [viewer.id] }),
    201,
  );
  const seen = await json(await viewer.call("GET", `${API}/subscriptions/${owners.id}`), 200);
  assert.equal(seen.canEdit, false);
  await problem(
    await viewer.call("PATCH", `${API}/subscriptions/${owners.id}`, { name: "Mine now" }),
    403,
  );
  await problem(await viewer.call("DELETE", `${API}/subscriptions/${owners.id}`), 403);
  await problem(await viewer.call("POST", `${API}/subscriptions/${owners.id}/send`), 403);
  await problem(
    await viewer.call("PATCH", `${API}/subscriptions/${own.id}`, { emails: ["x@example.test"] }),
    403,
  );
  const after = await json(await t.owner.call("GET", `${API}/subscriptions/${owners.id}`), 200);
  assert.equal(after.name, "Team");
  // Without any access to the application the sheet does not exist for them.
  const stranger = await t.member(["member"]);
  await problem(await stranger.call("GET", path), 404);
  await problem(await stranger.call("GET", `${API}/subscriptions/${owners.id}`), 404);
});

itest("subscriptions API: another tenant's ids are 404 and unchanged", async () => {
  const a = await newTenant();
  const b = await newTenant();
  const { sheet } = await sheetOf(a);
  const sub = await json(
    await a.owner.call("POST", `${API}/sheets/${sheet.id}/subscriptions`, {
      name: "A's",
      schedule: daily,
      userIds: [a.owner.id],
    }),
    201,
  );
  await problem(await b.owner.call("GET", `${API}/sheets/${sheet.id}/subscriptions`), 404);
  await problem(
    await b.owner.call("POST", `${API}/sheets/${sheet.id}/subscriptions`, {
      name: "B's",
      schedule: daily,
      userIds: [b.owner.id],
    }),
    404,
  );
  await problem(await b.owner.call("GET", `${API}/subscriptions/${sub.id}`), 404);
  await problem(await b.owner.call("PATCH", `${API}/subscriptions/${sub.id}`, { name: "B" }), 404);
  await problem(await b.owner.call("POST", `${API}/subscriptions/${sub.id}/send`), 404);
  await problem(await b.owner.call("GET", `${API}/subscriptions/${sub.id}/sends`), 404);
  await problem(await b.owner.call("DELETE", `${API}/subscriptions/${sub.id}`), 404);
  const kept = await json(await a.owner.call("GET", `${API}/subscriptions/${sub.id}`), 200);
  assert.equal(kept.name, "A's");
  const sends = await json(await a.owner.call("GET", `${API}/subscriptions/${sub.id}/sends`), 200);
  assert.equal(sends.items.length, 0);
});

itest(
  "subscription mail over SMTP: PNG and PDF parts, the filter applies, no access gets nothing",
  async () => {
    const t = await newTenant();
    const { app, sheet } = await sheetOf(t);
    const c = await customer(t.owner);
    await ticket(t.owner, c.id, { subject: "Yazıcı açık kaldı" });
    await ticket(t.owner, c.id, { subject: "Printer still open" });
    const done = await ticket(t.owner, c.id, { subject: "Scanner solved" });
    await json(
      await t.owner.call("PUT", `/api/support/support-ticket/${done.id}`, { status: "cozuldu" }),
      200,
    );
    const reader = await t.member(["member"]);
    const outsider = await t.member(["member"]);
    await json(
      await t.owner.call("PUT", `${API}/apps/${app.id}/access`, {
        grants: [{ userId: reader.id, level: "view" }],
      }),
      200,
    );
    const path = `${API}/sheets/${sheet.id}/subscriptions`;
    const filtered = await json(
      await t.owner.call("POST", path, {
        name: "Open ones",
        schedule: daily,
        userIds: [t.owner.id, reader.id, outsider.id],
        emails: [`boss-${t.slug}@example.test`],
        filters: { where: ["status:acik"] },
      }),
      201,
    );
    const everything = await json(
      await t.owner.call("POST", path, {
        name: "Everything",
        schedule: daily,
        userIds: [t.owner.id],
        attachPdf: false,
      }),
      201,
    );
    const sink = await smtpSink();
    try {
      await json(await t.owner.call("POST", `${API}/subscriptions/${filtered.id}/send`), 202);
      await json(await t.owner.call("POST", `${API}/subscriptions/${everything.id}/send`), 202);
      await deliver(sink.url);
      const to = (addr: string) => sink.received.filter((m) => m.to.includes(addr));
      assert.equal(to(outsider.email).length, 0, "no access to the application: no mail at all");
      assert.equal(to(reader.email).length, 1);
      assert.equal(to(`boss-${t.slug}@example.test`).length, 1);
      assert.equal(to(t.owner.email).length, 2);

      const mails = await Promise.all(
        to(t.owner.email).map((m) => simpleParser(m.raw, { skipImageLinks: true })),
      );
      const open = mails.find((m) => m.subject?.includes("Open ones"))!;
      const all = mails.find((m) => m.subject?.includes("Everything"))!;
      const pngs = open.attachments.filter((a) => a.contentType === "image/png");
      assert.ok(pngs.length >= 1, "the chart as a picture");
      for (const p of pngs) {
        assert.deepEqual([...p.content.subarray(0, 8)], [137, 80, 78, 71, 13, 10, 26, 10]);
        assert.ok(p.cid && open.html && open.html.includes(`cid:${p.cid}`), "shown inline");
      }
      const pdf = open.attachments.find((a) => a.contentType === "application/pdf")!;
      assert.ok(pdf, "the sheet as a PDF");
      assert.equal(new TextDecoder().decode(pdf.content.subarray(0, 5)), "%PDF-");
      const doc = await PDFDocument.load(new Uint8Array(pdf.content));
      assert.equal(doc.getTitle(), "Destek — Haftalık özet");
      assert.equal(all.attachments.filter((a) => a.contentType === "application/pdf").length, 0);
      // The filter: only open tickets in the filtered mail, every ticket in the other.
      assert.match(open.html as string, /Yazıcı açık kaldı/);
      assert.doesNotMatch(open.html as string, /Scanner solved/);
      assert.match(all.html as string, /Scanner solved/);
      assert.match(open.html as string, />2<\/p>/, "the KPI counts the open tickets");
      assert.match(all.html as string, />3<\/p>/);
      assert.match(
        open.html as string,
        /\/analytics\/apps\/[^"]+\/sheets\/[^"]+\?where=status%3Aacik/,
      );

      const sends = await json(
        await t.owner.call("GET", `${API}/subscriptions/${filtered.id}/sends`),
        200,
      );
      assert.equal(sends.items[0].status, "sent");
      assert.equal(sends.items[0].recipients, 3);
      if (Deno.env.get("SUBS_SHOTS")) {
        await Deno.mkdir(Deno.env.get("SUBS_SHOTS")!, { recursive: true });
        await Deno.writeFile(`${Deno.env.get("SUBS_SHOTS")}/mail-chart.png`, pngs[0].content);
        await Deno.writeFile(`${Deno.env.get("SUBS_SHOTS")}/mail.pdf`, pdf.content);
      }
    } finally {
      await sink.close();
    }
  },
);

itest("subscription schedule: two tickers and two runs of one occurrence send once", async () => {
  const t = await newTenant();
  const { sheet } = await sheetOf(t);
  const sub = await json(
    await t.owner.call("POST", `${API}/sheets/${sheet.id}/subscriptions`, {
      name: "Every minute",
      schedule: { kind: "custom", cron: "* * * * *" },
      userIds: [t.owner.id],
      attachPdf: false,
    }),
    201,
  );
  const { platform } = await testApp();
  const now = new Date();
  await withScope(
    platform.db.sql,
    { tenantId: t.id },
    (tx) =>
      tx`update analytics_subscriptions set next_run_at = ${new Date(now.getTime() - 30_000)}
       where id = ${sub.id}`,
  );
  const actor = { sql: platform.db.sql, bus: platform.bus };
  // Two instances tick at once (other tenants' due subscriptions may fire too: count ours).
  await Promise.all([tickSubscriptions(actor, now), tickSubscriptions(actor, now)]);
  await tickSubscriptions(actor, now);
  const ours = () =>
    withScope(
      platform.db.sql,
      { tenantId: t.id },
      (tx) =>
        tx`select s.id, (select count(*)::int from jobs j where j.name = ${SEND_JOB}
                        and j.payload->>'sendId' = s.id::text) as jobs
         from analytics_subscription_sends s where s.subscription_id = ${sub.id}`,
    );
  const sends = await ours();
  assert.equal(sends.length, 1, "one occurrence, one send");
  assert.equal(sends[0].jobs, 1, "and one job");
  const send = sends[0];
  // A second job for the same send (a doubled enqueue): it finds the send done.
  await withScope(
    platform.db.sql,
    { tenantId: t.id },
    (tx) => enqueue(tx, SEND_JOB, { payload: { sendId: send.id } }),
  );
  const sink = await smtpSink();
  try {
    await deliver(sink.url);
    assert.equal(
      sink.received.filter((m) => m.to.includes(t.owner.email)).length,
      1,
    );
  } finally {
    await sink.close();
  }
  const after = await json(await t.owner.call("GET", `${API}/subscriptions/${sub.id}`), 200);
  assert.ok(new Date(after.nextRunAt) > now, "moved on to the next occurrence");
  assert.equal(after.lastSend.status, "sent");
});
