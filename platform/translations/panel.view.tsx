import {
  Badge,
  Button,
  Card,
  Field,
  Filters,
  IconButton,
  moduleLabel,
  Toast,
  useT,
} from "../../ui/kit.ts";
import type { Flash } from "../../shared/http/form.ts";
import type { Editing } from "./cell.view.tsx";
import { FilterFields, type TranslationsFilter } from "./filter.view.tsx";
import { TranslationsTable, type TranslationsTableData } from "./table.view.tsx";

export type { Flash };

/** The add-language form (in the page's dialog); a refused code comes back here with why. */
export function AddLanguageForm(
  { base, filter, value, error }: {
    base: string;
    filter: TranslationsFilter;
    value?: { locale: string; name: string };
    error?: string;
  },
) {
  const t = useT();
  return (
    <form
      id="add-language-form"
      class="form-grid"
      method="post"
      action={`${base}/languages`}
      hx-post={`${base}/languages`}
      hx-target="this"
      hx-swap="outerHTML"
    >
      <FilterFields filter={filter} />
      {error && <p class="alert error field-wide" role="alert">{error}</p>}
      <Field label={t("translations.code")} hint={t("translations.codeHint")}>
        <input
          name="locale"
          type="text"
          required
          pattern="[a-z]{2,3}(-[A-Z]{2})?"
          placeholder="de"
          value={value?.locale}
        />
      </Field>
      <Field label={t("translations.name")}>
        <input name="name" type="text" maxLength={100} value={value?.name} />
      </Field>
      <div class="form-actions field-wide">
        <Button type="submit" icon="plus">{t("translations.add")}</Button>
      </div>
    </form>
  );
}

/** The whole editor: languages, filter, the tables. */
export function TranslationsPanel(
  { base, filter, table, canWrite, modules, flash, editing }: {
    base: string;
    filter: TranslationsFilter;
    table: TranslationsTableData;
    canWrite: boolean;
    /** The groups to filter by: "platform" and every module's name. */
    modules: string[];
    flash?: Flash;
    editing?: Editing;
  },
) {
  const t = useT();
  return (
    <div id="translations-panel">
      {!canWrite && <p class="muted">{t("translations.readOnlyNote")}</p>}
      <Toast flash={flash} />
      <Card title={t("translations.languages")}>
        <ul class="tr-languages">
          {table.languages.map((lang) => (
            <li>
              <span lang={lang.code}>{lang.name}</span>
              {lang.builtin ? <Badge>{t("translations.builtin")}</Badge> : canWrite && (
                <form
                  class="inline"
                  method="post"
                  action={`${base}/languages/remove`}
                  hx-post={`${base}/languages/remove`}
                  hx-confirm={t("translations.removeConfirm", { language: lang.name })}
                >
                  <input type="hidden" name="locale" value={lang.code} />
                  <FilterFields filter={filter} />
                  <IconButton
                    type="submit"
                    icon="trash-2"
                    variant="danger"
                    label={t("translations.removeLanguage", { language: lang.name })}
                  />
                </form>
              )}
            </li>
          ))}
        </ul>
      </Card>
      <Filters action={base} target="#translations-table" label={t("ui.filters")}>
        <Field label={t("translations.search")}>
          <input name="q" type="search" value={filter.q} />
        </Field>
        <Field label={t("translations.module")}>
          <select name="module">
            <option value="">{t("translations.allModules")}</option>
            {modules.map((m) => (
              <option value={m} selected={filter.module === m}>
                {moduleLabel(t, m)}
              </option>
            ))}
          </select>
        </Field>
        <div class="checks">
          <label>
            <input type="checkbox" name="missing" value="1" checked={filter.missing} />
            {t("translations.onlyMissing")}
          </label>
        </div>
      </Filters>
      <TranslationsTable
        base={base}
        filter={filter}
        table={table}
        canWrite={canWrite}
        editing={editing}
      />
    </div>
  );
}
