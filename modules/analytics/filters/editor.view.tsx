/**
 * The editors' "Edit filters" dialog: each saved filter to change or remove, and a form to add
 * one (label, type, default, required, and per widget the field it narrows).
 */
import { Button, Dialog, Field, type Flash, Toast, useT } from "../../../ui/kit.ts";
import type { DatasetInfo } from "../query/query.types.schemas.ts";
import type { Widget } from "../dashboard/widgets.schemas.ts";
import { DATE_PRESETS, FILTER_KINDS, type SheetFilter } from "./filters.schemas.ts";

/** One field per widget: which field of its source the filter narrows (or none). */
function MappingFields(
  { filter, widgets, datasets }: {
    filter?: SheetFilter;
    widgets: Widget[];
    datasets: DatasetInfo[];
  },
) {
  const t = useT();
  if (!widgets.length) return <p class="muted">{t("analytics.filters.noWidgets")}</p>;
  return (
    <fieldset class="sheet-filter-map field-wide">
      <legend class="field-label">{t("analytics.filters.mapping")}</legend>
      <p class="field-hint">{t("analytics.filters.mappingHint")}</p>
      {widgets.map((w) => {
        const mapped = filter?.mappings.find((m) => m.widgetId === w.id)?.field ?? "";
        const source = w.query.source;
        const ds = source.kind === "dataset"
          ? datasets.find((d) => d.name === source.name)
          : undefined;
        return (
          <Field label={w.title}>
            {ds
              ? (
                <select name={`map.${w.id}`}>
                  <option value="">{t("analytics.filters.notMapped")}</option>
                  {ds.fields.filter((x) => !x.key).map((x) => (
                    <option value={x.name} selected={mapped === x.name}>{x.label}</option>
                  ))}
                </select>
              )
              : (
                <input
                  name={`map.${w.id}`}
                  value={mapped}
                  maxLength={120}
                  placeholder={t("analytics.filters.notMapped")}
                />
              )}
          </Field>
        );
      })}
    </fieldset>
  );
}

/** Add or change one filter (label, type, default, required, per-widget fields). */
export function FilterForm(
  { action, filter, widgets, datasets, flash }: {
    action: string;
    filter?: SheetFilter;
    widgets: Widget[];
    datasets: DatasetInfo[];
    flash?: Flash;
  },
) {
  const t = useT();
  const d = filter?.defaultValue ?? null;
  return (
    <form
      method="post"
      action={action}
      hx-post={action}
      hx-target="this"
      hx-swap="outerHTML"
      class="form-grid sheet-filter-form"
      data-filter-form=""
    >
      {flash && (
        <div class="field-wide">
          <Toast flash={flash} />
        </div>
      )}
      <Field label={t("analytics.filters.label")}>
        <input name="label" required maxLength={100} value={filter?.label ?? ""} />
      </Field>
      <Field label={t("analytics.filters.kind")}>
        <select name="kind">
          {FILTER_KINDS.map((k) => (
            <option value={k} selected={filter?.kind === k}>
              {t(`analytics.filters.kind.${k}`)}
            </option>
          ))}
        </select>
      </Field>
      <fieldset class="sheet-filter-default field-wide">
        <legend class="field-label">{t("analytics.filters.default")}</legend>
        <p class="field-hint">{t("analytics.filters.defaultHint")}</p>
        <div data-default-kind="choice">
          <Field label={t("analytics.filters.defaultChoice")}>
            <input
              name="d.v"
              maxLength={2000}
              value={d?.kind === "choice" ? d.values.join(", ") : ""}
            />
          </Field>
        </div>
        <div data-default-kind="number">
          <Field label={t("analytics.filters.kind.number")}>
            <span class="sheet-filter-pair">
              <input
                type="number"
                step="any"
                name="d.min"
                value={d?.kind === "number" ? d.min ?? "" : ""}
                aria-label={t("analytics.filters.min")}
                placeholder={t("analytics.filters.min")}
              />
              <input
                type="number"
                step="any"
                name="d.max"
                value={d?.kind === "number" ? d.max ?? "" : ""}
                aria-label={t("analytics.filters.max")}
                placeholder={t("analytics.filters.max")}
              />
            </span>
          </Field>
        </div>
        <div data-default-kind="date">
          <Field label={t("analytics.filters.kind.date")}>
            <select name="d.preset">
              <option value="">{t("analytics.filters.anyTime")}</option>
              {DATE_PRESETS.map((p) => (
                <option value={p} selected={d?.kind === "date" && d.preset === p}>
                  {t(`analytics.preset.${p}`)}
                </option>
              ))}
            </select>
          </Field>
        </div>
      </fieldset>
      <label class="check field-wide">
        <input type="checkbox" name="required" value="1" checked={filter?.required ?? false} />
        {t("analytics.filters.required")}
      </label>
      <MappingFields filter={filter} widgets={widgets} datasets={datasets} />
      <div class="form-actions field-wide">
        <Button type="submit" icon={filter ? "check" : "plus"}>
          {filter ? t("analytics.filters.save") : t("analytics.filters.add")}
        </Button>
      </div>
    </form>
  );
}

/** The editors' dialog: each filter to change or remove, and a new one to add. */
export function FilterEditor(
  { sheetPath, filters, widgets, datasets }: {
    sheetPath: string;
    filters: SheetFilter[];
    widgets: Widget[];
    datasets: DatasetInfo[];
  },
) {
  const t = useT();
  return (
    <Dialog
      id="sheet-filters-edit"
      title={t("analytics.filters.edit")}
      trigger={t("analytics.filters.edit")}
      icon="sliders-horizontal"
      variant="secondary"
      closeLabel={t("analytics.filters.close")}
      wide
    >
      {filters.length === 0 && <p class="muted">{t("analytics.filters.none")}</p>}
      {filters.map((f) => (
        <details class="sheet-filter-item">
          <summary>
            <strong>{f.label}</strong>{" "}
            <span class="muted">
              {t(`analytics.filters.kind.${f.kind}`)} ·{" "}
              {t("analytics.filters.mapped", { n: f.mappings.length })}
            </span>
          </summary>
          <FilterForm
            action={`${sheetPath}/filters/${f.id}`}
            filter={f}
            widgets={widgets}
            datasets={datasets}
          />
          <form
            method="post"
            action={`${sheetPath}/filters/${f.id}/delete`}
            data-confirm={t("analytics.filters.deleteConfirm", { name: f.label })}
            class="sheet-filter-delete"
          >
            <Button type="submit" variant="danger" icon="trash-2" small>
              {t("analytics.filters.deleteOf", { name: f.label })}
            </Button>
          </form>
        </details>
      ))}
      <details class="sheet-filter-item" open={filters.length === 0}>
        <summary>
          <strong>{t("analytics.filters.new")}</strong>
        </summary>
        <FilterForm action={`${sheetPath}/filters`} widgets={widgets} datasets={datasets} />
      </details>
    </Dialog>
  );
}
