import { type Locale, t } from "../../../shared/i18n/i18n.ts";
import { Card, Field, formatBytes, Grid, Kpi, Toast } from "../../../ui/kit.ts";
import type { Settings } from "./settings.schemas.ts";
import { ActionForm, type Flash } from "../common/common.view.tsx";

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
  const pct = s.quotaBytes ? Math.min(100, Math.round((usedBytes / s.quotaBytes) * 100)) : 0;
  const num = (
    name: string,
    label: string,
    hint: string,
    value: number,
    min: number,
    max?: number,
  ) => (
    <Field label={t(l, label)} hint={t(l, hint)}>
      <input type="number" name={name} value={value} min={min} max={max} step={1} required />
    </Field>
  );
  return (
    <div id="docs-panel">
      <Toast flash={flash} />
      <Grid size="sm">
        <Kpi
          label={t(l, "documents.storage")}
          value={formatBytes(l, usedBytes)}
          hint={t(l, "documents.ofQuota", { quota: formatBytes(l, s.quotaBytes), pct })}
          icon="hard-drive"
          tone={pct >= 90 ? "red" : pct >= 75 ? "amber" : undefined}
        />
      </Grid>
      <Card title={t(l, "documents.limits")}>
        <ActionForm action="/documents/settings" back="/documents/settings" class="form-grid">
          {num(
            "quotaMiB",
            "documents.settingsQuota",
            "documents.settingsQuotaHint",
            Math.floor(s.quotaBytes / MiB),
            0,
          )}
          {num(
            "maxFileMiB",
            "documents.settingsMaxFile",
            "documents.settingsMaxFileHint",
            Math.ceil(s.maxFileBytes / MiB),
            1,
          )}
          {num(
            "versionLimit",
            "documents.settingsVersions",
            "documents.settingsVersionsHint",
            s.versionLimit,
            1,
            1000,
          )}
          {num(
            "retentionDays",
            "documents.settingsRetention",
            "documents.settingsRetentionHint",
            s.retentionDays,
            1,
            3650,
          )}
          <div class="checks field-wide">
            <label>
              <input
                type="checkbox"
                name="notifyOnAccess"
                value="true"
                checked={s.notifyOnAccess}
              />
              {t(l, "documents.settingsNotify")}
            </label>
          </div>
          <div class="form-actions field-wide">
            <button type="submit" class="btn btn-primary">{t(l, "documents.save")}</button>
          </div>
        </ActionForm>
      </Card>
    </div>
  );
}
