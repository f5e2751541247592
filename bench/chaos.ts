// Chaos: two web instances and one worker (separate processes, one PostgreSQL, files in s3rver)
// under mixed load — ticket writes, comments, uploads, reads, schedules firing every second —
// while a random one of them is killed with SIGKILL every 10 s and started again. Then, with
// all three up and the load stopped, it waits for the work to settle and prints:
//   acknowledged writes lost (goal 0), duplicate job runs (0), rows stuck in a transient
//   state (0), 5xx other than 503 (0); and for the domain event log, every ticket's event
//   handled exactly once by two subscribers with lasting effects (a notification rule, an
//   automation job triggered by the event): lost 0, twice 0, and how soon after the load every
//   subscriber had caught up (goal ≤ 30 s).
// Usage: DATABASE_URL=postgres://... deno task bench:chaos
//   CHAOS_SECONDS (default 300), CHAOS_KILL_EVERY (seconds, default 10), CHAOS_CLIENTS (4).
// Not in CI. Creates its own tenant (left in the database, its schedules switched off and what
// is still queued at the end cancelled).
import { newTenant, PASSWORD, testApp } from "../tests/helpers.ts";
import { withScope } from "../shared/db/scope.ts";
import type { Sql } from "../shared/db/database.ts";
import { asWorker } from "../shared/jobs/dispatcher.ts";
import { eventSubscribers } from "../platform/events/events.service.ts";
import { MODULES, PLATFORM } from "../app/registry.ts";
import {
  api,
  clusterEnv,
  expectJson,
  Instance,
  login,
  sleep,
  startAll,
  startS3,
} from "../tests/platform/multi-instance.fixtures.ts";

if (!Deno.env.get("DATABASE_URL")) {
  console.error("bench:chaos needs DATABASE_URL (PostgreSQL shared by the instances)");
  Deno.exit(1);
}
const SECONDS = Number(Deno.env.get("CHAOS_SECONDS") ?? 300);
const KILL_EVERY = Number(Deno.env.get("CHAOS_KILL_EVERY") ?? 10);
const CLIENTS = Number(Deno.env.get("CHAOS_CLIENTS") ?? 4);
/** How long the cluster gets, after the load, to finish what it accepted. */
const SETTLE_SECONDS = Number(Deno.env.get("CHAOS_SETTLE_SECONDS") ?? 300);
const SCHEDULES = 2;

const { platform } = await testApp(); // migrated, keys made
const t = await newTenant();
const inTenant = <T>(fn: (tx: Sql) => Promise<T>) =>
  withScope(platform.db.sql, { tenantId: t.id }, fn);
const s3 = await startS3("chaos");
const env = clusterEnv(s3, { JOB_LEASE_SECONDS: "5", JOB_TENANT_CONCURRENCY: "8" });
const web = [new Instance("A", "web", env), new Instance("B", "web", env)];
const worker = new Instance("worker", "worker", env);
const all = [...web, worker];

// What the clients saw.
const counts = { requests: 0, unanswered: 0, s2xx: 0, s4xx: 0, s503: 0, s5xx: 0 };
const bad5xx: string[] = [];
const ackedTickets = new Map<string, string>(); // id → subject
const ackedComments = new Map<string, string>(); // body → ticket id
let readMisses = 0;
const readMissSamples: string[] = [];

const hex = (b: ArrayBuffer) => [...new Uint8Array(b)].map((x) => x.toString(16)).join("");
const sha = async (bytes: Uint8Array) =>
  hex(await crypto.subtle.digest("SHA-256", bytes as BufferSource));
const ackedFiles = new Map<string, string>(); // id → SHA-256 of the bytes sent

/** A live web instance at random (a load balancer that knows who answers its health check). */
function pick(): Instance | null {
  const live = web.filter((i) => i.ready);
  return live.length ? live[Math.floor(Math.random() * live.length)] : null;
}

/** One request through the "load balancer"; null when no answer came (the instance died). */
async function send(
  method: string,
  path: string,
  token: string,
  body?: unknown | FormData,
): Promise<Response | null> {
  const target = pick();
  if (!target) {
    // Both web instances down: wait as a client would, instead of spinning without yielding
    // (which starved the restarts' timers and ran this process out of memory).
    await sleep(50);
    return null;
  }
  counts.requests++;
  try {
    const res = body instanceof FormData
      ? await fetch(`${target.base}${path}`, {
        method,
        headers: { Authorization: `Bearer ${token}` },
        body,
      })
      : await api(target.base, token, method, path, body);
    if (res.status < 300) counts.s2xx++;
    else if (res.status < 500) counts.s4xx++;
    else if (res.status === 503) counts.s503++;
    else {
      counts.s5xx++;
      if (bad5xx.length < 10) {
        bad5xx.push(
          `${method} ${path} → ${res.status} on ${target.name}: ${await res.clone().text()}`,
        );
      }
    }
    return res;
  } catch {
    counts.unanswered++;
    return null;
  }
}

const any = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)];
let seq = 0;

async function client(token: string, customerId: string, until: number) {
  while (Date.now() < until) {
    try {
      await step(token, customerId);
    } catch {
      // The instance died between the answer's head and its body: not acknowledged, no answer.
      counts.unanswered++;
    }
  }
}

/** One request of the mix. */
async function step(token: string, customerId: string) {
  const roll = Math.random();
  const ids = [...ackedTickets.keys()];
  const files = [...ackedFiles.keys()];
  if (roll < 0.35 || !ids.length) {
    const subject = `chaos-${seq++}`;
    const res = await send("POST", "/api/support/support-ticket", token, {
      subject,
      description: "under chaos",
      customerId,
    });
    if (res?.status === 201) ackedTickets.set((await res.json()).id, subject);
    else await res?.body?.cancel();
  } else if (roll < 0.5) {
    const ticketId = any(ids);
    const body = `comment ${crypto.randomUUID()}`;
    const res = await send("POST", `/api/support/support-ticket/${ticketId}/comments`, token, {
      body,
    });
    if (res?.status === 201) ackedComments.set(body, ticketId);
    await res?.body?.cancel();
  } else if (roll < 0.6) {
    const bytes = crypto.getRandomValues(
      new Uint8Array(8192 + Math.floor(Math.random() * 57344)),
    );
    const form = new FormData();
    form.append("file", new File([bytes], `chaos-${seq++}.bin`));
    const res = await send("POST", "/api/documents/files/upload", token, form);
    if (res?.status === 201) {
      const id = (await res.json()).items[0].id;
      ackedFiles.set(id, await sha(bytes));
    } else await res?.body?.cancel();
  } else if (roll < 0.75) {
    const res = await send("GET", "/api/support/support-ticket?limit=20", token);
    await res?.body?.cancel();
  } else if (roll < 0.9 || !files.length) {
    // Read-after-acknowledge: a ticket one instance confirmed, read through any.
    const id = any(ids);
    const res = await send("GET", `/api/support/support-ticket/${id}`, token);
    if (res && res.status !== 200 && res.status !== 503) {
      readMisses++;
      if (readMissSamples.length < 5) readMissSamples.push(`ticket ${id}: ${res.status}`);
    }
    await res?.body?.cancel();
  } else {
    const id = any(files);
    const res = await send("GET", `/api/documents/files/${id}/download`, token);
    if (res?.status === 200) {
      const got = await sha(new Uint8Array(await res.arrayBuffer()));
      if (got !== ackedFiles.get(id)) {
        readMisses++;
        if (readMissSamples.length < 5) readMissSamples.push(`file ${id}: other bytes`);
      }
    } else if (res && res.status !== 503) {
      readMisses++;
      if (readMissSamples.length < 5) readMissSamples.push(`file ${id}: ${res.status}`);
      await res.body?.cancel();
    } else await res?.body?.cancel().catch(() => {});
  }
}

/**
 * Every KILL_EVERY seconds: kill -9 of a random running instance, started again at once (in the
 * background: the next kill keeps its cadence, and may find one still starting).
 */
async function chaos(until: number, kills: Map<string, number>, restarts: number[]) {
  const restarting = new Set<Promise<void>>();
  while (Date.now() + KILL_EVERY * 1000 < until) {
    await sleep(KILL_EVERY * 1000);
    const victim = any(all.filter((i) => i.ready));
    if (!victim) continue;
    await victim.kill();
    kills.set(victim.name, (kills.get(victim.name) ?? 0) + 1);
    const left = Math.round((until - Date.now()) / 1000);
    console.log(`  kill -9 ${victim.name} (${left} s left, ${counts.requests} requests so far)`);
    const began = performance.now();
    const p: Promise<void> = victim.start().then(() => {
      restarts.push(performance.now() - began);
      restarting.delete(p);
    });
    restarting.add(p);
  }
  await Promise.all(restarting);
}

/**
 * Waits (until the deadline) for the tenant's queued and running work to finish. What is left
 * then is either backlog (queued, or running under a live lease: it will finish) or stuck: a
 * running job whose lease ran out with nobody taking it back, or a run still waiting or running
 * while its queue job has ended.
 */
async function settle(deadline: number) {
  const transient = () =>
    inTenant(async (tx) => {
      const [r] = await tx<{ runs: number; jobs: number; stuckRuns: number; stuckJobs: number }[]>`
        select (select count(*)::int from automation_runs
                where status in ('queued', 'running')) as runs,
               (select count(*)::int from jobs where state in ('queued', 'running')) as jobs,
               (select count(*)::int from automation_runs r
                where r.status in ('queued', 'running') and not exists (
                  select 1 from jobs q where q.id = r.queue_job_id
                  and q.state in ('queued', 'running'))) as stuck_runs,
               (select count(*)::int from jobs where state = 'running'
                and lease_until < now() - interval '30 seconds') as stuck_jobs`;
      return r;
    });
  let left = await transient();
  for (let n = 1; (left.runs || left.jobs) && Date.now() < deadline; n++) {
    await sleep(1000);
    left = await transient();
    if (n % 15 === 0) console.log(`  settling: ${left.runs} runs, ${left.jobs} queue jobs left`);
  }
  return left;
}

/** Events of this tenant not yet read, over every subscriber. */
const SUBSCRIBERS = eventSubscribers(MODULES, PLATFORM).map((x) => x.name);
async function eventBacklog(): Promise<number> {
  const [r] = await asWorker(platform.db.sql, (tx) =>
    tx<{ n: number }[]>`
      select coalesce(sum(h.seq - coalesce(c.seq, 0)), 0)::int as n
      from event_heads h cross join unnest(${SUBSCRIBERS}::text[]) s(name)
      left join event_cursors c on c.tenant_id = h.tenant_id and c.subscriber = s.name
      where h.tenant_id = ${t.id}`);
  return r.n;
}

/**
 * Each acknowledged ticket's event, as the two subscribers with lasting effects saw it: counted
 * per ticket in one grouped pass each (a correlated count per ticket takes minutes at 10,000).
 */
async function verifyEvents(eventJobId: string) {
  const ids = [...ackedTickets.keys()];
  const [r] = await inTenant((tx) =>
    tx<
      { rulesLost: number; rulesTwice: number; automationLost: number; automationTwice: number }[]
    >`
      with acked as (select distinct unnest(${ids}::uuid[])::text as id),
        notified as (select substr(title, 7) as id, count(*) as n from notifications
                     where title like 'Chaos %' group by 1),
        runs as (select input->'data'->'ticket'->>'id' as id, count(*) as n from automation_runs
                 where job_id = ${eventJobId} group by 1)
      select count(*) filter (where n.n is null)::int as rules_lost,
             count(*) filter (where n.n > 1)::int as rules_twice,
             count(*) filter (where r.n is null)::int as automation_lost,
             count(*) filter (where r.n > 1)::int as automation_twice
      from acked a left join notified n on n.id = a.id left join runs r on r.id = a.id`
  );
  return r;
}

async function verify(jobIds: string[]) {
  const ids = [...ackedTickets.keys()];
  const found = await inTenant((tx) =>
    tx<{ id: string }[]>`select id from support_tickets where id = any(${ids}::uuid[])`
  );
  const lostTickets = ids.length - found.length;
  const bodies = [...ackedComments.keys()];
  const [{ n: commentsFound }] = await inTenant((tx) =>
    tx<{ n: number }[]>`select count(distinct body)::int as n from support_comments
                        where body = any(${bodies}::text[])`
  );
  let lostFiles = 0;
  for (const id of ackedFiles.keys()) {
    const res = await api(web[0].base, owner, "GET", `/api/documents/files/${id}/download`);
    if (res.status !== 200) {
      lostFiles++;
      await res.body?.cancel();
    } else if (await sha(new Uint8Array(await res.arrayBuffer())) !== ackedFiles.get(id)) {
      lostFiles++;
    }
  }
  // A ticket without exactly one "created" activity and one creation event was half-written.
  const [half] = await inTenant((tx) =>
    tx<{ n: number }[]>`
      with created as (select entity_id as id, count(*) as n from activity
                       where entity_type = 'ticket' and action = 'created' group by 1),
        events as (select data->'ticket'->>'id' as id, count(*) as n from event_log
                   where name = 'support.ticket.created' group by 1)
      select count(*)::int as n from support_tickets s
        left join created a on a.id = s.id::text left join events e on e.id = s.id::text
      where a.n is distinct from 1 or e.n is distinct from 1`
  );
  const [dup] = await inTenant((tx) =>
    tx<{
      occurrences: number;
      queue: number;
      lost: number;
      runs: number;
      succeeded: number;
      missed: number;
    }[]>`
      select
        (select count(*)::int from (select 1 from automation_runs
           where job_id = any(${jobIds}::uuid[]) group by job_id, occurrence
           having count(*) > 1) x) as occurrences,
        (select count(*)::int from (select 1 from job_runs where status = 'succeeded'
           group by job_id having count(*) > 1) y) as queue,
        (select count(*)::int from job_runs where status = 'lost') as lost,
        (select count(*)::int from automation_runs where job_id = any(${jobIds}::uuid[])) as runs,
        (select count(*)::int from automation_runs where job_id = any(${jobIds}::uuid[])
           and status = 'succeeded') as succeeded,
        (select coalesce(sum(expected - got), 0)::int from (
           select round(extract(epoch from max(occurrence) - min(occurrence)))::int + 1
                    as expected, count(distinct occurrence)::int as got
           from automation_runs where job_id = any(${jobIds}::uuid[]) group by job_id) z)
          as missed`
  );
  return {
    lostTickets,
    lostComments: bodies.length - commentsFound,
    lostFiles,
    half: half.n,
    dup,
  };
}

let owner = "";
const kills = new Map<string, number>();
const restarts: number[] = [];
let failed = false;
try {
  console.log(
    `chaos: ${SECONDS} s, kill -9 every ${KILL_EVERY} s, ${CLIENTS} clients, tenant ${t.slug}`,
  );
  await startAll(all);
  owner = await login(web[0].base, t.owner.email, PASSWORD, t.slug);
  const a = web[0].base;
  const customer = await expectJson(
    await api(a, owner, "POST", "/api/support/customers", { name: "Chaos" }),
    201,
  );
  await expectJson(
    await api(a, owner, "PUT", "/api/automation/settings", { minIntervalSeconds: 0 }),
    200,
  );
  const agent = await expectJson(
    await api(a, owner, "POST", "/api/automation/agents", {
      name: "Lister",
      kind: "platform",
      config: { operation: "support.tickets.list", input: { limit: 1 } },
      grants: ["support.ticket.read"],
    }),
    201,
  );
  // Two subscribers of the event log whose effects last: a rule and an event-triggered job.
  await expectJson(
    await api(a, owner, "POST", "/api/support/notification-rules", {
      name: "Chaos rule",
      event: "support.ticket.created",
      actions: [{ type: "notify", userIds: [t.owner.id], title: "Chaos {{ticket.id}}" }],
    }),
    201,
  );
  const eventJob = await expectJson(
    await api(a, owner, "POST", "/api/automation/jobs", {
      name: "On every new ticket",
      agentId: agent.id,
      triggerKind: "event",
      event: "support.ticket.created",
      concurrency: "allow",
      maxAttempts: 3,
      backoffSeconds: 0,
    }),
    201,
  );
  const jobIds: string[] = [];
  for (let i = 0; i < SCHEDULES; i++) {
    const job = await expectJson(
      await api(a, owner, "POST", "/api/automation/jobs", {
        name: `Every second ${i}`,
        agentId: agent.id,
        triggerKind: "interval",
        intervalSeconds: 1,
        concurrency: "allow",
        catchup: "all",
        catchupLimit: 1000,
        maxAttempts: 3,
        backoffSeconds: 0,
      }),
      201,
    );
    jobIds.push(job.id);
  }

  const began = Date.now();
  const until = began + SECONDS * 1000;
  await Promise.all([
    chaos(until, kills, restarts),
    ...Array.from({ length: CLIENTS }, () => client(owner, customer.id, until)),
  ]);
  // Everyone is up again (the last restart finished). Stop the schedules, let the rest drain.
  // Only the schedules: the event-triggered job still has to start a run for every ticket event
  // not read yet (switching it off too left the last ticket of the 2026-12-05 run without one).
  await inTenant((tx) =>
    tx`update automation_jobs set enabled = false where id = any(${jobIds}::uuid[])`
  );
  console.log("  load stopped, all instances up: waiting for the event log and the queue");
  const settleBegan = Date.now();
  let eventsLeft = await eventBacklog();
  while (eventsLeft > 0 && Date.now() - settleBegan < SETTLE_SECONDS * 1000) {
    await sleep(100);
    eventsLeft = await eventBacklog();
  }
  const eventsCaughtUp = (Date.now() - settleBegan) / 1000;
  const stuck = await settle(settleBegan + SETTLE_SECONDS * 1000);
  const settledIn = ((Date.now() - settleBegan) / 1000).toFixed(0);
  const v = await verify(jobIds);
  const ev = await verifyEvents(eventJob.id);

  const lost = v.lostTickets + v.lostComments + v.lostFiles;
  const duplicates = v.dup.occurrences + v.dup.queue;
  const stuckRows = stuck.stuckRuns + stuck.stuckJobs + v.half;
  const p50 = restarts.sort((x, y) => x - y)[Math.floor(restarts.length / 2)] ?? 0;
  console.log(
    `\nkills: ${[...kills].map(([k, n]) => `${k} ${n}`).join(", ")}; ` +
      `restart to ready p50 ${(p50 / 1000).toFixed(1)} s`,
  );
  console.log(
    `requests: ${counts.requests} (2xx ${counts.s2xx}, 4xx ${counts.s4xx}, 503 ${counts.s503}, ` +
      `other 5xx ${counts.s5xx}), no answer (instance killed) ${counts.unanswered}`,
  );
  console.log(
    `acknowledged: tickets ${ackedTickets.size}, comments ${ackedComments.size}, ` +
      `files ${ackedFiles.size}; reads of acknowledged writes that failed ${readMisses}` +
      (readMissSamples.length ? ` (${readMissSamples.join("; ")})` : ""),
  );
  console.log(
    `schedule runs: ${v.dup.runs} (succeeded ${v.dup.succeeded}) for ${SCHEDULES} jobs every second; occurrences missed ` +
      `${v.dup.missed}; attempts lost to a kill and retried ${v.dup.lost}; settled in ${settledIn} s`,
  );
  console.log("\n| figure | value | goal |\n|---|---|---|");
  console.log(
    `| acknowledged writes lost | ${lost} (tickets ${v.lostTickets}, comments ${v.lostComments}, files ${v.lostFiles}) | 0 |`,
  );
  console.log(
    `| duplicate job runs | ${duplicates} (occurrences run twice ${v.dup.occurrences}, queue jobs succeeded twice ${v.dup.queue}) | 0 |`,
  );
  console.log(
    `| rows stuck in a transient state | ${stuckRows} (runs ${stuck.stuckRuns}, queue jobs ${stuck.stuckJobs}, half-written tickets ${v.half}) | 0 |`,
  );
  console.log(
    `| work still queued or running at the end (backlog, not stuck) | runs ${stuck.runs}, queue jobs ${stuck.jobs} | — |`,
  );
  console.log(
    `| ticket events lost / handled twice: notification rule | ${ev.rulesLost} / ${ev.rulesTwice} | 0 / 0 |`,
  );
  console.log(
    `| ticket events lost / handled twice: automation trigger | ${ev.automationLost} / ${ev.automationTwice} | 0 / 0 |`,
  );
  console.log(
    `| every event subscriber caught up, after the load | ${
      eventsLeft
        ? `not within ${SETTLE_SECONDS} s (${eventsLeft} left)`
        : `${eventsCaughtUp.toFixed(1)} s`
    } | ≤ 30 s |`,
  );
  console.log(`| 5xx other than 503 | ${counts.s5xx} | 0 |`);
  for (const line of bad5xx) console.log(`  ${line.slice(0, 400)}`);
  // A run that wrote nothing or killed nothing proves nothing.
  const idle = !ackedTickets.size || !ackedFiles.size || !v.dup.succeeded || !kills.size;
  if (idle) console.log("FAIL: the load or the kills did not happen");
  const eventFaults = ev.rulesLost + ev.rulesTwice + ev.automationLost + ev.automationTwice +
    eventsLeft + (eventsCaughtUp > 30 ? 1 : 0);
  failed = idle || lost + duplicates + stuckRows + counts.s5xx + readMisses + eventFaults > 0;
} catch (err) {
  failed = true;
  console.error(err);
  for (const i of all) console.error(`--- ${i.name}:\n${i.output()}`);
} finally {
  // Work the cluster did not get to stays behind otherwise, ahead of the next run's (the queue
  // serves the oldest first across tenants).
  await inTenant((tx) =>
    tx`update jobs set state = 'cancelled', finished_at = now() where state = 'queued'`
  ).catch(() => {});
  await Promise.all(all.map((i) => i.dispose()));
  await s3.close();
  await platform.bus.close();
  await platform.db.close();
}
Deno.exit(failed ? 1 : 0);
