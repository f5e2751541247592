import type { Language, Locale } from "../../shared/i18n/i18n.ts";
import { t } from "../../shared/i18n/i18n.ts";
import type { Cell } from "./translations.schemas.ts";
import { FilterFields, filterQuery, type TranslationsFilter } from "./filter.view.tsx";

/** The cell being edited, with what was typed and why it was refused. */
export interface Editing {
  key: string;
  locale: string;
  value?: string;
  error?: string;
}

const cellId = (key: string, locale: string) =>
  `tr-${locale}-${key.replace(/[^A-Za-z0-9_-]/g, "_")}`;

/** One language's text of a key: shown with its badges, or (being edited) as a form. */
export function CellView(
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
