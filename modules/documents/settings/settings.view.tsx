import { type Locale, t } from "../../../shared/i18n/i18n.ts";
import type { Settings } from "./settings.schemas.ts";
import { ActionForm, type Flash, FlashMessage, formatBytes } from "../common/common.view.tsx";

const MiB = 1024 * 1024;

/** The tenant's storage limits, edited in MiB (the API takes bytes). */
export function SettingsPanel(
  { l, settings: s, usedBytes, flash }: {
    l: Locale;
    settings: Settings;
    usedBytes: number;
    flash?: Flash;
  },
) {
  const num = (name: string, label: string, value: number, min: number, max?: number) => (
    <label>
      {t(l, label)}
      <input type="number" name={name} value={value} min={min} max={max} step={1} required />
    </label>
  );
  return (
    <div id="docs-panel">
      <FlashMessage flash={flash} />
      <p class="muted">
        {t(l, "documents.settingsUsed", {
          used: formatBytes(usedBytes),
          quota: formatBytes(s.quotaBytes),
        })}
      </p>
      <ActionForm action="/documents/settings" back="/documents/settings" class="card">
        {num("quotaMiB", "documents.settingsQuota", Math.floor(s.quotaBytes / MiB), 0)}
        {num("maxFileMiB", "documents.settingsMaxFile", Math.ceil(s.maxFileBytes / MiB), 1)}
        {num("versionLimit", "documents.settingsVersions", s.versionLimit, 1, 1000)}
        {num("retentionDays", "documents.settingsRetention", s.retentionDays, 1, 3650)}
        <div class="checks">
          <label>
            <input type="checkbox" name="notifyOnAccess" value="true" checked={s.notifyOnAccess} />
            {" "}
            {t(l, "documents.settingsNotify")}
          </label>
        </div>
        <p>
          <button type="submit">{t(l, "documents.save")}</button>
        </p>
      </ActionForm>
    </div>
  );
}
