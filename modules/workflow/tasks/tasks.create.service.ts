/**
 * The one way a task row comes to be, for process user tasks (the engine) and stand-alone tasks
 * (POST /tasks) alike, so standing delegations, history and notifications apply to both.
 */
import { uuidv7 } from "uuidv7";
import type { Actor } from "../../../shared/http/actor.ts";
import { fold } from "../../../shared/text/fold.ts";
import { publishWorkflow } from "../events.ts";
import { standingSubstitute } from "../delegations/delegations.standing.service.ts";
import { insertTaskEvent, insertTaskRow } from "./tasks.repo.ts";
import type { NewTask } from "./tasks.schemas.ts";

export type { NewTask } from "./tasks.schemas.ts";
import { tellAboutTask } from "./tasks.notify.service.ts";

/**
 * Inserts the task (in actor.sql's transaction); returns its id. The caller resolves assignee
 * and candidates; a standing delegation of the assignee (absence) routes the task to the
 * substitute, who works it on the assignee's behalf (owner = the original assignee).
 */
export async function insertTask(actor: Actor, t: NewTask): Promise<{ id: string }> {
  const { sql } = actor;
  const id = uuidv7();
  const me = actor.session.userId;
  const intended = t.assignee ?? null;
  const substitute = intended
    ? await standingSubstitute(actor, { userId: intended, definitionId: t.definitionId ?? null })
    : null;
  const assignee = substitute?.toUser ?? intended;
  const owner = substitute ? intended : null;
  await insertTaskRow(sql, {
    id,
    task: t,
    assignee,
    owner,
    createdBy: me,
    search: fold(`${t.name} ${t.description ?? ""}`),
  });
  await insertTaskEvent(sql, { taskId: id, event: "created", actor: me });
  if (!assignee) return { id };
  if (substitute) {
    await insertTaskEvent(sql, {
      taskId: id,
      event: "substituted",
      actor: me,
      fromUser: intended,
      toUser: assignee,
      data: { delegationId: substitute.id },
    });
  } else {
    await insertTaskEvent(sql, { taskId: id, event: "assigned", actor: me, toUser: assignee });
  }
  if (assignee !== me) {
    await tellAboutTask(actor, { userId: assignee, kind: "assigned", task: { id, name: t.name } });
  }
  await publishWorkflow(sql, "workflow.task.assigned", {
    taskId: id,
    name: t.name,
    assignee,
    instanceId: t.instanceId ?? null,
  });
  return { id };
}
