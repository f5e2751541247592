/**
 * Inbound webhooks: `POST /api/automation/hooks/{tenantId}/{jobId}` without a session. The
 * secret is the credential (header X-Webhook-Secret, or ?secret=); only its SHA-256 is stored
 * and compared in constant time. An unknown tenant, an unknown job, a job that is not a webhook
 * job and a wrong secret all answer the same 404, so the URL reveals nothing.
 */
import type { SystemActor } from "../../../shared/http/actor.ts";
import { withScope } from "../../../shared/db/scope.ts";
import { isUuid } from "../../../shared/http/ids.ts";
import { problems } from "../../../shared/http/problem.ts";
import { loadSettings } from "../settings/settings.repo.ts";
import { enqueueRun } from "../runs/runs.enqueue.service.ts";
import { findJob, lastQueuedAt, tenantActive } from "./jobs.repo.ts";
import { sameDigest, secondsUntilAllowed } from "./jobs.rules.ts";
import { sha256 } from "./jobs.webhook.lib.ts";

export interface HookRequest {
  tenantId: string;
  jobId: string;
  secret: string | undefined;
  body: unknown;
  headers: Record<string, string>;
  /** The clock (tests). */
  now?: Date;
}

const noSuchHook = () => problems.notFound("No such webhook.");

/**
 * Starts a run of a webhook job in the tenant's own scope (RLS applies). The input is the
 * job's input with `body` and `headers` of the request. Honours the workspace's minimum
 * interval per job (429 with Retry-After).
 */
export async function receiveWebhook({ sql: pool, bus }: SystemActor, req: HookRequest) {
  const now = req.now ?? new Date();
  if (!req.secret) throw problems.unauthorized("The webhook secret is missing.");
  // Hashed before any lookup, so a known and an unknown job take the same path.
  const digest = await sha256(req.secret);
  if (!isUuid(req.tenantId) || !isUuid(req.jobId)) throw noSuchHook();
  return await withScope(pool, { tenantId: req.tenantId }, async (tx) => {
    const job = await findJob(tx, req.jobId, true);
    const valid = job?.triggerKind === "webhook" && job.webhookSecretHash !== null &&
      sameDigest(digest, job.webhookSecretHash);
    if (!job || !valid || !await tenantActive(tx)) throw noSuchHook();
    if (!job.enabled) throw problems.unprocessable("The job is disabled.");
    const { minIntervalSeconds } = await loadSettings(tx);
    const wait = secondsUntilAllowed(await lastQueuedAt(tx, job.id), minIntervalSeconds, now);
    if (wait > 0) throw problems.tooManyRequests(wait);
    const queued = await enqueueRun({ sql: tx, bus }, {
      job,
      agentId: job.agentId,
      trigger: "webhook",
      input: { ...job.input, body: req.body, headers: req.headers },
    });
    if (!queued) throw noSuchHook();
    return queued;
  });
}
