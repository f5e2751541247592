/**
 * The builder's fields part, swapped by htmx on every choice: an external source's table, the
 * grouping (date buckets for date fields), the measure (fields that fit it) and the filters
 * (operators and value inputs by the field's type).
 */
import { Field, type Translate, useT } from "../../../ui/kit.ts";
import type { FieldError } from "../../../shared/http/problem.ts";
import {
  BUCKETS,
  type BuilderField,
  type BuilderState,
  isDate,
  MAX_FILTERS,
  type Measure,
  MEASURES,
  measureTakes,
  OPS_BY_TYPE,
  type SourceDetail,
} from "./builder.lib.ts";

/** An error's message in the reader's language, by the field it belongs to. */
export function errorOf(t: Translate, errors: FieldError[], path: string): string | undefined {
  const e = errors.find((x) => x.path === path);
  if (!e) return undefined;
  const base = path.replace(/^filter\d+/, "filter");
  const key = `analytics.builder.err.${base}` as Parameters<Translate>[0];
  const text = t(key);
  return text === key ? e.message : text;
}

function FieldOptions(
  { fields, selected, t }: { fields: BuilderField[]; selected: string; t: Translate },
) {
  const own = fields.filter((f) => !f.group);
  const groups = [...new Set(fields.flatMap((f) => f.group ? [f.group] : []))];
  const opt = (f: BuilderField) => (
    <option value={f.name} selected={f.name === selected}>
      {`${f.label} (${t(`analytics.builder.type.${f.type}`)})`}
    </option>
  );
  if (!groups.length) return <>{own.map(opt)}</>;
  return (
    <>
      <optgroup label={t("analytics.builder.ownFields")}>{own.map(opt)}</optgroup>
      {groups.map((g) => (
        <optgroup label={t("analytics.builder.related", { name: g })}>
          {fields.filter((f) => f.group === g).map(opt)}
        </optgroup>
      ))}
    </>
  );
}

function FilterValue(
  { i, field, op, value, t }: {
    i: number;
    field?: BuilderField;
    op: string;
    value: string;
    t: Translate;
  },
) {
  const name = `filter${i}Value`;
  if (!field || op === "isNull" || op === "notNull") return <input type="hidden" name={name} />;
  if (field.type === "boolean") {
    return (
      <select name={name}>
        <option value="true" selected={value === "true"}>{t("analytics.builder.yes")}</option>
        <option value="false" selected={value === "false"}>{t("analytics.builder.no")}</option>
      </select>
    );
  }
  if (field.type === "number" && op !== "in") {
    return <input type="number" name={name} value={value} step="any" />;
  }
  if (isDate(field.type)) return <input type="date" name={name} value={value.slice(0, 10)} />;
  return <input type="text" name={name} value={value} maxLength={500} />;
}

/** The part swapped on every choice: table (external), grouping, measure and filters. */
export function BuilderFields(
  { state, detail, errors = [], refresh, formId }: {
    state: BuilderState;
    detail: SourceDetail | null;
    errors?: FieldError[];
    refresh: string;
    formId: string;
  },
) {
  const t = useT();
  const swap = {
    "hx-get": refresh,
    "hx-include": `#${formId}`,
    "hx-target": `#${formId}-fields`,
    "hx-swap": "innerHTML",
  };
  if (!detail) return <p class="muted">{t("analytics.builder.previewHint")}</p>;
  const fields = detail.fields;
  const byName = new Map(fields.map((f) => [f.name, f]));
  const single = state.chartType === "kpi" || state.chartType === "gauge";
  const group = byName.get(state.group);
  const fn = (MEASURES as readonly string[]).includes(state.fn) ? state.fn as Measure : "count";
  const measurable = fields.filter((f) => measureTakes(fn, f));
  const rows = Math.min(MAX_FILTERS, state.filters.filter((f) => f.field).length + 1);
  return (
    <>
      {detail.tables && (
        <Field label={t("analytics.builder.table")} error={errorOf(t, errors, "extTable")} wide>
          <select name="extTable" {...swap}>
            <option value="">{t("analytics.builder.chooseTable")}</option>
            {detail.tables.map((s) => (
              <optgroup label={s.schema}>
                {s.tables.map((o) => (
                  <option value={o.value} selected={o.value === state.extTable}>{o.label}</option>
                ))}
              </optgroup>
            ))}
          </select>
        </Field>
      )}
      {detail.tables && !detail.source && <p class="muted">{t("analytics.builder.noTable")}</p>}
      {detail.source && (
        <>
          {!single && (
            <Field label={t("analytics.builder.group")} error={errorOf(t, errors, "group")}>
              <select name="group" {...swap}>
                <option value="">{t("analytics.builder.noGroup")}</option>
                <FieldOptions fields={fields} selected={state.group} t={t} />
              </select>
            </Field>
          )}
          {!single && group && isDate(group.type) && (
            <Field label={t("analytics.builder.bucket")} error={errorOf(t, errors, "bucket")}>
              <select name="bucket">
                <option value="">{t("analytics.builder.noBucket")}</option>
                {BUCKETS.map((b) => (
                  <option value={b} selected={state.bucket === b}>
                    {t(`analytics.bucket.${b}`)}
                  </option>
                ))}
              </select>
            </Field>
          )}
          <Field label={t("analytics.builder.measure")} error={errorOf(t, errors, "fn")}>
            <select name="fn" {...swap}>
              {MEASURES.map((m) => (
                <option value={m} selected={fn === m}>{t(`analytics.agg.${m}`)}</option>
              ))}
            </select>
          </Field>
          {fn !== "count" && (
            <Field
              label={t("analytics.builder.measureField")}
              error={errorOf(t, errors, "measure")}
            >
              <select name="measure">
                <option value="">{t("analytics.builder.chooseField")}</option>
                <FieldOptions fields={measurable} selected={state.measure} t={t} />
              </select>
            </Field>
          )}
          <fieldset class="builder-filters field-wide">
            <legend>{t("analytics.builder.filters")}</legend>
            {Array.from({ length: rows }, (_, i) => {
              const f = state.filters[i] ?? { field: "", op: "", value: "" };
              const field = byName.get(f.field);
              const ops = field ? OPS_BY_TYPE[field.type] : [];
              const op = ops.includes(f.op as never) ? f.op : ops[0] ?? "";
              return (
                <div class="builder-filter">
                  <Field
                    label={t("analytics.builder.filterField", { n: i + 1 })}
                    error={errorOf(t, errors, `filter${i}Field`)}
                  >
                    <select name={`filter${i}Field`} {...swap}>
                      <option value="">{t("analytics.builder.noFilter")}</option>
                      <FieldOptions fields={fields} selected={f.field} t={t} />
                    </select>
                  </Field>
                  {field && (
                    <Field
                      label={t("analytics.builder.filterOp", { n: i + 1 })}
                      error={errorOf(t, errors, `filter${i}Op`)}
                    >
                      <select name={`filter${i}Op`} {...swap}>
                        {ops.map((o) => (
                          <option value={o} selected={o === op}>{t(`analytics.op.${o}`)}</option>
                        ))}
                      </select>
                    </Field>
                  )}
                  {field && op !== "isNull" && op !== "notNull"
                    ? (
                      <Field
                        label={t("analytics.builder.filterValue", { n: i + 1 })}
                        error={errorOf(t, errors, `filter${i}Value`)}
                      >
                        <FilterValue i={i} field={field} op={op} value={f.value} t={t} />
                      </Field>
                    )
                    : <FilterValue i={i} op={op} value="" t={t} />}
                </div>
              );
            })}
          </fieldset>
        </>
      )}
    </>
  );
}
