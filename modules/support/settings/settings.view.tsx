import { type Locale, t } from "../../../shared/i18n/i18n.ts";
import type { Settings } from "./settings.schemas.ts";
import { type Flash, FlashMessage } from "../common/ui.view.tsx";

const PRIORITIES = ["dusuk", "normal", "yuksek", "kritik"];

export function SettingsPanel(
  { l, settings, canWrite, flash }: {
    l: Locale;
    settings: Settings;
    canWrite: boolean;
    flash?: Flash;
  },
) {
  return (
    <div id="settings-panel">
      <FlashMessage flash={flash} />
      <form
        class="card"
        method="post"
        action="/support/settings"
        hx-post="/support/settings"
        hx-target="#settings-panel"
        hx-swap="outerHTML"
      >
        <fieldset disabled={!canWrite}>
          <label for="set-priority">{t(l, "support.settings.defaultPriority")}</label>
          <select id="set-priority" name="defaultPriority">
            {PRIORITIES.map((p) => (
              <option value={p} selected={settings.defaultPriority === p}>
                {t(l, `support.priority.${p}`)}
              </option>
            ))}
          </select>
          <label for="set-locale">{t(l, "support.settings.defaultLocale")}</label>
          <input
            id="set-locale"
            name="defaultLocale"
            type="text"
            value={settings.defaultLocale}
            pattern="[a-z]{2,3}(-[A-Z]{2})?"
          />
          <label>
            <input
              type="checkbox"
              name="customerEmails"
              value="true"
              checked={settings.customerEmails}
            />{" "}
            {t(l, "support.settings.customerEmails")}
          </label>
          <p>
            <button type="submit">{t(l, "support.save")}</button>
          </p>
        </fieldset>
      </form>
    </div>
  );
}
