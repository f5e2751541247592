import type { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { type C, one, pathId, readForm, redirectAfterPost } from "../../../shared/http/pages.ts";
import { problems } from "../../../shared/http/problem.ts";
import { acquireStream } from "../../../shared/realtime/stream-limits.ts";
import { hasPermission, requirePermission } from "../../../shared/rbac/permissions.ts";
import { Grid, page, tr, type Translate } from "../../../ui/kit.ts";
import {
  RUN_STATUSES,
  type RunEvent,
  RUNS_CHANNEL,
  type RunStatus,
} from "../common/common.schemas.ts";
import {
  cancelRun,
  getRun,
  getRunLog,
  historyChoices,
  listHistory,
  runStatistics,
  testRun,
} from "./runs.service.ts";
import {
  DailyChart,
  HistoryFilters,
  PERIODS,
  RateTable,
  RunPage,
  RunsTable,
  TRIGGERS,
} from "./runs.view.tsx";

const READ = "automation.job.read";
const KEEPALIVE_MS = 25_000;

/** Paths that stream (no request-wide transaction): the lead adds this to streamingPaths. */
export const RUN_STREAM_PATHS = [
  /^\/automation\/live$/,
  /^\/automation\/runs\/[0-9a-f-]{36}\/stream$/,
];

async function historyPage(c: C) {
  const t: Translate = tr(c);
  const q = c.req.query();
  const status = RUN_STATUSES.includes(q.status as RunStatus) ? q.status : "";
  const trigger = (TRIGGERS as readonly string[]).includes(q.trigger) ? q.trigger : "";
  const period = (PERIODS as readonly string[]).includes(q.period) ? q.period : "7";
  const from = period === "all"
    ? undefined
    : new Date(Date.now() - Number(period) * 86_400_000).toISOString();
  const choices = await historyChoices(actorOf(c));
  // Only ids of this tenant's agents and jobs count; anything else is ignored like a bad status.
  const agentId = choices.agents.some((a) => a.id === q.agentId) ? q.agentId : "";
  const jobId = choices.jobs.some((j) => j.id === q.jobId) ? q.jobId : "";
  const filter = {
    limit: 25,
    cursor: q.cursor || undefined,
    status: status ? [status as RunStatus] : undefined,
    trigger: (trigger || undefined) as never,
    agentId: agentId || undefined,
    jobId: jobId || undefined,
    from,
  };
  const [runs, days, agents, jobs] = [
    await listHistory(actorOf(c), filter),
    await runStatistics(actorOf(c), { days: 14, groupBy: "day" }),
    await runStatistics(actorOf(c), { days: 30, groupBy: "agent" }),
    await runStatistics(actorOf(c), { days: 30, groupBy: "job" }),
  ];
  const params = new URLSearchParams({ status, trigger, period, agentId, jobId });
  const self = `/automation/jobs/history?${params}`;
  const more = runs.nextCursor ? `${self}&cursor=${encodeURIComponent(runs.nextCursor)}` : null;
  return await page(
    c,
    t("page.jobHistory"),
    <div data-automation-live>
      <HistoryFilters
        v={{ status, trigger, period, agentId, jobId }}
        agents={choices.agents}
        jobs={choices.jobs}
      />
      <RunsTable rows={runs.items} more={more} live={self} />
      <DailyChart days={days.items} />
      <Grid size="lg">
        <RateTable
          title={t("automation.runs.byAgent")}
          column={t("automation.runs.col.agent")}
          id="runs-by-agent"
          items={agents.items}
        />
        <RateTable
          title={t("automation.runs.byJob")}
          column={t("automation.runs.col.job")}
          id="runs-by-job"
          items={jobs.items}
        />
      </Grid>
      <script src="/assets/automation-live.js" defer></script>
    </div>,
    {
      crumbs: [{ label: t("module.automation"), href: "/automation" }],
      description: t("automation.runs.history.description"),
    },
  );
}

async function runPage(c: C) {
  const t: Translate = tr(c);
  const run = await getRun(actorOf(c), pathId(c));
  const perms = c.var.session.permissions;
  return await page(
    c,
    t("automation.runs.run.title", { name: run.jobName ?? run.agentName }),
    <>
      <RunPage
        run={run}
        canCancel={hasPermission(perms, "automation.job.write")}
        canRerun={hasPermission(perms, "automation.agent.write")}
      />
      <link rel="stylesheet" href="/assets/automation-runs.css" />
      <script src="/assets/automation-live.js" defer></script>
    </>,
    {
      crumbs: [
        { label: t("module.automation"), href: "/automation" },
        { label: t("page.jobHistory"), href: "/automation/jobs/history" },
      ],
    },
  );
}

/**
 * Server-sent RunEvents of the reader's tenant: every status change, and with `runId` also the
 * live log lines of that run. No transaction is held while the stream is open.
 *
 * A run's stream starts with a `snapshot` of its log, read after subscribing: lines written
 * between the page's render (or a reconnect) and the subscription would otherwise never show.
 * Each live line carries the log's length after it, so the page skips lines the snapshot holds.
 */
async function runEvents(c: C, runId: string | null) {
  const { platform } = c.var;
  const { tenantId, userId, exp } = c.var.session;
  const release = acquireStream(userId, {
    perUser: platform.config.SSE_MAX_PER_USER,
    perInstance: platform.config.SSE_MAX_PER_INSTANCE,
  });
  // Events wait here until the stream (and its snapshot) is written.
  let send: ((e: RunEvent) => void) | null = null;
  const early: RunEvent[] = [];
  let unsubscribe = () => {};
  let snapshot: Awaited<ReturnType<typeof getRunLog>> | null = null;
  try {
    unsubscribe = await platform.bus.subscribe(RUNS_CHANNEL, (payload) => {
      const e = payload as unknown as RunEvent;
      if (e.tenantId !== tenantId) return;
      if (e.line !== undefined && e.runId !== runId) return;
      if (send) send(e);
      else early.push(e);
    });
    snapshot = runId ? await c.var.scope((tx) => getRunLog(actorOf(c, tx), runId)) : null;
  } catch (err) {
    unsubscribe();
    release();
    throw err;
  }
  c.header("Cache-Control", "no-store");
  c.header("X-Accel-Buffering", "no");
  return streamSSE(c, async (stream) => {
    let ended = false;
    const expiry = setTimeout(() => {
      ended = true;
      stream.abort();
    }, Math.max(0, exp * 1000 - Date.now()));
    let pending = Promise.resolve();
    const write = (event: string, data: unknown) => {
      pending = pending.then(() => stream.writeSSE({ event, data: JSON.stringify(data) }))
        .catch(() => {});
    };
    const stop = () => {
      clearTimeout(expiry);
      unsubscribe();
      release();
    };
    stream.onAbort(stop);
    if (snapshot) write("snapshot", { runId, ...snapshot });
    send = (e) =>
      write(e.line !== undefined ? "log" : "run", {
        runId: e.runId,
        jobId: e.jobId,
        agentId: e.agentId,
        status: e.status,
        ...(e.line !== undefined ? { line: e.line, end: e.end } : {}),
      });
    early.splice(0).forEach(send);
    while (!ended && !stream.aborted && !stream.closed) {
      await stream.sleep(KEEPALIVE_MS);
      if (!stream.aborted) await stream.write(": keepalive\n\n").catch(() => {});
    }
    stop();
  });
}

async function cancelPage(c: C) {
  const id = pathId(c);
  await cancelRun(actorOf(c), id);
  return redirectAfterPost(c, `/automation/runs/${id}`);
}

async function testRunPage(c: C) {
  const id = pathId(c);
  const form = await readForm(c);
  const raw = one(form.input as string | undefined);
  let input: unknown = {};
  if (raw) {
    try {
      input = JSON.parse(raw);
    } catch {
      throw problems.validation([{ path: "input", message: "Not valid JSON" }]);
    }
  }
  const queued = await testRun(actorOf(c), { agentId: id, input });
  return redirectAfterPost(c, `/automation/runs/${queued.runId}`);
}

export function mountRunsPages(app: Hono<AppEnv>) {
  const read = requirePermission(READ);
  app.get("/jobs/history", read, historyPage);
  app.get("/live", read, (c) => runEvents(c, null));
  app.get("/runs/:id/stream", read, (c) => runEvents(c, pathId(c)));
  app.get("/runs/:id", read, runPage);
  app.post("/runs/:id/cancel", requirePermission("automation.job.write"), cancelPage);
  app.post("/agents/:id/test-run", requirePermission("automation.agent.write"), testRunPage);
}
