import type { Language } from "../../shared/i18n/i18n.ts";
import { Button, type Column, DataTable, EmptyState, moduleLabel, useT } from "../../ui/kit.ts";
import type { TranslationRow } from "./translations.schemas.ts";
import { CellView, type Editing } from "./cell.view.tsx";
import { filterQuery, type TranslationsFilter } from "./filter.view.tsx";

export interface TranslationsTableData {
  languages: Language[];
  rows: TranslationRow[];
  total: number;
  offset: number;
  limit: number;
}

/** A message shown beside a row after a save or reset. */
export interface RowNote {
  locale: string;
  text: string;
}

interface RowState {
  editing?: Editing;
  note?: RowNote;
}

/** The columns of every group's table: the original text, then one per language. */
function columns(
  { base, filter, languages, canWrite, state }: {
    base: string;
    filter: TranslationsFilter;
    languages: Language[];
    canWrite: boolean;
    state: (row: TranslationRow) => RowState;
  },
): Column<TranslationRow>[] {
  const t = useT();
  const english = (row: TranslationRow) => row.cells.en?.default ?? "";
  return [
    {
      label: t("translations.original"),
      cell: (row) => <span class="tr-original" title={row.key}>{english(row)}</span>,
    },
    ...languages.map((lang): Column<TranslationRow> => ({
      label: lang.name,
      cell: (row) => {
        const { editing, note } = state(row);
        return (
          <CellView
            base={base}
            filter={filter}
            rowKey={row.key}
            english={english(row)}
            lang={lang}
            cell={row.cells[lang.code]}
            canWrite={canWrite}
            editing={editing?.key === row.key && editing.locale === lang.code ? editing : undefined}
            note={note?.locale === lang.code ? note.text : undefined}
          />
        );
      },
    })),
  ];
}

/**
 * One message's row, as the DataTable draws it (same cells and labels), for htmx to swap in
 * after an edit.
 */
export function TranslationRowView(
  { base, filter, languages, row, canWrite, editing, note }: {
    base: string;
    filter: TranslationsFilter;
    languages: Language[];
    row: TranslationRow;
    canWrite: boolean;
    editing?: Editing;
    note?: RowNote;
  },
) {
  const cols = columns({ base, filter, languages, canWrite, state: () => ({ editing, note }) });
  return (
    <tr data-key={row.key}>
      {cols.map((col) => <td data-label={col.label}>{col.cell(row)}</td>)}
    </tr>
  );
}

/** Rows in runs of the same group (the service sorts them by group). */
function runs(rows: TranslationRow[]) {
  const out: { group: string; rows: TranslationRow[] }[] = [];
  for (const row of rows) {
    const group = row.group ?? "platform";
    if (out.at(-1)?.group !== group) out.push({ group, rows: [] });
    out.at(-1)!.rows.push(row);
  }
  return out;
}

/** The filtered, paged messages, one table per module (the filter form swaps it). */
export function TranslationsTable(
  { base, filter, table, canWrite, editing }: {
    base: string;
    filter: TranslationsFilter;
    table: TranslationsTableData;
    canWrite: boolean;
    editing?: Editing;
  },
) {
  const t = useT();
  const { languages, rows, total, offset, limit } = table;
  const cols = columns({ base, filter, languages, canWrite, state: () => ({ editing }) });
  const pageLink = (to: number, label: string, icon: string) => {
    const href = `${base}${filterQuery({ ...filter, offset: to })}`;
    return (
      <Button
        variant="secondary"
        small
        icon={icon}
        href={href}
        hx-get={href}
        hx-target="#translations-table"
        hx-select="#translations-table"
        hx-swap="outerHTML"
        hx-push-url="true"
      >
        {label}
      </Button>
    );
  };
  return (
    <div id="translations-table">
      <p class="muted" role="status">
        {t("translations.count", {
          from: total ? offset + 1 : 0,
          to: Math.min(offset + limit, total),
          total,
        })}
      </p>
      {rows.length === 0 && <EmptyState icon="languages" title={t("translations.empty")} />}
      {runs(rows).map(({ group, rows }) => (
        <section class="tr-group" aria-labelledby={`tr-group-${group}`}>
          <h2 id={`tr-group-${group}`}>{moduleLabel(t, group)}</h2>
          <DataTable
            id={`translations-${group}`}
            label={moduleLabel(t, group)}
            rows={rows}
            columns={cols}
          />
        </section>
      ))}
      {(offset > 0 || offset + limit < total) && (
        <nav class="tr-pages" aria-label={t("translations.pages")}>
          {offset > 0 &&
            pageLink(Math.max(0, offset - limit), t("translations.prev"), "chevron-left")}
          {offset + limit < total &&
            pageLink(offset + limit, t("translations.next"), "chevron-right")}
        </nav>
      )}
    </div>
  );
}
