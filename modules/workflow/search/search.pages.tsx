import "../instances/instances.messages.ts";
import type { Hono } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import type { C } from "../../../shared/http/pages.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { fold } from "../../../shared/text/fold.ts";
import { page, tr } from "../../../ui/kit.ts";
import { MIN_QUERY, searchWorkflowAll } from "./search.service.ts";
import { WorkflowSearch } from "./search.view.tsx";

async function searchPage(c: C) {
  const t = tr(c);
  const q = (c.req.query("q") ?? "").slice(0, 200);
  const found = fold(q).length >= MIN_QUERY ? await searchWorkflowAll(actorOf(c), q, 25) : null;
  return await page(c, t("page.search"), <WorkflowSearch l={c.var.locale} v={{ q, found }} />, {
    crumbs: [{ label: t("module.workflow"), href: "/workflow" }],
    description: t("wfi.search.description"),
  });
}

/** /workflow/search. */
export function mountSearchPages(app: Hono<AppEnv>) {
  app.get("/search", requirePermission("workflow.process.read"), searchPage);
}
