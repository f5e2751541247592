/**
 * Issue 14 "Must show": a worker process killed with SIGKILL in the middle of runs. Its sandbox
 * processes end with it (the runner exits when its stdin closes); once the queue lease expires
 * another dispatcher takes the queue jobs back: the first attempt is recorded as lost, a run
 * with attempts left runs again and succeeds, a run without is failed by the sweep, never left
 * `running`. PostgreSQL only (the worker is a separate process); ignored in embedded mode.
 */
import assert from "node:assert/strict";
import { asWorker } from "../../shared/jobs/dispatcher.ts";
import { type JobRow, PLATFORM_TENANT } from "../../shared/jobs/queue.ts";
import { withScope } from "../../shared/db/scope.ts";
import { enqueueRun } from "../../modules/automation/runs/runs.enqueue.service.ts";
import { STALE_ERROR, sweep } from "../../modules/automation/engine/sweep.service.ts";
import { newTenant, testApp } from "../helpers.ts";
import {
  inTenant,
  isSandbox,
  NO_POSTGRES,
  processes,
  runDispatcher,
  seedAgent,
  seedJob,
  setConcurrency,
  sleepCode,
  waitFor,
} from "./concurrency.fixtures.ts";

const ROOT = new URL("../../", import.meta.url).pathname;
const LEASE_SECONDS = 3;

/** `deno run -A worker.ts` on the test database, its output kept for the failure message. */
async function spawnWorker() {
  const dataDir = await Deno.makeTempDir({ prefix: "worker-kill-" });
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "worker.ts"],
    cwd: ROOT,
    env: {
      DATABASE_URL: Deno.env.get("DATABASE_URL")!,
      JOB_LEASE_SECONDS: String(LEASE_SECONDS),
      JOB_CONCURRENCY: "4",
      JOB_TENANT_CONCURRENCY: "4",
      LOG_LEVEL: "warn",
      PORT: "0",
      DATA_DIR: dataDir,
      NO_COLOR: "1",
    },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  let output = "";
  const decoder = new TextDecoder();
  const drain = (stream: ReadableStream<Uint8Array>) =>
    stream.pipeTo(
      new WritableStream({ write: (chunk) => void (output += decoder.decode(chunk)) }),
    ).catch(() => {});
  const drained = Promise.all([drain(child.stdout), drain(child.stderr)]);
  return {
    child,
    output: () => output.slice(-4000),
    async cleanup() {
      try {
        child.kill("SIGKILL");
      } catch {
        // Already gone.
      }
      await child.status;
      await drained;
      await Deno.remove(dataDir, { recursive: true }).catch(() => {});
    },
  };
}

interface RunRow {
  id: string;
  status: string;
  attempt: number;
  worker: string | null;
  error: string | null;
  log: string;
  queueJobId: string;
  finishedAt: Date | null;
}

Deno.test({
  name: "kill -9 of a worker mid-run: sandbox gone, lost attempt recorded, retried or failed",
  ignore: NO_POSTGRES,
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async () => {
    const { platform } = await testApp();
    const t = await newTenant();
    await setConcurrency(t, 4);
    // Long enough to be killed mid-run; the retry runs it in full again.
    const agentId = await seedAgent(t, { code: sleepCode(4000) });
    // Priority 100: the worker claims these before anything else left in the queue.
    const retried = await seedJob(t, agentId, { maxAttempts: 2, backoffSeconds: 0, priority: 100 });
    const once = await seedJob(t, agentId, { maxAttempts: 1, priority: 100 });
    const [a, b] = await inTenant(t, async (tx) => [
      await enqueueRun({ sql: tx, bus: platform.bus }, {
        job: retried,
        agentId,
        trigger: "manual",
      }),
      await enqueueRun({ sql: tx, bus: platform.bus }, { job: once, agentId, trigger: "manual" }),
    ]);
    assert(a && b && a.status === "queued" && b.status === "queued");
    const runOf = async (id: string) => {
      const [row] = await inTenant(
        t,
        (tx) =>
          tx<RunRow[]>`select id, status, attempt, worker, error, log, queue_job_id, finished_at
                     from automation_runs where id = ${id}`,
      );
      return row;
    };
    const attemptsOf = (queueJobId: string) =>
      asWorker(
        platform.db.sql,
        (tx) =>
          tx<{ attempt: number; status: string; worker: string; error: string | null }[]>`
          select attempt, status, worker, error from job_runs
          where tenant_id = ${t.id} and job_id = ${queueJobId} order by attempt`,
      );

    const worker = await spawnWorker();
    let rescuer: ReturnType<typeof runDispatcher> | null = null;
    try {
      // Both runs running in the worker, each with its sandbox process (children of the worker).
      const workerId = await waitFor(
        "both runs running in the worker",
        async () => {
          const [ra, rb] = [await runOf(a.runId), await runOf(b.runId)];
          return ra.status === "running" && rb.status === "running" && ra.worker === rb.worker &&
            ra.worker;
        },
        60_000,
        100,
      ).catch((err) => {
        throw new Error(`${err.message}\nworker output:\n${worker.output()}`);
      });
      const sandboxes = await waitFor("two sandbox processes under the worker", async () => {
        const mine = (await processes(isSandbox)).filter((p) => p.ppid === worker.child.pid);
        return mine.length === 2 ? mine : undefined;
      }, 10_000);

      worker.child.kill("SIGKILL");
      const status = await worker.child.status;
      assert.equal(status.signal, "SIGKILL");
      // The runner notices its closed stdin and exits: nothing of the tenant's code lives on.
      const pids = sandboxes.map((p) => p.pid);
      await waitFor("the sandbox processes to end", async () => {
        const left = (await processes(isSandbox)).filter((p) => pids.includes(p.pid));
        return left.length === 0;
      }, 5_000);

      // Right after the kill both runs still show `running` (nobody has noticed yet).
      assert.equal((await runOf(a.runId)).status, "running");

      // Another instance: after the lease expires it reaps and re-claims the queue jobs.
      rescuer = runDispatcher(platform.db, platform.bus, { workerId: "rescuer" });
      rescuer.start();
      const ra = await waitFor(
        "the retried run to finish",
        async () => {
          const run = await runOf(a.runId);
          return run.finishedAt ? run : undefined;
        },
        LEASE_SECONDS * 1000 + 30_000,
        100,
      );
      assert.equal(ra.status, "succeeded", `retried run: ${ra.status} ${ra.error}`);
      assert.equal(ra.attempt, 2);
      assert.equal(ra.worker, "rescuer");
      assert.match(ra.log, /attempt 2 of 2/);
      // The queue records the attempt's outcome after the handler that finished the run returns.
      const aAttempts = await waitFor("the retried attempt to be recorded", async () => {
        const rows = await attemptsOf(ra.queueJobId);
        return rows.length === 2 && rows[1].status !== "running" ? rows : undefined;
      }, 10_000);
      assert.deepEqual(aAttempts.map((x) => [x.attempt, x.status, x.worker]), [
        [1, "lost", workerId],
        [2, "succeeded", "rescuer"],
      ]);
      assert.match(aAttempts[0].error ?? "", /worker stopped answering/);

      // No attempts left: the queue job is dead after the lease expired; its lost attempt is
      // recorded. The run waits for the sweep, which leaves runs with a recent heartbeat alone.
      const rb = await runOf(b.runId);
      const [bQueue] = await asWorker(
        platform.db.sql,
        (tx) =>
          tx<{ state: string; attempts: number }[]>`
          select state, attempts from jobs where tenant_id = ${t.id} and id = ${rb.queueJobId}`,
      );
      assert.deepEqual(bQueue, { state: "dead", attempts: 1 });
      assert.deepEqual((await attemptsOf(rb.queueJobId)).map((x) => [x.status, x.worker]), [
        ["lost", workerId],
      ]);
      const sweepCtx = {
        job: { tenantId: PLATFORM_TENANT } as JobRow,
        tenantId: null,
        payload: {},
        attempt: 1,
        log: () => {},
        scoped: <T>(fn: (sql: typeof platform.db.sql) => Promise<T>) =>
          withScope(platform.db.sql, { tenantId: PLATFORM_TENANT }, fn),
        bus: platform.bus,
        signal: new AbortController().signal,
      };
      await sweepCtx.scoped((sql) => sweep({ sql, bus: sweepCtx.bus }));
      assert.equal((await runOf(b.runId)).status, "running", "swept before STALE_SECONDS");
      // Stand-in for STALE_SECONDS (60 s) passing without a heartbeat.
      await inTenant(
        t,
        (tx) =>
          tx`update automation_runs set heartbeat_at = now() - interval '2 minutes'
           where id = ${b.runId}`,
      );
      const swept = await sweepCtx.scoped((sql) => sweep({ sql, bus: sweepCtx.bus }));
      assert.ok(swept.failed >= 1, JSON.stringify(swept));
      const rbAfter = await runOf(b.runId);
      assert.equal(rbAfter.status, "failed");
      assert.equal(rbAfter.error, STALE_ERROR);
      assert.ok(rbAfter.finishedAt);
      // The retried run is not touched by the sweep.
      assert.equal((await runOf(a.runId)).status, "succeeded");
    } finally {
      await rescuer?.stop();
      await worker.cleanup();
    }
  },
});
