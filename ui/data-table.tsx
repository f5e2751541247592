import type { ComponentChildren } from "preact";
import { renderToString } from "preact-render-to-string";
import { Icon } from "./icon.tsx";
import { ReaderContext, useReader } from "./context.ts";

export interface Column<T> {
  label: string;
  cell: (row: T) => ComponentChildren;
  /** The sort key the server understands; makes the header a sort link. */
  sort?: string;
  /** Numbers align right. */
  numeric?: boolean;
  /** Hidden on narrow screens (secondary facts). */
  wide?: boolean;
  /**
   * What the cell shows, when many rows show the same (a state, a person): rows with the same
   * value get the same cell, drawn once per table. It must name everything `cell` reads.
   */
  same?: (row: T) => string | null | undefined;
}

export interface TableSort {
  key: string;
  dir: "asc" | "desc";
  /** The page URL for a sort key and direction (keeps the filters). */
  href: (key: string, dir: "asc" | "desc") => string;
}

/**
 * The list of every page: sortable headers, row actions, an empty state and "load more" that
 * appends the next page (keyset `nextCursor`) without leaving the page. On a phone each row
 * becomes a stacked card, so nothing scrolls sideways.
 *
 * "Load more" fetches `more.href` (the same page with `cursor=`) and takes this table's rows
 * and its next button from it, so a list page needs no separate partial route.
 *
 * Usage:
 * ```tsx
 * <DataTable id="tickets" label={t("tickets.title")} rows={page.items}
 *   columns={[{ label: t("ticket.subject"), cell: (r) => <a href={`/support/tickets/${r.id}`}>{r.subject}</a> }]}
 *   actions={(r) => <IconButton icon="trash-2" label={t("delete")} hx-delete={…} />}
 *   empty={<EmptyState title={t("tickets.none")} />}
 *   more={page.nextCursor ? { href: `?cursor=${page.nextCursor}`, label: t("more") } : undefined} />
 * ```
 */
export function DataTable<T>(
  { id, label, columns, rows, actions, actionsLabel, empty, more, sort, rowAttrs }: {
    id: string;
    label: string;
    columns: Column<T>[];
    rows: T[];
    actions?: (row: T) => ComponentChildren;
    actionsLabel?: string;
    empty?: ComponentChildren;
    more?: { href: string; label: string };
    sort?: TableSort;
    /** Attributes of a row (an id for htmx row swaps, data-* for scripts). */
    rowAttrs?: (row: T) => Record<string, string | undefined>;
  },
) {
  if (rows.length === 0 && empty) return <div id={id}>{empty}</div>;
  // Once per column, not per cell: a page of rows has hundreds of cells.
  const classes = columns.map((col) =>
    [col.numeric ? "num" : "", col.wide ? "wide" : ""].join(" ").trim() || undefined
  );
  const reader = useReader();
  const drawn = columns.map((col) => col.same && new Map<string, { __html: string }>());
  // A cell shown by many rows (a badge, a person) is rendered once and its markup reused: most
  // of a list's time goes into rendering cells.
  const cell = (row: T, col: Column<T>, i: number) => {
    const kept = drawn[i];
    if (!kept) return <td data-label={col.label} class={classes[i]}>{col.cell(row)}</td>;
    const key = col.same!(row) ?? "";
    let markup = kept.get(key);
    if (!markup) {
      const node = <ReaderContext.Provider value={reader}>{col.cell(row)}</ReaderContext.Provider>;
      kept.set(key, markup = { __html: renderToString(node) });
    }
    return <td data-label={col.label} class={classes[i]} dangerouslySetInnerHTML={markup} />;
  };
  return (
    // Focusable, so a table wider than its box can be scrolled from the keyboard (axe:
    // scrollable-region-focusable).
    <div id={id} class="data-table" tabIndex={0}>
      <table aria-label={label}>
        <thead>
          <tr>
            {columns.map((col, i) => (
              <th
                scope="col"
                class={classes[i]}
                aria-sort={sort && col.sort === sort.key
                  ? (sort.dir === "asc" ? "ascending" : "descending")
                  : undefined}
              >
                {sort && col.sort ? <SortLink col={col} sort={sort} /> : col.label}
              </th>
            ))}
            {actions && (
              <th scope="col" class="actions">
                <span class="sr-only">{actionsLabel}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr {...rowAttrs?.(row)}>
              {columns.map((col, i) => cell(row, col, i))}
              {actions && <td class="actions">{actions(row)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
      <LoadMore tableId={id} more={more} />
    </div>
  );
}

function SortLink<T>({ col, sort }: { col: Column<T>; sort: TableSort }) {
  const active = col.sort === sort.key;
  const next = active && sort.dir === "asc" ? "desc" : "asc";
  return (
    <a href={sort.href(col.sort!, next)} class="sort">
      {col.label}
      <Icon
        name={active ? (sort.dir === "asc" ? "arrow-up" : "arrow-down") : "arrow-up-down"}
        size={14}
      />
    </a>
  );
}

function LoadMore({ tableId, more }: { tableId: string; more?: { href: string; label: string } }) {
  const id = `${tableId}-more`;
  if (!more) return <div id={id}></div>;
  return (
    <div id={id} class="load-more">
      <a
        href={more.href}
        class="btn btn-secondary"
        hx-get={more.href}
        hx-target={`#${tableId} tbody`}
        hx-select={`#${tableId} tbody > tr`}
        hx-swap="beforeend"
        hx-select-oob={`#${id}`}
        hx-push-url="false"
      >
        {more.label}
      </a>
    </div>
  );
}
