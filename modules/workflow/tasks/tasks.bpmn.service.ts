/**
 * A user task's assignee raises a BPMN error or escalation from it (Camunda 7's
 * `POST /task/{id}/bpmnError` and `/bpmnEscalation`): the engine throws it from the task's
 * activity (engine.throwFromTask). Only the assignee may, as only the assignee may complete it.
 */
import type { Actor } from "../../../shared/http/actor.ts";
import { problems } from "../../../shared/http/problem.ts";
import { EngineError, throwFromTask } from "../engine/engine.service.ts";
import { findTask } from "./tasks.repo.ts";
import { isCandidate, mustBeOpen, toTask } from "./tasks.rules.ts";
import { loadTask } from "./tasks.service.ts";

export async function raiseFromTask(
  actor: Actor,
  { id, kind, code, variables }: {
    id: string;
    kind: "error" | "escalation";
    code: string;
    variables: Record<string, unknown>;
  },
) {
  const row = await loadTask(actor, { id, lock: true });
  mustBeOpen(row);
  if (!row.instanceId || !row.tokenId) {
    throw problems.unprocessable("Only a process task can throw a BPMN event.");
  }
  if (row.assignee !== actor.session.userId) {
    if (!row.assignee && isCandidate(row, actor.session)) {
      throw problems.conflict("Claim the task first.");
    }
    throw problems.forbidden("Only the task's assignee can do this.");
  }
  try {
    const { caughtBy } = await throwFromTask(actor, {
      task: { id, instanceId: row.instanceId, tokenId: row.tokenId },
      kind,
      code,
      variables,
    });
    return { caughtBy, task: toTask((await findTask(actor.sql, id))!) };
  } catch (err) {
    if (!(err instanceof EngineError)) throw err;
    if (err.status === 404) throw problems.notFound(err.message);
    if (err.status === 409) throw problems.conflict(err.message);
    throw problems.unprocessable(err.message);
  }
}
