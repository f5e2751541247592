import type { HomeCard } from "../../../shared/modules.ts";
import type { C } from "../../../shared/http/pages.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { hasPermission } from "../../../shared/rbac/permissions.ts";
import { listTasks } from "../tasks/tasks.service.ts";
import { MyTasksDueCard } from "./home.view.tsx";

const SHOWN = 8;

/**
 * The module's cards on the home page: "My tasks due" (assigned to the reader, open, soonest
 * due first), only for readers of tasks and only when there is something to do.
 */
export async function projectsHome(c: C): Promise<HomeCard[]> {
  if (!hasPermission(c.var.session.permissions, "projects.task.read")) return [];
  const mine = await listTasks(actorOf(c), {
    assigneeId: "me",
    done: "false",
    sort: "due",
    limit: SHOWN,
  });
  if (mine.items.length === 0) return [];
  return [{
    order: 30,
    node: <MyTasksDueCard tasks={mine.items} />,
  }];
}
