/**
 * The sheet's saved filters on its dashboard: the filter bar (every change is remembered for
 * the user and refreshes the widgets through htmx) and, for editors, the "Edit filters" dialog
 * (editor.view.tsx: add, change, remove filters, map them to widgets). Behaviour: client/filters.js.
 */
import { Button, Field, useT } from "../../../ui/kit.ts";
import type { DatasetInfo } from "../query/query.types.schemas.ts";
import type { Widget } from "../dashboard/widgets.schemas.ts";
import { DATE_PRESETS, type FilterValue, type SheetFilter } from "./filters.schemas.ts";
import { FilterEditor } from "./editor.view.tsx";

export interface BarProps {
  sheetPath: string;
  filters: SheetFilter[];
  values: Record<string, FilterValue | null>;
  choices: Record<string, { value: string; label: string }[]>;
  /** The address's other filters (dateField, from, to, where) without `sf`, "?…" or "". */
  keep: string;
  /** The full address query with the values in effect (the page puts it in the address). */
  query: string;
}

function ChoiceControl(
  { f, v, choices }: {
    f: SheetFilter;
    v: FilterValue | null;
    choices: { value: string; label: string }[];
  },
) {
  const t = useT();
  const chosen = v?.kind === "choice" ? v.values : [];
  // A chosen value missing from the list (an address, an old default) stays choosable.
  const list = [
    ...choices,
    ...chosen.filter((c) => !choices.some((x) => x.value === c)).map((c) => ({
      value: c,
      label: c,
    })),
  ];
  return (
    <Field label={f.label}>
      <select name={`v.${f.id}`} data-filter={f.id}>
        {!f.required && <option value="">{t("analytics.filters.all")}</option>}
        {list.map((c) => <option value={c.value} selected={chosen[0] === c.value}>{c.label}
        </option>)}
      </select>
    </Field>
  );
}

function NumberControl({ f, v }: { f: SheetFilter; v: FilterValue | null }) {
  const t = useT();
  const n = v?.kind === "number" ? v : undefined;
  return (
    <fieldset class="sheet-filter-range">
      <legend class="field-label">{f.label}</legend>
      <input
        type="number"
        step="any"
        name={`min.${f.id}`}
        value={n?.min ?? ""}
        placeholder={t("analytics.filters.min")}
        aria-label={t("analytics.filters.minOf", { name: f.label })}
      />
      <input
        type="number"
        step="any"
        name={`max.${f.id}`}
        value={n?.max ?? ""}
        placeholder={t("analytics.filters.max")}
        aria-label={t("analytics.filters.maxOf", { name: f.label })}
      />
    </fieldset>
  );
}

function DateControl({ f, v }: { f: SheetFilter; v: FilterValue | null }) {
  const t = useT();
  const d = v?.kind === "date" ? v : undefined;
  return (
    <fieldset class="sheet-filter-range">
      <legend class="field-label">{f.label}</legend>
      <select name={`preset.${f.id}`} aria-label={f.label} data-filter={f.id}>
        {!f.required && <option value="" selected={!d}>{t("analytics.filters.anyTime")}</option>}
        {DATE_PRESETS.map((p) => (
          <option value={p} selected={d?.preset === p}>{t(`analytics.preset.${p}`)}</option>
        ))}
        <option value="dates" selected={!!d && !d.preset}>{t("analytics.filters.dates")}</option>
      </select>
      <input
        type="date"
        name={`from.${f.id}`}
        value={d?.from ?? ""}
        aria-label={t("analytics.filters.fromOf", { name: f.label })}
      />
      <input
        type="date"
        name={`to.${f.id}`}
        value={d?.to ?? ""}
        aria-label={t("analytics.filters.toOf", { name: f.label })}
      />
    </fieldset>
  );
}

/** The filter bar: one control per saved filter; a change remembers and refreshes. */
export function FilterBar(p: BarProps) {
  const t = useT();
  const action = `${p.sheetPath}/filter-values${p.keep}`;
  return (
    <form
      id="sheet-filters"
      class="filters sheet-filters"
      method="post"
      action={action}
      hx-post={action}
      hx-target="this"
      hx-swap="outerHTML"
      hx-trigger="change, submit"
      role="search"
      aria-label={t("analytics.filters.bar")}
      data-filter-query={p.query}
      hx-history="false"
    >
      {p.filters.map((f) => {
        const v = p.values[f.id] ?? null;
        if (f.kind === "choice") {
          return <ChoiceControl f={f} v={v} choices={p.choices[f.id] ?? []} />;
        }
        if (f.kind === "number") return <NumberControl f={f} v={v} />;
        return <DateControl f={f} v={v} />;
      })}
      <button type="submit" class="btn btn-secondary js-hide">
        {t("analytics.filters.apply")}
      </button>
    </form>
  );
}

/** The bar with its tools: reset to defaults and, for editors, the dialog. */
export function SheetFilters(
  p: BarProps & { canEdit: boolean; widgets: Widget[]; datasets: DatasetInfo[] },
) {
  const t = useT();
  if (!p.filters.length && !p.canEdit) return null;
  return (
    <div class="sheet-filters-wrap">
      <link rel="stylesheet" href="/assets/analytics-filters.css" />
      <script src="/assets/analytics-filters.js" defer></script>
      {p.filters.length > 0 && <FilterBar {...p} />}
      <div class="sheet-filters-tools">
        {p.filters.length > 0 && (
          <form
            method="post"
            action={`${p.sheetPath}/filter-values/reset${p.keep}`}
            hx-post={`${p.sheetPath}/filter-values/reset${p.keep}`}
            hx-target="#sheet-filters"
            hx-swap="outerHTML"
          >
            <Button type="submit" variant="ghost" icon="rotate-ccw" small>
              {t("analytics.filters.reset")}
            </Button>
          </form>
        )}
        {p.canEdit && (
          <FilterEditor
            sheetPath={p.sheetPath}
            filters={p.filters}
            widgets={p.widgets}
            datasets={p.datasets}
          />
        )}
      </div>
    </div>
  );
}
