/**
 * /analytics/explore: analytic queries and raw rows over the built-in datasets and the tenant's
 * tables. The form is a GET form (htmx swaps #explore as people pick), so the URL holds the
 * query; results are read through the query door in the caller's tenant scope.
 */
import type { Hono } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { t } from "../../../shared/i18n/i18n.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { type C, type Flash, problemFlash } from "../../../shared/http/pages.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { page } from "../../../ui/kit.ts";
import type { QueryResult, ResultColumn } from "../query/query.types.schemas.ts";
import { datasetCatalog } from "../query/query.datasets.lib.ts";
import { runQuery } from "../query/query.service.ts";
import { readExplore, toQuery } from "./explore.form.lib.ts";
import { tenantTables } from "./explore.service.ts";
import { ExploreFormView, ResultView, type SourceOption } from "./explore.view.tsx";

async function explorePage(c: C) {
  const locale = c.var.locale;
  const form = readExplore(new URL(c.req.url).searchParams);
  const catalog = datasetCatalog(locale);
  const tables = await tenantTables(actorOf(c));
  const sources: SourceOption[] = [
    ...catalog.map((d) => ({
      value: `dataset:${d.name}`,
      label: d.label,
      group: "datasets" as const,
    })),
    ...tables.map((x) => ({ value: `table:${x.id}`, label: x.name, group: "tables" as const })),
  ];
  if (!sources.some((s) => s.value === form.source)) form.source = sources[0].value;
  const [kind, ref] = [form.source.split(":")[0], form.source.slice(form.source.indexOf(":") + 1)];
  const fields: ResultColumn[] = kind === "table"
    ? tables.find((x) => x.id === ref)?.fields ?? []
    : catalog.find((d) => d.name === ref)?.fields ?? [];
  // Picking another source drops choices that belong to the one before.
  const known = new Set(fields.map((f) => f.name));
  form.fields = form.fields.filter((f) => known.has(f));
  if (!known.has(form.aggField)) form.aggField = "";
  if (!known.has(form.filterField)) form.filterField = "";
  if (form.sort !== "summary" && !known.has(form.sort)) form.sort = "";

  let result: QueryResult | undefined;
  let flash: Flash | undefined;
  let status = 200;
  try {
    result = await runQuery(actorOf(c), {
      query: toQuery(form, new Map(fields.map((f) => [f.name, f]))),
      locale,
    });
  } catch (err) {
    ({ flash, status } = problemFlash(err));
  }
  return await page(
    c,
    t(c.var.locale, "analytics.explore.title"),
    <div id="explore" class="stack">
      <ExploreFormView form={form} sources={sources} fields={fields} />
      <ResultView result={result} flash={flash} />
    </div>,
    {
      status: status as 200,
      crumbs: [{ label: t(c.var.locale, "module.analytics"), href: "/analytics" }],
      description: t(c.var.locale, "analytics.explore.description"),
    },
  );
}

export function mountExplorePages(app: Hono<AppEnv>) {
  app.get("/explore", requirePermission("analytics.query.read"), (c) => explorePage(c));
}
