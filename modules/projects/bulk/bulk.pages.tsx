import { Hono } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { Problem } from "../../../shared/http/problem.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { t } from "../../../shared/i18n/i18n.ts";
import { html, page, Toast } from "../../../ui/kit.ts";
import {
  backOf,
  isHtmx,
  many,
  one,
  readForm,
  redirectAfterPost,
} from "../../../shared/http/pages.ts";
import { uploadOf } from "../attachments/attachments.lib.ts";
import { bulkChange } from "./bulk.service.ts";
import { BulkBody } from "./bulk.schemas.ts";

const WRITE = requirePermission("projects.task.write");

/** The bar's form as the API's bulk body. */
function bodyOf(f: Record<string, string | string[]>) {
  const set: Record<string, unknown> = {};
  if (one(f.statusId)) set.statusId = one(f.statusId);
  if (one(f.priority)) set.priority = one(f.priority);
  if (one(f.addAssignee)) set.addAssignee = one(f.addAssignee);
  if (one(f.addLabel)) set.addLabels = [one(f.addLabel)];
  if (one(f.removeLabel)) set.removeLabels = [one(f.removeLabel)];
  if (one(f.dueDate)) set.dueDate = one(f.dueDate);
  return one(f.action) === "delete"
    ? { taskIds: many(f.taskIds), delete: true }
    : { taskIds: many(f.taskIds), set };
}

const bulkPages = new Hono<AppEnv>()
  .post("/bulk", WRITE, async (c) => {
    const l = c.var.locale;
    const f = await readForm(c);
    const back = backOf(f, "/projects", "/projects/tasks");
    const ids = many(f.taskIds);
    const parsed = BulkBody.safeParse(bodyOf(f));
    let text: string;
    let status: 400 | 403 | 404 | 409 | 422;
    try {
      if (!ids.length) {
        throw new Problem(400, "validation", "Bad Request", t(l, "projects.bulk.none"));
      }
      if (!parsed.success) {
        throw new Problem(400, "validation", "Bad Request", t(l, "projects.bulk.nothing"));
      }
      await bulkChange(actorOf(c), { body: parsed.data, upload: uploadOf(c) });
      return redirectAfterPost(c, back);
    } catch (e) {
      if (!(e instanceof Problem) || e.status >= 500) throw e;
      text = e.detail ?? e.title;
      status = e.status as 422;
    }
    const flash = { kind: "error" as const, text };
    if (isHtmx(c)) return html(c, <Toast flash={flash} />, status);
    return page(c, t(l, "projects.bulk.title"), <Toast flash={flash} />, { status: status });
  });

/** The bulk bar's action at /projects/tasks/bulk (before the task pages). */
export function mountBulkPages(app: Hono<AppEnv>) {
  app.route("/tasks", bulkPages);
}
