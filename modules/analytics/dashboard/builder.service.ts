/**
 * The widget builder's sources and fields, only what the caller may use: built-in datasets for
 * every editor of the sheet, tenant tables (and the fields their relations bring) with
 * analytics.model.read, external sources' tables with analytics.source.read, saved questions
 * as their feature allows. The preview runs the built query through the same door a widget does.
 */
import type { Actor } from "../../../shared/http/actor.ts";
import { problems } from "../../../shared/http/problem.ts";
import { hasPermission } from "../../../shared/rbac/permissions.ts";
import { requireSheet } from "../apps/access.service.ts";
import { datasetCatalog } from "../query/query.datasets.lib.ts";
import type { AnalyticsQuery, ResultColumn } from "../query/query.types.schemas.ts";
import { NAME } from "../query/query.values.lib.ts";
import { runQuery } from "../query/query.service.ts";
import { introspect } from "../sources/sources.run.service.ts";
import { listSources } from "../sources/sources.service.ts";
import { getTable, listTables } from "../tables/tables.service.ts";
import { listRelations } from "../tables/relations.service.ts";
import { listQuestions, questionFields } from "../questions/questions.service.ts";
import { chartOption } from "./widgets.charts.lib.ts";
import { mapping } from "./widgets.rules.ts";
import { createWidget, loadWidget, patchWidget } from "./widgets.service.ts";
import type { WidgetInput } from "./widgets.schemas.ts";
import {
  type BuilderField,
  type BuilderState,
  buildWidget,
  type Built,
  choiceValue,
  type Option,
  parseChoice,
  type SourceDetail,
  type SourceGroups,
  tableValue,
} from "./builder.lib.ts";

export const MODEL_READ = "analytics.model.read";
export const SOURCE_READ = "analytics.source.read";
export const QUERY_READ = "analytics.query.read";
const FIELD_TYPES = ["text", "number", "boolean", "date", "datetime"];
const may = (actor: Actor, p: string) => hasPermission(actor.session.permissions, p);

/** Every source the caller may build on, grouped as the dialog shows them. */
export async function builderSources(actor: Actor, locale: string): Promise<SourceGroups> {
  const datasets = datasetCatalog(locale).map((d) => ({
    value: choiceValue({ kind: "dataset", name: d.name }),
    label: d.label,
  }));
  const tables = may(actor, MODEL_READ)
    ? (await listTables(actor)).items.map((t) => ({ value: `table:${t.id}`, label: t.name }))
    : [];
  const externals = may(actor, SOURCE_READ)
    ? (await listSources(actor)).items.map((s) => ({ value: `external:${s.id}`, label: s.name }))
    : [];
  return { datasets, tables, externals, questions: await usableQuestions(actor) };
}

/** Saved questions the caller may run: on an external source only with its permission. */
async function usableQuestions(actor: Actor): Promise<Option[]> {
  if (!may(actor, QUERY_READ)) return [];
  return (await listQuestions(actor))
    .filter((q) => q.target !== "external" || may(actor, SOURCE_READ))
    .map((q) => ({ value: `question:${q.id}`, label: q.name }));
}

const shown = (cols: ResultColumn[]): BuilderField[] =>
  cols.filter((c) => !c.key).map(({ name, label, type }) => ({ name, label, type }));

/** A tenant table's columns and, through each relation that starts or ends at it, the other side's. */
async function tableFields(actor: Actor, id: string, locale: string): Promise<BuilderField[]> {
  const table = await getTable(actor, id);
  const own: BuilderField[] = table.columns.map(({ name, label, type }) => ({ name, label, type }));
  const related: BuilderField[] = [];
  for (const rel of (await listRelations(actor)).items) {
    const mine = (s: typeof rel.left.source) => s.kind === "table" && s.id === id;
    const other = mine(rel.left.source) ? rel.right : mine(rel.right.source) ? rel.left : null;
    if (!other) continue;
    let side: { label: string; fields: BuilderField[] } | null = null;
    if (other.source.kind === "dataset") {
      const name = other.source.name;
      const ds = datasetCatalog(locale).find((d) => d.name === name);
      if (ds) side = { label: ds.label, fields: shown(ds.fields) };
    } else {
      const t = await getTable(actor, other.source.id).catch(() => null);
      if (t) side = { label: t.name, fields: t.columns };
    }
    if (!side) continue;
    const prefix = NAME.test(rel.name) ? rel.name : rel.id;
    for (const f of side.fields) {
      related.push({
        name: `${prefix}.${f.name}`,
        label: `${rel.name || side.label} · ${f.label}`,
        type: f.type,
        join: rel.id,
        group: side.label,
      });
    }
  }
  return [...own, ...related];
}

/** The chosen source's fields (403 when the caller may not use that kind of source). */
export async function sourceDetail(
  actor: Actor,
  { source, extTable, locale }: { source: string; extTable: string; locale: string },
): Promise<SourceDetail> {
  const choice = parseChoice(source, extTable);
  if (!choice) throw problems.validation([{ path: "source", message: "Choose a source." }]);
  if (choice.kind === "dataset") {
    const ds = datasetCatalog(locale).find((d) => d.name === choice.name);
    if (!ds) throw problems.validation([{ path: "source", message: "Choose a source." }]);
    return { choice, source: { ...choice }, fields: shown(ds.fields) };
  }
  if (choice.kind === "table") {
    if (!may(actor, MODEL_READ)) throw problems.forbidden("You may not use tenant tables.");
    return { choice, source: { ...choice }, fields: await tableFields(actor, choice.id, locale) };
  }
  if (choice.kind === "external") {
    if (!may(actor, SOURCE_READ)) throw problems.forbidden("You may not use external sources.");
    const tree = await introspect(actor, choice.sourceId);
    const tables = tree.schemas.map((s) => ({
      schema: s.name,
      tables: s.tables.map((t) => ({ value: tableValue(s.name, t.name), label: t.name })),
    }));
    const table = choice.table &&
      tree.schemas.find((s) => s.name === (choice.schema ?? s.name))?.tables
        .find((t) => t.name === choice.table);
    if (!table) return { choice, source: null, fields: [], tables };
    return {
      choice,
      source: {
        kind: "external",
        sourceId: choice.sourceId,
        schema: choice.schema,
        table: table.name,
      },
      fields: table.columns.map((c) => ({ name: c.name, label: c.name, type: c.type })),
      tables,
    };
  }
  if (!(await usableQuestions(actor)).some((q) => q.value === `question:${choice.id}`)) {
    if (!may(actor, QUERY_READ)) throw problems.forbidden("You may not use saved questions.");
    const all = await listQuestions(actor);
    if (all.some((q) => q.id === choice.id)) {
      throw problems.forbidden("You may not use external sources.");
    }
    throw problems.notFound("No such question.");
  }
  const fields = (await questionFields(actor, choice.id)).map((f) => ({
    name: f.name,
    label: f.label,
    type: (FIELD_TYPES.includes(f.type) ? f.type : "text") as BuilderField["type"],
  }));
  return { choice, source: { kind: "question", id: choice.id }, fields };
}

/** The form as a widget input for that source (400 with every field's error). */
export async function builtOf(
  actor: Actor,
  { state, locale }: { state: BuilderState; locale: string },
): Promise<{ built: Built; detail: SourceDetail }> {
  const detail = await sourceDetail(actor, { ...state, locale });
  if (!detail.source) {
    throw problems.validation([{ path: "extTable", message: "Choose a table of the source." }]);
  }
  const r = buildWidget(state, detail.source, detail.fields);
  if (!r.ok) throw problems.validation(r.errors);
  return { built: r.value, detail };
}

/** The result the dialog previews: a chart option, a table or a single value. */
export async function previewBuilt(
  actor: Actor,
  { sheetId, built, locale }: { sheetId: string; built: Built; locale: string },
) {
  await requireSheet(actor, { sheetId, level: "edit" });
  const result = await runQuery(actor, { query: built.query as AnalyticsQuery, locale });
  const fake = { chartType: built.chartType, options: built.options, query: built.query };
  const m = mapping(fake as unknown as Parameters<typeof mapping>[0]);
  const option = built.chartType === "table" || built.chartType === "kpi"
    ? null
    : chartOption(built.chartType, result, m, built.options);
  return { result, option, value: result.rows[0]?.[m.value ?? "value"] ?? null };
}

/** Creates the widget, or changes one of the sheet's widgets (its place and size kept). */
export async function saveBuilt(
  actor: Actor,
  { sheetId, widgetId, built }: { sheetId: string; widgetId?: string; built: Built },
) {
  if (!widgetId) return await createWidget(actor, { sheetId, input: built as WidgetInput });
  const { widget } = await loadWidget(actor, { id: widgetId, level: "edit" });
  if (widget.sheetId !== sheetId) throw problems.notFound("No such widget.");
  const { w: _w, h: _h, ...patch } = built;
  return await patchWidget(actor, { id: widgetId, patch: patch as WidgetInput });
}
