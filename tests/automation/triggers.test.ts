import assert from "node:assert/strict";
import { callApp, itest, newTenant, problem, testApp } from "../helpers.ts";
import { Problem } from "../../shared/http/problem.ts";
import {
  checkTrigger,
  computeNextRunAt,
  normalizeTrigger,
  sameDigest,
  secondsUntilAllowed,
  smallestGapSeconds,
} from "../../modules/automation/jobs/jobs.rules.ts";
import { onDomainEvent } from "../../modules/automation/jobs/jobs.events.service.ts";
import { inTenant, seedAgent } from "./runs.fixtures.ts";

const API = "/api/automation";
const now = new Date("2026-06-01T12:00:00Z");
const ctx = { minIntervalSeconds: 60, events: ["support.ticket.created"], now };
const trigger = (f: Record<string, unknown>) =>
  normalizeTrigger({
    triggerKind: "cron",
    cron: null,
    timezone: null,
    runAt: null,
    intervalSeconds: null,
    event: null,
    ...f,
  } as never);
const status = (fn: () => void) => {
  try {
    fn();
    return 200;
  } catch (err) {
    return (err as Problem).status;
  }
};

Deno.test("rules: cron syntax, seconds, time zones and the minimum interval", () => {
  assert.equal(status(() => checkTrigger(trigger({ cron: "0 9 * * 1-5" }), ctx)), 200);
  assert.equal(
    status(() => checkTrigger(trigger({ cron: "0 0 9 * * *", timezone: "Europe/Istanbul" }), ctx)),
    200,
  );
  assert.equal(status(() => checkTrigger(trigger({ cron: "0 25 * * *" }), ctx)), 400);
  assert.equal(
    status(() => checkTrigger(trigger({ cron: "0 9 * * *", timezone: "Nowhere/City" }), ctx)),
    400,
  );
  assert.equal(status(() => checkTrigger(trigger({}), ctx)), 400);
  // Every 30 seconds is below a 60-second minimum; every minute is fine.
  assert.equal(status(() => checkTrigger(trigger({ cron: "*/30 * * * * *" }), ctx)), 422);
  assert.equal(status(() => checkTrigger(trigger({ cron: "* * * * *" }), ctx)), 200);
  assert.equal(smallestGapSeconds("0,1 9 * * *", null, now), 60);
  assert.equal(
    status(() => checkTrigger(trigger({ triggerKind: "interval", intervalSeconds: 59 }), ctx)),
    422,
  );
  assert.equal(
    status(() => checkTrigger(trigger({ triggerKind: "interval", intervalSeconds: 60 }), ctx)),
    200,
  );
  assert.equal(status(() => checkTrigger(trigger({ triggerKind: "interval" }), ctx)), 400);
  assert.equal(
    status(() =>
      checkTrigger(trigger({ triggerKind: "once", runAt: "2026-06-01T11:00:00Z" }), ctx)
    ),
    422,
  );
  assert.equal(
    status(() =>
      checkTrigger(trigger({ triggerKind: "once", runAt: "2026-06-01T13:00:00Z" }), ctx)
    ),
    200,
  );
  assert.equal(
    status(() =>
      checkTrigger(trigger({ triggerKind: "event", event: "support.ticket.created" }), ctx)
    ),
    200,
  );
  assert.equal(
    status(() => checkTrigger(trigger({ triggerKind: "event", event: "made.up" }), ctx)),
    400,
  );
  assert.equal(
    status(() => checkTrigger(trigger({ triggerKind: "manual", cron: "junk" }), ctx)),
    200,
  );
});

Deno.test("rules: next run per kind, none when disabled", () => {
  const on = (f: Record<string, unknown>) => ({ ...trigger(f), enabled: true });
  assert.equal(
    computeNextRunAt(on({ cron: "0 13 * * *" }), now)?.toISOString(),
    "2026-06-01T13:00:00.000Z",
  );
  assert.equal(
    computeNextRunAt(on({ cron: "0 13 * * *", timezone: "Europe/Istanbul" }), now)?.toISOString(),
    "2026-06-02T10:00:00.000Z",
  );
  assert.equal(
    computeNextRunAt(on({ triggerKind: "interval", intervalSeconds: 900 }), now)?.toISOString(),
    "2026-06-01T12:15:00.000Z",
  );
  assert.equal(
    computeNextRunAt(on({ triggerKind: "once", runAt: "2026-06-03T00:00:00Z" }), now)
      ?.toISOString(),
    "2026-06-03T00:00:00.000Z",
  );
  assert.equal(computeNextRunAt(on({ triggerKind: "webhook" }), now), null);
  assert.equal(computeNextRunAt({ ...trigger({ cron: "* * * * *" }), enabled: false }, now), null);
  assert.equal(secondsUntilAllowed("2026-06-01T11:59:55Z", 10, now), 5);
  assert.equal(secondsUntilAllowed("2026-06-01T11:59:00Z", 10, now), 0);
  assert.equal(sameDigest("abc", "abc"), true);
  assert.equal(sameDigest("abc", "abd"), false);
  assert.equal(sameDigest("abc", "abcd"), false);
});

async function webhookJob() {
  const t = await newTenant();
  const agent = await seedAgent(t);
  // No minimum interval here, so several calls in a row are accepted.
  await inTenant(
    t,
    (tx) =>
      tx`insert into automation_settings (tenant_id, min_interval_seconds) values (${t.id}, 0)`,
  );
  const res = await t.owner.call("POST", `${API}/jobs`, {
    name: "Inbound",
    agentId: agent,
    triggerKind: "webhook",
    input: { source: "crm" },
    concurrency: "allow",
  });
  const job = await res.json();
  assert.equal(res.status, 201, JSON.stringify(job));
  return { t, agent, job };
}

const hook = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  callApp(path, { method: "POST", body, headers });

itest(
  "webhook: good secret starts a run with the body; bad, missing and unknown are refused",
  async () => {
    const { t, job } = await webhookJob();
    assert.ok(job.webhookSecret, "the secret is shown once at creation");
    assert.equal(job.webhookUrl, `/api/automation/hooks/${t.id}/${job.id}`);
    const ok = await hook(job.webhookUrl, { order: 42 }, {
      "X-Webhook-Secret": job.webhookSecret,
      "X-Github-Event": "push",
    });
    const queued = await ok.json();
    assert.equal(ok.status, 202, JSON.stringify(queued));
    const run = await (await t.owner.call("GET", `${API}/runs/${queued.runId}`)).json();
    assert.equal(run.trigger, "webhook");
    assert.equal(run.input.source, "crm");
    assert.deepEqual(run.input.body, { order: 42 });
    assert.equal(run.input.headers["x-github-event"], "push");
    assert.equal(run.input.headers["x-webhook-secret"], undefined, "the secret is not passed on");
    const viaQuery = await hook(`${job.webhookUrl}?secret=${job.webhookSecret}`, {});
    assert.equal(viaQuery.status, 202, await viaQuery.text());

    const wrong = await problem(
      await hook(job.webhookUrl, {}, { "X-Webhook-Secret": "nope" }),
      404,
    );
    const unknown = await problem(
      await hook(`/api/automation/hooks/${t.id}/${crypto.randomUUID()}`, {}, {
        "X-Webhook-Secret": "nope",
      }),
      404,
    );
    assert.deepEqual({ ...wrong, instance: 0 }, { ...unknown, instance: 0 }, "indistinguishable");
    await problem(
      await hook(`/api/automation/hooks/not-a-tenant/x`, {}, { "X-Webhook-Secret": "x" }),
      404,
    );
    await problem(await hook(job.webhookUrl, {}), 401);
    const other = await newTenant();
    await problem(
      await hook(`/api/automation/hooks/${other.id}/${job.id}`, {}, {
        "X-Webhook-Secret": job.webhookSecret,
      }),
      404,
    );

    const big = await problem(
      await hook(job.webhookUrl, { blob: "x".repeat(300 * 1024) }, {
        "X-Webhook-Secret": job.webhookSecret,
      }),
      413,
    );
    assert.match(big.detail, /256 KB/);
    await problem(
      await hook(job.webhookUrl, "{broken", { "X-Webhook-Secret": job.webhookSecret }),
      400,
    );

    // A new secret replaces the old one.
    const rotated = await t.owner.call("POST", `${API}/jobs/${job.id}/webhook-secret`);
    const { secret } = await rotated.json();
    assert.equal(rotated.status, 200);
    await problem(await hook(job.webhookUrl, {}, { "X-Webhook-Secret": job.webhookSecret }), 404);
    assert.equal((await hook(job.webhookUrl, {}, { "X-Webhook-Secret": secret })).status, 202);

    // Disabled: refused, no run.
    await t.owner.call("POST", `${API}/jobs/${job.id}/disable`);
    await problem(await hook(job.webhookUrl, {}, { "X-Webhook-Secret": secret }), 422);
    const count = await inTenant(
      t,
      (tx) => tx`select count(*)::int as n from automation_runs where job_id = ${job.id}`,
    );
    assert.equal(count[0].n, 3);
    // Only webhook jobs have secrets.
    const manual = await (await t.owner.call("POST", `${API}/jobs`, {
      name: "m",
      agentId: job.agentId,
      triggerKind: "manual",
    })).json();
    await problem(await t.owner.call("POST", `${API}/jobs/${manual.id}/webhook-secret`), 422);
  },
);

itest("webhook: the minimum interval is a 429 with Retry-After", async () => {
  const { t, job } = await webhookJob();
  await inTenant(t, (tx) => tx`update automation_settings set min_interval_seconds = 60`);
  const headers = { "X-Webhook-Secret": job.webhookSecret };
  assert.equal((await hook(job.webhookUrl, {}, headers)).status, 202);
  const limited = await hook(job.webhookUrl, {}, headers);
  await problem(limited.clone(), 429);
  assert.ok(Number(limited.headers.get("retry-after")) > 0);
});

itest("event trigger: matching enabled jobs run with the event's data; no self-loop", async () => {
  const t = await newTenant();
  const { platform } = await testApp();
  const agent = await seedAgent(t);
  const make = async (body: Record<string, unknown>) => {
    const res = await t.owner.call("POST", `${API}/jobs`, {
      agentId: agent,
      concurrency: "allow",
      ...body,
    });
    const job = await res.json();
    assert.equal(res.status, 201, JSON.stringify(job));
    return job;
  };
  const onTicket = await make({
    name: "On ticket",
    triggerKind: "event",
    event: "support.ticket.created",
    input: { team: "a" },
  });
  const offTicket = await make({
    name: "Off",
    triggerKind: "event",
    event: "support.ticket.created",
    enabled: false,
  });
  const onFile = await make({
    name: "On file",
    triggerKind: "event",
    event: "documents.file.uploaded",
  });
  const onFail = await make({
    name: "On failure",
    triggerKind: "event",
    event: "automation.run.failed",
  });

  await inTenant(
    t,
    (tx) =>
      onDomainEvent({ sql: tx, bus: platform.bus }, {
        name: "support.ticket.created",
        data: { ticketId: "T-1" },
      }),
  );
  const runs = (job: { id: string }) =>
    inTenant(
      t,
      (tx) =>
        tx`select trigger, input::text as input from automation_runs where job_id = ${job.id}`,
    );
  const fired = await runs(onTicket);
  assert.equal(fired.length, 1);
  assert.equal(fired[0].trigger, "event");
  assert.deepEqual(JSON.parse(fired[0].input), {
    team: "a",
    event: "support.ticket.created",
    data: { ticketId: "T-1" },
  });
  assert.equal((await runs(offTicket)).length, 0, "a disabled job does not fire");
  assert.equal((await runs(onFile)).length, 0);

  await inTenant(
    t,
    (tx) =>
      onDomainEvent({ sql: tx, bus: platform.bus }, {
        name: "automation.run.failed",
        data: { jobId: onFail.id },
      }),
  );
  assert.equal((await runs(onFail)).length, 0, "its own failure does not set it off");
  await inTenant(
    t,
    (tx) =>
      onDomainEvent({ sql: tx, bus: platform.bus }, {
        name: "automation.run.failed",
        data: { jobId: onTicket.id },
      }),
  );
  assert.equal((await runs(onFail)).length, 1);

  // Another tenant's event does not reach this tenant's jobs.
  const other = await newTenant();
  await inTenant(
    other,
    (tx) =>
      onDomainEvent({ sql: tx, bus: platform.bus }, { name: "support.ticket.created", data: {} }),
  );
  assert.equal((await runs(onTicket)).length, 1);
});
