import type { ComponentChildren } from "preact";
import { type Locale, t } from "../../../shared/i18n/i18n.ts";
import { Empty, Field, type FieldDef, type Flash, FlashMessage, Pager } from "./ui.view.tsx";

export interface Column<T> {
  labelKey: string;
  value: (row: T, l: Locale) => ComponentChildren;
}

export interface ResourceProps<T extends { id: string }> {
  l: Locale;
  /** Page path, e.g. /support/companies. */
  base: string;
  /** Short id used for element ids, e.g. "companies". */
  panelId: string;
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
  /** Extra content under the table (previews, help). */
  children?: ComponentChildren;
}

function EditRow<T extends { id: string }>(
  { l, p, row }: { l: Locale; p: ResourceProps<T>; row: T },
) {
  const target = `#${p.panelId}-panel`;
  const values = p.values ? p.values(row) : (row as Record<string, unknown>);
  return (
    <details>
      <summary>{t(l, "support.edit")}</summary>
      <form
        method="post"
        action={`${p.base}/${row.id}`}
        hx-post={`${p.base}/${row.id}`}
        hx-target={target}
        hx-swap="outerHTML"
      >
        {p.fields.map((f) => (
          <Field l={l} f={f} id={`${p.panelId}-${row.id}-${f.name}`} value={values[f.name]} />
        ))}
        <p>
          <button type="submit">{t(l, "support.save")}</button>
        </p>
      </form>
      <form
        method="post"
        action={`${p.base}/${row.id}/delete`}
        hx-post={`${p.base}/${row.id}/delete`}
        hx-target={target}
        hx-swap="outerHTML"
        hx-confirm={t(l, "support.confirmDelete")}
      >
        <button type="submit" class="secondary">{t(l, "support.delete")}</button>
      </form>
    </details>
  );
}

/** A list with search, filters, paging, inline edit and a create form; htmx swaps it whole. */
export function ResourcePanel<T extends { id: string }>(p: ResourceProps<T>) {
  const { l } = p;
  const target = `#${p.panelId}-panel`;
  const filtered = Object.entries(p.query).some(([k, v]) => k !== "cursor" && v);
  return (
    <div id={`${p.panelId}-panel`}>
      <FlashMessage flash={p.flash} />
      <form
        class="toolbar"
        method="get"
        action={p.base}
        hx-get={p.base}
        hx-target={target}
        hx-swap="outerHTML"
        hx-push-url="true"
        role="search"
      >
        <label for={`${p.panelId}-q`} class="sr-only">{t(l, "support.search")}</label>
        <input
          id={`${p.panelId}-q`}
          name="q"
          type="search"
          value={p.query.q ?? ""}
          placeholder={t(l, "support.search")}
        />
        {(p.filters ?? []).map((f) => (
          <Field l={l} f={f} id={`${p.panelId}-filter-${f.name}`} value={p.query[f.name]} />
        ))}
        <button type="submit" class="secondary">{t(l, "support.filter")}</button>
      </form>
      {p.items.length === 0
        ? <Empty>{t(l, filtered ? "support.noMatches" : "support.empty")}</Empty>
        : (
          <div class="table-wrap">
            <table>
              <thead>
                <tr>
                  {p.columns.map((c) => <th scope="col">{t(l, c.labelKey)}</th>)}
                  {p.canWrite && <th scope="col">{t(l, "support.actions")}</th>}
                </tr>
              </thead>
              <tbody>
                {p.items.map((row) => (
                  <tr id={`${p.panelId}-${row.id}`}>
                    {p.columns.map((c) => <td>{c.value(row, l)}</td>)}
                    {p.canWrite && (
                      <td>
                        <EditRow l={l} p={p} row={row} />
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      <Pager l={l} base={p.base} query={p.query} nextCursor={p.nextCursor} target={target} />
      {p.children}
      {p.canWrite && (
        <form
          class="card"
          method="post"
          action={p.base}
          hx-post={p.base}
          hx-target={target}
          hx-swap="outerHTML"
        >
          <h2>{t(l, "support.add")}</h2>
          {p.fields.map((f) => <Field l={l} f={f} id={`${p.panelId}-new-${f.name}`} />)}
          <p>
            <button type="submit">{t(l, "support.add")}</button>
          </p>
        </form>
      )}
    </div>
  );
}
