import type { Language } from "../../shared/i18n/i18n.ts";
import { Badge, Button, IconButton, useT } from "../../ui/kit.ts";
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

/** How people name a message: its English text, shortened (keys are for the code). */
export const messageName = (english: string) =>
  english.length > 60 ? english.slice(0, 59) + "…" : english;

/**
 * One language's text of a message: shown with its badges and edit/reset actions, or (being
 * edited) as a form. htmx swaps the whole row after a change.
 */
export function CellView(
  { base, filter, rowKey, english, lang, cell, canWrite, editing, note }: {
    base: string;
    filter: TranslationsFilter;
    rowKey: string;
    /** The message's built-in English text, naming it in labels. */
    english: string;
    lang: Language;
    cell: Cell;
    canWrite: boolean;
    editing?: Editing;
    note?: string;
  },
) {
  const t = useT();
  const rowUrl = `${base}/row${filterQuery(filter, { key: rowKey })}`;
  const name = { key: messageName(english), language: lang.name };
  if (editing && canWrite) {
    const id = cellId(rowKey, lang.code);
    const errorId = `${id}-error`;
    return (
      <div class="tr-cell" data-locale={lang.code} data-editing>
        <form
          class="tr-edit"
          method="post"
          action={`${base}/save`}
          hx-post={`${base}/save`}
          hx-target="closest tr"
          hx-swap="outerHTML"
        >
          <input type="hidden" name="key" value={rowKey} />
          <input type="hidden" name="locale" value={lang.code} />
          <FilterFields filter={filter} />
          <label class="sr-only" for={id}>{t("translations.editLabel", name)}</label>
          <textarea
            id={id}
            name="value"
            rows={3}
            required
            autofocus
            lang={lang.code}
            aria-invalid={editing.error ? "true" : undefined}
            aria-describedby={editing.error ? errorId : undefined}
          >
            {editing.value ?? cell.value}
          </textarea>
          {editing.error && <p class="alert error" role="alert" id={errorId}>{editing.error}</p>}
          {cell.source !== "fallback" && cell.default !== cell.value && (
            <p class="muted">{t("translations.default", { text: cell.default })}</p>
          )}
          <div class="form-actions">
            <Button type="submit" small icon="check">{t("translations.save")}</Button>
            <Button
              variant="ghost"
              small
              href={`${base}${filterQuery(filter)}`}
              hx-get={rowUrl}
              hx-target="closest tr"
              hx-swap="outerHTML"
            >
              {t("translations.cancel")}
            </Button>
          </div>
        </form>
      </div>
    );
  }
  return (
    <div class="tr-cell" data-locale={lang.code} data-source={cell.source}>
      <span class={cell.source === "fallback" ? "muted" : undefined} lang={lang.code}>
        {cell.value}
      </span>
      {cell.source === "override" && (
        <Badge tone="blue" title={t("translations.default", { text: cell.default })}>
          {t("translations.overridden")}
        </Badge>
      )}
      {cell.source === "fallback" && lang.code !== "en" && (
        <Badge tone="amber">{t("translations.missing")}</Badge>
      )}
      {note && <p class="alert ok" role="status">{note}</p>}
      {canWrite && (
        <span class="tr-actions">
          <IconButton
            icon="pencil"
            label={t("translations.editLabel", name)}
            href={`${base}${filterQuery(filter, { edit: lang.code, key: rowKey })}#${
              cellId(rowKey, lang.code)
            }`}
            hx-get={`${base}/row${filterQuery(filter, { key: rowKey, edit: lang.code })}`}
            hx-target="closest tr"
            hx-swap="outerHTML"
          />
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
              <FilterFields filter={filter} />
              <IconButton
                type="submit"
                icon="rotate-ccw"
                label={t("translations.resetLabel", name)}
              />
            </form>
          )}
        </span>
      )}
    </div>
  );
}
