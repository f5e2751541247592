/**
 * Event triggers: every published domain event (any module's) starts the tenant's enabled jobs
 * that wait for it. Called once per event after its change committed, in a job scoped to the
 * event's tenant (the module's `onEvent`), so RLS keeps tenants apart and a failure is retried.
 */
import type { Sql } from "../../../shared/db/database.ts";
import type { Bus } from "../../../shared/realtime/bus.ts";
import { log } from "../../../shared/log.ts";
import { enqueueRun } from "../runs/runs.enqueue.ts";
import { jobsOnEvent } from "./jobs.repo.ts";
import { isRunEvent } from "./jobs.rules.ts";

export async function onDomainEvent(
  sql: Sql,
  bus: Bus,
  event: string,
  data: Record<string, unknown>,
): Promise<void> {
  for (const job of await jobsOnEvent(sql, event)) {
    // A job on "run failed" must not be set off by its own failed runs: that would loop.
    if (isRunEvent(event) && data.jobId === job.id) {
      log.info("automation event skipped: the job's own run", { job: job.id, event });
      continue;
    }
    await enqueueRun(sql, bus, {
      job,
      agentId: job.agentId,
      trigger: "event",
      input: { ...job.input, event, data },
    });
  }
}
