/**
 * /analytics/apps/{appId}/sheets/{sheetId}: one sheet's dashboard inside the app's frame (sheet
 * tabs), plus the fragments its script reloads: a widget's body under the active filters
 * (auto-refresh, live push) and the drill-down rows of a clicked point.
 */
import type { Hono } from "hono";
import { renderToString } from "preact-render-to-string";
import type { AppEnv } from "../../../shared/http/env.ts";
import { t } from "../../../shared/i18n/i18n.ts";
import { type Actor, actorOf } from "../../../shared/http/actor.ts";
import {
  type C,
  type Flash,
  one,
  problemFlash,
  readForm,
  type Status,
} from "../../../shared/http/pages.ts";
import { Problem, problems } from "../../../shared/http/problem.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { type Reader, ReaderContext } from "../../../ui/context.ts";
import { atLeast } from "../apps/access.rules.ts";
import { requireSheet } from "../apps/access.service.ts";
import { appFrame } from "../apps/apps.pages.tsx";
import { ShareButton } from "../sharing/sharing.view.tsx";
import { datasetCatalog } from "../query/query.datasets.lib.ts";
import {
  createWidget,
  eachWidget,
  keptWidgetData,
  listWidgets,
  loadWidget,
  removeWidget,
  widgetData,
  widgetRows,
} from "./widgets.service.ts";
import {
  CHART_TYPES,
  type ChartType,
  type Widget,
  type WidgetData,
  WidgetInput,
} from "./widgets.schemas.ts";
import { type Body, cellText, Dashboard, DrillRows, WidgetBody } from "./dashboard.view.tsx";
import { chartsReady } from "./widgets.charts.lib.ts";
import { type FilterState, filterState } from "./dashboard.filters.lib.ts";
import { cacheTtlOf, type CacheUse, keepResults, type NewEntry } from "../cache/cache.service.ts";
import { CacheDialog } from "../cache/cache.view.tsx";
import { newBuilderForm } from "./builder.pages.tsx";
import { BuilderDialog, EditDialog } from "./builder.view.tsx";
import { filterBarFor } from "../filters/filters.pages.tsx";

const SHEET_READ = "analytics.sheet.read";
const sheetPath = (appId: string, sheetId: string) => `/analytics/apps/${appId}/sheets/${sheetId}`;
const paramsOf = (c: C) => new URL(c.req.url).searchParams;
/** The reader of a fragment rendered here, as ui/render.tsx's html() sets it. */
const readerOf = (c: C): Reader => ({
  locale: c.var.locale ?? "en",
  timeZone: c.var.timeZone ?? "UTC",
  now: Date.now(),
});

function toBody(w: Widget, d: WidgetData): Body {
  if (w.chartType === "kpi") return { kind: "kpi", kpi: d.kpi, cache: d.cache };
  if (w.chartType === "table") {
    return { kind: "table", columns: d.columns, rows: d.rows, cache: d.cache };
  }
  return { kind: "chart", option: d.option, keys: d.keys, rows: d.rows, cache: d.cache };
}

async function bodyOf(
  actor: Actor,
  w: Widget,
  f: FilterState,
  locale: string,
  cache: CacheUse = {},
): Promise<Body> {
  try {
    return toBody(w, await widgetData(actor, { id: w.id, filters: f, locale, cache }));
  } catch (err) {
    // One broken widget (a dropped table column, an unreachable source) must not hide the rest.
    if (err instanceof Problem && err.status < 500) return { kind: "error", message: err.detail };
    throw err;
  }
}

async function dashboardPage(
  c: C,
  appId: string,
  sheetId: string,
  flash?: Flash,
  status: Status = 200,
) {
  const actor = actorOf(c);
  const { sheet, level } = await requireSheet(actor, { sheetId, level: "view" });
  if (sheet.appId !== appId) throw problems.notFound("No such sheet.");
  const f = filterState(paramsOf(c));
  const locale = c.var.locale;
  const { items } = await listWidgets(actor, sheetId);
  const { db, config } = c.var.platform;
  // Kept results first, in one lookup (modules/analytics/cache); only the rest is computed.
  const kept = await keptWidgetData(actor, { sheetId, widgets: items, filters: f, locale });
  // Those run in read-only transactions of their own: their new results are kept here after.
  const keep: NewEntry[] = [];
  const computed = await eachWidget(actor, {
    db,
    poolSize: config.DATABASE_POOL_SIZE,
    requestId: c.var.requestId,
    items: items.filter((w) => !kept.has(w.id)),
    work: async (widget, widgetActor) => ({
      widget,
      body: await bodyOf(widgetActor, widget, f, c.var.locale, { defer: keep }),
    }),
  });
  await keepResults(actor, keep);
  const widgets = items.map((widget) => {
    const d = kept.get(widget.id);
    return d ? { widget, body: toBody(widget, d) } : computed.find((x) => x.widget === widget)!;
  });
  const builder = atLeast(level, "edit") && (
    <>
      <BuilderDialog form={await newBuilderForm(c, { appId, sheetId })} />
      <EditDialog />
    </>
  );
  // The view draws each chart's first paint as it renders, with ECharts loaded by then.
  await chartsReady();
  return await appFrame(c, appId, {
    sheetId,
    flash,
    status,
    body: (
      <Dashboard
        sheetId={sheetId}
        sheetPath={sheetPath(appId, sheetId)}
        widgets={widgets}
        canEdit={atLeast(level, "edit")}
        refreshSeconds={sheet.refreshSeconds}
        f={f}
        datasets={datasetCatalog(c.var.locale)}
        builder={builder}
        savedFilters={await filterBarFor(c, {
          appId,
          sheetId,
          canEdit: atLeast(level, "edit"),
          f,
        })}
        share={atLeast(level, "manage") ? <ShareButton sheetId={sheetId} /> : undefined}
        cache={atLeast(level, "edit")
          ? (
            <CacheDialog
              action={`${sheetPath(appId, sheetId)}/cache`}
              back={sheetPath(appId, sheetId) + f.query()}
              ttlSeconds={await cacheTtlOf(actor, sheetId)}
            />
          )
          : undefined}
      />
    ),
  });
}

/** The add-widget form as a widget: the category is the group, the aggregate the value. */
function widgetFromForm(form: Record<string, string | string[]>): WidgetInput {
  const chartType = one(form.chartType) as ChartType;
  const category = one(form.category), bucket = one(form.bucket), fn = one(form.fn) || "count";
  const valueField = one(form.valueField);
  const grouped = category && chartType !== "kpi" && chartType !== "gauge";
  const input = {
    title: one(form.title),
    chartType: CHART_TYPES.includes(chartType) ? chartType : "bar",
    query: {
      source: { kind: "dataset", name: one(form.dataset) },
      ...(grouped
        ? { fields: [{ field: category, as: "category", ...(bucket ? { bucket } : {}) }] }
        : {}),
      aggregates: [{
        fn,
        as: "value",
        ...(valueField && fn !== "count" ? { field: valueField } : {}),
      }],
      ...(grouped
        ? { sort: [{ field: bucket ? "category" : "value", dir: bucket ? "asc" : "desc" }] }
        : {}),
      limit: 100,
    },
    options: chartType === "kpi" ? { trendField: "created_at", trendDays: 30 } : {},
    w: chartType === "kpi" || chartType === "gauge" ? 3 : 6,
    h: chartType === "kpi" ? 2 : 4,
  };
  const ds = datasetCatalog().find((d) => d.name === input.query.source.name);
  const has = (name: string) => ds?.fields.some((x) => x.name === name) ?? false;
  const errors = [
    ...(ds ? [] : [{ path: "dataset", message: "Choose a dataset." }]),
    ...(ds && grouped && !has(category)
      ? [{ path: "category", message: "Choose a field of the dataset." }]
      : []),
    ...(ds && valueField && fn !== "count" && !has(valueField)
      ? [{ path: "valueField", message: "Choose a field of the dataset." }]
      : []),
    ...(fn !== "count" && !valueField
      ? [{ path: "valueField", message: "Choose the field to aggregate." }]
      : []),
  ];
  // KPI trend needs a date field of that dataset; without created_at it shows the plain value.
  if (chartType === "kpi" && !has("created_at")) input.options = {};
  if (errors.length) throw problems.validation(errors);
  const parsed = WidgetInput.safeParse(input);
  if (!parsed.success) {
    throw problems.validation(
      parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })),
    );
  }
  return parsed.data;
}

export function mountDashboardPages(app: Hono<AppEnv>) {
  const read = requirePermission(SHEET_READ);
  app.get(
    "/apps/:appId/sheets/:sheetId",
    read,
    (c) => dashboardPage(c, c.req.param("appId"), c.req.param("sheetId")),
  );

  app.post("/apps/:appId/sheets/:sheetId/widgets", read, async (c) => {
    const { appId, sheetId } = c.req.param();
    try {
      await createWidget(actorOf(c), { sheetId, input: widgetFromForm(await readForm(c)) });
    } catch (err) {
      const { flash, status } = problemFlash(err);
      return await dashboardPage(c, appId, sheetId, flash, status);
    }
    return c.redirect(sheetPath(appId, sheetId) + filterState(paramsOf(c)).query(), 303);
  });

  app.post("/apps/:appId/sheets/:sheetId/widgets/:id/delete", read, async (c) => {
    const { appId, sheetId, id } = c.req.param();
    try {
      await removeWidget(actorOf(c), id);
    } catch (err) {
      const { flash, status } = problemFlash(err);
      return await dashboardPage(c, appId, sheetId, flash, status);
    }
    return c.redirect(sheetPath(appId, sheetId) + filterState(paramsOf(c)).query(), 303);
  });

  // A widget's body under the filters in the query string (refresh keeps them).
  app.get("/widgets/:id/body", read, async (c) => {
    const actor = actorOf(c);
    const { widget } = await loadWidget(actor, { id: c.req.param("id"), level: "view" });
    const f = filterState(paramsOf(c));
    const body = await bodyOf(actor, widget, f, c.var.locale, {
      refresh: c.req.query("refresh") === "1",
    });
    const width = Math.max(200, Number(c.req.query("width")) || widget.w * 100);
    const height = Math.max(120, Number(c.req.query("height")) || widget.h * 70 - 56);
    await chartsReady();
    return c.html(renderToString(
      <ReaderContext.Provider value={readerOf(c)}>
        <WidgetBody
          widget={widget}
          body={body}
          width={Math.min(width, 2000)}
          height={Math.min(height, 2000)}
        />
      </ReaderContext.Provider>,
    ));
  });

  // The rows behind a clicked point, with a link that adds the point to the sheet's filters.
  app.get("/widgets/:id/rows", read, async (c) => {
    const actor = actorOf(c);
    const f = filterState(paramsOf(c));
    const point = c.req.query("point") ?? undefined;
    const { widget, columns, rows, truncated } = await widgetRows(actor, {
      id: c.req.param("id"),
      query: { ...f, point },
      locale: c.var.locale,
    });
    const { sheet } = await requireSheet(actor, { sheetId: widget.sheetId, level: "view" });
    const field = widget.query.fields?.[0];
    const col = columns.find((x) => x.name === field?.field);
    const pointLabel = point === undefined
      ? widget.title
      : col
      ? cellText(c.var.locale, col, point) || t(c.var.locale, "analytics.dash.empty")
      : point;
    // Cross-filter by the clicked value (time buckets filter through the drill only).
    const filterHref = field && !field.bucket && point !== undefined
      ? sheetPath(sheet.appId, sheet.id) + f.withWhere([...f.where, `${field.field}:${point}`])
      : null;
    return c.html(renderToString(
      <ReaderContext.Provider value={readerOf(c)}>
        <DrillRows
          title={widget.title}
          columns={columns}
          rows={rows}
          truncated={truncated}
          filterHref={filterHref}
          pointLabel={pointLabel}
        />
      </ReaderContext.Provider>,
    ));
  });
}
