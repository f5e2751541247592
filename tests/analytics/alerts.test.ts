/**
 * Alerts through the API and the queue: every route (success, 400, 403, another tenant's id
 * 404 and unchanged); an alert fires once when a new ticket crosses its threshold, recovers
 * with a notice, and fires once with two checks at the same time; the owner's lost access is an
 * error state with nothing sent; mute; e-mail with the chart as PNG (SMTP sink); webhook to a
 * local receiver (allowlisted), and refused for a private address otherwise.
 */
import assert from "node:assert/strict";
import { type Caller, itest, newTenant, problem, testApp, type TestTenant } from "../helpers.ts";
import { customer, ticket } from "../support/fixtures.ts";
import { withScope } from "../../shared/db/scope.ts";
import { Dispatcher } from "../../shared/jobs/dispatcher.ts";
import { enqueue } from "../../shared/jobs/queue.ts";
import { MAIL_SEND_JOB, mailJobs } from "../../platform/notifications/mail.service.ts";
import { smtpSink } from "../smtp.ts";
import { checkAlert } from "../../modules/analytics/alerts/alerts.check.service.ts";
import {
  ALERT_CHECK_JOB,
  ALERT_SWEEP_JOB,
  alertJobs,
} from "../../modules/analytics/alerts/alerts.jobs.service.ts";

const API = "/api/analytics";

async function json(res: Response, status: number) {
  const text = await res.text();
  assert.equal(res.status, status, text);
  return text ? JSON.parse(text) : null;
}

/** An app, a sheet and a KPI widget counting the open (acik) tickets. */
async function openTickets(t: TestTenant) {
  const app = await json(await t.owner.call("POST", `${API}/apps`, { name: "Support" }), 201);
  const sheet = await json(
    await t.owner.call("POST", `${API}/apps/${app.id}/sheets`, { name: "Overview" }),
    201,
  );
  const widget = await json(
    await t.owner.call("POST", `${API}/sheets/${sheet.id}/widgets`, {
      title: "Open tickets",
      chartType: "kpi",
      query: {
        source: { kind: "dataset", name: "tickets" },
        aggregates: [{ fn: "count", as: "n" }],
        filters: [{ field: "status", op: "eq", value: "acik" }],
      },
    }),
    201,
  );
  return { app, sheet, widget };
}

const grant = async (t: TestTenant, appId: string, grants: unknown[]) =>
  await json(await t.owner.call("PUT", `${API}/apps/${appId}/access`, { grants }), 200);

async function notifications(who: Caller): Promise<{ title: string }[]> {
  return (await json(await who.call("GET", "/api/notifications?limit=100"), 200)).items;
}

const fired = (items: { title: string }[], prefix: string) =>
  items.filter((n) => n.title.startsWith(prefix)).length;

async function drain(names: string[], extra: Parameters<typeof mailJobs>[0] | null = null) {
  const { platform } = await testApp();
  const jobs = [...alertJobs, ...(extra ? mailJobs(extra) : [])];
  const d = new Dispatcher(platform.db, new Map(jobs.map((j) => [j.name, j.handler])), {
    onlyNames: names,
  });
  await d.drain();
  await d.drain();
}

itest("alerts API: create, list, read, change, history, delete; bad input is 400", async () => {
  const t = await newTenant();
  const { app, widget } = await openTickets(t);
  const a = await json(
    await t.owner.call("POST", `${API}/alerts`, {
      widgetId: widget.id,
      name: "Too many open tickets",
      kind: "above",
      threshold: 2,
    }),
    201,
  );
  assert.equal(a.state, "ok");
  assert.equal(a.appId, app.id);
  assert.equal(a.cron, "0 * * * *");
  assert.deepEqual(a.recipients, [t.owner.id], "the creator gets it by default");
  assert.ok(a.nextCheckAt && new Date(a.nextCheckAt) > new Date());
  assert.equal(a.widgetTitle, "Open tickets");

  const list = await json(await t.owner.call("GET", `${API}/alerts?appId=${app.id}`), 200);
  assert.deepEqual(list.items.map((i: { id: string }) => i.id), [a.id]);
  const all = await json(await t.owner.call("GET", `${API}/alerts`), 200);
  assert.equal(all.items.length, 1);
  assert.equal((await json(await t.owner.call("GET", `${API}/alerts/${a.id}`), 200)).name, a.name);

  const changed = await json(
    await t.owner.call("PATCH", `${API}/alerts/${a.id}`, {
      threshold: 5,
      cron: "0 8 * * 1",
      muted: true,
    }),
    200,
  );
  assert.equal(changed.threshold, 5);
  assert.equal(changed.muted, true);
  assert.equal(new Date(changed.nextCheckAt).getUTCDay(), 1, "next Monday");

  const bad = [
    { widgetId: widget.id, name: "x", kind: "sideways", threshold: 1 },
    { widgetId: widget.id, name: "x", kind: "above" },
    { widgetId: widget.id, name: "x", kind: "above", threshold: 1, cron: "61 * * * *" },
    { widgetId: widget.id, name: "x", kind: "above", threshold: 1, webhookUrl: "ftp://x.test/" },
    { widgetId: widget.id, name: "x", kind: "rows", recipients: [crypto.randomUUID()] },
    { widgetId: widget.id, name: "x", kind: "rows", emails: ["not an address"] },
    { widgetId: "nope", name: "x", kind: "rows" },
  ];
  for (const body of bad) await problem(await t.owner.call("POST", `${API}/alerts`, body), 400);
  await problem(await t.owner.call("PATCH", `${API}/alerts/${a.id}`, { aggregate: "median" }), 400);
  await problem(await t.owner.call("PATCH", `${API}/alerts/${a.id}`, { threshold: null }), 400);
  await problem(await t.owner.call("GET", `${API}/alerts?limit=0`), 400);
  await problem(await t.owner.call("GET", `${API}/alerts?cursor=zzz`), 400);
  const still = await json(await t.owner.call("GET", `${API}/alerts/${a.id}`), 200);
  assert.equal(still.threshold, 5, "nothing half-saved");
  await problem(
    await t.owner.call("POST", `${API}/alerts`, {
      widgetId: crypto.randomUUID(),
      name: "x",
      kind: "rows",
    }),
    404,
  );

  const checked = await json(await t.owner.call("POST", `${API}/alerts/${a.id}/check`), 200);
  assert.deepEqual([checked.state, checked.value, checked.changed], ["ok", 0, "none"]);
  const history = await json(await t.owner.call("GET", `${API}/alerts/${a.id}/history`), 200);
  assert.equal(history.checks.length, 1);
  assert.deepEqual(history.firings, []);

  await json(await t.owner.call("DELETE", `${API}/alerts/${a.id}`), 204);
  await problem(await t.owner.call("GET", `${API}/alerts/${a.id}`), 404);
  await problem(await t.owner.call("DELETE", `${API}/alerts/${a.id}`), 404);
  await problem(await t.owner.call("GET", `${API}/alerts/not-an-id`), 404);
});

itest(
  "alerts access: view creates, owner or manager edits (403 else), no access and other tenants 404",
  async () => {
    const t = await newTenant();
    const { app, widget } = await openTickets(t);
    const viewer = await t.member(["member"]);
    const stranger = await t.member(["member"]);
    await grant(t, app.id, [{ userId: viewer.id, level: "view" }]);
    const mine = await json(
      await viewer.call("POST", `${API}/alerts`, {
        widgetId: widget.id,
        name: "Mine",
        kind: "rows",
      }),
      201,
    );
    // The app's manager (its creator) edits anyone's alert; the viewer only their own.
    const managers = await json(
      await t.owner.call("POST", `${API}/alerts`, {
        widgetId: widget.id,
        name: "Managers'",
        kind: "above",
        threshold: 10,
      }),
      201,
    );
    await json(await t.owner.call("PATCH", `${API}/alerts/${mine.id}`, { name: "Renamed" }), 200);
    await json(await viewer.call("PATCH", `${API}/alerts/${mine.id}`, { muted: true }), 200);
    await problem(await viewer.call("PATCH", `${API}/alerts/${managers.id}`, { name: "x" }), 403);
    await problem(await viewer.call("DELETE", `${API}/alerts/${managers.id}`), 403);
    await problem(await viewer.call("POST", `${API}/alerts/${managers.id}/check`), 403);
    // The viewer reads the manager's alert and its history.
    await json(await viewer.call("GET", `${API}/alerts/${managers.id}`), 200);
    await json(await viewer.call("GET", `${API}/alerts/${managers.id}/history`), 200);

    // Without access to the application, nothing of it exists.
    await problem(await stranger.call("GET", `${API}/alerts/${mine.id}`), 404);
    await problem(await stranger.call("GET", `${API}/alerts?appId=${app.id}`), 404);
    assert.deepEqual((await json(await stranger.call("GET", `${API}/alerts`), 200)).items, []);
    await problem(
      await stranger.call("POST", `${API}/alerts`, {
        widgetId: widget.id,
        name: "x",
        kind: "rows",
      }),
      404,
    );

    const other = await newTenant();
    for (
      const [method, path, body] of [
        ["GET", `${API}/alerts/${managers.id}`],
        ["GET", `${API}/alerts/${managers.id}/history`],
        ["PATCH", `${API}/alerts/${managers.id}`, { name: "Taken" }],
        ["POST", `${API}/alerts/${managers.id}/check`],
        ["DELETE", `${API}/alerts/${managers.id}`],
      ] as [string, string, unknown?][]
    ) {
      await problem(await other.owner.call(method, path, body), 404);
    }
    await problem(
      await other.owner.call("POST", `${API}/alerts`, {
        widgetId: widget.id,
        name: "x",
        kind: "rows",
      }),
      404,
    );
    const after = await json(await t.owner.call("GET", `${API}/alerts/${managers.id}`), 200);
    assert.equal(after.name, "Managers'", "another tenant changed nothing");
    assert.equal(after.lastCheckedAt, null);
  },
);

itest(
  "alerts: a new ticket crossing the threshold fires once (two checks at once), then recovers",
  async () => {
    const { platform } = await testApp();
    const t = await newTenant();
    const { app, widget } = await openTickets(t);
    const outsider = await t.member(["member"]);
    const c = await customer(t.owner);
    await ticket(t.owner, c.id, { subject: "One" });
    await ticket(t.owner, c.id, { subject: "Two" });
    const a = await json(
      await t.owner.call("POST", `${API}/alerts`, {
        widgetId: widget.id,
        name: "Backlog",
        kind: "above",
        threshold: 2,
        // The outsider may not see the application: they get nothing.
        recipients: [t.owner.id, outsider.id],
      }),
      201,
    );
    assert.equal(app.id, a.appId);
    const first = await json(await t.owner.call("POST", `${API}/alerts/${a.id}/check`), 200);
    assert.deepEqual([first.state, first.value], ["ok", 2]);

    const third = await ticket(t.owner, c.id, { subject: "Three" });
    // Two checks at the same time, each in its own transaction (separate connections on
    // PostgreSQL; the embedded database has one connection and runs them one after the other).
    const check = () =>
      withScope(
        platform.db.sql,
        { tenantId: t.id },
        (tx) => checkAlert({ sql: tx, bus: platform.bus }, { alertId: a.id, tenantId: t.id }),
      );
    const results = Deno.env.get("DATABASE_URL")
      ? await Promise.all([check(), check()])
      : [await check(), await check()];
    assert.deepEqual(
      results.map((r) => r!.changed).sort(),
      ["fired", "none"],
    );
    assert.ok(results.every((r) => r!.state === "firing" && r!.value === 3));

    let history = await json(await t.owner.call("GET", `${API}/alerts/${a.id}/history`), 200);
    assert.equal(history.firings.length, 1);
    assert.deepEqual(
      [history.firings[0].kind, history.firings[0].value, history.firings[0].threshold],
      ["firing", 3, 2],
    );
    assert.deepEqual(history.firings[0].channels, ["inbox"]);
    assert.equal(fired(await notifications(t.owner), "Alert: Backlog"), 1);
    assert.equal((await notifications(outsider)).length, 0, "no access, no notice");

    // Still above: no second firing.
    await json(await t.owner.call("POST", `${API}/alerts/${a.id}/check`), 200);
    assert.equal(fired(await notifications(t.owner), "Alert: Backlog"), 1);

    // Falls back: one recovery notice to the same channels.
    await json(
      await t.owner.call("PUT", `/api/support/support-ticket/${third.id}`, { status: "islemde" }),
      200,
    );
    const back = await json(await t.owner.call("POST", `${API}/alerts/${a.id}/check`), 200);
    assert.deepEqual([back.state, back.value, back.changed], ["ok", 2, "recovered"]);
    history = await json(await t.owner.call("GET", `${API}/alerts/${a.id}/history`), 200);
    assert.deepEqual(history.firings.map((f: { kind: string }) => f.kind), ["recovery", "firing"]);
    const inbox = await notifications(t.owner);
    assert.equal(fired(inbox, "Back to normal: Backlog"), 1);
    assert.equal(fired(inbox, "Alert: Backlog"), 1);
    assert.equal((await notifications(outsider)).length, 0);
  },
);

itest("alerts on the queue: a due alert is checked once however many sweeps run", async () => {
  const { platform } = await testApp();
  const t = await newTenant();
  const { widget } = await openTickets(t);
  const c = await customer(t.owner);
  await ticket(t.owner, c.id);
  const a = await json(
    await t.owner.call("POST", `${API}/alerts`, { widgetId: widget.id, name: "Any", kind: "rows" }),
    201,
  );
  await withScope(platform.db.sql, { tenantId: t.id }, async (tx) => {
    await tx`update analytics_alerts set next_check_at = now() - interval '1 minute'
             where id = ${a.id}`;
    await enqueue(tx, ALERT_SWEEP_JOB, {});
    await enqueue(tx, ALERT_SWEEP_JOB, {});
  });
  await drain([ALERT_SWEEP_JOB, ALERT_CHECK_JOB]);
  const after = await json(await t.owner.call("GET", `${API}/alerts/${a.id}`), 200);
  assert.equal(after.state, "firing");
  assert.ok(new Date(after.nextCheckAt) > new Date(), "moved to its next occurrence");
  const history = await json(await t.owner.call("GET", `${API}/alerts/${a.id}/history`), 200);
  assert.equal(history.checks.length, 1, "checked once");
  assert.equal(history.firings.length, 1);
});

itest(
  "alerts: an owner who lost access puts the alert in error and nothing is sent; mute records silently",
  async () => {
    const t = await newTenant();
    const { app, widget } = await openTickets(t);
    const member = await t.member(["member"]);
    await grant(t, app.id, [{ userId: member.id, level: "view" }]);
    const c = await customer(t.owner);
    await ticket(t.owner, c.id);
    const theirs = await json(
      await member.call("POST", `${API}/alerts`, {
        widgetId: widget.id,
        name: "Theirs",
        kind: "rows",
        recipients: [member.id, t.owner.id],
      }),
      201,
    );
    await grant(t, app.id, []);
    const checked = await json(await t.owner.call("POST", `${API}/alerts/${theirs.id}/check`), 200);
    assert.equal(checked.state, "error");
    assert.match(checked.error, /no longer see/);
    const shown = await json(await t.owner.call("GET", `${API}/alerts/${theirs.id}`), 200);
    assert.equal(shown.state, "error");
    assert.match(shown.lastError, /no longer see/);
    const h = await json(await t.owner.call("GET", `${API}/alerts/${theirs.id}/history`), 200);
    assert.deepEqual(h.firings, []);
    assert.equal((await notifications(t.owner)).length, 0);

    // Muted: the check still runs and records the firing, with nothing sent.
    const muted = await json(
      await t.owner.call("POST", `${API}/alerts`, {
        widgetId: widget.id,
        name: "Quiet",
        kind: "rows",
      }),
      201,
    );
    await json(await t.owner.call("PATCH", `${API}/alerts/${muted.id}`, { muted: true }), 200);
    const r = await json(await t.owner.call("POST", `${API}/alerts/${muted.id}/check`), 200);
    assert.deepEqual([r.state, r.changed], ["firing", "fired"]);
    const mh = await json(await t.owner.call("GET", `${API}/alerts/${muted.id}/history`), 200);
    assert.equal(mh.firings.length, 1);
    assert.equal(mh.firings[0].silenced, true);
    assert.deepEqual(mh.firings[0].channels, []);
    assert.equal((await notifications(t.owner)).length, 0);
  },
);

itest("alerts: e-mail with the chart as a PNG, and a webhook to a local receiver", async () => {
  const { platform } = await testApp();
  const config = platform.config as { ANALYTICS_SOURCE_ALLOW: string };
  const t = await newTenant();
  const { widget } = await openTickets(t);
  const c = await customer(t.owner);
  const received: Record<string, unknown>[] = [];
  const receiver = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (req) => {
    received.push(await req.json());
    return new Response("ok");
  });
  const sink = await smtpSink();
  const allowBefore = config.ANALYTICS_SOURCE_ALLOW;
  try {
    config.ANALYTICS_SOURCE_ALLOW = "127.0.0.1/32";
    const a = await json(
      await t.owner.call("POST", `${API}/alerts`, {
        widgetId: widget.id,
        name: "Mail me",
        kind: "goal",
        threshold: 1,
        notifyEmail: true,
        emails: ["ops@example.test"],
        webhookUrl: `http://127.0.0.1:${receiver.addr.port}/hook`,
      }),
      201,
    );
    await ticket(t.owner, c.id);
    const r = await json(await t.owner.call("POST", `${API}/alerts/${a.id}/check`), 200);
    assert.equal(r.changed, "fired");
    await drain([MAIL_SEND_JOB, "analytics.alert-webhook"], {
      SMTP_URL: sink.url,
      MAIL_FROM: "Platform <noreply@example.test>",
    });
    const mail = sink.received.filter((m) => m.to.includes("ops@example.test"));
    assert.equal(mail.length, 1);
    assert.match(mail[0].raw, /Content-Type: image\/png/i);
    assert.match(mail[0].raw, /Subject: Alert: Mail me/);
    assert.ok(sink.received.some((m) => m.to.includes(t.owner.email)), "the owner too");
    assert.equal(received.length, 1);
    assert.equal(received[0].event, "firing");
    assert.equal(received[0].value, 1);
    assert.equal((received[0].alert as { id: string }).id, a.id);
    let h = await json(await t.owner.call("GET", `${API}/alerts/${a.id}/history`), 200);
    assert.deepEqual(h.firings[0].channels, ["inbox", "email", "webhook"]);
    assert.equal(h.firings[0].webhookStatus, "sent");

    // Without the operator's allowlist a private address is never called.
    config.ANALYTICS_SOURCE_ALLOW = "";
    const b = await json(
      await t.owner.call("POST", `${API}/alerts`, {
        widgetId: widget.id,
        name: "Private",
        kind: "rows",
        notifyInbox: false,
        webhookUrl: `http://127.0.0.1:${receiver.addr.port}/hook`,
      }),
      201,
    );
    await json(await t.owner.call("POST", `${API}/alerts/${b.id}/check`), 200);
    await drain(["analytics.alert-webhook"]);
    assert.equal(received.length, 1, "the private address was not called");
    h = await json(await t.owner.call("GET", `${API}/alerts/${b.id}/history`), 200);
    assert.equal(h.firings[0].webhookStatus, "failed");
  } finally {
    config.ANALYTICS_SOURCE_ALLOW = allowBefore;
    await receiver.shutdown();
    await sink.close();
  }
});

itest("alerts: a change against the previous period uses the KPI's trend period", async () => {
  const { platform } = await testApp();
  const t = await newTenant();
  const { app, sheet, widget } = await openTickets(t);
  await problem(
    await t.owner.call("POST", `${API}/alerts`, {
      widgetId: widget.id,
      name: "No period",
      kind: "change",
      threshold: 10,
    }),
    400,
  );
  const kpi = await json(
    await t.owner.call("POST", `${API}/sheets/${sheet.id}/widgets`, {
      title: "New tickets",
      chartType: "kpi",
      query: {
        source: { kind: "dataset", name: "tickets" },
        aggregates: [{ fn: "count", as: "n" }],
      },
      options: { trendField: "created_at", trendDays: 7 },
    }),
    201,
  );
  const c = await customer(t.owner);
  const old = [await ticket(t.owner, c.id), await ticket(t.owner, c.id)];
  for (let i = 0; i < 3; i++) await ticket(t.owner, c.id);
  await platform.db.sql`update support_tickets set created_at = now() - interval '10 days'
    where id = any(${old.map((o) => o.id)}::uuid[])`;
  const a = await json(
    await t.owner.call("POST", `${API}/alerts`, {
      widgetId: kpi.id,
      name: "Growth",
      kind: "change",
      threshold: 40,
      direction: "up",
    }),
    201,
  );
  assert.equal(a.appId, app.id);
  const r = await json(await t.owner.call("POST", `${API}/alerts/${a.id}/check`), 200);
  assert.deepEqual([r.state, r.value, r.changed], ["firing", 3, "fired"], "2 → 3 is +50 %");
  await json(await t.owner.call("PATCH", `${API}/alerts/${a.id}`, { threshold: 60 }), 200);
  const back = await json(await t.owner.call("POST", `${API}/alerts/${a.id}/check`), 200);
  assert.deepEqual([back.state, back.changed], ["ok", "recovered"]);
});
