/**
 * The query builder: source and model (changing them reloads the page with that source's
 * fields), parameters, filter rows, columns, grouping, aggregates, sort, and a "Run" preview
 * that htmx fills below the form.
 */
import type { MessageKey } from "../../../shared/i18n/i18n.ts";
import { Button, Field, useT } from "../../../ui/kit.ts";
import type { FieldType, FilterOp } from "./queries.types.lib.ts";
import {
  AGG_ROWS,
  type BuilderValue,
  FILTER_ROWS,
  filterText,
  GROUP_ROWS,
  PARAM_ROWS,
} from "./queries.form.lib.ts";
import { AGGREGATES, FILTER_OPS, opsFor, splitBucket } from "./queries.rules.ts";
import { PARAM_TYPES } from "./queries.schemas.ts";
import { ADMIN } from "./queries.view.tsx";
import { type Choices, Select, SourcePicker } from "./queries.builder.parts.view.tsx";

export type { Choices };

const isFilterOp = (op: string): op is FilterOp => (FILTER_OPS as readonly string[]).includes(op);
const ALL_OPS = [...new Set((["text", "number", "date"] as FieldType[]).flatMap(opsFor))]
  .filter(isFilterOp);
const count = (n: number, min: number) => Math.max(min, n + 1);

export function Builder(
  { value, choices, isNew }: { value: BuilderValue; choices: Choices; isNew: boolean },
) {
  const t = useT();
  const action = isNew ? ADMIN : `${ADMIN}/${value.key}`;
  const d = value.definition;
  const fieldOptions: [string, string][] = [
    ["", t("workflow.queries.none")],
    ...choices.fields.map((f): [string, string] => [f.name, f.label]),
  ];
  const filters = d.filters ?? [];
  const groups = (d.groupBy ?? []).map(splitBucket);
  const aggs = d.aggregates ?? [];
  const sortOptions: [string, string][] = [
    ...fieldOptions,
    ...aggs.map((a): [string, string] => [a.as, a.as]),
  ];
  const n = (key: MessageKey, i: number) => t(key, { n: i + 1 });
  // Enum values as their labels (the compiler takes either).
  const shown = (f?: (typeof filters)[number]) => {
    if (!f) return "";
    const values = choices.fields.find((x) => x.name === f.field)?.values;
    const text = filterText(f);
    if (!values || f.param) return text;
    return text.split(", ").map((v) => values.find((x) => x.value === v)?.label ?? v).join(", ");
  };
  return (
    <>
      <SourcePicker
        value={value}
        choices={choices}
        action={isNew ? `${ADMIN}/new` : action}
      />
      <form id="query-form" method="post" action={action}>
        <input type="hidden" name="source" value={value.source} />
        <input type="hidden" name="model" value={value.model} />
        <fieldset>
          <legend>{t("workflow.queries.section.query")}</legend>
          <div class="form-grid">
            {isNew
              ? (
                <Field
                  label={t("workflow.queries.field.key")}
                  hint={t("workflow.queries.hint.key")}
                >
                  <input
                    name="key"
                    required
                    maxLength={63}
                    pattern="[a-z][a-z0-9_]*"
                    value={value.key}
                  />
                </Field>
              )
              : <input type="hidden" name="key" value={value.key} />}
            <Field label={t("workflow.queries.field.name")}>
              <input name="name" required maxLength={200} value={value.name} />
            </Field>
            <Field label={t("workflow.queries.field.description")} wide>
              <input name="description" maxLength={2000} value={value.description} />
            </Field>
          </div>
        </fieldset>
        <fieldset>
          <legend>{t("workflow.queries.section.params")}</legend>
          <p class="field-hint">{t("workflow.queries.hint.params")}</p>
          {Array.from({ length: count(value.params.length, PARAM_ROWS) }, (_, i) => {
            const p = value.params[i];
            return (
              <div class="form-grid">
                <Field label={n("workflow.queries.field.paramName", i)}>
                  <input name="paramName" maxLength={63} value={p?.name ?? ""} />
                </Field>
                <Field label={n("workflow.queries.field.paramLabel", i)}>
                  <input name="paramLabel" maxLength={200} value={p?.label ?? ""} />
                </Field>
                <Field label={n("workflow.queries.field.paramType", i)}>
                  <Select
                    name="paramType"
                    value={p?.type ?? "text"}
                    options={PARAM_TYPES.map((ty) => [ty, t(`workflow.queries.type.${ty}`)])}
                  />
                </Field>
                <Field label={n("workflow.queries.field.paramRequired", i)}>
                  <Select
                    name="paramRequired"
                    value={p?.required ? "yes" : "no"}
                    options={[["no", t("workflow.queries.no")], ["yes", t("workflow.queries.yes")]]}
                  />
                </Field>
                <Field label={n("workflow.queries.field.paramDefault", i)}>
                  <input
                    name="paramDefault"
                    value={p?.default === undefined ? "" : String(p.default)}
                  />
                </Field>
                <Field label={n("workflow.queries.field.paramTest", i)}>
                  <input name="paramTest" value={p ? value.test[p.name] ?? "" : ""} />
                </Field>
              </div>
            );
          })}
        </fieldset>
        <fieldset>
          <legend>{t("workflow.queries.section.filters")}</legend>
          <p class="field-hint">{t("workflow.queries.hint.filters")}</p>
          {Array.from(
            { length: count(filters.length, FILTER_ROWS) },
            (_, i) => (
              <div class="form-grid">
                <Field label={n("workflow.queries.field.filterField", i)}>
                  <Select
                    name="filterField"
                    value={filters[i]?.field ?? ""}
                    options={fieldOptions}
                  />
                </Field>
                <Field label={n("workflow.queries.field.filterOp", i)}>
                  <Select
                    name="filterOp"
                    value={filters[i]?.op ?? "eq"}
                    options={ALL_OPS.map((o) => [o, t(`workflow.queries.op.${o}`)])}
                  />
                </Field>
                <Field label={n("workflow.queries.field.filterValue", i)}>
                  <input name="filterValue" value={shown(filters[i])} />
                </Field>
              </div>
            ),
          )}
        </fieldset>
        <fieldset>
          <legend>{t("workflow.queries.section.columns")}</legend>
          <p class="field-hint">{t("workflow.queries.hint.columns")}</p>
          <div class="checks">
            {choices.fields.map((f) => (
              <label>
                <input
                  type="checkbox"
                  name="columns"
                  value={f.name}
                  checked={(d.columns ?? []).includes(f.name)}
                />
                {f.label}
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend>{t("workflow.queries.section.grouping")}</legend>
          <p class="field-hint">{t("workflow.queries.hint.grouping")}</p>
          {Array.from(
            { length: count(groups.length, GROUP_ROWS) },
            (_, i) => (
              <div class="form-grid">
                <Field label={n("workflow.queries.field.groupField", i)}>
                  <Select name="groupField" value={groups[i]?.field ?? ""} options={fieldOptions} />
                </Field>
                <Field label={n("workflow.queries.field.groupBucket", i)}>
                  <Select
                    name="groupBucket"
                    value={groups[i]?.bucket ?? ""}
                    options={[
                      ["", t("workflow.queries.bucket.none")],
                      ["day", t("workflow.queries.bucket.day")],
                      ["week", t("workflow.queries.bucket.week")],
                      ["month", t("workflow.queries.bucket.month")],
                    ]}
                  />
                </Field>
              </div>
            ),
          )}
          {Array.from({ length: count(aggs.length, AGG_ROWS) }, (_, i) => (
            <div class="form-grid">
              <Field label={n("workflow.queries.field.aggFn", i)}>
                <Select
                  name="aggFn"
                  value={aggs[i]?.fn ?? ""}
                  options={[
                    ["", t("workflow.queries.none")],
                    ...AGGREGATES.map((x): [string, string] => [x, t(`workflow.queries.fn.${x}`)]),
                  ]}
                />
              </Field>
              <Field label={n("workflow.queries.field.aggField", i)}>
                <Select name="aggField" value={aggs[i]?.field ?? ""} options={fieldOptions} />
              </Field>
              <Field label={n("workflow.queries.field.aggAs", i)}>
                <input name="aggAs" maxLength={63} value={aggs[i]?.as ?? ""} />
              </Field>
            </div>
          ))}
        </fieldset>
        <fieldset>
          <legend>{t("workflow.queries.section.sort")}</legend>
          <div class="form-grid">
            <Field label={t("workflow.queries.field.sortField")}>
              <Select name="sortField" value={d.sort?.[0]?.field ?? ""} options={sortOptions} />
            </Field>
            <Field label={t("workflow.queries.field.sortDir")}>
              <Select
                name="sortDir"
                value={d.sort?.[0]?.dir ?? "asc"}
                options={[["asc", t("workflow.queries.asc")], ["desc", t("workflow.queries.desc")]]}
              />
            </Field>
            <Field label={t("workflow.queries.field.limit")}>
              <input
                name="limit"
                type="number"
                min={1}
                max={1000}
                value={d.limit ? String(d.limit) : ""}
              />
            </Field>
          </div>
        </fieldset>
        <div class="form-actions">
          <Button
            type="button"
            variant="secondary"
            icon="play"
            hx-post={`${ADMIN}/preview`}
            hx-include="#query-form"
            hx-target="#query-preview"
          >
            {t("workflow.queries.run")}
          </Button>
          <Button type="submit" icon="save">{t("workflow.queries.save")}</Button>
        </div>
      </form>
      <section aria-live="polite" aria-label={t("workflow.queries.result")}>
        <div id="query-preview"></div>
      </section>
    </>
  );
}
