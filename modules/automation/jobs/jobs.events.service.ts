/**
 * Event triggers: every published domain event (any module's) starts the tenant's enabled jobs
 * that wait for it. Called once per event after its change committed, in a job scoped to the
 * event's tenant (the module's `onEvent`), so RLS keeps tenants apart and a failure is retried.
 */
import type { SystemActor } from "../../../shared/http/actor.ts";
import { log } from "../../../shared/log.ts";
import { enqueueRun } from "../runs/runs.enqueue.service.ts";
import { jobsOnEvent } from "./jobs.repo.ts";
import { isRunEvent } from "./jobs.rules.ts";

export async function onDomainEvent(
  actor: SystemActor,
  { name: event, data }: { name: string; data: Record<string, unknown> },
): Promise<void> {
  for (const job of await jobsOnEvent(actor.sql, event)) {
    // A job on "run failed" must not be set off by its own failed runs: that would loop.
    if (isRunEvent(event) && data.jobId === job.id) {
      log.info("automation event skipped: the job's own run", { job: job.id, event });
      continue;
    }
    await enqueueRun(actor, {
      job,
      agentId: job.agentId,
      trigger: "event",
      input: { ...job.input, event, data },
    });
  }
}
