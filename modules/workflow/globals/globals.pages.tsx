/** /workflow/admin/variables: the tenant's global variables, created, edited and deleted here. */
import type { Hono } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import {
  type C,
  type Flash,
  one,
  problemFlash,
  readForm,
  redirectAfterPost,
} from "../../../shared/http/pages.ts";
import { problems } from "../../../shared/http/problem.ts";
import { hasPermission, requirePermission } from "../../../shared/rbac/permissions.ts";
import { page, Toast, tr } from "../../../ui/kit.ts";
import { GLOBALS_READ, GLOBALS_WRITE } from "./globals.routes.ts";
import { listGlobals, putGlobal, removeGlobal } from "./globals.service.ts";
import { parseFormValue } from "./globals.rules.ts";
import { GLOBAL_TYPES, type GlobalType } from "./globals.schemas.ts";
import { GlobalDialog, GlobalsTable } from "./globals.view.tsx";
import "./globals.messages.ts";

const BASE = "/workflow/admin/variables";

async function globalsPage(c: C, flash?: Flash, status = 200) {
  const t = tr(c);
  const canWrite = hasPermission(c.var.session.permissions, GLOBALS_WRITE);
  const { items } = await listGlobals(actorOf(c));
  return await page(
    c,
    t("page.globalVariables"),
    <>
      {flash && <Toast flash={flash} />}
      <GlobalsTable rows={items} canWrite={canWrite} />
    </>,
    {
      status: status as 200,
      crumbs: [{ label: t("module.workflow"), href: "/workflow" }],
      description: t("workflow.globals.description"),
      actions: canWrite ? <GlobalDialog /> : undefined,
    },
  );
}

export function mountGlobalsPages(app: Hono<AppEnv>) {
  app.get("/admin/variables", requirePermission(GLOBALS_READ), (c) => globalsPage(c));
  app.post("/admin/variables", requirePermission(GLOBALS_WRITE), async (c) => {
    try {
      const form = await readForm(c);
      const type = one(form.type) as GlobalType;
      if (!GLOBAL_TYPES.includes(type)) {
        throw problems.validation([{ path: "type", message: "Unknown type" }]);
      }
      const text = typeof form.value === "string" ? form.value : one(form.value);
      // An empty secret field keeps the stored secret (the form never shows it).
      const value = type === "secret" && text === "" ? undefined : parseFormValue(type, text);
      await putGlobal(actorOf(c), {
        name: one(form.name),
        input: {
          type,
          value,
          description: one(form.description).slice(0, 500),
        },
      });
    } catch (err) {
      const { flash, status } = problemFlash(err);
      return await globalsPage(c, flash, status);
    }
    return redirectAfterPost(c, BASE);
  });
  app.post("/admin/variables/:name/delete", requirePermission(GLOBALS_WRITE), async (c) => {
    try {
      await removeGlobal(actorOf(c), c.req.param("name"));
    } catch (err) {
      const { flash, status } = problemFlash(err);
      return await globalsPage(c, flash, status);
    }
    return redirectAfterPost(c, BASE);
  });
}
