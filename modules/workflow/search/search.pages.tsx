import "../instances/instances.messages.ts";
import type { Hono } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import type { C } from "../../../shared/http/pages.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { fold } from "../../../shared/text/fold.ts";
import { page, tr } from "../../../ui/kit.ts";
import { searchChoices, searchWorkflowAll } from "./search.service.ts";
import { isSearchable, searchCriteria } from "./search.rules.ts";
import { WorkflowSearch } from "./search.view.tsx";

async function searchPage(c: C) {
  const t = tr(c);
  const criteria = searchCriteria(c.req.query());
  const actor = actorOf(c);
  const found = isSearchable(criteria, fold(criteria.q))
    ? await searchWorkflowAll(actor, { c: criteria, limit: 25 })
    : null;
  const choices = await searchChoices(actor);
  return await page(
    c,
    t("page.search"),
    <WorkflowSearch v={{ criteria, found, ...choices }} />,
    {
      crumbs: [{ label: t("module.workflow"), href: "/workflow" }],
      description: t("wfi.search.description"),
    },
  );
}

/** /workflow/search. */
export function mountSearchPages(app: Hono<AppEnv>) {
  app.get("/search", requirePermission("workflow.process.read"), searchPage);
}
