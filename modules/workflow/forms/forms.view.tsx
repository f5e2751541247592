/** Forms: the admin list, the form-js editor page and the viewer other pages embed. */
import {
  Button,
  Card,
  type Column,
  DataTable,
  EmptyState,
  Field,
  RelativeTime,
  type Translate,
  useT,
} from "../../../ui/kit.ts";
import { FORM_ASSETS } from "./forms.assets.lib.ts";
import type { FormDetail, FormSummary } from "./forms.schemas.ts";

export const FORMS_BASE = "/workflow/admin/forms";

const Styles = ({ hrefs }: { hrefs: string[] }) => (
  <>{hrefs.map((href) => <link rel="stylesheet" href={href} />)}</>
);

export function FormsTable({ rows }: { rows: FormSummary[] }) {
  const t = useT();
  const columns: Column<FormSummary>[] = [
    {
      label: t("workflow.forms.col.name"),
      cell: (f) => <a href={`${FORMS_BASE}/${f.key}`}>{f.name}</a>,
    },
    { label: t("workflow.forms.col.key"), cell: (f) => <code>{f.key}</code>, wide: true },
    { label: t("workflow.forms.col.version"), cell: (f) => f.version, numeric: true },
    { label: t("workflow.forms.col.fields"), cell: (f) => f.fieldCount, numeric: true, wide: true },
    {
      label: t("workflow.forms.col.used"),
      cell: (f) =>
        f.usedBy
          ? t("workflow.forms.usedBy", { count: f.usedBy })
          : <span class="muted">{t("workflow.forms.unused")}</span>,
      wide: true,
    },
    {
      label: t("workflow.forms.col.saved"),
      cell: (f) => <RelativeTime at={f.createdAt} />,
      wide: true,
    },
  ];
  return (
    <DataTable
      id="forms"
      label={t("page.forms")}
      columns={columns}
      rows={rows}
      empty={<EmptyState icon="file-text" title={t("workflow.forms.empty")} />}
      actions={(f) =>
        f.usedBy ? null : (
          <form
            method="post"
            action={`${FORMS_BASE}/${f.key}/delete`}
            hx-post={`${FORMS_BASE}/${f.key}/delete`}
            hx-confirm={t("workflow.forms.deleteConfirm", { name: f.name })}
          >
            <Button type="submit" variant="ghost" small icon="trash-2">
              {t("workflow.forms.delete")}
            </Button>
          </form>
        )}
    />
  );
}

function editorMessages(t: Translate) {
  return {
    saving: t("workflow.forms.saving"),
    saved: t("workflow.forms.saved"),
    failed: t("workflow.forms.failed"),
  };
}

/** The editor: key (new forms only) and name, the form-js editor, save. */
export function FormEditorView({ form }: { form?: FormDetail }) {
  const t = useT();
  return (
    <div
      id="wf-form-editor"
      class="wf-form-editor stack"
      data-key={form?.key}
      data-schema={form ? JSON.stringify(form.schema) : undefined}
      data-api="/api/workflow/forms"
      data-page={FORMS_BASE}
      data-messages={JSON.stringify(editorMessages(t))}
    >
      <Styles hrefs={FORM_ASSETS.editorCss} />
      <div class="wf-form-meta">
        {!form && (
          <Field label={t("workflow.forms.field.key")}>
            <input
              name="key"
              required
              maxLength={100}
              pattern="[A-Za-z][A-Za-z0-9_.\-]*"
              autocomplete="off"
            />
          </Field>
        )}
        <Field label={t("workflow.forms.field.name")}>
          <input name="name" required maxLength={200} value={form?.name ?? ""} />
        </Field>
        <Button icon="save" data-form-save>{t("workflow.forms.save")}</Button>
      </div>
      <p class="muted">{t("workflow.forms.editorNote")}</p>
      <p class="wf-form-status" role="status" aria-live="polite"></p>
      <ul class="wf-form-errors" aria-live="polite" hidden></ul>
      <div
        class="wf-form-editor-canvas"
        role="group"
        aria-label={t("workflow.forms.editor")}
      >
      </div>
      <script src={FORM_ASSETS.editorJs} defer></script>
    </div>
  );
}

export function VersionsCard({ form }: { form: FormDetail }) {
  const t = useT();
  const latest = form.versions[0]?.version;
  return (
    <Card title={t("workflow.forms.versions")}>
      <p class="muted">{t("workflow.forms.linkHint", { key: form.key })}</p>
      <ul class="plain-list">
        {form.versions.map((v) => (
          <li>
            <a href={`${FORMS_BASE}/${form.key}?version=${v.version}`}>
              {t("workflow.forms.versionLabel", { version: v.version })}
            </a>{" "}
            {v.version === latest && <span class="muted">({t("workflow.forms.latest")})</span>}{" "}
            <RelativeTime at={v.createdAt} />{" "}
            {v.createdByName && (
              <span class="muted">{t("workflow.forms.by", { name: v.createdByName })}</span>
            )}
          </li>
        ))}
      </ul>
    </Card>
  );
}

export interface ViewerProps {
  schema: Record<string, unknown>;
  data?: Record<string, unknown> | null;
  /** Where the JSON goes (`{[wrap]: data}`); absent = shown read-only. */
  submit?: string;
  wrap?: "data" | "variables";
  /** Further fields of the JSON body (the definition to start). */
  extra?: Record<string, unknown>;
  upload?: string;
  /** Where to go after success (`{id}` is the answer's id). */
  done?: string;
  label?: string;
  note?: string;
}

/** A form-js form filled in the browser; the server checks what it sends. */
export function FormViewer(p: ViewerProps) {
  const t = useT();
  const messages = {
    sending: t("workflow.forms.sending"),
    done: t("workflow.forms.done"),
    fix: t("workflow.forms.fix"),
    failed: t("workflow.forms.sendFailed"),
  };
  return (
    <div
      class="wf-form"
      data-schema={JSON.stringify(p.schema)}
      data-data={JSON.stringify(p.data ?? {})}
      data-readonly={p.submit ? undefined : "1"}
      data-submit={p.submit}
      data-wrap={p.wrap ?? "data"}
      data-extra={p.extra ? JSON.stringify(p.extra) : undefined}
      data-upload={p.upload}
      data-done={p.done}
      data-messages={JSON.stringify(messages)}
    >
      <Styles hrefs={FORM_ASSETS.css} />
      <div class="wf-form-canvas"></div>
      <noscript>
        <p class="muted">{t("workflow.forms.noScript")}</p>
      </noscript>
      {p.note && <p class="muted">{p.note}</p>}
      <ul class="wf-form-errors" aria-live="polite" hidden></ul>
      <p class="wf-form-status" role="status" aria-live="polite"></p>
      {p.submit && (
        <Button type="button" icon="check" data-form-submit>
          {p.label ?? t("workflow.forms.submit")}
        </Button>
      )}
      <script src={FORM_ASSETS.viewerJs} defer></script>
    </div>
  );
}
