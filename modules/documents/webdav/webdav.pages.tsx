import type { Hono } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { backOf } from "../../../shared/http/pages.ts";
import { readForm } from "../../../shared/http/form.ts";
import { breakLock } from "./webdav.locks.service.ts";

/** The file page's "Break lock" button (administrators; audited). */
export const mountLockPages = (app: Hono<AppEnv>) => {
  app.post(
    "/files/:id{[0-9a-f-]{36}}/unlock",
    requirePermission("documents.file.write"),
    async (c) => {
      const id = c.req.param("id");
      const back = backOf(await readForm(c), "/documents", `/documents/files?file=${id}`);
      await breakLock(actorOf(c), id);
      return c.redirect(back, 303);
    },
  );
};
