/**
 * What the run engine needs of agents: the agent as it runs (a version's code and config),
 * its decrypted environment, and the state bookkeeping after each run.
 */
import type { SystemActor } from "../../../shared/http/actor.ts";
import { recordActivity } from "../../../platform/activity/public.ts";
import type {
  AgentRecord,
  AgentState,
  AutomationSettings,
  RunStatus,
  RunTrigger,
} from "../common/common.schemas.ts";
import { decryptedEnv } from "../secrets/secrets.service.ts";
import { findAgent, findVersion, updateRunFacts } from "./agents.repo.ts";

const plain = (r: AgentRecord & { sortKey?: string }): AgentRecord => {
  const { sortKey: _, ...agent } = r;
  return agent;
};

export async function loadAgentForRun(
  { sql }: SystemActor,
  agentId: string,
): Promise<AgentRecord | null> {
  const row = await findAgent(sql, agentId);
  return row ? plain(row) : null;
}

/** The agent with the code and config of one version (a run records the version it ran). */
export async function loadAgentVersion(
  { sql }: SystemActor,
  { agentId, version }: { agentId: string; version: number },
): Promise<AgentRecord | null> {
  const [agent, v] = [await findAgent(sql, agentId), await findVersion(sql, agentId, version)];
  if (!agent || !v) return null;
  return { ...plain(agent), version: v.version, code: v.code, config: v.config };
}

/** Decrypted variables; a value that cannot be opened throws with a message saying what to do. */
export async function loadAgentEnv(
  actor: SystemActor,
  agentId: string,
): Promise<Record<string, string>> {
  return await decryptedEnv(actor, agentId);
}

const FAILED: RunStatus[] = ["failed", "timed_out"];
const COUNTED: RunStatus[] = ["succeeded", "failed", "timed_out", "cancelled"];

/**
 * After every finished run: keeps the last run's facts and the failure streak. At the
 * tenant's threshold of consecutive failures an active agent goes to `hata`; a successful test
 * run brings a failing agent back to `aktif`. Returns the state change (null when none).
 */
export async function recordRunOutcome(
  { sql }: SystemActor,
  { agentId, outcome, settings }: {
    agentId: string;
    outcome: { status: RunStatus; error?: string | null; trigger: RunTrigger };
    settings: AutomationSettings;
  },
): Promise<{ from: AgentState; to: AgentState } | null> {
  // A skipped run never ran; a queued or running one has no outcome yet.
  if (!COUNTED.includes(outcome.status)) return null;
  const agent = await findAgent(sql, agentId, true);
  if (!agent) return null;
  let failures = agent.consecutiveFailures;
  let lastError = agent.lastError;
  let state = agent.state;
  if (outcome.status === "succeeded") {
    failures = 0;
    if (state === "hata" && outcome.trigger === "test") state = "aktif";
    if (state !== "hata") lastError = null;
  } else if (FAILED.includes(outcome.status)) {
    failures += 1;
    lastError = outcome.error ?? outcome.status;
    if (state === "aktif" && failures >= settings.failureThreshold) state = "hata";
  }
  await updateRunFacts(sql, agentId, {
    lastStatus: outcome.status,
    consecutiveFailures: failures,
    lastError,
    state,
  });
  if (state === agent.state) return null;
  await recordActivity({ sql }, {
    module: "automation",
    entityType: "agent",
    entityId: agentId,
    action: state === "hata" ? "failing" : "recovered",
    summary: state === "hata"
      ? `Agent ${agent.name} failed ${failures} times in a row and was stopped: ${lastError}`
      : `Agent ${agent.name} is active again after a successful test run`,
    before: { state: agent.state },
    after: { state },
  });
  return { from: agent.state, to: state };
}
