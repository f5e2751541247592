/**
 * The one way a task row comes to be, for process user tasks (the engine) and stand-alone tasks
 * (POST /tasks) alike, so standing delegations, history and notifications apply to both.
 */
import { uuidv7 } from "uuidv7";
import type { Actor } from "../../../shared/http/actor.ts";

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

/** Inserts the task (in actor.sql's transaction); returns its id. */
export async function insertTask(actor: Actor, t: NewTask): Promise<{ id: string }> {
  const id = uuidv7();
  await actor.sql`
    insert into workflow_tasks (tenant_id, id, instance_id, token_id, definition_id, element_id,
      name, description, assignee, candidate_users, candidate_roles, priority, due_at,
      follow_up_at, form_key, form, created_by, state)
    values (current_setting('app.tenant_id')::uuid, ${id}, ${t.instanceId ?? null},
      ${t.tokenId ?? null}, ${t.definitionId ?? null}, ${t.elementId ?? null}, ${t.name},
      ${t.description ?? ""}, ${t.assignee ?? null}, ${t.candidateUsers ?? []},
      ${t.candidateRoles ?? []}, ${t.priority ?? "normal"}, ${t.dueAt ?? null},
      ${t.followUpAt ?? null}, ${t.formKey ?? null}, ${
    t.form ? actor.sql.json(t.form as never) : null
  },
      ${actor.session.userId}, ${t.assignee ? "claimed" : "created"})`;
  return { id };
}
