/**
 * Dashboard filters saved with a sheet: defined and mapped to widgets by the app's editors,
 * used by its viewers, whose last values are remembered per user and sheet. The public door
 * for everything that draws a sheet (widget data, subscriptions, public pages) is
 * sheetFilterValues: the values in effect and, per widget, the query filters they add.
 */
import type { Actor } from "../../../shared/http/actor.ts";
import { problems } from "../../../shared/http/problem.ts";
import { requireSheet } from "../apps/access.service.ts";
import type { AnalyticsQuery } from "../query/query.types.schemas.ts";
import { runQuery } from "../query/query.service.ts";
import { selectWidgets } from "../dashboard/widgets.repo.ts";
import { cellText } from "../dashboard/dashboard.cells.lib.ts";
import type { Widget } from "../dashboard/widgets.schemas.ts";
import {
  deleteUserValues,
  selectFilters,
  selectUserValues,
  upsertUserValues,
} from "./filters.repo.ts";
import { decodeValues, effectiveValues, queryFilters, valueProblems } from "./filters.rules.ts";
import type { FilterValue, FilterValues, SheetFilter } from "./filters.schemas.ts";
import { filterOf } from "./definitions.service.ts";

type QueryFilter = NonNullable<AnalyticsQuery["filters"]>[number];
type Values = Record<string, FilterValue | null>;

const today = () => new Date().toISOString().slice(0, 10);

/** What a sheet's saved filters do now: the values in effect and each widget's query filters. */
export interface EffectiveFilters {
  filters: SheetFilter[];
  /** filterId → the value in effect (null: the filter is not narrowing anything). */
  values: Values;
  /** widgetId → the query filters the mapped saved filters add (unmapped widgets: absent). */
  widgets: Record<string, QueryFilter[]>;
}

function perWidget(filters: SheetFilter[], values: Values, day: string) {
  const widgets: Record<string, QueryFilter[]> = {};
  for (const f of filters) {
    const v = values[f.id];
    if (!v) continue;
    for (const m of f.mappings) {
      (widgets[m.widgetId] ??= []).push(...queryFilters(m.field, v, day));
    }
  }
  return widgets;
}

async function effective(actor: Actor, sheetId: string, given: Values | undefined) {
  const filters = await selectFilters(actor.sql, sheetId);
  if (!filters.length) return { filters, values: {}, widgets: {} };
  const remembered = await selectUserValues(actor.sql, sheetId, actor.session.userId);
  const values = effectiveValues(filters, remembered, given);
  return { filters, values, widgets: perWidget(filters, values, today()) };
}

/**
 * The sheet's saved filters in effect for the caller (view access): `given` values (from the
 * address, a subscription or an embed token; null clears one) win over the caller's last
 * values, which win over the defaults. Signature kept stable for other helpers.
 */
export async function sheetFilterValues(
  actor: Actor,
  sheetId: string,
  given?: Record<string, FilterValue | null>,
): Promise<EffectiveFilters> {
  await requireSheet(actor, { sheetId, level: "view" });
  return await effective(actor, sheetId, given);
}

/**
 * The query filters the saved filters add to one widget, with the address's `sf` values (the
 * caller already holds view access to the widget's sheet).
 */
export async function savedWidgetFilters(
  actor: Actor,
  widget: Pick<Widget, "id" | "sheetId">,
  sf?: string | string[],
): Promise<QueryFilter[]> {
  return (await effective(actor, widget.sheetId, decodeValues(sf))).widgets[widget.id] ?? [];
}

/** The address's `sf` entries as values (malformed ones dropped). */
export const givenFromAddress = (sf?: string | string[]) => decodeValues(sf);

/** The caller's values on the sheet: in effect, remembered, and the filters themselves. */
export async function filterValuesOf(actor: Actor, sheetId: string) {
  await requireSheet(actor, { sheetId, level: "view" });
  const filters = await selectFilters(actor.sql, sheetId);
  const remembered = await selectUserValues(actor.sql, sheetId, actor.session.userId);
  return { values: effectiveValues(filters, remembered), remembered, filters };
}

/** Remembers the caller's values (every value must fit a filter of this sheet). */
export async function rememberValues(
  actor: Actor,
  { sheetId, values }: { sheetId: string; values: FilterValues },
) {
  await requireSheet(actor, { sheetId, level: "view" });
  const filters = await selectFilters(actor.sql, sheetId);
  const errors = Object.entries(values).flatMap(([id, v]) => {
    const f = filters.find((x) => x.id === id);
    if (!f) return [{ path: `values.${id}`, message: "Not a filter of this sheet." }];
    return v ? valueProblems(f.kind, v, `values.${id}`) : [];
  });
  if (errors.length) throw problems.validation(errors);
  await upsertUserValues(actor.sql, sheetId, actor.session.userId, values);
  return await filterValuesOf(actor, sheetId);
}

/** Forgets the caller's values: the defaults apply again. */
export async function resetValues(actor: Actor, sheetId: string) {
  await requireSheet(actor, { sheetId, level: "view" });
  await deleteUserValues(actor.sql, sheetId, actor.session.userId);
  return await filterValuesOf(actor, sheetId);
}

/**
 * A choice filter's list: the distinct values of its mapped fields (the first three distinct
 * source/field pairs), coded values by their label, at most 200.
 */
export async function filterChoices(
  actor: Actor,
  { sheetId, filterId, locale = "en" }: { sheetId: string; filterId: string; locale?: string },
) {
  await requireSheet(actor, { sheetId, level: "view" });
  const f = await filterOf(actor, sheetId, filterId);
  return { items: await choicesOf(actor, f, await selectWidgets(actor.sql, sheetId), locale) };
}

async function choicesOf(actor: Actor, f: SheetFilter, widgets: Widget[], locale: string) {
  if (f.kind !== "choice") return [];
  const seen = new Set<string>();
  const out = new Map<string, string>();
  for (const m of f.mappings) {
    const w = widgets.find((x) => x.id === m.widgetId);
    if (!w) continue;
    const key = JSON.stringify([w.query.source, m.field]);
    if (seen.has(key) || seen.size >= 3) continue;
    seen.add(key);
    try {
      const r = await runQuery(actor, {
        query: {
          source: w.query.source as AnalyticsQuery["source"],
          joins: w.query.joins,
          fields: [{ field: m.field, as: "v" }],
          aggregates: [{ fn: "count", as: "n" }],
          sort: [{ field: "v", dir: "asc" }],
          limit: 200,
        },
        locale,
      });
      const col = r.columns.find((c) => c.name === "v");
      for (const row of r.rows) {
        const v = row.v;
        if (v === null || v === undefined || v === "" || out.size >= 200) continue;
        out.set(String(v), col ? cellText(locale, col, v) || String(v) : String(v));
      }
    } catch {
      // A source that cannot list its values (a dropped column) leaves the others' choices.
    }
  }
  return [...out].map(([value, label]) => ({ value, label }));
}

/** The sheet's filters and widgets (view access), for the editors' forms. */
export async function filtersAndWidgets(actor: Actor, sheetId: string) {
  await requireSheet(actor, { sheetId, level: "view" });
  return {
    filters: await selectFilters(actor.sql, sheetId),
    widgets: await selectWidgets(actor.sql, sheetId),
  };
}

/** Everything the sheet's filter bar draws: filters, values in effect, choices, widgets. */
export async function filterBarOf(
  actor: Actor,
  { sheetId, sf, locale }: { sheetId: string; sf?: string | string[]; locale: string },
) {
  const given = decodeValues(sf);
  const { filters, values } = await effective(actor, sheetId, given);
  const widgets = await selectWidgets(actor.sql, sheetId);
  const choices: Record<string, { value: string; label: string }[]> = {};
  for (const f of filters) choices[f.id] = await choicesOf(actor, f, widgets, locale);
  return { filters, values, choices, widgets };
}
