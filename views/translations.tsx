import type { Language, Locale } from "../shared/i18n/i18n.ts";
import { t } from "../shared/i18n/i18n.ts";
import type { Cell, TranslationRow } from "../shared/i18n/translations.service.ts";

export interface TranslationsFilter {
  q: string;
  missing: boolean;
  offset: number;
}

export interface TranslationsTableData {
  languages: Language[];
  rows: TranslationRow[];
  total: number;
  offset: number;
  limit: number;
}

export interface Flash {
  kind: "ok" | "error";
  text: string;
}

/** The cell being edited, with what was typed and why it was refused. */
export interface Editing {
  key: string;
  locale: string;
  value?: string;
  error?: string;
}

/** A message shown beside a row after a save or reset. */
export interface RowNote {
  locale: string;
  text: string;
}

/** Query string of the page for a filter (only what differs from the defaults). */
export function filterQuery(f: TranslationsFilter, extra: Record<string, string> = {}) {
  const p = new URLSearchParams();
  if (f.q) p.set("q", f.q);
  if (f.missing) p.set("missing", "1");
  if (f.offset) p.set("offset", String(f.offset));
  for (const [k, v] of Object.entries(extra)) p.set(k, v);
  const s = p.toString();
  return s ? `?${s}` : "";
}

function Alert({ flash }: { flash?: Flash }) {
  if (!flash) return null;
  return (
    <p class={`alert ${flash.kind}`} role={flash.kind === "error" ? "alert" : "status"}>
      {flash.text}
    </p>
  );
}

/** Hidden fields that carry the filter through a form post (for the no-JS full page). */
function FilterFields({ filter }: { filter: TranslationsFilter }) {
  return (
    <>
      {filter.q && <input type="hidden" name="q" value={filter.q} />}
      {filter.missing && <input type="hidden" name="missing" value="1" />}
      {filter.offset > 0 && <input type="hidden" name="offset" value={String(filter.offset)} />}
    </>
  );
}

const cellId = (key: string, locale: string) =>
  `tr-${locale}-${key.replace(/[^A-Za-z0-9_-]/g, "_")}`;

function CellView(
  { l, base, filter, rowKey, lang, cell, canWrite, editing, note }: {
    l: Locale;
    base: string;
    filter: TranslationsFilter;
    rowKey: string;
    lang: Language;
    cell: Cell;
    canWrite: boolean;
    editing?: Editing;
    note?: string;
  },
) {
  const rowUrl = `${base}/row${filterQuery(filter, { key: rowKey })}`;
  if (editing && canWrite) {
    const id = cellId(rowKey, lang.code);
    const errorId = `${id}-error`;
    return (
      <td data-locale={lang.code} data-editing>
        <form
          method="post"
          action={`${base}/save`}
          hx-post={`${base}/save`}
          hx-target="closest tr"
          hx-swap="outerHTML"
        >
          <input type="hidden" name="key" value={rowKey} />
          <input type="hidden" name="locale" value={lang.code} />
          <FilterFields filter={filter} />
          <label class="sr-only" for={id}>
            {t(l, "translations.editLabel", { key: rowKey, language: lang.name })}
          </label>
          <textarea
            id={id}
            name="value"
            rows={2}
            required
            autofocus
            aria-invalid={editing.error ? "true" : undefined}
            aria-describedby={editing.error ? errorId : undefined}
          >
            {editing.value ?? cell.value}
          </textarea>
          {editing.error && <p class="alert error" role="alert" id={errorId}>{editing.error}</p>}
          {cell.source !== "fallback" && cell.default !== cell.value && (
            <p class="muted">{t(l, "translations.default", { text: cell.default })}</p>
          )}
          <button type="submit">{t(l, "translations.save")}</button>{" "}
          <a
            href={`${base}${filterQuery(filter)}`}
            hx-get={rowUrl}
            hx-target="closest tr"
            hx-swap="outerHTML"
          >
            {t(l, "translations.cancel")}
          </a>
        </form>
      </td>
    );
  }
  return (
    <td data-locale={lang.code} data-source={cell.source}>
      <span class={cell.source === "fallback" ? "muted" : undefined}>{cell.value}</span>
      {cell.source === "override" && (
        <>
          {" "}
          <span class="badge" title={t(l, "translations.default", { text: cell.default })}>
            {t(l, "translations.overridden")}
          </span>
        </>
      )}
      {cell.source === "fallback" && lang.code !== "en" && (
        <>
          {" "}
          <span class="badge">{t(l, "translations.missing")}</span>
        </>
      )}
      {note && <p class="alert ok" role="status">{note}</p>}
      {canWrite && (
        <div>
          <a
            href={`${base}${filterQuery(filter, { edit: lang.code, key: rowKey })}#${
              cellId(rowKey, lang.code)
            }`}
            hx-get={`${base}/row${filterQuery(filter, { key: rowKey, edit: lang.code })}`}
            hx-target="closest tr"
            hx-swap="outerHTML"
            aria-label={t(l, "translations.editLabel", { key: rowKey, language: lang.name })}
          >
            {t(l, "translations.edit")}
          </a>
          {cell.source === "override" && (
            <form
              class="inline"
              method="post"
              action={`${base}/reset`}
              hx-post={`${base}/reset`}
              hx-target="closest tr"
              hx-swap="outerHTML"
            >
              <input type="hidden" name="key" value={rowKey} />
              <input type="hidden" name="locale" value={lang.code} />
              <FilterFields filter={filter} />{" "}
              <button
                type="submit"
                class="secondary"
                aria-label={t(l, "translations.resetLabel", { key: rowKey, language: lang.name })}
              >
                {t(l, "translations.reset")}
              </button>
            </form>
          )}
        </div>
      )}
    </td>
  );
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

/** The whole translations panel: languages, filter, table. htmx swaps it after language changes. */
export function TranslationsPanel(
  { l, base, filter, table, canWrite, writePermission, flash, editing, newLanguage }: {
    l: Locale;
    base: string;
    filter: TranslationsFilter;
    table: TranslationsTableData;
    canWrite: boolean;
    writePermission: string;
    flash?: Flash;
    editing?: Editing;
    /** What was typed into the add-language form (kept when it was refused). */
    newLanguage?: { locale: string; name: string };
  },
) {
  return (
    <div id="translations-panel">
      <p>{t(l, "translations.intro")}</p>
      {!canWrite && (
        <p class="muted">{t(l, "translations.readOnly", { permission: writePermission })}</p>
      )}
      <Alert flash={flash} />
      <section class="card" aria-labelledby="translations-languages">
        <h2 id="translations-languages">{t(l, "translations.languages")}</h2>
        <ul>
          {table.languages.map((lang) => (
            <li>
              <span lang={lang.code}>{lang.name}</span> <code>{lang.code}</code> {lang.builtin
                ? <span class="badge">{t(l, "translations.builtin")}</span>
                : canWrite && (
                  <form
                    class="inline"
                    method="post"
                    action={`${base}/languages/remove`}
                    hx-post={`${base}/languages/remove`}
                    hx-target="#translations-panel"
                    hx-swap="outerHTML"
                    hx-confirm={t(l, "translations.removeConfirm", { language: lang.name })}
                  >
                    <input type="hidden" name="locale" value={lang.code} />
                    <button type="submit" class="secondary">
                      {t(l, "translations.removeLanguage", { language: lang.name })}
                    </button>
                  </form>
                )}
            </li>
          ))}
        </ul>
        {canWrite && (
          <form
            method="post"
            action={`${base}/languages`}
            hx-post={`${base}/languages`}
            hx-target="#translations-panel"
            hx-swap="outerHTML"
          >
            <h3>{t(l, "translations.addLanguage")}</h3>
            <label for="translations-new-code">{t(l, "translations.code")}</label>
            <input
              id="translations-new-code"
              name="locale"
              type="text"
              required
              pattern="[a-z]{2,3}(-[A-Z]{2})?"
              placeholder="de"
              aria-describedby="translations-new-code-hint"
              value={newLanguage?.locale}
            />
            <p class="muted" id="translations-new-code-hint">{t(l, "translations.codeHint")}</p>
            <label for="translations-new-name">{t(l, "translations.name")}</label>
            <input
              id="translations-new-name"
              name="name"
              type="text"
              maxLength={100}
              value={newLanguage?.name}
            />
            <p>
              <button type="submit">{t(l, "translations.add")}</button>
            </p>
          </form>
        )}
      </section>
      <form
        class="card"
        role="search"
        method="get"
        action={base}
        hx-get={base}
        hx-target="#translations-table"
        hx-swap="outerHTML"
        hx-push-url="true"
      >
        <label for="translations-q">{t(l, "translations.search")}</label>
        <input
          id="translations-q"
          name="q"
          type="search"
          value={filter.q}
          hx-get={base}
          hx-trigger="input changed delay:300ms, search"
          hx-include="closest form"
        />
        <label>
          <input
            type="checkbox"
            name="missing"
            value="1"
            checked={filter.missing}
            hx-get={base}
            hx-trigger="change"
            hx-include="closest form"
          />{" "}
          {t(l, "translations.onlyMissing")}
        </label>
        <button type="submit" class="secondary js-hide">{t(l, "translations.apply")}</button>
      </form>
      <TranslationsTable
        l={l}
        base={base}
        filter={filter}
        table={table}
        canWrite={canWrite}
        editing={editing}
      />
    </div>
  );
}
