import type { Actor } from "../../../shared/http/actor.ts";
import { problems } from "../../../shared/http/problem.ts";
import { requireProjectRole } from "../access/access.service.ts";
import { getTask } from "../tasks/tasks.service.ts";
import {
  deleteWatcher,
  insertWatcher,
  projectMembersAmong,
  selectWatchers,
} from "./assignees.repo.ts";

/** The task's watchers (anyone who may read the task sees them). */
export async function listWatchers(actor: Actor, taskId: string) {
  const { task } = await getTask(actor, taskId);
  return { items: await selectWatchers(actor.sql, task.id) };
}

/**
 * Members and managers add or remove a project member as a watcher (watching oneself is the
 * task's own watch switch, open to viewers too).
 */
export async function changeWatcher(
  actor: Actor,
  { taskId, userId, watch }: { taskId: string; userId: string; watch: boolean },
) {
  const { sql, session } = actor;
  const { task } = await getTask(actor, taskId);
  await requireProjectRole({ sql, session }, { projectId: task.projectId, needed: "member" });
  if (watch) {
    if (!(await projectMembersAmong(sql, task.projectId, [userId])).length) {
      throw problems.unprocessable("A watcher must be a member of the project.");
    }
    await insertWatcher(sql, task.id, userId);
  } else {
    await deleteWatcher(sql, task.id, userId);
  }
  const items = await selectWatchers(sql, task.id);
  return { items };
}
