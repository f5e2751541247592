/**
 * The widget builder: one form for adding and editing a widget. The source select lists every
 * source the caller may use, grouped; choosing one (or a table of an external source, a group
 * field, a measure, a filter field, a chart type) swaps in the fields part through htmx with the
 * whole form's state, so the pickers only offer what fits. "Preview" draws the result in place.
 */
import { Button, Dialog, Field, IconButton, type Translate, useT } from "../../../ui/kit.ts";
import { BuilderFields, errorOf } from "./builder.fields.view.tsx";
import type { FieldError } from "../../../shared/http/problem.ts";
import { CHART_TYPES, type Widget } from "./widgets.schemas.ts";
import type { Body } from "./dashboard.view.tsx";
import { WidgetBody } from "./dashboard.view.tsx";
import type { BuilderState, Option, SourceDetail, SourceGroups } from "./builder.lib.ts";

export { BuilderFields };

export interface BuilderUrls {
  /** Where the form posts (create or change). */
  action: string;
  /** The fields fragment (GET with the form's state). */
  fields: string;
  /** The preview fragment (POST with the form's state). */
  preview: string;
}

function SourceSelect(
  { groups, selected, swap, error }: {
    groups: SourceGroups;
    selected: string;
    swap: Record<string, string>;
    error?: string;
  },
) {
  const t = useT();
  const group = (key: Parameters<Translate>[0], items: Option[]) =>
    items.length > 0 && (
      <optgroup label={t(key)}>
        {items.map((o) => (
          <option value={o.value} selected={o.value === selected}>{o.label}</option>
        ))}
      </optgroup>
    );
  return (
    <Field label={t("analytics.builder.source")} error={error}>
      <select name="source" required data-builder-source="" {...swap}>
        <option value="">{t("analytics.builder.chooseSource")}</option>
        {group("analytics.builder.datasets", groups.datasets)}
        {group("analytics.builder.tables", groups.tables)}
        {group("analytics.builder.externals", groups.externals)}
        {group("analytics.builder.questions", groups.questions)}
      </select>
    </Field>
  );
}

export interface BuilderFormProps {
  id: string;
  urls: BuilderUrls;
  groups: SourceGroups;
  state: BuilderState;
  detail: SourceDetail | null;
  errors?: FieldError[];
  /** A message for the whole form (a refused source, a failed query). */
  message?: string;
  editing?: boolean;
}

/** The builder's form (the dialog's body and the no-script page's). */
export function BuilderForm(p: BuilderFormProps) {
  const t = useT();
  const errors = p.errors ?? [];
  const swap = {
    "hx-get": p.urls.fields,
    "hx-include": `#${p.id}`,
    "hx-target": `#${p.id}-fields`,
    "hx-swap": "innerHTML",
  };
  return (
    <form
      id={p.id}
      method="post"
      action={p.urls.action}
      hx-post={p.urls.action}
      hx-target="this"
      hx-swap="outerHTML"
      class="form-grid builder"
      data-add-widget=""
    >
      <input type="hidden" name="formId" value={p.id} />
      {p.message && <p class="field-message field-wide" role="alert">{p.message}</p>}
      <Field label={t("analytics.dash.title")} error={errorOf(t, errors, "title")}>
        <input name="title" required maxLength={200} value={p.state.title} />
      </Field>
      <Field label={t("analytics.dash.chartType")}>
        <select name="chartType" {...swap}>
          {CHART_TYPES.map((c) => (
            <option value={c} selected={p.state.chartType === c}>
              {t(`analytics.chart.${c}`)}
            </option>
          ))}
        </select>
      </Field>
      <SourceSelect
        groups={p.groups}
        selected={p.state.source}
        swap={swap}
        error={errorOf(t, errors, "source")}
      />
      <div id={`${p.id}-fields`} class="builder-fields field-wide" aria-live="polite">
        <BuilderFields
          state={p.state}
          detail={p.detail}
          errors={errors}
          refresh={p.urls.fields}
          formId={p.id}
        />
      </div>
      <section
        id={`${p.id}-preview`}
        class="builder-preview field-wide"
        aria-label={t("analytics.builder.previewTitle")}
        aria-live="polite"
      >
        <p class="muted">{t("analytics.builder.previewHint")}</p>
      </section>
      <div class="form-actions field-wide">
        <Button
          variant="secondary"
          icon="eye"
          hx-post={p.urls.preview}
          hx-include={`#${p.id}`}
          hx-target={`#${p.id}-preview`}
          hx-swap="innerHTML"
          data-builder-preview=""
        >
          {t("analytics.builder.preview")}
        </Button>
        <Button type="submit" icon={p.editing ? "check" : "plus"}>
          {p.editing ? t("analytics.builder.save") : t("analytics.dash.addSubmit")}
        </Button>
      </div>
    </form>
  );
}

/** The preview: the result drawn as the widget will draw it, or why it could not run. */
export function BuilderPreview(
  { title, chartType, body }: { title: string; chartType: Widget["chartType"]; body: Body },
) {
  const t = useT();
  const widget = { title: title || t("analytics.builder.previewTitle"), chartType } as Widget;
  return (
    <div class="builder-preview-body" data-preview-done="">
      <h3 class="builder-preview-title">{widget.title}</h3>
      <WidgetBody widget={widget} body={body} width={560} height={260} />
    </div>
  );
}

/** The add dialog on the sheet: the builder form inside the kit's dialog. */
export function BuilderDialog({ form }: { form: BuilderFormProps }) {
  const t = useT();
  return (
    <Dialog
      id="dash-add"
      title={t("analytics.dash.add")}
      trigger={t("analytics.dash.add")}
      icon="plus"
      closeLabel={t("analytics.dash.close")}
      wide
    >
      <BuilderForm {...form} />
    </Dialog>
  );
}

/** The edit dialog: empty until a widget's edit button loads its form into it (htmx). */
export function EditDialog() {
  const t = useT();
  return (
    <>
      <link rel="stylesheet" href="/assets/analytics-builder.css" />
      <script src="/assets/analytics-builder.js" defer></script>
      <dialog id="dash-edit" class="dialog dialog-wide" aria-labelledby="dash-edit-title">
        <header class="dialog-head">
          <h2 id="dash-edit-title">{t("analytics.builder.edit")}</h2>
          <IconButton icon="x" label={t("analytics.dash.close")} data-dialog-close="" />
        </header>
        <div class="dialog-body" data-edit-body="">
          <p class="muted">{t("analytics.builder.loading")}</p>
        </div>
      </dialog>
    </>
  );
}
