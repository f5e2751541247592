/**
 * The saved filters' page actions under /analytics/apps/{appId}/sheets/{sheetId}: the filter
 * bar remembers the user's values (htmx swaps the bar, pushes the address with the values and
 * asks the dashboard to reload its widgets), "reset to defaults", and the editors' dialog
 * forms (add, change, remove a filter). filterBarFor draws the bar on the dashboard page.
 */
import type { Hono } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import {
  type C,
  type Form,
  isHtmx,
  one,
  problemFlash,
  readForm,
  redirectAfterPost,
} from "../../../shared/http/pages.ts";
import { problems } from "../../../shared/http/problem.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { html } from "../../../ui/kit.ts";
import { SHEET_READ } from "../apps/access.rules.ts";
import { requireSheet } from "../apps/access.service.ts";
import { datasetCatalog } from "../query/query.datasets.lib.ts";
import type { FilterState } from "../dashboard/dashboard.filters.lib.ts";
import { filterBarOf, filtersAndWidgets, rememberValues, resetValues } from "./filters.service.ts";
import { createFilter, listFilters, patchFilter, removeFilter } from "./definitions.service.ts";
import { encodeValues, valueFromFields } from "./filters.rules.ts";
import {
  type FilterKind,
  type FilterValue,
  type SheetFilter,
  SheetFilterInput,
} from "./filters.schemas.ts";
import { FilterBar, SheetFilters } from "./filters.view.tsx";
import { FilterForm } from "./editor.view.tsx";

const sheetPath = (appId: string, sheetId: string) => `/analytics/apps/${appId}/sheets/${sheetId}`;
/** The dashboard's own filters (dateField, from, to, where) of the address, without `sf`. */
const keepOf = (c: C) => {
  const q = new URLSearchParams(new URL(c.req.url).search);
  q.delete("sf");
  const s = q.toString();
  return s ? `?${s}` : "";
};
const withValues = (keep: string, values: Record<string, FilterValue | null>) => {
  const q = new URLSearchParams(keep);
  for (const s of encodeValues(values)) q.append("sf", s);
  const s = q.toString();
  return s ? `?${s}` : "";
};

/** The sheet of this app, at least at `level` (404 for another app's sheet). */
async function sheetIn(c: C, level: "view" | "edit") {
  const { appId, sheetId } = c.req.param() as { appId: string; sheetId: string };
  const found = await requireSheet(actorOf(c), { sheetId, level });
  if (found.sheet.appId !== appId) throw problems.notFound("No such sheet.");
  return { appId, sheetId, path: sheetPath(appId, sheetId), ...found };
}

/** The bar's controls as values, one per filter of the sheet (null: no value). */
function barValues(form: Form, filters: SheetFilter[]) {
  const values: Record<string, FilterValue | null> = {};
  for (const f of filters) {
    values[f.id] = valueFromFields(f.kind, (name) => {
      const v = form[`${name}.${f.id}`];
      return (Array.isArray(v) ? v : v === undefined ? [] : [v]).map(String);
    });
  }
  return values;
}

/** The dashboard page's filter bar and tools (null when there is nothing to show). */
export async function filterBarFor(
  c: C,
  { appId, sheetId, canEdit, f }: {
    appId: string;
    sheetId: string;
    canEdit: boolean;
    f: FilterState;
  },
) {
  const actor = actorOf(c);
  const bar = await filterBarOf(actor, { sheetId, sf: f.sf, locale: c.var.locale });
  if (!bar.filters.length && !canEdit) return null;
  const clean = cleanQuery(f.query());
  return (
    <SheetFilters
      sheetPath={sheetPath(appId, sheetId)}
      filters={bar.filters}
      values={bar.values}
      choices={bar.choices}
      keep={clean}
      query={withValues(clean, bar.values)}
      canEdit={canEdit}
      widgets={bar.widgets}
      datasets={datasetCatalog(c.var.locale)}
    />
  );
}

/** "?a=1&&b=2&" → "?a=1&b=2" after `sf` entries were cut out. */
function cleanQuery(q: string) {
  const p = new URLSearchParams(q);
  p.delete("sf");
  const s = p.toString();
  return s ? `?${s}` : "";
}

/** After a change of values: the bar again, the address with the values, widgets reload. */
async function barAnswer(
  c: C,
  s: { appId: string; sheetId: string; path: string },
  given: Record<string, FilterValue | null>,
) {
  const keep = keepOf(c);
  const query = withValues(keep, given);
  if (!isHtmx(c)) return c.redirect(s.path + query, 303);
  const bar = await filterBarOf(actorOf(c), {
    sheetId: s.sheetId,
    sf: encodeValues(given),
    locale: c.var.locale,
  });
  c.header("HX-Push-Url", s.path + query);
  c.header("HX-Trigger-After-Settle", "sheet-filters-changed");
  return html(
    c,
    <FilterBar
      sheetPath={s.path}
      filters={bar.filters}
      values={bar.values}
      choices={bar.choices}
      keep={keep}
      query={query}
    />,
  );
}

/**
 * The editors' form as a filter: kind, label, default of that kind, and `map.<widgetId>`
 * fields (the service checks that each widget is on the sheet).
 */
function filterFromForm(form: Form) {
  const widgetIds = Object.keys(form).filter((k) => k.startsWith("map.")).map((k) => k.slice(4));
  const kind = one(form.kind) as FilterKind;
  const defaultValue = valueFromFields(kind, (name) => {
    const raw = one(form[`d.${name}`]);
    return name === "v" ? raw.split(",") : [raw];
  });
  const mappings = widgetIds.flatMap((widgetId) => {
    const field = one(form[`map.${widgetId}`]);
    return field ? [{ widgetId, field }] : [];
  });
  const parsed = SheetFilterInput.safeParse({
    label: one(form.label),
    kind,
    defaultValue,
    required: one(form.required) === "1",
    mappings,
  });
  if (!parsed.success) {
    throw problems.validation(
      parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })),
    );
  }
  return parsed.data;
}

/** Runs an editor's form; a failure answers 4xx with the form and its message. */
async function editorAction(
  c: C,
  run: (form: Form, s: Awaited<ReturnType<typeof sheetIn>>) => Promise<unknown>,
  filterId?: string,
) {
  const s = await sheetIn(c, "edit");
  const form = await readForm(c);
  try {
    await run(form, s);
  } catch (err) {
    const { flash, status } = problemFlash(err);
    const bar = await filtersAndWidgets(actorOf(c), s.sheetId);
    const filter = bar.filters.find((x) => x.id === filterId);
    return html(
      c,
      <FilterForm
        action={c.req.path}
        filter={filter}
        widgets={bar.widgets}
        datasets={datasetCatalog(c.var.locale)}
        flash={flash}
      />,
      status,
    );
  }
  return redirectAfterPost(c, s.path + keepOf(c));
}

export function mountFilterPages(app: Hono<AppEnv>) {
  const read = requirePermission(SHEET_READ);
  const base = "/apps/:appId/sheets/:sheetId";

  app.post(`${base}/filter-values`, read, async (c) => {
    const s = await sheetIn(c, "view");
    const { items } = await listFilters(actorOf(c), s.sheetId);
    const values = barValues(await readForm(c), items);
    await rememberValues(actorOf(c), { sheetId: s.sheetId, values });
    return await barAnswer(c, s, values);
  });

  app.post(`${base}/filter-values/reset`, read, async (c) => {
    const s = await sheetIn(c, "view");
    const { values } = await resetValues(actorOf(c), s.sheetId);
    return await barAnswer(c, s, values);
  });

  app.post(`${base}/filters`, read, (c) =>
    editorAction(c, async (form, s) => {
      await createFilter(actorOf(c), { sheetId: s.sheetId, input: filterFromForm(form) });
    }));

  app.post(`${base}/filters/:filterId`, read, (c) =>
    editorAction(c, async (form, s) => {
      await patchFilter(actorOf(c), {
        sheetId: s.sheetId,
        filterId: c.req.param("filterId"),
        patch: filterFromForm(form),
      });
    }, c.req.param("filterId")));

  app.post(`${base}/filters/:filterId/delete`, read, (c) =>
    editorAction(c, async (_form, s) => {
      await removeFilter(actorOf(c), { sheetId: s.sheetId, filterId: c.req.param("filterId") });
    }, c.req.param("filterId")));
}
