import type { Locale } from "../../shared/i18n/i18n.ts";
import { t } from "../../shared/i18n/i18n.ts";
import type { Editing } from "./cell.view.tsx";
import type { TranslationsFilter } from "./filter.view.tsx";
import { TranslationsTable, type TranslationsTableData } from "./table.view.tsx";

export interface Flash {
  kind: "ok" | "error";
  text: string;
}

function Alert({ flash }: { flash?: Flash }) {
  if (!flash) return null;
  return (
    <p class={`alert ${flash.kind}`} role={flash.kind === "error" ? "alert" : "status"}>
      {flash.text}
    </p>
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
