/** The dashboard's forms: the filter bar and the add-widget dialog (plain forms, no script). */
import { Button, Dialog, Field, useT } from "../../../ui/kit.ts";
import type { DatasetInfo, ResultColumn } from "../query/query.types.schemas.ts";
import { CHART_TYPES } from "./widgets.schemas.ts";
import { parseWhere } from "./widgets.rules.ts";
import type { FilterState } from "./dashboard.filters.lib.ts";
import { cellText } from "./dashboard.cells.lib.ts";

const TIME_BUCKETS = ["day", "week", "month", "quarter", "year"] as const;
const AGGREGATE_FNS = ["count", "countDistinct", "sum", "avg", "min", "max"] as const;

/** The filter bar: date range on a date field, and field = value pairs (removable). */
export function FilterBar(
  { f, sheetPath, dateFields, fields }: {
    f: FilterState;
    sheetPath: string;
    dateFields: ResultColumn[];
    fields: ResultColumn[];
  },
) {
  const t = useT();
  const labelOf = (name: string) => fields.find((x) => x.name === name);
  return (
    <form
      class="filters dash-filters"
      method="get"
      action={sheetPath}
      role="search"
      aria-label={t("analytics.dash.filters")}
    >
      <Field label={t("analytics.dash.dateField")}>
        <select name="dateField">
          <option value="">{t("analytics.dash.noDate")}</option>
          {dateFields.map((d) => (
            <option value={d.name} selected={f.dateField === d.name}>{d.label}</option>
          ))}
        </select>
      </Field>
      <Field label={t("analytics.dash.from")}>
        <input type="date" name="from" value={f.from ?? ""} />
      </Field>
      <Field label={t("analytics.dash.to")}>
        <input type="date" name="to" value={f.to ?? ""} />
      </Field>
      <Field label={t("analytics.dash.field")}>
        <select name="wf">
          <option value="">{t("analytics.dash.anyField")}</option>
          {fields.map((d) => <option value={d.name}>{d.label}</option>)}
        </select>
      </Field>
      <Field label={t("analytics.dash.value")}>
        <input type="text" name="wv" maxLength={200} />
      </Field>
      {parseWhere(f.where).map(([field, value]) => (
        <input type="hidden" name="where" value={`${field}:${value}`} />
      ))}
      <Button type="submit" variant="secondary" icon="filter">{t("analytics.dash.apply")}</Button>
      {parseWhere(f.where).length > 0 && (
        <ul class="dash-chips" aria-label={t("analytics.dash.active")}>
          {parseWhere(f.where).map(([field, value], i) => {
            const col = labelOf(field);
            const shown = col ? cellText("en", col, value) : value;
            const rest = [f.where].flat().filter((_, j) =>
              j !== i
            ) as string[];
            const href = sheetPath + f.withWhere(rest);
            return (
              <li class="badge">
                {`${col?.label ?? field}: ${shown}`}
                <a
                  href={href}
                  aria-label={t("analytics.dash.removeFilter", { name: col?.label ?? field })}
                >
                  ×
                </a>
              </li>
            );
          })}
        </ul>
      )}
    </form>
  );
}

/** The add-widget dialog: dataset, category (optionally by time), aggregate, chart type. */
export function AddWidget(
  { datasets, action }: { datasets: DatasetInfo[]; action: string },
) {
  const t = useT();
  return (
    <Dialog
      id="dash-add"
      title={t("analytics.dash.add")}
      trigger={t("analytics.dash.add")}
      icon="plus"
      closeLabel={t("analytics.dash.close")}
    >
      <form method="post" action={action} class="form-grid" data-add-widget="">
        <Field label={t("analytics.dash.title")}>
          <input name="title" required maxLength={200} />
        </Field>
        <Field label={t("analytics.dash.chartType")}>
          <select name="chartType">
            {CHART_TYPES.map((c) => <option value={c}>{t(`analytics.chart.${c}`)}</option>)}
          </select>
        </Field>
        <Field label={t("analytics.dash.dataset")}>
          <select name="dataset" data-dataset-select="">
            {datasets.map((d) => <option value={d.name}>{d.label}</option>)}
          </select>
        </Field>
        <Field label={t("analytics.dash.category")}>
          <select name="category">
            <option value="">{t("analytics.dash.none")}</option>
            {datasets.map((d) => (
              <optgroup label={d.label} data-for={d.name}>
                {d.fields.filter((x) => !x.key).map((x) => <option value={x.name}>{x.label}
                </option>)}
              </optgroup>
            ))}
          </select>
        </Field>
        <Field label={t("analytics.dash.bucket")}>
          <select name="bucket">
            <option value="">{t("analytics.dash.none")}</option>
            {TIME_BUCKETS.map((b) => <option value={b}>{t(`analytics.bucket.${b}`)}</option>)}
          </select>
        </Field>
        <Field label={t("analytics.dash.aggregate")}>
          <select name="fn">
            {AGGREGATE_FNS.map((f) => <option value={f}>{t(`analytics.agg.${f}`)}</option>)}
          </select>
        </Field>
        <Field label={t("analytics.dash.valueField")}>
          <select name="valueField">
            <option value="">{t("analytics.dash.none")}</option>
            {datasets.map((d) => (
              <optgroup label={d.label} data-for={d.name}>
                {d.fields.filter((x) => !x.key).map((x) => <option value={x.name}>{x.label}
                </option>)}
              </optgroup>
            ))}
          </select>
        </Field>
        <div class="form-actions">
          <Button type="submit" icon="plus">{t("analytics.dash.addSubmit")}</Button>
        </div>
      </form>
    </Dialog>
  );
}
