/**
 * Domain events the engine reacts to: a typed event named by a message start event starts the
 * latest version of each such process (the payload under `event`); Automation's run events
 * resume the service-task tokens waiting for those runs.
 */
import type { DomainEvent } from "../../../shared/modules.ts";
import { runOutcome } from "../../automation/public.ts";
import { systemActor } from "./engine.actor.service.ts";
import { messageStartTargets, tokensWaitingForRun } from "./engine.repo.ts";
import { createInstance } from "./engine.start.service.ts";
import { Step } from "./engine.step.service.ts";
import { agentRunEnded } from "./elements/tasks.service.ts";
import type { ProcessModel } from "../common/model.lib.ts";
import "./elements/elements.service.ts";

const RUN_EVENTS = new Set(["automation.run.succeeded", "automation.run.failed"]);

// Exception to (actor, input): an onEvent reaction takes the event (shared/modules.ts).
export async function engineOnEvent(event: DomainEvent): Promise<void> {
  if (RUN_EVENTS.has(event.name)) return await resumeAgentTokens(event);
  await startByMessage(event);
}

async function startByMessage(event: DomainEvent) {
  const rows = await messageStartTargets(event.sql, event.name);
  for (const row of rows) {
    const model = JSON.parse(row.modelJson) as ProcessModel;
    const start = model.startEvents.map((id) => model.elements[id]).find((el) =>
      el?.event?.kind === "message" && el.event.message === event.name
    );
    if (!start) continue;
    // Nobody pressed start: the process acts for the one who made it.
    const actor = await systemActor({ sql: event.sql, bus: event.bus }, row.createdBy);
    await createInstance(actor, {
      definition: {
        id: row.definitionId,
        key: row.key,
        name: row.name,
        latestVersion: row.version,
        archivedAt: null,
      },
      version: row.version,
      variables: { event: event.data },
      startedBy: row.createdBy,
      startEventId: start.id,
    });
  }
}

async function resumeAgentTokens(event: DomainEvent) {
  const runId = String(event.data.runId ?? "");
  if (!runId) return;
  const waiting = await tokensWaitingForRun(event.sql, runId);
  for (const w of waiting) {
    const actor = await systemActor({ sql: event.sql, bus: event.bus }, null);
    const s = await Step.open(actor, w.instanceId);
    if (!s || !s.active) continue;
    actor.session.userId = s.instance.startedBy as string;
    s.system = true;
    const t = s.tokens.get(w.id);
    if (!t || t.state !== "waiting" || t.vars.runId !== runId) continue;
    const outcome = await runOutcome({ sql: event.sql, bus: event.bus }, runId);
    if (!outcome) continue;
    await agentRunEnded(s, { token: t, outcome });
    await s.run();
  }
}
