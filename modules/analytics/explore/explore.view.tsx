/** The explore page's parts: the query form (a GET filter form) and the result table. */
import type { ComponentChildren } from "preact";
import {
  DataTable,
  DateTime,
  EmptyState,
  Field,
  Filters,
  formatNumber,
  Toast,
  useReader,
  useT,
} from "../../../ui/kit.ts";
import type { Flash } from "../../../shared/http/pages.ts";
import type { QueryResult, ResultColumn } from "../query/query.types.schemas.ts";
import { valueLabel } from "../query/query.series.lib.ts";
import { opsFor } from "../query/query.filters.lib.ts";
import type { ExploreForm } from "./explore.form.lib.ts";
import { SUMMARY } from "./explore.form.lib.ts";

export interface SourceOption {
  value: string;
  label: string;
  group: "datasets" | "tables";
}

const BASE = "/analytics/explore";
const AGGS = ["count", "countDistinct", "sum", "avg", "min", "max"] as const;
const BUCKETS = ["day", "week", "month", "quarter", "year"] as const;

function Options(
  { items, selected }: { items: { value: string; label: string }[]; selected: string[] },
) {
  return (
    <>
      {items.map((o) => (
        <option value={o.value} selected={selected.includes(o.value)}>{o.label}</option>
      ))}
    </>
  );
}

export function ExploreFormView(
  { form, sources, fields }: {
    form: ExploreForm;
    sources: SourceOption[];
    fields: ResultColumn[];
  },
) {
  const t = useT();
  // Record ids are for joins and drill-down; people pick fields by what they mean.
  const fieldItems = fields.filter((f) => !f.key).map((f) => ({ value: f.name, label: f.label }));
  const filterCol = fields.find((f) => f.name === form.filterField);
  const ops = filterCol ? opsFor(filterCol.type) : opsFor("text");
  const sortItems = [
    ...(form.agg ? [{ value: SUMMARY, label: t("analytics.explore.summary") }] : []),
    ...fieldItems.filter((f) => !form.agg || form.fields.includes(f.value)),
  ];
  const group = (g: SourceOption["group"]) => sources.filter((s) => s.group === g);
  return (
    <Filters
      action={BASE}
      target="#explore"
      label={t("analytics.explore.form")}
      submitLabel={t("analytics.explore.run")}
    >
      <Field label={t("analytics.explore.source")}>
        <select name="source">
          <optgroup label={t("analytics.explore.datasets")}>
            <Options items={group("datasets")} selected={[form.source]} />
          </optgroup>
          {group("tables").length > 0 && (
            <optgroup label={t("analytics.explore.tables")}>
              <Options items={group("tables")} selected={[form.source]} />
            </optgroup>
          )}
        </select>
      </Field>
      <Field label={t("analytics.explore.fields")}>
        <select name="f" multiple size={5}>
          <Options items={fieldItems} selected={form.fields} />
        </select>
      </Field>
      <Field label={t("analytics.explore.bucket")}>
        <select name="bucket">
          <option value="">{t("analytics.explore.noBucket")}</option>
          <Options
            items={BUCKETS.map((b) => ({ value: b, label: t(`analytics.bucket.${b}`) }))}
            selected={[form.bucket]}
          />
        </select>
      </Field>
      <Field label={t("analytics.explore.aggregate")}>
        <select name="agg">
          <option value="">{t("analytics.explore.rawRows")}</option>
          <Options
            items={AGGS.map((a) => ({ value: a, label: t(`analytics.agg.${a}`) }))}
            selected={[form.agg]}
          />
        </select>
      </Field>
      <Field label={t("analytics.explore.aggregateField")}>
        <select name="aggf">
          <option value="">{t("analytics.explore.anyField")}</option>
          <Options items={fieldItems} selected={[form.aggField]} />
        </select>
      </Field>
      <Field label={t("analytics.explore.filterField")}>
        <select name="ff">
          <option value="">{t("analytics.explore.noFilter")}</option>
          <Options items={fieldItems} selected={[form.filterField]} />
        </select>
      </Field>
      <Field label={t("analytics.explore.filterOp")}>
        <select name="fo">
          <Options
            items={ops.map((o) => ({ value: o, label: t(`analytics.op.${o}`) }))}
            selected={[form.filterOp]}
          />
        </select>
      </Field>
      <Field label={t("analytics.explore.filterValue")}>
        <input
          type="search"
          name="fv"
          value={form.filterValue}
          list={filterCol?.values ? "explore-values" : undefined}
        />
        {filterCol?.values && (
          <datalist id="explore-values">
            {filterCol.values.map((v) => <option value={v.label} />)}
          </datalist>
        )}
      </Field>
      <Field label={t("analytics.explore.sort")}>
        <select name="sort">
          <option value="">{t("analytics.explore.noSort")}</option>
          <Options items={sortItems} selected={[form.sort]} />
        </select>
      </Field>
      <Field label={t("analytics.explore.dir")}>
        <select name="dir">
          <Options
            items={[
              { value: "asc", label: t("analytics.explore.asc") },
              { value: "desc", label: t("analytics.explore.desc") },
            ]}
            selected={[form.dir]}
          />
        </select>
      </Field>
      <Field label={t("analytics.explore.limit")}>
        <input type="number" name="limit" min={1} max={10000} value={String(form.limit)} />
      </Field>
    </Filters>
  );
}

function Cell({ col, value }: { col: ResultColumn; value: unknown }): ComponentChildren {
  const { locale } = useReader();
  if (value === null || value === undefined) return <span class="muted">—</span>;
  if (col.type === "date" || col.type === "datetime") {
    return <DateTime at={String(value)} dateOnly={col.type === "date"} />;
  }
  if (col.type === "number" && typeof value === "number") {
    return formatNumber(locale, value, 2);
  }
  return valueLabel(col, value, locale);
}

export function ResultView(
  { result, flash }: { result?: QueryResult; flash?: Flash },
) {
  const t = useT();
  return (
    <section aria-label={t("analytics.explore.results")} class="stack">
      {flash && <Toast flash={flash} />}
      {result && (
        <>
          <p class="muted">
            {t("analytics.explore.rowCount", { count: result.rows.length })}
            {result.truncated && (
              <>{" · "}{t("analytics.explore.truncated", { count: result.rows.length })}</>
            )}
          </p>
          <DataTable
            id="explore-table"
            label={t("analytics.explore.results")}
            columns={result.columns.map((col) => ({
              label: col.label,
              numeric: col.type === "number",
              cell: (row: Record<string, unknown>) => <Cell col={col} value={row[col.name]} />,
            }))}
            rows={result.rows}
            empty={<EmptyState title={t("analytics.explore.empty")} />}
          />
        </>
      )}
    </section>
  );
}
