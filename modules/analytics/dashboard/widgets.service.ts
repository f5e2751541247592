/**
 * Widgets of a sheet: created, changed, placed and deleted by the app's editors, read and run
 * by its viewers. Queries run through the query door in the caller's scope, so RLS applies.
 */
import type { Database } from "../../../shared/db/database.ts";
import type { Actor } from "../../../shared/http/actor.ts";
import { problems } from "../../../shared/http/problem.ts";
import { recordActivity } from "../../../platform/activity/public.ts";
import { isUuid } from "../apps/access.rules.ts";
import { requireSheet } from "../apps/access.service.ts";
import type { AnalyticsQuery } from "../query/query.types.schemas.ts";
import { datasetCatalog } from "../query/query.datasets.lib.ts";
import { runQuery } from "../query/query.service.ts";
import {
  deleteWidget,
  insertWidget,
  saveLayout,
  selectWidget,
  selectWidgets,
  updateWidget,
} from "./widgets.repo.ts";
import { mapWidgets } from "./widgets.concurrent.repo.ts";
import {
  change,
  drillQuery,
  kpiPeriods,
  mapping,
  nextY,
  sheetFilters,
  toNumber,
  withFilters,
} from "./widgets.rules.ts";
import { categoryKeys, chartOption } from "./widgets.charts.lib.ts";
import {
  givenFromAddress,
  savedWidgetFilters,
  sheetFilterValues,
} from "../filters/filters.service.ts";
import { type CacheUse, keptResults, NOT_CACHED, throughCache } from "../cache/cache.service.ts";
import type {
  FilterQuery,
  LayoutInput,
  RowsQuery,
  Widget,
  WidgetData,
  WidgetInput,
  WidgetPatch,
} from "./widgets.schemas.ts";

const audit = (actor: Actor, w: Widget, action: string, summary: string) =>
  recordActivity(actor, {
    module: "analytics",
    entityType: "widget",
    entityId: w.id,
    action,
    summary,
  });

function mustFit(x: number, w: number) {
  if (x + w > 12) {
    throw problems.validation([{ path: "w", message: "The widget must fit in 12 columns." }]);
  }
}

/**
 * Work on each of a sheet's widgets at the same time (widgets.concurrent.repo.ts): each item
 * gets the caller as actor, with its own short read-only transaction where the pool allows.
 */
export async function eachWidget<T, R>(
  actor: Actor,
  input: {
    db: Database;
    poolSize: number;
    requestId?: string;
    items: T[];
    work: (item: T, actor: Actor) => Promise<R>;
  },
): Promise<R[]> {
  const { db, poolSize, requestId, items, work } = input;
  return await mapWidgets(
    { db, poolSize, session: actor.session, requestId, sql: actor.sql },
    items,
    (item, sql) => work(item, { ...actor, sql }),
  );
}

export async function listWidgets(actor: Actor, sheetId: string) {
  await requireSheet(actor, { sheetId, level: "view" });
  return { items: await selectWidgets(actor.sql, sheetId) };
}

export async function createWidget(
  actor: Actor,
  { sheetId, input }: { sheetId: string; input: WidgetInput },
) {
  await requireSheet(actor, { sheetId, level: "edit" });
  const x = input.x ?? 0;
  mustFit(x, input.w);
  const y = input.y ?? nextY(await selectWidgets(actor.sql, sheetId));
  const w = await insertWidget(actor.sql, sheetId, { ...input, x, y });
  await audit(actor, w, "created", `Added the widget ${w.title}`);
  return w;
}

/** The widget and the caller's level on its app (404 when its app is not shared). */
export async function loadWidget(
  actor: Actor,
  { id, level }: { id: string; level: "view" | "edit" },
) {
  const widget = isUuid(id) ? await selectWidget(actor.sql, id) : null;
  if (!widget) throw problems.notFound("No such widget.");
  try {
    const found = await requireSheet(actor, { sheetId: widget.sheetId, level });
    return { widget, ...found };
  } catch (err) {
    if ((err as { status?: number }).status === 404) throw problems.notFound("No such widget.");
    throw err;
  }
}

export async function patchWidget(
  actor: Actor,
  { id, patch }: { id: string; patch: WidgetPatch },
) {
  const { widget } = await loadWidget(actor, { id, level: "edit" });
  mustFit(patch.x ?? widget.x, patch.w ?? widget.w);
  const after = await updateWidget(actor.sql, id, patch);
  await audit(actor, after, "updated", `Changed the widget ${after.title}`);
  return after;
}

export async function removeWidget(actor: Actor, id: string) {
  const { widget } = await loadWidget(actor, { id, level: "edit" });
  await deleteWidget(actor.sql, id);
  await audit(actor, widget, "deleted", `Removed the widget ${widget.title}`);
}

/** PUT layout: every listed widget must be on the sheet; all are placed or none. */
export async function putLayout(
  actor: Actor,
  { sheetId, layout: input }: { sheetId: string; layout: LayoutInput },
) {
  await requireSheet(actor, { sheetId, level: "edit" });
  const mine = new Set((await selectWidgets(actor.sql, sheetId)).map((w) => w.id));
  const errors = input.items.flatMap((it, i) => [
    ...(mine.has(it.id) ? [] : [{ path: `items.${i}.id`, message: "Not a widget of this sheet" }]),
    ...(it.x + it.w > 12 ? [{ path: `items.${i}.w`, message: "Must fit in 12 columns" }] : []),
  ]);
  if (errors.length) throw problems.validation(errors);
  await saveLayout(actor.sql, sheetId, input.items);
  return { items: await selectWidgets(actor.sql, sheetId) };
}

/** The fields a dataset source has (undefined for tables and external sources). */
function knownFields(query: AnalyticsQuery, locale: string): Set<string> | undefined {
  if (query.source.kind !== "dataset") return undefined;
  const name = query.source.name;
  const ds = datasetCatalog(locale).find((d) => d.name === name);
  return ds ? new Set(ds.fields.map((f) => f.name)) : undefined;
}

/**
 * Runs the widget's query under the sheet's filters and builds what the page draws; with
 * `cache`, through the sheet's result cache (modules/analytics/cache), else always computed.
 */
export async function widgetData(
  actor: Actor,
  { id, filters, locale = "en", cache }: {
    id: string;
    filters: FilterQuery;
    locale?: string;
    cache?: CacheUse;
  },
): Promise<WidgetData & { widget: Widget }> {
  const { widget } = await loadWidget(actor, { id, level: "view" });
  const query = widget.query as AnalyticsQuery;
  const extra = [
    ...sheetFilters(filters, knownFields(query, locale)),
    ...await savedWidgetFilters(actor, widget, filters.sf),
  ];
  const compute = () => computeData(actor, widget, extra, locale);
  if (!cache) return { widget, ...await compute(), cache: NOT_CACHED };
  const { value, cache: meta } = await throughCache(actor, {
    sheetId: widget.sheetId,
    query: withFilters(query, extra),
    chartType: widget.chartType,
    options: widget.options,
    locale,
    use: cache,
  }, compute);
  return { widget, ...value, cache: meta };
}

/**
 * The page's fast path: the kept results of a sheet's widgets (already listed under the
 * caller's view access) in one lookup, before any is computed. Widgets absent from the map
 * go through widgetData as before.
 */
export async function keptWidgetData(
  actor: Actor,
  { sheetId, widgets, filters, locale = "en" }: {
    sheetId: string;
    widgets: Widget[];
    filters: FilterQuery;
    locale?: string;
  },
): Promise<Map<string, WidgetData>> {
  if (!widgets.length) return new Map();
  const saved = await sheetFilterValues(actor, sheetId, givenFromAddress(filters.sf));
  const kept = await keptResults<Omit<WidgetData, "cache">>(actor, {
    sheetId,
    items: widgets.map((w) => ({
      id: w.id,
      query: withFilters(w.query as AnalyticsQuery, [
        ...sheetFilters(filters, knownFields(w.query as AnalyticsQuery, locale)),
        ...saved.widgets[w.id] ?? [],
      ]),
      chartType: w.chartType,
      options: w.options,
      locale,
    })),
  });
  return new Map([...kept].map(([id, { value, cache }]) => [id, { ...value, cache }]));
}

/** What the page draws from the widget's query under the filters `extra`. */
async function computeData(
  actor: Actor,
  widget: Widget,
  extra: ReturnType<typeof sheetFilters>,
  locale: string,
): Promise<Omit<WidgetData, "cache">> {
  const query = widget.query as AnalyticsQuery;
  const m = mapping(widget);
  if (widget.chartType === "kpi") {
    const { trendField, trendDays } = widget.options;
    const now = await runQuery(actor, { query: withFilters(query, extra), locale });
    let previous: number | null = null;
    let value = toNumber(now.rows[0]?.[m.value ?? ""]);
    if (trendField) {
      const p = kpiPeriods(trendField, trendDays ?? 30);
      const cur = await runQuery(actor, {
        query: withFilters(query, [...extra, ...p.current]),
        locale,
      });
      const prev = await runQuery(actor, {
        query: withFilters(query, [...extra, ...p.previous]),
        locale,
      });
      value = toNumber(cur.rows[0]?.[m.value ?? ""]) ?? 0;
      previous = toNumber(prev.rows[0]?.[m.value ?? ""]) ?? 0;
    }
    return {
      ...now,
      option: null,
      keys: [],
      kpi: { value, previous, change: change(value, previous) },
    };
  }
  const result = await runQuery(actor, { query: withFilters(query, extra), locale });
  return {
    ...result,
    option: chartOption(widget.chartType, result, m, widget.options),
    keys: categoryKeys(result, m),
    kpi: null,
  };
}

/** The rows behind a clicked point (no aggregates), under the sheet's filters. */
export async function widgetRows(
  actor: Actor,
  { id, query: q, locale = "en" }: { id: string; query: RowsQuery; locale?: string },
) {
  const { widget } = await loadWidget(actor, { id, level: "view" });
  const query = widget.query as AnalyticsQuery;
  const extra = [
    ...sheetFilters(q, knownFields(query, locale)),
    ...await savedWidgetFilters(actor, widget, q.sf),
  ];
  const result = await runQuery(actor, { query: drillQuery(query, extra, q), locale });
  return { widget, ...result };
}

/** Everything the widget shows, for CSV (its own rows, not the drill-down). */
export async function widgetExport(
  actor: Actor,
  { id, filters: f, locale = "en" }: { id: string; filters: FilterQuery; locale?: string },
) {
  const { widget } = await loadWidget(actor, { id, level: "view" });
  const query = widget.query as AnalyticsQuery;
  const result = await runQuery(actor, {
    query: withFilters(query, [
      ...sheetFilters(f, knownFields(query, locale)),
      ...await savedWidgetFilters(actor, widget, f.sf),
    ]),
    locale,
  });
  return { widget, ...result };
}
