import type { ComponentChildren } from "preact";
import type { Locale, MessageKey } from "../../../shared/i18n/i18n.ts";
import {
  DataTable,
  Dialog,
  EmptyState,
  Field,
  Filters,
  IconButton,
  Toast,
  useReader,
  useT,
} from "../../../ui/kit.ts";
import { type FieldDef, type Flash, FormField, FormFields } from "./ui.view.tsx";

export interface Column<T> {
  labelKey: MessageKey;
  value: (row: T, l: Locale) => ComponentChildren;
  /** Hidden on phones (secondary facts). */
  wide?: boolean;
}

/** What a form shows again after a failed post: the values sent and the message. */
export interface FormState {
  values: Record<string, unknown>;
  flash?: Flash;
  /** Messages under the fields they concern, by field name. */
  errors?: Record<string, string>;
}

export interface ResourceProps<T extends { id: string }> {
  /** Page path, e.g. /support/companies. */
  base: string;
  /** Short id used for element ids, e.g. "companies". */
  panelId: string;
  /** What the table is called (its accessible name). */
  title: string;
  items: T[];
  nextCursor: string | null;
  query: Record<string, string>;
  columns: Column<T>[];
  fields: FieldDef[];
  filters?: FieldDef[];
  canWrite: boolean;
  flash?: Flash;
  /** Form values of a row for its edit form (default: the row's own fields). */
  values?: (row: T) => Record<string, unknown>;
  /** Icon of the empty state. */
  icon?: string;
  /** Whether the list has a search box (and filters). */
  searchable?: boolean;
  /** Extra content under the table (previews, help). */
  children?: ComponentChildren;
}

/** Element ids of a resource's forms (the server re-renders a failed one in place). */
export const formId = (panelId: string, rowId?: string) =>
  rowId ? `${panelId}-form-${rowId}` : `${panelId}-new-form`;

/**
 * A create or edit form of a resource: posts with htmx and swaps the whole panel (the list
 * with its message); a failed post comes back as this form with its errors (see
 * resource.pages.tsx), so it stays open in its dialog.
 */
export function ResourceForm(
  { base, panelId, fields, rowId, state, submitLabel }: {
    base: string;
    panelId: string;
    fields: FieldDef[];
    rowId?: string;
    state?: FormState;
    submitLabel: string;
  },
) {
  const action = rowId ? `${base}/${rowId}` : base;
  const prefix = rowId ? `${panelId}-${rowId}` : `${panelId}-new`;
  return (
    <form
      id={formId(panelId, rowId)}
      class="form-grid"
      method="post"
      action={action}
      hx-post={action}
      hx-target={`#${panelId}-panel`}
      hx-swap="outerHTML"
    >
      {state?.flash && (
        <div class="field-wide">
          <Toast flash={state.flash} />
        </div>
      )}
      <FormFields
        fields={fields}
        prefix={prefix}
        values={state?.values}
        errors={state?.errors}
      />
      <div class="form-actions field-wide">
        <button type="submit" class="btn btn-primary">{submitLabel}</button>
      </div>
    </form>
  );
}

/** The "New …" dialog of a resource page (the page header's primary action). */
export function NewResourceDialog(
  { base, panelId, fields, title }: {
    base: string;
    panelId: string;
    fields: FieldDef[];
    title: string;
  },
) {
  const t = useT();
  return (
    <Dialog
      id={`${panelId}-new`}
      title={title}
      trigger={title}
      icon="plus"
      closeLabel={t("ui.close")}
      wide={fields.length > 6}
    >
      <ResourceForm
        base={base}
        panelId={panelId}
        fields={fields}
        submitLabel={t("support.add")}
      />
    </Dialog>
  );
}

function RowActions<T extends { id: string }>(
  { p, row }: { p: ResourceProps<T>; row: T },
) {
  const t = useT();
  const values = p.values ? p.values(row) : (row as Record<string, unknown>);
  return (
    <span class="support-row-actions">
      <Dialog
        id={`${p.panelId}-edit-${row.id}`}
        title={t("support.edit")}
        trigger={t("support.edit")}
        icon="pencil"
        variant="ghost"
        closeLabel={t("ui.close")}
        wide={p.fields.length > 6}
      >
        <ResourceForm
          base={p.base}
          panelId={p.panelId}
          fields={p.fields}
          rowId={row.id}
          state={{ values }}
          submitLabel={t("support.save")}
        />
      </Dialog>
      <form
        class="inline"
        method="post"
        action={`${p.base}/${row.id}/delete`}
        hx-post={`${p.base}/${row.id}/delete`}
        hx-target={`#${p.panelId}-panel`}
        hx-swap="outerHTML"
        hx-confirm={t("support.confirmDelete")}
      >
        <IconButton type="submit" icon="trash-2" label={t("support.delete")} />
      </form>
    </span>
  );
}

/** "load more" address: the same query with the next cursor. */
export function moreHref(base: string, query: Record<string, string>, cursor: string | null) {
  if (!cursor) return undefined;
  const params = new URLSearchParams(
    Object.entries(query).filter(([k, v]) => k !== "cursor" && v),
  );
  params.set("cursor", cursor);
  return `${base}?${params}`;
}

/** A list with search, filters, "load more" and edit/delete per row; htmx swaps it whole. */
export function ResourcePanel<T extends { id: string }>(p: ResourceProps<T>) {
  const t = useT();
  const { locale: l } = useReader();
  const filtered = Object.entries(p.query).some(([k, v]) => k !== "cursor" && v);
  const more = moreHref(p.base, p.query, p.nextCursor);
  return (
    <div id={`${p.panelId}-panel`}>
      <Toast flash={p.flash} />
      {p.searchable !== false && (
        <Filters action={p.base} target={`#${p.panelId}`} label={t("support.filters")}>
          <Field label={t("support.search")}>
            <input id={`${p.panelId}-q`} name="q" type="search" value={p.query.q ?? ""} />
          </Field>
          {(p.filters ?? []).map((f) => (
            <FormField f={f} id={`${p.panelId}-filter-${f.name}`} value={p.query[f.name]} />
          ))}
        </Filters>
      )}
      <DataTable
        id={p.panelId}
        label={p.title}
        rows={p.items}
        columns={p.columns.map((c) => ({
          label: t(c.labelKey),
          cell: (row: T) => c.value(row, l),
          wide: c.wide,
        }))}
        actions={p.canWrite ? (row) => <RowActions p={p} row={row} /> : undefined}
        actionsLabel={t("support.actions")}
        empty={
          <EmptyState
            icon={p.icon ?? "inbox"}
            title={t(filtered ? "support.noMatches" : "support.empty")}
          />
        }
        more={more ? { href: more, label: t("ui.loadMore") } : undefined}
      />
      {p.children}
    </div>
  );
}
