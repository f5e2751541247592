/**
 * The run engine: the `automation.run` queue job. One queue job executes one run: it marks the
 * run running, executes the agent (its code in the tenant's sandbox process, or a built-in
 * kind on the host), streams the log, beats a heartbeat, honours cancel requests, and records
 * the outcome. No transaction is held while the agent runs: every write is a short scoped one.
 */
import type { JobContext } from "../../../shared/jobs/dispatcher.ts";
import type { SystemJob } from "../../../shared/modules.ts";
import type { Sql } from "../../../shared/db/database.ts";
import { log } from "../../../shared/log.ts";
import type {
  AgentRecord,
  AutomationSettings,
  RunStatus,
  RunTrigger,
} from "../common/common.schemas.ts";
import { loadSettings } from "../settings/settings.repo.ts";
import {
  loadAgentEnv,
  loadAgentForRun,
  loadAgentVersion,
  recordRunOutcome,
} from "../agents/agents.runtime.service.ts";
import { kindOf } from "../kinds/kinds.registry.lib.ts";
import { runInSandbox } from "../sandbox/sandbox.lib.ts";
import { publishAutomation } from "../events.ts";
import { RUN_JOB } from "../runs/runs.enqueue.service.ts";
import { CANCEL_CHANNEL, type CancelMessage, publishRun } from "../runs/runs.events.service.ts";
import { callOperation, type OperationContext } from "../operations/operations.service.ts";
import { SecretError } from "../secrets/secrets.crypto.lib.ts";
import { agentActor } from "../operations/operations.actor.lib.ts";
import { actAs } from "../operations/operations.repo.ts";
import {
  appendLog,
  beat,
  finishRun,
  type JobForRun,
  jobForRun,
  lockRun,
  markRunning,
  requeueRun,
  runStatus,
  type RunToStart,
  setRunning,
} from "./engine.repo.ts";
import { liveChunk, RunLog } from "./engine.log.lib.ts";
import { tellRecipients } from "./engine.notify.service.ts";

const HEARTBEAT_MS = 10_000;
const FLUSH_MS = 500;
/** The share of the timeout after which the recipients are warned. */
const SLOW_SHARE = 0.8;

interface Started {
  run: RunToStart;
  agent: AgentRecord;
  current: AgentRecord;
  env: Record<string, string>;
  settings: AutomationSettings;
  job: JobForRun | null;
  tenantId: string;
  /** Why the run cannot start at all (an environment variable that does not decrypt). */
  hopeless?: string;
}

interface Executed {
  status: "succeeded" | "failed" | "timed_out" | "cancelled";
  result?: unknown;
  error?: string;
  log?: string;
  durationMs: number;
}

export const runJob: SystemJob = { name: RUN_JOB, handler: executeRun };

async function executeRun(ctx: JobContext) {
  const { runId } = ctx.payload as { runId: string };
  const started = await ctx.scoped((sql) => start(sql, ctx, runId));
  if (!started) return;
  const { run, settings, job } = started;
  const timeoutMs = (job?.timeoutSeconds ?? settings.defaultTimeoutSeconds) * 1000;
  const abort = new AbortController();
  const runLog = new RunLog(settings.logCapKb * 1024, run.logBytes);
  const ref = { id: run.id, jobId: run.jobId, agentId: run.agentId };

  // Log lines are written (and announced to open run pages) in batches, in order.
  let writing = Promise.resolve();
  const flush = () => {
    if (!runLog.hasPending) return writing;
    const { chunk, truncated } = runLog.take();
    writing = writing.then(() =>
      ctx.scoped(async (sql) => {
        const end = await appendLog(sql, run.id, chunk, truncated);
        if (chunk) {
          await publishRun({ sql, bus: ctx.bus }, {
            ...ref,
            status: "running",
            log: { line: liveChunk(chunk), end },
          });
        }
      })
    ).catch((err) => log.warn("run log not written", { run: run.id, error: String(err) }));
    return writing;
  };
  const flusher = setInterval(flush, FLUSH_MS);
  const heartbeat = setInterval(() => {
    ctx.scoped((sql) => beat(sql, run.id))
      .then((stop) => stop && abort.abort())
      .catch(() => {});
  }, HEARTBEAT_MS);
  const slow = setTimeout(
    () => void warnSlow(ctx, started, timeoutMs).catch(() => {}),
    timeoutMs * SLOW_SHARE,
  );
  const unsubscribe = await ctx.bus.subscribe(CANCEL_CHANNEL, (m) => {
    const message = m as unknown as CancelMessage;
    if (message.runId === run.id && message.tenantId === started.tenantId) abort.abort();
  });

  let outcome: Executed;
  try {
    outcome = started.hopeless
      ? { status: "failed", error: started.hopeless, durationMs: 0 }
      : await execute(ctx, started, runLog, abort.signal, timeoutMs);
  } catch (err) {
    // The agent's faults come back as results; this is the platform failing around it.
    outcome = { status: "failed", error: `internal error: ${String(err)}`, durationMs: 0 };
  } finally {
    clearInterval(flusher);
    clearInterval(heartbeat);
    clearTimeout(slow);
    unsubscribe();
  }
  // The sandbox's own copy of the output, when no line came through onLog.
  if (outcome.log && runLog.received === 0) {
    for (const line of outcome.log.split("\n").filter(Boolean)) runLog.add("out", line);
  }
  await flush();

  const retry = (outcome.status === "failed" || outcome.status === "timed_out") &&
    !started.hopeless && ctx.attempt < run.maxAttempts;
  const error = outcome.error ?? null;
  if (retry) {
    await ctx.scoped(async (sql) => {
      await requeueRun(sql, run.id, error ?? outcome.status, outcome.durationMs);
      await publishRun({ sql, bus: ctx.bus }, { ...ref, status: "queued" });
    });
    // Thrown so the queue retries with its backoff; the run shows "queued" and the last error.
    throw new Error(`run ${run.id} attempt ${ctx.attempt} ${outcome.status}: ${error}`);
  }
  await ctx.scoped((sql) => finish(sql, ctx, started, outcome));
}

/** Locks the run and marks it running; null when there is nothing to do. */
async function start(sql: Sql, ctx: JobContext, runId: string): Promise<Started | null> {
  const actor = { sql, bus: ctx.bus };
  const run = await lockRun(sql, runId);
  if (!run || (run.status !== "queued" && run.status !== "running")) return null;
  const ref = { id: run.id, jobId: run.jobId, agentId: run.agentId };
  if (run.cancelRequested) {
    await finishRunAs(sql, run.id, "cancelled", "cancelled before it started");
    await publishRun(actor, { ...ref, status: "cancelled" });
    return null;
  }
  const [agent, current, settings, job] = [
    await loadAgentVersion(actor, { agentId: run.agentId, version: run.agentVersion }),
    await loadAgentForRun(actor, run.agentId),
    await loadSettings(sql),
    run.jobId ? await jobForRun(sql, run.jobId) : null,
  ];
  const separator = ctx.attempt > 1 ? `--- attempt ${ctx.attempt} of ${run.maxAttempts} ---\n` : "";
  await markRunning(sql, run.id, ctx.attempt, ctx.job.lockedBy ?? "worker", separator);
  if (!agent || !current) {
    await finishRunAs(sql, run.id, "failed", "the agent or its version no longer exists");
    await publishRun(actor, { ...ref, status: "failed" });
    return null;
  }
  // A value that does not decrypt stays so until someone sets it again: the run fails with
  // what to do (not thrown, which would roll back markRunning and have the queue retry it).
  let env: Record<string, string> = {};
  let hopeless: string | undefined;
  try {
    env = await loadAgentEnv(actor, run.agentId);
  } catch (err) {
    if (!(err instanceof SecretError)) throw err;
    hopeless = err.message;
  }
  await publishRun(actor, { ...ref, status: "running" });
  return {
    run,
    agent,
    current,
    env,
    settings,
    job,
    tenantId: ctx.tenantId!,
    hopeless,
  };
}

async function finishRunAs(sql: Sql, id: string, status: RunStatus, error: string) {
  await setRunning(sql, id);
  await finishRun(sql, id, { status, result: null, error, durationMs: 0 });
}

/** Runs the agent: tenant code in the sandbox, built-in kinds on the host with a deadline. */
async function execute(
  ctx: JobContext,
  s: Started,
  runLog: RunLog,
  signal: AbortSignal,
  timeoutMs: number,
): Promise<Executed> {
  const input = JSON.parse(s.run.inputJson);
  const plan = kindOf(s.agent.kind).plan(s.agent, input);
  const from: OperationContext = {
    runId: s.run.id,
    agentId: s.current.id,
    agentName: s.current.name,
  };
  if (plan.mode === "sandbox") {
    // Each platform call is a short transaction of its own, as the agent's service identity.
    const call = (op: string, opInput: unknown) =>
      ctx.scoped(async (sql) => {
        await actAs(sql, s.current);
        return await callOperation(agentActor(sql, ctx.bus, s.tenantId, s.current), {
          grants: s.current.grants,
          op,
          input: opInput,
          run: from,
        });
      });
    const result = await runInSandbox({
      tenantId: s.tenantId,
      code: plan.code,
      config: s.agent.config,
      input,
      env: s.env,
      allowlist: s.settings.allowlist,
      memoryMb: s.settings.memoryMb,
      timeoutMs,
      logCapBytes: s.settings.logCapKb * 1024,
      signal,
      onLog: (line) => runLog.add(line.level, line.text),
      onCall: call,
    });
    return {
      status: result.status,
      result: result.result,
      error: result.error,
      log: result.log,
      durationMs: result.durationMs,
    };
  }
  return await runOnHost(ctx, s, plan.run, input, from, runLog, signal, timeoutMs);
}

// deno-lint-ignore no-explicit-any
type HostRun = (ctx: any) => Promise<unknown>;

async function runOnHost(
  ctx: JobContext,
  s: Started,
  run: HostRun,
  input: unknown,
  from: OperationContext,
  runLog: RunLog,
  cancel: AbortSignal,
  timeoutMs: number,
): Promise<Executed> {
  const began = performance.now();
  const local = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    local.abort();
  }, timeoutMs);
  const onCancel = () => local.abort();
  cancel.addEventListener("abort", onCancel);
  const stopped = new Promise<never>((_, reject) =>
    local.signal.addEventListener("abort", () => reject(new Error("stopped")))
  );
  try {
    // A host kind's writes, its operations' included, share one transaction: all or nothing,
    // like a request. Stopped (time limit, cancel), the transaction rolls back: nothing of a
    // cancelled run commits later. The outer race returns at once even if a query still hangs.
    const result = await Promise.race([
      ctx.scoped(async (sql) => {
        await actAs(sql, s.current);
        const actor = agentActor(sql, ctx.bus, s.tenantId, s.current);
        return await Promise.race([
          run({
            actor,
            config: s.agent.config,
            input,
            log: (level: string, text: string) => runLog.add(level, text),
            call: (op: string, opInput: unknown) =>
              callOperation(actor, { grants: s.current.grants, op, input: opInput, run: from }),
            signal: local.signal,
          }),
          stopped,
        ]);
      }),
      stopped,
    ]);
    return { status: "succeeded", result, durationMs: performance.now() - began };
  } catch (err) {
    const durationMs = performance.now() - began;
    if (timedOut) {
      return {
        status: "timed_out",
        error: `stopped at the time limit (${timeoutMs / 1000} s)`,
        durationMs,
      };
    }
    if (cancel.aborted) return { status: "cancelled", error: "cancelled", durationMs };
    return {
      status: "failed",
      error: err instanceof Error ? err.message : String(err),
      durationMs,
    };
  } finally {
    clearTimeout(timer);
    cancel.removeEventListener("abort", onCancel);
  }
}

/** Records the final outcome, moves the agent's state, publishes events and notifies. */
async function finish(sql: Sql, ctx: JobContext, s: Started, o: Executed) {
  const actor = { sql, bus: ctx.bus };
  const { run, job, settings, current } = s;
  const error = o.status === "succeeded" ? null : o.error ?? o.status;
  const done = await finishRun(sql, run.id, {
    status: o.status,
    result: o.status === "succeeded" ? o.result ?? null : null,
    error,
    durationMs: o.durationMs,
  });
  if (!done) return; // the sweep already gave up on it
  const ref = { id: run.id, jobId: run.jobId, agentId: run.agentId };
  await publishRun(actor, { ...ref, status: o.status });
  const change = await recordRunOutcome(actor, {
    agentId: run.agentId,
    outcome: { status: o.status, error, trigger: run.trigger as RunTrigger },
    settings,
  });
  const names = {
    runId: run.id,
    jobId: run.jobId,
    jobName: job?.name ?? null,
    agentId: run.agentId,
    agentName: current.name,
    trigger: run.trigger,
  };
  const link = `/automation/runs/${run.id}`;
  const fallback = job?.createdBy ?? current.createdBy;
  if (o.status === "succeeded") {
    await publishAutomation(sql, "automation.run.succeeded", {
      ...names,
      durationMs: Math.round(o.durationMs),
    });
  } else if (o.status === "failed" || o.status === "timed_out") {
    await publishAutomation(sql, "automation.run.failed", { ...names, status: o.status, error });
    if (job ? job.notifyOnFailure : run.trigger !== "test") {
      await tellRecipients(actor, {
        settings,
        fallback,
        notice: {
          titleKey: "automation.engine.notice.failed.title",
          bodyKey: `automation.engine.notice.${o.status}.body`,
          vars: { name: job?.name ?? current.name, error: error ?? "" },
          link,
        },
      });
    }
  }
  if (change) {
    await publishAutomation(sql, "automation.agent.state-changed", {
      agentId: run.agentId,
      agentName: current.name,
      oldState: change.from,
      newState: change.to,
      error,
    });
    if (change.to === "hata") {
      await tellRecipients(actor, {
        settings,
        fallback: current.createdBy,
        notice: {
          titleKey: "automation.engine.notice.hata.title",
          bodyKey: "automation.engine.notice.hata.body",
          vars: { name: current.name, error: error ?? "" },
          link: `/automation/agents/${run.agentId}`,
        },
      });
    }
  }
}

/** The warning that a run passed 80% of its time limit. */
async function warnSlow(ctx: JobContext, s: Started, timeoutMs: number) {
  await ctx.scoped(async (sql) => {
    if ((await runStatus(sql, s.run.id)) !== "running") return;
    await tellRecipients({ sql, bus: ctx.bus }, {
      settings: s.settings,
      fallback: s.job?.createdBy ?? s.current.createdBy,
      notice: {
        titleKey: "automation.engine.notice.slow.title",
        bodyKey: "automation.engine.notice.slow.body",
        vars: {
          name: s.job?.name ?? s.current.name,
          seconds: Math.round((timeoutMs * SLOW_SHARE) / 1000),
          limit: Math.round(timeoutMs / 1000),
        },
        link: `/automation/runs/${s.run.id}`,
      },
    });
  });
}
