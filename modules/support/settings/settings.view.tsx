import { Card, Field, Toast, useReader, useT } from "../../../ui/kit.ts";
import type { Settings } from "./settings.schemas.ts";
import type { Flash } from "../common/ui.view.tsx";
import { languageName } from "../common/language.lib.ts";

const PRIORITIES = ["dusuk", "normal", "yuksek", "kritik"] as const;

export function SettingsPanel(
  { settings, canWrite, flash }: {
    settings: Settings;
    canWrite: boolean;
    flash?: Flash;
  },
) {
  const t = useT();
  const { locale: l } = useReader();
  const languages = [...new Set(["tr", "en", settings.defaultLocale])];
  return (
    <div id="settings-panel">
      <Toast flash={flash} />
      <Card>
        <form
          class="form-grid"
          method="post"
          action="/support/settings"
          hx-post="/support/settings"
          hx-target="#settings-panel"
          hx-swap="outerHTML"
        >
          <Field label={t("support.settings.defaultPriority")}>
            <select id="set-priority" name="defaultPriority" disabled={!canWrite}>
              {PRIORITIES.map((p) => (
                <option value={p} selected={settings.defaultPriority === p}>
                  {t(`support.priority.${p}`)}
                </option>
              ))}
            </select>
          </Field>
          <Field label={t("support.settings.defaultLocale")}>
            <select id="set-locale" name="defaultLocale" disabled={!canWrite}>
              {languages.map((x) => (
                <option value={x} selected={settings.defaultLocale === x}>
                  {languageName(l, x)}
                </option>
              ))}
            </select>
          </Field>
          <div class="field field-wide">
            <label class="checks">
              <input
                id="set-emails"
                type="checkbox"
                name="customerEmails"
                value="true"
                checked={settings.customerEmails}
                disabled={!canWrite}
              />
              <span>{t("support.settings.customerEmails")}</span>
            </label>
          </div>
          <Field
            label={t("support.settings.signature")}
            hint={t("support.settings.signatureHint")}
            wide
          >
            <textarea id="set-signature" name="signature" rows={4} disabled={!canWrite}>
              {settings.signature}
            </textarea>
          </Field>
          {canWrite && (
            <div class="form-actions field-wide">
              <button type="submit" class="btn btn-primary">{t("support.save")}</button>
            </div>
          )}
        </form>
      </Card>
    </div>
  );
}
