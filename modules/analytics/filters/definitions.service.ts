/**
 * Saved sheet filters defined by the app's editors: label, kind, default, required and, per
 * widget, the field of its source the filter narrows (checked against the widget's dataset).
 */
import type { Actor } from "../../../shared/http/actor.ts";
import { problems } from "../../../shared/http/problem.ts";
import { recordActivity } from "../../../platform/activity/public.ts";
import { isUuid } from "../apps/access.rules.ts";
import { requireSheet } from "../apps/access.service.ts";
import type { AnalyticsQuery } from "../query/query.types.schemas.ts";
import { datasetCatalog } from "../query/query.datasets.lib.ts";
import { selectWidgets } from "../dashboard/widgets.repo.ts";
import type { Widget } from "../dashboard/widgets.schemas.ts";
import {
  countFilters,
  deleteFilter,
  insertFilter,
  replaceMappings,
  selectFilters,
  updateFilter,
} from "./filters.repo.ts";
import { type Problem, valueProblems } from "./filters.rules.ts";
import type {
  FilterKind,
  FilterMapping,
  FilterValue,
  SheetFilter,
  SheetFilterInput,
  SheetFilterPatch,
} from "./filters.schemas.ts";

const MAX_FILTERS = 20;

const audit = (actor: Actor, id: string, action: string, summary: string) =>
  recordActivity(actor, {
    module: "analytics",
    entityType: "sheetFilter",
    entityId: id,
    action,
    summary,
  });

/** The fields of a dataset source with their types (undefined: tables, external sources). */
function fieldsOf(query: AnalyticsQuery): Map<string, string> | undefined {
  if (query.source.kind !== "dataset") return undefined;
  const name = query.source.name;
  const ds = datasetCatalog("en").find((d) => d.name === name);
  return ds ? new Map(ds.fields.map((f) => [f.name, f.type])) : undefined;
}

/** Each mapping names a widget of this sheet and a field of its source that fits the kind. */
function mappingProblems(kind: FilterKind, mappings: FilterMapping[], widgets: Widget[]) {
  const errors: Problem[] = [];
  const seen = new Set<string>();
  mappings.forEach((m, i) => {
    const w = widgets.find((x) => x.id === m.widgetId);
    if (!w) {
      return errors.push({
        path: `mappings.${i}.widgetId`,
        message: "Not a widget of this sheet.",
      });
    }
    if (seen.has(m.widgetId)) {
      return errors.push({ path: `mappings.${i}.widgetId`, message: "A widget is mapped once." });
    }
    seen.add(m.widgetId);
    const fields = fieldsOf(w.query as AnalyticsQuery);
    const type = fields?.get(m.field);
    if (fields && !type) {
      return errors.push({
        path: `mappings.${i}.field`,
        message: "Not a field of the widget's source.",
      });
    }
    if (type && kind === "date" && type !== "date" && type !== "datetime") {
      errors.push({ path: `mappings.${i}.field`, message: "A date filter needs a date field." });
    }
    if (type && kind === "number" && type !== "number") {
      errors.push({
        path: `mappings.${i}.field`,
        message: "A number filter needs a number field.",
      });
    }
  });
  return errors;
}

function definitionProblems(
  f: { kind: FilterKind; defaultValue: FilterValue | null; required: boolean },
) {
  const errors = f.defaultValue ? valueProblems(f.kind, f.defaultValue, "defaultValue") : [];
  if (f.required && !f.defaultValue) {
    errors.push({ path: "defaultValue", message: "A required filter needs a default value." });
  }
  return errors;
}

export async function filterOf(actor: Actor, sheetId: string, filterId: string) {
  const f = isUuid(filterId)
    ? (await selectFilters(actor.sql, sheetId)).find((x) => x.id === filterId)
    : undefined;
  if (!f) throw problems.notFound("No such filter.");
  return f;
}

export async function listFilters(actor: Actor, sheetId: string) {
  await requireSheet(actor, { sheetId, level: "view" });
  return { items: await selectFilters(actor.sql, sheetId) };
}

export async function createFilter(
  actor: Actor,
  { sheetId, input }: { sheetId: string; input: SheetFilterInput },
): Promise<SheetFilter> {
  await requireSheet(actor, { sheetId, level: "edit" });
  const widgets = await selectWidgets(actor.sql, sheetId);
  const errors = [
    ...definitionProblems(input),
    ...mappingProblems(input.kind, input.mappings, widgets),
  ];
  if ((await countFilters(actor.sql, sheetId)) >= MAX_FILTERS) {
    errors.push({ path: "label", message: `A sheet holds at most ${MAX_FILTERS} filters.` });
  }
  if (errors.length) throw problems.validation(errors);
  const id = crypto.randomUUID();
  await insertFilter(actor.sql, { id, sheetId, ...input });
  await replaceMappings(actor.sql, id, input.mappings);
  await audit(actor, id, "created", `Added the dashboard filter ${input.label}`);
  return await filterOf(actor, sheetId, id);
}

export async function patchFilter(
  actor: Actor,
  { sheetId, filterId, patch }: { sheetId: string; filterId: string; patch: SheetFilterPatch },
): Promise<SheetFilter> {
  await requireSheet(actor, { sheetId, level: "edit" });
  const before = await filterOf(actor, sheetId, filterId);
  const after = {
    label: patch.label ?? before.label,
    kind: patch.kind ?? before.kind,
    // A new kind drops a default of the old kind unless a new default comes with it.
    defaultValue: patch.defaultValue !== undefined
      ? patch.defaultValue
      : patch.kind && patch.kind !== before.kind
      ? null
      : before.defaultValue,
    required: patch.required ?? before.required,
    position: patch.position ?? before.position,
  };
  const mappings = patch.mappings ?? before.mappings;
  const widgets = await selectWidgets(actor.sql, sheetId);
  const errors = [...definitionProblems(after), ...mappingProblems(after.kind, mappings, widgets)];
  if (errors.length) throw problems.validation(errors);
  await updateFilter(actor.sql, filterId, after);
  if (patch.mappings) await replaceMappings(actor.sql, filterId, mappings);
  await audit(actor, filterId, "updated", `Changed the dashboard filter ${after.label}`);
  return await filterOf(actor, sheetId, filterId);
}

export async function removeFilter(
  actor: Actor,
  { sheetId, filterId }: { sheetId: string; filterId: string },
) {
  await requireSheet(actor, { sheetId, level: "edit" });
  const f = await filterOf(actor, sheetId, filterId);
  await deleteFilter(actor.sql, filterId);
  await audit(actor, filterId, "deleted", `Removed the dashboard filter ${f.label}`);
}
