import assert from "node:assert/strict";
import { browse, itest, newTenant, problem, testApp } from "../helpers.ts";
import { enqueueRun, SKIP_REASONS } from "../../modules/automation/runs/runs.enqueue.service.ts";
import { API, inTenant, memberWithoutAutomation, seedAgent, seedJob } from "./runs.fixtures.ts";

async function json(res: Response, status: number) {
  const text = await res.text();
  assert.equal(res.status, status, text);
  return JSON.parse(text);
}

const queueRow = (t: { id: string }, id: string) =>
  testApp().then(({ platform }) =>
    platform.db.sql`select state, serial_key, group_key, group_limit, priority, max_attempts
                    from jobs where tenant_id = ${t.id} and id = ${id}`.then((r) => r[0])
  );

itest(
  "enqueueRun: queues with the tenant cap, skips for pasif/hata, test run from hata",
  async () => {
    const t = await newTenant();
    const { platform } = await testApp();
    const agent = await seedAgent(t);
    const job = await seedJob(t, agent, { concurrency: "allow", priority: 7, maxAttempts: 3 });
    const queued = await inTenant(
      t,
      (tx) =>
        enqueueRun({ sql: tx, bus: platform.bus }, { job, agentId: agent, trigger: "manual" }),
    );
    assert.equal(queued?.status, "queued");
    const run = await json(await t.owner.call("GET", `${API}/runs/${queued!.runId}`), 200);
    assert.equal(run.status, "queued");
    assert.equal(run.maxAttempts, 3);
    const qrow = await inTenant(
      t,
      (tx) => tx`select queue_job_id from automation_runs where id = ${queued!.runId}`,
    );
    const q = await queueRow(t, qrow[0].queueJobId);
    assert.equal(q.groupKey, "automation");
    assert.equal(q.groupLimit, 2, "the tenant's concurrency setting (default 2)");
    assert.equal(q.priority, 7);
    assert.equal(q.maxAttempts, 3);
    assert.equal(q.serialKey, null);

    const pasif = await seedAgent(t, { state: "pasif" });
    const skipped = await inTenant(
      t,
      (tx) =>
        enqueueRun({ sql: tx, bus: platform.bus }, { job: null, agentId: pasif, trigger: "test" }),
    );
    assert.equal(skipped?.status, "skipped");
    const sk = await json(await t.owner.call("GET", `${API}/runs/${skipped!.runId}`), 200);
    assert.equal(sk.error, SKIP_REASONS.pasif);
    assert.ok(sk.finishedAt);

    const hata = await seedAgent(t, { state: "hata" });
    const hataJob = await seedJob(t, hata);
    const h1 = await inTenant(
      t,
      (tx) =>
        enqueueRun({ sql: tx, bus: platform.bus }, {
          job: hataJob,
          agentId: hata,
          trigger: "cron",
        }),
    );
    assert.equal(h1?.status, "skipped");
    const h2 = await inTenant(
      t,
      (tx) =>
        enqueueRun({ sql: tx, bus: platform.bus }, { job: null, agentId: hata, trigger: "test" }),
    );
    assert.equal(h2?.status, "queued", "a test run is how a failing agent is fixed");
  },
);

itest("enqueueRun: skip, queue, replace policies; a duplicate occurrence is null", async () => {
  const t = await newTenant();
  const { platform } = await testApp();
  const agent = await seedAgent(t);
  const go = (job: Awaited<ReturnType<typeof seedJob>>, occurrence?: Date) =>
    inTenant(
      t,
      (tx) =>
        enqueueRun({ sql: tx, bus: platform.bus }, {
          job,
          agentId: agent,
          trigger: "cron",
          occurrence,
        }),
    );

  const skipJob = await seedJob(t, agent, { concurrency: "skip" });
  assert.equal((await go(skipJob))?.status, "queued");
  const second = await go(skipJob);
  assert.equal(second?.status, "skipped");
  const s = await json(await t.owner.call("GET", `${API}/runs/${second!.runId}`), 200);
  assert.equal(s.error, SKIP_REASONS.running);

  const queueJob = await seedJob(t, agent, { concurrency: "queue" });
  const a = await go(queueJob);
  const b = await go(queueJob);
  assert.equal(a?.status, "queued");
  assert.equal(b?.status, "queued");
  const keys = await inTenant(
    t,
    (tx) =>
      tx`select q.serial_key from automation_runs r join jobs q on q.id = r.queue_job_id
       where r.job_id = ${queueJob.id}`,
  );
  assert.deepEqual(keys.map((k) => k.serialKey), [
    `automation.job:${queueJob.id}`,
    `automation.job:${queueJob.id}`,
  ]);

  const replaceJob = await seedJob(t, agent, { concurrency: "replace" });
  const first = await go(replaceJob);
  const next = await go(replaceJob);
  assert.equal(next?.status, "queued");
  const old = await json(await t.owner.call("GET", `${API}/runs/${first!.runId}`), 200);
  assert.equal(old.status, "cancelled", "replace cancels the waiting run");
  const oldQueue = await inTenant(
    t,
    (tx) =>
      tx`select q.state from automation_runs r join jobs q on q.id = r.queue_job_id
       where r.id = ${first!.runId}`,
  );
  assert.equal(oldQueue[0].state, "cancelled");

  const allowJob = await seedJob(t, agent, { concurrency: "allow" });
  const when = new Date("2026-01-01T10:00:00Z");
  assert.equal((await go(allowJob, when))?.status, "queued");
  assert.equal(await go(allowJob, when), null, "an occurrence runs once");
  assert.equal((await go(allowJob))?.status, "queued", "allow runs side by side");
});

itest("runs API: history filters and paging, stats, run detail, 400/403/404", async () => {
  const t = await newTenant();
  const other = await newTenant();
  const { platform } = await testApp();
  const viewer = await memberWithoutAutomation(t);
  const member = await t.member(["member"]);
  const agent = await seedAgent(t, { name: "Digest" });
  const job = await seedJob(t, agent, { concurrency: "allow" });
  const ids: string[] = [];
  for (let i = 0; i < 3; i++) {
    const r = await inTenant(
      t,
      (tx) =>
        enqueueRun({ sql: tx, bus: platform.bus }, { job, agentId: agent, trigger: "manual" }),
    );
    ids.push(r!.runId);
  }
  await inTenant(
    t,
    (tx) =>
      tx`update automation_runs set status = 'succeeded', finished_at = now(), duration_ms = 5
       where id = ${ids[0]}`,
  );
  await inTenant(
    t,
    (tx) =>
      tx`update automation_runs set status = 'failed', finished_at = now(), error = 'boom'
       where id = ${ids[1]}`,
  );

  const page1 = await json(await member.call("GET", `${API}/jobs/history?limit=2`), 200);
  assert.equal(page1.items.length, 2);
  assert.equal(page1.items[0].id, ids[2], "newest first");
  assert.equal(page1.items[0].jobName, job.name);
  assert.equal(page1.items[0].agentName, "Digest");
  const page2 = await json(
    await member.call("GET", `${API}/jobs/history?limit=2&cursor=${page1.nextCursor}`),
    200,
  );
  assert.deepEqual(page2.items.map((r: { id: string }) => r.id), [ids[0]]);
  assert.equal(page2.nextCursor, null);
  const finished = await json(
    await member.call("GET", `${API}/jobs/history?status=succeeded,failed`),
    200,
  );
  assert.deepEqual(finished.items.map((r: { id: string }) => r.id).sort(), [ids[0], ids[1]].sort());
  const failed = await json(
    await member.call("GET", `${API}/jobs/history?status=failed&jobId=${job.id}`),
    200,
  );
  assert.deepEqual(failed.items.map((r: { id: string }) => r.id), [ids[1]]);
  const none = await json(
    await member.call("GET", `${API}/jobs/history?from=2099-01-01T00:00:00Z`),
    200,
  );
  assert.equal(none.items.length, 0);

  const detail = await json(await member.call("GET", `${API}/runs/${ids[1]}`), 200);
  assert.equal(detail.error, "boom");
  assert.equal(typeof detail.log, "string");

  const byAgent = await json(await member.call("GET", `${API}/runs/stats?groupBy=agent`), 200);
  assert.deepEqual(
    byAgent.items.map((i: Record<string, unknown>) => [i.label, i.succeeded, i.failed]),
    [["Digest", 1, 1]],
  );
  assert.equal(byAgent.items[0].successRate, 0.5);
  const byDay = await json(await member.call("GET", `${API}/runs/stats`), 200);
  assert.equal(byDay.items.length, 1);

  await problem(await member.call("GET", `${API}/jobs/history?status=nope`), 400);
  await problem(await member.call("GET", `${API}/jobs/history?cursor=zzz`), 400);
  await problem(await member.call("GET", `${API}/jobs/history?from=yesterday`), 400);
  await problem(await member.call("GET", `${API}/runs/stats?days=0`), 400);
  await problem(await member.call("GET", `${API}/runs/not-a-uuid`), 400);
  await problem(await viewer.call("GET", `${API}/jobs/history`), 403);
  await problem(await viewer.call("GET", `${API}/runs/${ids[0]}`), 403);
  await problem(await other.owner.call("GET", `${API}/runs/${ids[0]}`), 404);
  const theirs = await json(await other.owner.call("GET", `${API}/jobs/history`), 200);
  assert.equal(theirs.items.length, 0, "another tenant sees none of these runs");
});

itest(
  "runs API: cancel a queued run (queue job too), a running one, 409 when finished",
  async () => {
    const t = await newTenant();
    const other = await newTenant();
    const { platform } = await testApp();
    const member = await t.member(["member"]);
    const agent = await seedAgent(t);
    const job = await seedJob(t, agent, { concurrency: "allow" });
    const enq = () =>
      inTenant(
        t,
        (tx) =>
          enqueueRun({ sql: tx, bus: platform.bus }, { job, agentId: agent, trigger: "manual" }),
      )
        .then((r) => r!.runId);
    const queued = await enq();
    const running = await enq();
    await inTenant(
      t,
      (tx) =>
        tx`update automation_runs set status = 'running', started_at = now() where id = ${running}`,
    );

    await problem(await member.call("POST", `${API}/runs/${queued}/cancel`), 403);
    await problem(await other.owner.call("POST", `${API}/runs/${queued}/cancel`), 404);
    const still = await json(await t.owner.call("GET", `${API}/runs/${queued}`), 200);
    assert.equal(still.status, "queued", "unchanged by the refused requests");

    const c1 = await json(await t.owner.call("POST", `${API}/runs/${queued}/cancel`), 200);
    assert.equal(c1.status, "cancelled");
    const qstate = await inTenant(
      t,
      (tx) =>
        tx`select q.state from automation_runs r join jobs q on q.id = r.queue_job_id
       where r.id = ${queued}`,
    );
    assert.equal(qstate[0].state, "cancelled");

    const c2 = await json(await t.owner.call("POST", `${API}/runs/${running}/cancel`), 200);
    assert.equal(c2.status, "running");
    assert.equal(c2.cancelRequested, true);

    await problem(await t.owner.call("POST", `${API}/runs/${queued}/cancel`), 409);
    await problem(await t.owner.call("POST", `${API}/runs/nope/cancel`), 400);
    const log = await inTenant(
      t,
      (tx) => tx`select action from activity where entity_type = 'run' and entity_id = ${queued}`,
    );
    assert.equal(log.length, 1);
  },
);

itest("runs API: test run is 202 with the run; 400/403/404", async () => {
  const t = await newTenant();
  const other = await newTenant();
  const member = await t.member(["member"]);
  const agent = await seedAgent(t, { state: "hata" });
  const res = await json(
    await t.owner.call("POST", `${API}/agents/${agent}/test-run`, {
      input: { n: 1, snake_key: 2 },
    }),
    202,
  );
  assert.equal(res.status, "queued");
  const run = await json(await t.owner.call("GET", `${API}/runs/${res.runId}`), 200);
  assert.equal(run.trigger, "test");
  assert.deepEqual(run.input, { n: 1, snake_key: 2 }, "input keys are kept as given");
  assert.equal(run.createdBy, t.owner.id);
  await json(await t.owner.call("POST", `${API}/agents/${agent}/test-run`), 202);
  await problem(await t.owner.call("POST", `${API}/agents/${agent}/test-run`, { other: 1 }), 400);
  await problem(await member.call("POST", `${API}/agents/${agent}/test-run`, {}), 403);
  await problem(await other.owner.call("POST", `${API}/agents/${agent}/test-run`, {}), 404);
  const count = await inTenant(
    t,
    (tx) => tx`select count(*)::int as n from automation_runs where agent_id = ${agent}`,
  );
  assert.equal(count[0].n, 2, "the refused requests queued nothing");
});

itest("runs pages: history, run page, test run redirects; labels not values", async () => {
  const t = await newTenant();
  const other = await newTenant();
  const agent = await seedAgent(t, { name: "Nightly digest" });
  const post = await browse(`/automation/agents/${agent}/test-run`, {
    who: t.owner,
    form: { input: '{"x":1}' },
    htmx: true,
  });
  assert.equal(post.status, 204, await post.text());
  const to = post.headers.get("HX-Redirect")!;
  assert.match(to, /^\/automation\/runs\/[0-9a-f-]{36}$/);
  const runHtml = await (await browse(to, { who: t.owner })).text();
  assert.match(runHtml, /Nightly digest/);
  assert.match(runHtml, /Test run/);
  assert.match(runHtml, /data-automation-live/);
  assert.doesNotMatch(runHtml, />queued</, "status shown as its label");
  const history = await browse("/automation/jobs/history", { who: t.owner });
  assert.equal(history.status, 200);
  const html = await history.text();
  assert.match(html, /Nightly digest/);
  assert.match(html, /automation-run from:body/);
  // Filtered to another agent, the run is gone from the table (the option list still names it).
  const second = await seedAgent(t, { name: "Weekly export" });
  const filtered = await (await browse(`/automation/jobs/history?agentId=${second}`, {
    who: t.owner,
    htmx: true,
  })).text();
  assert.doesNotMatch(filtered.replace(/<select[\s\S]*?<\/select>/g, ""), /Nightly digest/);
  const mine = await (await browse(`/automation/jobs/history?agentId=${agent}`, {
    who: t.owner,
    htmx: true,
  })).text();
  assert.match(mine.replace(/<select[\s\S]*?<\/select>/g, ""), /Nightly digest/);
  const tr = await (await browse(to, {
    who: t.owner,
    headers: { Cookie: `session=${t.owner.token}; lang=tr` },
  })).text();
  assert.ok(tr.length > 0);
  const bad = await browse(`/automation/agents/${agent}/test-run`, {
    who: t.owner,
    form: { input: "{nope" },
  });
  assert.equal(bad.status, 400);
  const theirs = await browse(to, { who: other.owner });
  assert.equal(theirs.status, 404);
});
