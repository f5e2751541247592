import assert from "node:assert/strict";
import { browse, itest, newTenant, problem } from "../helpers.ts";
import { inTenant, memberWithoutAutomation, seedAgent } from "./runs.fixtures.ts";

const API = "/api/automation";

async function json(res: Response, status: number) {
  const text = await res.text();
  assert.equal(res.status, status, text);
  return text ? JSON.parse(text) : null;
}

const cronJob = (agentId: string, name = `job-${crypto.randomUUID().slice(0, 8)}`) => ({
  name,
  agentId,
  triggerKind: "cron",
  cron: "0 9 * * 1-5",
  timezone: "Europe/Istanbul",
  input: { greeting: "merhaba" },
});

itest(
  "jobs API: create, get, list with filters and paging, update, enable/disable, delete",
  async () => {
    const t = await newTenant();
    const agent = await seedAgent(t, { name: "Digest" });
    const created = await json(
      await t.owner.call("POST", `${API}/jobs`, cronJob(agent, "Morning digest")),
      201,
    );
    assert.equal(created.triggerKind, "cron");
    assert.equal(created.agentName, "Digest");
    assert.deepEqual(created.input, { greeting: "merhaba" });
    assert.ok(Date.parse(created.nextRunAt) > Date.now());
    assert.equal(new Date(created.nextRunAt).getUTCHours(), 6, "09:00 in Istanbul is 06:00 UTC");
    assert.equal(created.webhookUrl, null);
    assert.equal("webhookSecretHash" in created, false);

    const got = await json(await t.owner.call("GET", `${API}/jobs/${created.id}`), 200);
    assert.equal(got.name, "Morning digest");

    const manual = await json(
      await t.owner.call("POST", `${API}/jobs`, {
        name: "By hand",
        agentId: agent,
        triggerKind: "manual",
      }),
      201,
    );
    assert.equal(manual.nextRunAt, null);
    const interval = await json(
      await t.owner.call("POST", `${API}/jobs`, {
        name: "Every minute",
        agentId: agent,
        triggerKind: "interval",
        intervalSeconds: 60,
        cron: "ignored for an interval job",
      }),
      201,
    );
    assert.equal(interval.cron, null, "fields of other kinds are dropped");
    assert.ok(Math.abs(Date.parse(interval.nextRunAt) - Date.now() - 60_000) < 10_000);

    const page1 = await json(await t.owner.call("GET", `${API}/jobs?limit=2`), 200);
    assert.equal(page1.items.length, 2);
    assert.ok(page1.nextCursor);
    const page2 = await json(
      await t.owner.call("GET", `${API}/jobs?limit=2&cursor=${page1.nextCursor}`),
      200,
    );
    assert.equal(page2.items.length, 1);
    assert.equal(page2.nextCursor, null);
    const crons = await json(await t.owner.call("GET", `${API}/jobs?trigger=cron`), 200);
    assert.deepEqual(crons.items.map((j: { name: string }) => j.name), ["Morning digest"]);
    const pending = await json(await t.owner.call("GET", `${API}/jobs?state=pending`), 200);
    assert.deepEqual(pending.items.map((j: { name: string }) => j.name).sort(), [
      "Every minute",
      "Morning digest",
    ]);
    const found = await json(await t.owner.call("GET", `${API}/jobs?q=hand`), 200);
    assert.deepEqual(found.items.map((j: { name: string }) => j.name), ["By hand"]);
    await problem(await t.owner.call("GET", `${API}/jobs?cursor=garbage`), 400);
    await problem(await t.owner.call("GET", `${API}/jobs?limit=500`), 400);

    const changed = await json(
      await t.owner.call("PATCH", `${API}/jobs/${created.id}`, {
        cron: "30 8 * * *",
        priority: 50,
      }),
      200,
    );
    assert.equal(changed.cron, "30 8 * * *");
    assert.equal(changed.priority, 50);
    assert.equal(new Date(changed.nextRunAt).getUTCMinutes(), 30);

    const off = await json(await t.owner.call("POST", `${API}/jobs/${created.id}/disable`), 200);
    assert.equal(off.enabled, false);
    assert.equal(off.nextRunAt, null);
    const disabled = await json(await t.owner.call("GET", `${API}/jobs?enabled=false`), 200);
    assert.deepEqual(disabled.items.map((j: { id: string }) => j.id), [created.id]);
    const on = await json(await t.owner.call("POST", `${API}/jobs/${created.id}/enable`), 200);
    assert.equal(on.enabled, true);
    assert.ok(on.nextRunAt);

    const next = await json(
      await t.owner.call("GET", `${API}/jobs/${created.id}/next-runs?count=3`),
      200,
    );
    assert.equal(next.items.length, 3);
    assert.ok(next.items.every((d: string) => new Date(d).getUTCMinutes() === 30));
    const noneNext = await json(
      await t.owner.call("GET", `${API}/jobs/${manual.id}/next-runs`),
      200,
    );
    assert.deepEqual(noneNext.items, []);

    const activity = await inTenant(
      t,
      (tx) =>
        tx`select action from activity where entity_type = 'job' and entity_id = ${created.id}
       order by occurred_at, id`,
    );
    assert.deepEqual(
      activity.map((a) => a.action),
      ["created", "updated", "disabled", "enabled"],
    );

    assert.equal((await t.owner.call("DELETE", `${API}/jobs/${manual.id}`)).status, 204);
    await problem(await t.owner.call("GET", `${API}/jobs/${manual.id}`), 404);
    await problem(await t.owner.call("DELETE", `${API}/jobs/${manual.id}`), 404);
  },
);

itest("jobs API: validation 400, business rules 422, conflicts 409", async () => {
  const t = await newTenant();
  const agent = await seedAgent(t);
  const post = (body: unknown) => t.owner.call("POST", `${API}/jobs`, body);
  const bad = await problem(await post({ ...cronJob(agent), cron: "61 * * * *" }), 400);
  assert.equal(bad.errors[0].path, "cron");
  await problem(await post({ ...cronJob(agent), cron: null }), 400);
  const zone = await problem(await post({ ...cronJob(agent), timezone: "Mars/Olympus" }), 400);
  assert.equal(zone.errors[0].path, "timezone");
  await problem(await post({ ...cronJob(agent), priority: 101 }), 400);
  await problem(await post({ ...cronJob(agent), maxAttempts: 21 }), 400);
  await problem(await post({ ...cronJob(agent), timeoutSeconds: 3601 }), 400);
  await problem(await post({ ...cronJob(agent), concurrency: "sometimes" }), 400);
  await problem(await post({ ...cronJob(agent), input: [1, 2] }), 400);
  await problem(await post({ ...cronJob(agent), input: { big: "x".repeat(70_000) } }), 400);
  await problem(await post({ ...cronJob(agent), surprise: true }), 400);
  await problem(
    await post({ name: "e", agentId: agent, triggerKind: "event", event: "nope.never" }),
    400,
  );
  await problem(await post({ name: "o", agentId: agent, triggerKind: "once" }), 400);
  await problem(await post("{not json"), 400);

  const often = await problem(await post({ ...cronJob(agent), cron: "*/5 * * * * *" }), 422);
  assert.match(often.detail, /every 5 seconds/);
  await problem(
    await post({ name: "i", agentId: agent, triggerKind: "interval", intervalSeconds: 5 }),
    422,
  );
  await problem(
    await post({ name: "p", agentId: agent, triggerKind: "once", runAt: "2001-01-01T00:00:00Z" }),
    422,
  );
  await problem(await post(cronJob(crypto.randomUUID())), 422);

  await json(await post(cronJob(agent, "Unique")), 201);
  await problem(await post(cronJob(agent, "Unique")), 409);
  const jobs = await inTenant(t, (tx) => tx`select count(*)::int as n from automation_jobs`);
  assert.equal(jobs[0].n, 1, "nothing half-written by the refused requests");
});

itest("jobs API: preview, run now, permissions, another tenant's ids", async () => {
  const t = await newTenant();
  const other = await newTenant();
  const agent = await seedAgent(t);
  const job = await json(await t.owner.call("POST", `${API}/jobs`, cronJob(agent)), 201);

  const preview = await json(
    await t.owner.call("POST", `${API}/jobs/preview-schedule`, {
      cron: "0 0 12 * * *",
      timezone: "UTC",
      count: 3,
    }),
    200,
  );
  assert.equal(preview.items.length, 3);
  assert.equal(preview.smallestGapSeconds, 86_400);
  assert.equal(preview.minIntervalSeconds, 10);
  const reason = await problem(
    await t.owner.call("POST", `${API}/jobs/preview-schedule`, { cron: "99 * * * *" }),
    400,
  );
  assert.ok(reason.errors[0].message.length > 0);

  const run = await json(
    await t.owner.call("POST", `${API}/jobs/${job.id}/run`, { input: { extra: 1 } }),
    202,
  );
  assert.equal(run.status, "queued");
  const detail = await json(await t.owner.call("GET", `${API}/runs/${run.runId}`), 200);
  assert.equal(detail.trigger, "manual");
  assert.deepEqual(detail.input, { greeting: "merhaba", extra: 1 });
  const tooSoon = await problem(await t.owner.call("POST", `${API}/jobs/${job.id}/run`), 422);
  assert.match(tooSoon.detail, /minimum interval/);
  const listed = await json(await t.owner.call("GET", `${API}/jobs/${job.id}`), 200);
  assert.equal(listed.queued, 1);
  assert.equal(listed.lastRun.status, "queued");
  const active = await json(await t.owner.call("GET", `${API}/jobs?state=active`), 200);
  assert.deepEqual(active.items.map((j: { id: string }) => j.id), [job.id]);

  const pasif = await seedAgent(t, { state: "pasif" });
  const pasifJob = await json(await t.owner.call("POST", `${API}/jobs`, cronJob(pasif)), 201);
  await problem(await t.owner.call("POST", `${API}/jobs/${pasifJob.id}/run`), 422);

  // A member reads but does not change.
  const member = await t.member(["member"]);
  await json(await member.call("GET", `${API}/jobs`), 200);
  await json(await member.call("GET", `${API}/jobs/${job.id}`), 200);
  await problem(await member.call("POST", `${API}/jobs`, cronJob(agent)), 403);
  await problem(await member.call("PATCH", `${API}/jobs/${job.id}`, { priority: 1 }), 403);
  await problem(await member.call("DELETE", `${API}/jobs/${job.id}`), 403);
  await problem(await member.call("POST", `${API}/jobs/${job.id}/run`), 403);
  await problem(await member.call("POST", `${API}/jobs/${job.id}/disable`), 403);
  await problem(await member.call("POST", `${API}/jobs/${job.id}/webhook-secret`), 403);
  const outsider = await memberWithoutAutomation(t);
  await problem(await outsider.call("GET", `${API}/jobs`), 403);
  await problem(await outsider.call("GET", `${API}/jobs/${job.id}`), 403);
  await problem(
    await outsider.call("POST", `${API}/jobs/preview-schedule`, { cron: "* * * * *" }),
    403,
  );
  await problem(await outsider.call("GET", `${API}/jobs/${job.id}/next-runs`), 403);

  // Another tenant's owner: 404 everywhere, nothing changes.
  const o = other.owner;
  await problem(await o.call("GET", `${API}/jobs/${job.id}`), 404);
  await problem(await o.call("PATCH", `${API}/jobs/${job.id}`, { priority: 9 }), 404);
  await problem(await o.call("DELETE", `${API}/jobs/${job.id}`), 404);
  await problem(await o.call("POST", `${API}/jobs/${job.id}/run`), 404);
  await problem(await o.call("POST", `${API}/jobs/${job.id}/disable`), 404);
  await problem(await o.call("GET", `${API}/jobs/${job.id}/next-runs`), 404);
  await problem(await o.call("POST", `${API}/jobs/${job.id}/webhook-secret`), 404);
  await problem(await o.call("POST", `${API}/jobs`, cronJob(agent)), 422);
  const theirs = await json(await o.call("GET", `${API}/jobs`), 200);
  assert.deepEqual(theirs.items, []);
  const after = await json(await t.owner.call("GET", `${API}/jobs/${job.id}`), 200);
  assert.equal(after.priority, 0);
  assert.equal(after.enabled, true);
  await problem(await t.owner.call("GET", `${API}/jobs/not-a-uuid`), 400);
});

itest("jobs pages: list, new job form, cron preview, detail, actions", async () => {
  const t = await newTenant();
  const agent = await seedAgent(t, { name: "Reporter" });
  const list = await browse("/automation/jobs", { who: t.owner });
  assert.equal(list.status, 200);
  const empty = await list.text();
  assert.match(empty, /New job/);
  assert.match(empty, /No jobs yet/);

  const created = await browse("/automation/jobs", {
    who: t.owner,
    form: {
      name: "Hourly report",
      agentId: agent,
      triggerKind: "interval",
      intervalValue: "1",
      intervalUnit: "hour",
      input: '{"to":"ops"}',
      priority: "5",
      maxAttempts: "2",
      backoffSeconds: "30",
      concurrency: "skip",
      catchup: "latest",
      catchupLimit: "10",
      enabled: "1",
    },
  });
  assert.equal(created.status, 303, await created.clone().text());
  const to = created.headers.get("location")!;
  assert.match(to, /^\/automation\/jobs\/[0-9a-f-]{36}$/);
  const detail = await browse(to, { who: t.owner });
  const body = await detail.text();
  assert.equal(detail.status, 200, body);
  assert.match(body, /Every hour/);
  assert.match(body, /Reporter/);
  assert.doesNotMatch(body, /automation\.jobs\./, "no i18n keys on the page");

  const rows = await browse("/automation/jobs", { who: t.owner });
  const html = await rows.text();
  assert.match(html, /Hourly report/);
  assert.match(html, /Every hour/);

  const bad = await browse("/automation/jobs", {
    who: t.owner,
    htmx: true,
    form: { name: "Broken", agentId: agent, triggerKind: "cron", cron: "nope" },
  });
  assert.equal(bad.status, 400);
  assert.match(await bad.text(), /job-new-form/);

  const preview = await browse("/automation/jobs/preview", {
    who: t.owner,
    htmx: true,
    form: { cron: "0 12 * * *", timezone: "Europe/Istanbul" },
  });
  assert.equal(preview.status, 200);
  assert.match(await preview.text(), /<ol class="cron-runs">/);
  const previewBad = await browse("/automation/jobs/preview", {
    who: t.owner,
    htmx: true,
    form: { cron: "99 * * * *" },
  });
  assert.match(await previewBad.text(), /role="alert"/);

  const tr = await browse("/automation/jobs", {
    who: t.owner,
    headers: { Cookie: `session=${t.owner.token}; lang=tr` },
  });
  assert.equal(tr.status, 200);

  const id = to.split("/").pop()!;
  const off = await browse(`/automation/jobs/${id}/disable`, {
    who: t.owner,
    htmx: true,
    form: {},
    headers: { "HX-Current-URL": "http://localhost/automation/jobs" },
  });
  assert.equal(off.status, 200);
  assert.match(await off.text(), /id="jobs-table"/);
  const job = await (await t.owner.call("GET", `${API}/jobs/${id}`)).json();
  assert.equal(job.enabled, false);

  const member = await t.member(["member"]);
  assert.equal((await browse("/automation/jobs", { who: member })).status, 200);
  const denied = await browse(`/automation/jobs/${id}/delete`, { who: member, form: {} });
  assert.equal(denied.status, 403);
  const other = await newTenant();
  assert.equal((await browse(`/automation/jobs/${id}`, { who: other.owner })).status, 404);

  const gone = await browse(`/automation/jobs/${id}/delete`, { who: t.owner, form: {} });
  assert.equal(gone.status, 303);
  assert.equal((await t.owner.call("GET", `${API}/jobs/${id}`)).status, 404);
});
