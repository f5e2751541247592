/** The report studio's form: source, fields, filters, grouping, aggregates, chart, access. */
import { Button, Field, useT } from "../../../ui/kit.ts";
import { AGGREGATE_ROWS, FILTER_ROWS, type StudioForm } from "./reports.form.lib.ts";
import { CHART_TYPES, SCHEDULES, SOURCES, STANDARD_KEYS } from "./reports.schemas.ts";
import { STUDIO } from "./reports.view.tsx";
import type { QueryChoices } from "../queries/queries.types.lib.ts";

const OPS = [
  "eq",
  "ne",
  "lt",
  "lte",
  "gt",
  "gte",
  "contains",
  "startsWith",
  "in",
  "isEmpty",
  "isNotEmpty",
] as const;
const FNS = ["count", "sum", "avg", "min", "max"] as const;

function Select(
  { name, value, options }: { name: string; value: string; options: [string, string][] },
) {
  return (
    <select name={name}>
      {options.map(([v, label]) => <option value={v} selected={v === value}>{label}</option>)}
    </select>
  );
}

/** Suggestions for the typed inputs: models, saved queries, and the source's fields by label. */
function ChoiceLists({ choices }: { choices: QueryChoices }) {
  return (
    <>
      <datalist id="report-models">
        {choices.models.map((m) => <option value={m.key} label={m.name} />)}
      </datalist>
      <datalist id="report-queries">
        {choices.queries.map((q) => <option value={q.key} label={q.name} />)}
      </datalist>
      <datalist id="report-fields">
        {choices.fields.map((f) => <option value={f.name} label={f.label} />)}
      </datalist>
    </>
  );
}

export function StudioForm(
  { id, value, roles, choices }: {
    /** The saved report being edited; absent for a new one. */
    id?: string;
    value: StudioForm;
    roles: { key: string; name: string }[];
    choices: QueryChoices;
  },
) {
  const t = useT();
  const action = id ? `${STUDIO}/${id}` : STUDIO;
  const sources: [string, string][] = [
    ...STANDARD_KEYS.map((k): [string, string] => [
      `standard:${k}`,
      t("workflow.reports.sourceStandard", { name: t(`workflow.reports.std.${k}`) }),
    ]),
    ...SOURCES.map((s): [string, string] => [s, t(`workflow.reports.source.${s}`)]),
    ["query", t("workflow.reports.source.query")],
  ];
  const f = (i: number) => value.filters[i];
  const a = (i: number) => value.aggregates[i];
  return (
    <form id="report-form" class="report-studio" method="post" action={action}>
      <ChoiceLists choices={choices} />
      <fieldset>
        <legend>{t("workflow.reports.section.report")}</legend>
        <div class="form-grid">
          <Field label={t("workflow.reports.field.name")}>
            <input name="name" required maxLength={200} value={value.name} />
          </Field>
          <Field label={t("workflow.reports.field.schedule")}>
            <Select
              name="schedule"
              value={value.schedule}
              options={SCHEDULES.map((s) => [s, t(`workflow.reports.schedule.${s}`)])}
            />
          </Field>
          <Field label={t("workflow.reports.field.description")} wide>
            <input name="description" maxLength={2000} value={value.description} />
          </Field>
        </div>
      </fieldset>
      <fieldset>
        <legend>{t("workflow.reports.section.source")}</legend>
        <div class="form-grid">
          <Field label={t("workflow.reports.field.source")}>
            <Select name="source" value={value.source} options={sources} />
          </Field>
          <Field
            label={t("workflow.reports.field.model")}
            hint={t("workflow.reports.hint.model")}
          >
            <input name="model" maxLength={63} value={value.model} list="report-models" />
          </Field>
          <Field
            label={t("workflow.reports.field.query")}
            hint={t("workflow.reports.hint.query")}
          >
            <input name="query" maxLength={63} value={value.query} list="report-queries" />
          </Field>
          <Field
            label={t("workflow.reports.field.params")}
            hint={t("workflow.reports.hint.params")}
          >
            <textarea name="params" rows={2}>{value.params}</textarea>
          </Field>
          <Field
            label={t("workflow.reports.field.columns")}
            hint={t("workflow.reports.hint.list")}
            wide
          >
            <input name="columns" value={value.columns} list="report-fields" />
          </Field>
        </div>
      </fieldset>
      <fieldset>
        <legend>{t("workflow.reports.section.filters")}</legend>
        {Array.from({ length: FILTER_ROWS }, (_, i) => (
          <div class="form-grid">
            <Field label={t("workflow.reports.field.filterField", { n: i + 1 })}>
              <input name="filterField" list="report-fields" value={f(i)?.field ?? ""} />
            </Field>
            <Field label={t("workflow.reports.field.filterOp", { n: i + 1 })}>
              <Select
                name="filterOp"
                value={f(i)?.op ?? "eq"}
                options={OPS.map((o) => [o, t(`workflow.reports.op.${o}`)])}
              />
            </Field>
            <Field label={t("workflow.reports.field.filterValue", { n: i + 1 })}>
              <input
                name="filterValue"
                value={f(i)?.value === undefined
                  ? ""
                  : Array.isArray(f(i)?.value)
                  ? (f(i)!.value as unknown[]).join(", ")
                  : String(f(i)!.value)}
              />
            </Field>
          </div>
        ))}
      </fieldset>
      <fieldset>
        <legend>{t("workflow.reports.section.grouping")}</legend>
        <div class="form-grid">
          <Field
            label={t("workflow.reports.field.groupBy")}
            hint={t("workflow.reports.hint.group")}
          >
            <input name="groupBy" value={value.groupBy} list="report-fields" />
          </Field>
          <Field label={t("workflow.reports.field.sortField")}>
            <input name="sortField" value={value.sortField} list="report-fields" />
          </Field>
          <Field label={t("workflow.reports.field.sortDir")}>
            <Select
              name="sortDir"
              value={value.sortDir}
              options={[["asc", t("workflow.reports.asc")], ["desc", t("workflow.reports.desc")]]}
            />
          </Field>
          <Field label={t("workflow.reports.field.limit")}>
            <input name="limit" type="number" min={1} max={10000} value={value.limit} />
          </Field>
        </div>
        {Array.from({ length: AGGREGATE_ROWS }, (_, i) => (
          <div class="form-grid">
            <Field label={t("workflow.reports.field.aggFn", { n: i + 1 })}>
              <Select
                name="aggFn"
                value={a(i)?.fn ?? ""}
                options={[
                  ["", t("workflow.reports.none")],
                  ...FNS.map((x): [string, string] => [x, t(`workflow.reports.fn.${x}`)]),
                ]}
              />
            </Field>
            <Field label={t("workflow.reports.field.aggField", { n: i + 1 })}>
              <input name="aggField" list="report-fields" value={a(i)?.field ?? ""} />
            </Field>
            <Field label={t("workflow.reports.field.aggAs", { n: i + 1 })}>
              <input name="aggAs" value={a(i)?.as ?? ""} />
            </Field>
          </div>
        ))}
      </fieldset>
      <fieldset>
        <legend>{t("workflow.reports.section.chart")}</legend>
        <div class="form-grid">
          <Field label={t("workflow.reports.field.chartType")}>
            <Select
              name="chartType"
              value={value.chartType}
              options={CHART_TYPES.map((c) => [c, t(`workflow.reports.chart.${c}`)])}
            />
          </Field>
          <Field label={t("workflow.reports.field.chartX")} hint={t("workflow.reports.hint.x")}>
            <input name="chartX" value={value.chartX} list="report-fields" />
          </Field>
          <Field label={t("workflow.reports.field.chartY")} hint={t("workflow.reports.hint.y")}>
            <input name="chartY" value={value.chartY} />
          </Field>
        </div>
      </fieldset>
      <fieldset>
        <legend>{t("workflow.reports.section.access")}</legend>
        <p class="field-hint">{t("workflow.reports.hint.roles")}</p>
        <div class="checks">
          {roles.map((r) => (
            <label>
              <input
                type="checkbox"
                name="roles"
                value={r.key}
                checked={value.roles.includes(r.key)}
              />
              {r.name}
            </label>
          ))}
        </div>
      </fieldset>
      <div class="form-actions">
        <Button
          type="button"
          variant="secondary"
          icon="eye"
          hx-post={`${STUDIO}/preview`}
          hx-include="#report-form"
          hx-target="#report-preview"
        >
          {t("workflow.reports.preview")}
        </Button>
        <Button type="submit" icon="save">{t("workflow.reports.save")}</Button>
      </div>
    </form>
  );
}

/** Where the live preview lands; it refreshes itself when the form changes. */
export function PreviewBox() {
  const t = useT();
  return (
    <section aria-live="polite" aria-label={t("workflow.reports.previewTitle")}>
      <div
        id="report-preview"
        hx-post={`${STUDIO}/preview`}
        hx-trigger="load, change from:#report-form delay:500ms"
        hx-include="#report-form"
      >
      </div>
    </section>
  );
}
