import type { Language, Locale } from "../../shared/i18n/i18n.ts";
import { t } from "../../shared/i18n/i18n.ts";
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

/** One key's row: the key and its text per language. htmx swaps it after an edit. */
export function TranslationRowView(
  { l, base, filter, languages, row, canWrite, editing, note }: {
    l: Locale;
    base: string;
    filter: TranslationsFilter;
    languages: Language[];
    row: TranslationRow;
    canWrite: boolean;
    editing?: Editing;
    note?: RowNote;
  },
) {
  return (
    <tr data-key={row.key}>
      <th scope="row">
        <code>{row.key}</code>
      </th>
      {languages.map((lang) => (
        <CellView
          l={l}
          base={base}
          filter={filter}
          rowKey={row.key}
          lang={lang}
          cell={row.cells[lang.code]}
          canWrite={canWrite}
          editing={editing?.key === row.key && editing.locale === lang.code ? editing : undefined}
          note={note?.locale === lang.code ? note.text : undefined}
        />
      ))}
    </tr>
  );
}

/** The filtered, paged table of keys (the filter form swaps it). */
export function TranslationsTable(
  { l, base, filter, table, canWrite, editing }: {
    l: Locale;
    base: string;
    filter: TranslationsFilter;
    table: TranslationsTableData;
    canWrite: boolean;
    editing?: Editing;
  },
) {
  const { languages, rows, total, offset, limit } = table;
  const pageLink = (to: number, label: string) => {
    const href = `${base}${filterQuery({ ...filter, offset: to })}`;
    return (
      <a
        href={href}
        hx-get={href}
        hx-target="#translations-table"
        hx-swap="outerHTML"
        hx-push-url="true"
      >
        {label}
      </a>
    );
  };
  return (
    <div id="translations-table">
      <p class="muted" role="status">
        {t(l, "translations.count", {
          from: total ? offset + 1 : 0,
          to: Math.min(offset + limit, total),
          total,
        })}
      </p>
      {rows.length === 0
        ? <p class="muted">{t(l, "translations.empty")}</p>
        : (
          <div class="table-wrap">
            <table>
              <thead>
                <tr>
                  <th scope="col">{t(l, "translations.key")}</th>
                  {languages.map((lang) => (
                    <th scope="col" lang={lang.code}>
                      {lang.name} <span class="muted">({lang.code})</span>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <TranslationRowView
                    l={l}
                    base={base}
                    filter={filter}
                    languages={languages}
                    row={row}
                    canWrite={canWrite}
                    editing={editing}
                  />
                ))}
              </tbody>
            </table>
          </div>
        )}
      {(offset > 0 || offset + limit < total) && (
        <nav aria-label={t(l, "translations.pages")}>
          {offset > 0 && pageLink(Math.max(0, offset - limit), t(l, "translations.prev"))}{" "}
          {offset + limit < total && pageLink(offset + limit, t(l, "translations.next"))}
        </nav>
      )}
    </div>
  );
}
