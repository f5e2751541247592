/**
 * Issue 18: two web instances (A, B) and one worker, separate processes on one PostgreSQL, with
 * files in S3 (s3rver). What one instance does, the others see: a token issued by A works on B
 * (and signing out on A ends it on B); a notification sent through A reaches an event stream
 * held on B; a file uploaded through A downloads through B; 1,000 scheduled occurrences run
 * exactly once among the three; killing B with requests in flight loses no acknowledged write
 * and leaves nothing half-written or stuck. PostgreSQL only (ignored in embedded mode).
 */
import assert from "node:assert/strict";
import { newTenant, PASSWORD, testApp, type TestTenant } from "../helpers.ts";
import { withScope } from "../../shared/db/scope.ts";
import type { Sql } from "../../shared/db/database.ts";
import {
  api,
  clusterEnv,
  expectJson,
  Instance,
  login,
  openEvents,
  type S3Server,
  startAll,
  startS3,
  waitFor,
} from "./multi-instance.fixtures.ts";

const NO_POSTGRES = !Deno.env.get("DATABASE_URL");
/** Scheduled jobs × occurrences each fires by catch-up = the occurrences that must run once. */
const JOBS = 10;
const OCCURRENCES_PER_JOB = 100;

async function inTenant<T>(t: TestTenant, fn: (tx: Sql) => Promise<T>): Promise<T> {
  const { platform } = await testApp();
  return await withScope(platform.db.sql, { tenantId: t.id }, fn);
}

interface Cluster {
  a: Instance;
  b: Instance;
  worker: Instance;
  t: TestTenant;
  /** The owner's token, issued by A over HTTP. */
  owner: string;
}

async function tokenCrossesInstances({ a, b, t, owner }: Cluster) {
  const me = await expectJson(await api(b.base, owner, "GET", "/api/auth/me"), 200);
  assert.equal(me.user.id, t.owner.id);
  // Signing out through A revokes the token for every instance.
  const other = await login(a.base, t.owner.email, PASSWORD, t.slug);
  await expectJson(await api(b.base, other, "GET", "/api/auth/me"), 200);
  const out = await api(a.base, other, "POST", "/api/auth/logout");
  await out.body?.cancel();
  assert.ok(out.ok, `logout: ${out.status}`);
  const refused = await api(b.base, other, "GET", "/api/auth/me");
  await refused.body?.cancel();
  assert.equal(refused.status, 401);
}

async function notificationReachesOtherInstance({ a, b, t, owner }: Cluster) {
  const member = await t.member(["member"]);
  const memberToken = await login(a.base, member.email, PASSWORD, t.slug);
  const events = await openEvents(b.base, memberToken, "/api/notifications/stream");
  try {
    // The stream's first frame says it is subscribed (the unread count).
    await events.until(/event: unread/);
    const title = `Cross-instance ${crypto.randomUUID()}`;
    await expectJson(
      await api(a.base, owner, "POST", "/api/notifications", { userId: member.id, title }),
      201,
    );
    const got = await events.until(new RegExp(`event: notification\\ndata: .*${title}`));
    assert.match(got, /event: unread/);
  } finally {
    await events.close();
  }
}

async function fileCrossesInstances({ a, b, owner }: Cluster) {
  const bytes = crypto.getRandomValues(new Uint8Array(48 * 1024));
  const big = new Uint8Array(5 * bytes.length);
  for (let i = 0; i < 5; i++) big.set(bytes, i * bytes.length);
  const form = new FormData();
  form.append("file", new File([big], "cross.bin", { type: "application/octet-stream" }));
  const uploaded = await expectJson(
    await fetch(`${a.base}/api/documents/files/upload`, {
      method: "POST",
      headers: { Authorization: `Bearer ${owner}` },
      body: form,
    }),
    201,
  );
  const id = uploaded.items[0].id;
  const res = await api(b.base, owner, "GET", `/api/documents/files/${id}/download`);
  assert.equal(res.status, 200);
  assert.deepEqual(new Uint8Array(await res.arrayBuffer()), big);
  // The bytes went to S3: neither web instance kept them on its own disk.
  for (const dir of [a.dataDir, b.dataDir]) {
    const local = await Deno.stat(`${dir}/files`).then(() => true, () => false);
    assert.equal(local, false, `${dir}/files exists`);
  }
}

interface OccurrenceStats {
  runs: number;
  occurrences: number;
  succeeded: number;
  finished: number;
  retried: number;
  workers: string[];
}

async function occurrencesRunOnce({ a, t, owner }: Cluster) {
  await expectJson(
    await api(a.base, owner, "PUT", "/api/automation/settings", {
      concurrency: 16,
      minIntervalSeconds: 0,
    }),
    200,
  );
  // A platform-kind agent runs on the host (no sandbox process): cheap enough for 1,000 runs.
  const agent = await expectJson(
    await api(a.base, owner, "POST", "/api/automation/agents", {
      name: "Lister",
      kind: "platform",
      config: { operation: "support.tickets.list", input: { limit: 1 } },
      grants: ["support.ticket.read"],
    }),
    201,
  );
  const jobIds: string[] = [];
  for (let i = 0; i < JOBS; i++) {
    const job = await expectJson(
      await api(a.base, owner, "POST", "/api/automation/jobs", {
        name: `Hourly ${i}`,
        agentId: agent.id,
        triggerKind: "interval",
        intervalSeconds: 3600,
        concurrency: "allow",
        catchup: "all",
        catchupLimit: OCCURRENCES_PER_JOB,
        priority: 100,
        enabled: false,
      }),
      201,
    );
    jobIds.push(job.id);
  }
  // As if no instance had run for 99 hours: each job owes 100 hourly occurrences, fired by
  // whichever ticker (three tick every second) locks it; the next one is an hour away.
  await inTenant(t, (tx) =>
    tx`update automation_jobs
       set enabled = true, next_run_at = now() - ${OCCURRENCES_PER_JOB - 1} * interval '1 hour'
       where id = any(${jobIds}::uuid[])`);

  const total = JOBS * OCCURRENCES_PER_JOB;
  const stats = () =>
    inTenant(t, async (tx) => {
      const [s] = await tx<OccurrenceStats[]>`
        select count(*)::int as runs,
               count(distinct (job_id, occurrence))::int as occurrences,
               count(*) filter (where status = 'succeeded')::int as succeeded,
               count(*) filter (where finished_at is not null)::int as finished,
               count(*) filter (where attempt <> 1)::int as retried,
               array_agg(distinct worker) filter (where worker is not null) as workers
        from automation_runs where job_id = any(${jobIds}::uuid[])`;
      return s;
    });
  const done = await waitFor(
    `${total} runs to finish`,
    async () => {
      const s = await stats();
      return s.finished >= total ? s : undefined;
    },
    75_000,
    250,
  ).catch(async (err) => {
    throw new Error(`${err.message}: ${JSON.stringify(await stats())}`);
  });
  // Stop the schedules, so nothing fires them again. Each run also published an event (one
  // rules job, then one delivery job per subscribing module): not what this step checks, and
  // thousands of them would keep the next step (and later tests) waiting behind them.
  await inTenant(t, async (tx) => {
    await tx`update automation_jobs set enabled = false where tenant_id = ${t.id}`;
    await tx`update jobs set state = 'cancelled', finished_at = now()
             where state = 'queued' and name <> 'automation.run'`;
  });
  assert.equal(done.runs, total, JSON.stringify(done));
  assert.equal(done.occurrences, total, "each occurrence has one run");
  assert.equal(done.succeeded, total, JSON.stringify(done));
  assert.equal(done.retried, 0, "no run needed a second attempt");
  // The queue executed each run's job once: one attempt recorded, by one worker.
  const [queue] = await inTenant(
    t,
    (tx) =>
      tx<{ jobs: number; attempts: number; single: number }[]>`
      select count(distinct q.id)::int as jobs, count(jr.id)::int as attempts,
             count(distinct q.id) filter (where q.attempts = 1 and q.state = 'succeeded')::int
               as single
      from automation_runs r
      join jobs q on q.tenant_id = r.tenant_id and q.id = r.queue_job_id
      left join job_runs jr on jr.tenant_id = q.tenant_id and jr.job_id = q.id
      where r.job_id = any(${jobIds}::uuid[])`,
  );
  assert.deepEqual(queue, { jobs: total, attempts: total, single: total });
  console.log(`  ${total} occurrences ran once; runs by ${done.workers.join(", ")}`);
}

/** A ticket create whose body never finishes: in flight on B when B is killed. */
function stalledCreate(base: string, token: string, subject: string, customerId: string) {
  const head = `{"customerId":"${customerId}","subject":"${subject}","description":"`;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      c.enqueue(new TextEncoder().encode(head));
    },
  });
  return fetch(`${base}/api/support/support-ticket`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body,
    // @ts-ignore: Deno needs duplex for a streamed request body
    duplex: "half",
  });
}

async function killMidRequestLosesNothing({ a, b, t, owner }: Cluster) {
  const customer = await expectJson(
    await api(a.base, owner, "POST", "/api/support/customers", { name: "Kill test" }),
    201,
  );
  const acked = new Map<string, string>(); // subject → ticket id
  const sent = new Set<string>();
  const statuses: number[] = [];
  let stop = false;
  let seq = 0;
  const writer = async () => {
    while (!stop) {
      const subject = `kill-${seq++}`;
      sent.add(subject);
      try {
        const res = await api(b.base, owner, "POST", "/api/support/support-ticket", {
          subject,
          description: "written while B dies",
          customerId: customer.id,
        });
        statuses.push(res.status);
        if (res.status === 201) acked.set(subject, (await res.json()).id);
        else await res.body?.cancel();
      } catch {
        // No answer: the write may or may not exist, but never in part.
      }
    }
  };
  const stalledSubject = `stalled-${crypto.randomUUID()}`;
  const stalled = stalledCreate(b.base, owner, stalledSubject, customer.id).then(
    (res) => `answered ${res.status}`,
    () => "no answer",
  );
  const writers = Array.from({ length: 4 }, writer);
  await waitFor("B to acknowledge 20 writes", () => acked.size >= 20, 30_000, 20);
  await b.kill();
  stop = true;
  await Promise.all(writers);
  assert.equal(await stalled, "no answer");
  assert.deepEqual(statuses.filter((s) => s >= 500), [], "no 5xx from B before it died");

  // Every acknowledged write is there, through A, with its history.
  for (const [subject, id] of acked) {
    const ticket = await expectJson(
      await api(a.base, owner, "GET", `/api/support/support-ticket/${id}`),
      200,
    );
    assert.equal(ticket.subject, subject);
    assert.ok(ticket.history.some((h: { action: string }) => h.action === "created"), subject);
  }
  // Every stored ticket is whole: its activity row and its event (in the event log) committed with it.
  const rows = await inTenant(
    t,
    (tx) =>
      tx<{ id: string; subject: string; activity: number; events: number }[]>`
      select s.id, s.subject,
        (select count(*)::int from activity a where a.entity_type = 'ticket'
           and a.entity_id = s.id::text and a.action = 'created') as activity,
        (select count(*)::int from event_log e where e.name = 'support.ticket.created'
           and e.data->'ticket'->>'id' = s.id::text) as events
      from support_tickets s where s.customer_id = ${customer.id}`,
  );
  const subjects = rows.map((r) => r.subject);
  assert.equal(new Set(subjects).size, subjects.length, "no write stored twice");
  for (const r of rows) {
    assert.ok(sent.has(r.subject), `unexpected ticket ${r.subject}`);
    assert.deepEqual([r.subject, r.activity, r.events], [r.subject, 1, 1]);
  }
  for (const subject of acked.keys()) assert.ok(subjects.includes(subject), subject);
  assert.ok(!subjects.includes(stalledSubject), "the unfinished request stored nothing");
  console.log(
    `  B acknowledged ${acked.size} of ${sent.size} writes before it died; ${rows.length} stored`,
  );
  const orphans = await inTenant(
    t,
    (tx) =>
      tx`select a.entity_id from activity a where a.entity_type = 'ticket'
       and not exists (select 1 from support_tickets s where s.id::text = a.entity_id)`,
  );
  assert.equal(orphans.length, 0, "no activity without its ticket");
  // Jobs B had claimed come back after the lease (JOB_LEASE_SECONDS, 30 s) and then run: the
  // wait covers a whole lease plus the backlog on a slow machine (30 s alone failed there).
  await waitFor(
    "the tenant's jobs to settle",
    async () => {
      const [{ n }] = await inTenant(
        t,
        (tx) => tx`select count(*)::int as n from jobs where state in ('queued', 'running')`,
      );
      return n === 0;
    },
    90_000,
    250,
  );
  const unfinished = await inTenant(
    t,
    (tx) => tx`select name, state from jobs where state not in ('succeeded', 'cancelled')`,
  );
  assert.deepEqual([...unfinished], [], "every job of the tenant finished");
}

Deno.test({
  name: "two web instances and a worker on one PostgreSQL and S3 behave as one",
  ignore: NO_POSTGRES,
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async (ctx) => {
    await testApp(); // migrated, keys made: the children start on a ready database
    const t = await newTenant();
    let s3: S3Server | null = null;
    const instances: Instance[] = [];
    try {
      s3 = await startS3();
      const env = clusterEnv(s3, { JOB_CONCURRENCY: "6", JOB_TENANT_CONCURRENCY: "12" });
      const a = new Instance("A", "web", env);
      const b = new Instance("B", "web", env);
      const worker = new Instance("worker", "worker", env);
      instances.push(a, b, worker);
      await startAll(instances);
      const owner = await login(a.base, t.owner.email, PASSWORD, t.slug);
      const cluster: Cluster = { a, b, worker, t, owner };
      const step = (name: string, fn: (c: Cluster) => Promise<void>) =>
        ctx.step(name, () =>
          fn(cluster).catch((err) => {
            const said = instances.map((i) => `--- ${i.name}:\n${i.output()}`).join("\n");
            throw new Error(`${err.stack ?? err}\n${said}`);
          }));
      await step(
        "a token issued by A is accepted by B; signed out on A, refused by B",
        tokenCrossesInstances,
      );
      await step(
        "a notification sent through A reaches an event stream on B",
        notificationReachesOtherInstance,
      );
      await step("a file uploaded through A downloads through B (S3)", fileCrossesInstances);
      await step("1,000 scheduled occurrences run exactly once", occurrencesRunOnce);
      await step("killing B mid-request loses no acknowledged write", killMidRequestLosesNothing);
    } finally {
      await Promise.all(instances.map((i) => i.dispose()));
      await s3?.close();
    }
  },
});
