/**
 * The one way a task row comes to be, for process user tasks (the engine) and stand-alone tasks
 * (POST /tasks) alike, so standing delegations, history and notifications apply to both.
 */
import { uuidv7 } from "uuidv7";
import type { Actor } from "../../../shared/http/actor.ts";
import { fold } from "../../../shared/text/fold.ts";
import { publishWorkflow } from "../events.ts";
import { standingSubstitute } from "../delegations/delegations.standing.ts";
import { insertTaskEvent } from "./tasks.repo.ts";
import { tellAboutTask } from "./tasks.notify.ts";

export interface NewTask {
  instanceId?: string | null;
  tokenId?: string | null;
  definitionId?: string | null;
  elementId?: string | null;
  name: string;
  description?: string;
  assignee?: string | null;
  candidateUsers?: string[];
  candidateRoles?: string[];
  priority?: "dusuk" | "normal" | "yuksek" | "kritik";
  dueAt?: string | null;
  followUpAt?: string | null;
  formKey?: string | null;
  form?: unknown;
}

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
    ? await standingSubstitute(sql, intended, t.definitionId ?? null)
    : null;
  const assignee = substitute?.toUser ?? intended;
  const owner = substitute ? intended : null;
  await sql`
    insert into workflow_tasks (tenant_id, id, instance_id, token_id, definition_id, element_id,
      name, description, assignee, owner, candidate_users, candidate_roles, priority, due_at,
      follow_up_at, form_key, form, created_by, state, claimed_at, search)
    values (current_setting('app.tenant_id')::uuid, ${id}, ${t.instanceId ?? null},
      ${t.tokenId ?? null}, ${t.definitionId ?? null}, ${t.elementId ?? null}, ${t.name},
      ${t.description ?? ""}, ${assignee}, ${owner}, ${t.candidateUsers ?? []},
      ${t.candidateRoles ?? []}, ${t.priority ?? "normal"}, ${t.dueAt ?? null},
      ${t.followUpAt ?? null}, ${t.formKey ?? null}, ${t.form ? sql.json(t.form as never) : null},
      ${me}, ${assignee ? "claimed" : "created"}, ${assignee ? new Date() : null},
      ${fold(`${t.name} ${t.description ?? ""}`)})`;
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
    await tellAboutTask(sql, actor.bus, assignee, "assigned", { id, name: t.name });
  }
  await publishWorkflow(sql, "workflow.task.assigned", {
    taskId: id,
    name: t.name,
    assignee,
    instanceId: t.instanceId ?? null,
  });
  return { id };
}
