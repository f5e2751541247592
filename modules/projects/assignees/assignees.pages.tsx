import { Hono } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { one, pathId, readForm, redirectAfterPost } from "../../../shared/http/pages.ts";
import { problems } from "../../../shared/http/problem.ts";
import { changeWatcher } from "./assignees.service.ts";

const WRITE = requirePermission("projects.task.write");

const watcherPages = new Hono<AppEnv>()
  .post("/:id/watchers", WRITE, async (c) => {
    const id = pathId(c);
    const userId = one((await readForm(c)).userId);
    if (!/^[0-9a-f-]{36}$/i.test(userId)) {
      throw problems.validation([{ path: "userId", message: "Required" }]);
    }
    await changeWatcher(actorOf(c), { taskId: id, userId, watch: true });
    return redirectAfterPost(c, `/projects/tasks/${id}#watchers`);
  })
  .post("/:id/watchers/:userId/delete", WRITE, async (c) => {
    const id = pathId(c);
    await changeWatcher(actorOf(c), { taskId: id, userId: pathId(c, "userId"), watch: false });
    return redirectAfterPost(c, `/projects/tasks/${id}#watchers`);
  });

/** The task page's watcher forms at /projects/tasks/:id/watchers (before the task pages). */
export function mountAssigneePages(app: Hono<AppEnv>) {
  app.route("/tasks", watcherPages);
}
