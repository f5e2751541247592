import { Card, Field, formatBytes, Grid, Kpi, Toast, useReader, useT } from "../../../ui/kit.ts";
import type { MessageKey } from "../../../shared/i18n/i18n.ts";
import type { Settings } from "./settings.schemas.ts";
import { ActionForm, type Flash } from "../common/common.view.tsx";

const MiB = 1024 * 1024;

/** The tenant's storage limits, edited in MiB (the API takes bytes). */
export function SettingsPanel(
  { settings: s, usedBytes, flash }: {
    settings: Settings;
    usedBytes: number;
    flash?: Flash;
  },
) {
  const t = useT();
  const { locale } = useReader();
  const pct = s.quotaBytes ? Math.min(100, Math.round((usedBytes / s.quotaBytes) * 100)) : 0;
  const num = (
    name: string,
    label: MessageKey,
    hint: MessageKey,
    value: number,
    min: number,
    max?: number,
  ) => (
    <Field label={t(label)} hint={t(hint)}>
      <input type="number" name={name} value={value} min={min} max={max} step={1} required />
    </Field>
  );
  return (
    <div id="docs-panel">
      <Toast flash={flash} />
      <Grid size="sm">
        <Kpi
          label={t("documents.storage")}
          value={formatBytes(locale, usedBytes)}
          hint={t("documents.ofQuota", { quota: formatBytes(locale, s.quotaBytes), pct })}
          icon="hard-drive"
          tone={pct >= 90 ? "red" : pct >= 75 ? "amber" : undefined}
        />
      </Grid>
      <Card title={t("documents.limits")}>
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
              {t("documents.settingsNotify")}
            </label>
          </div>
          <div class="form-actions field-wide">
            <button type="submit" class="btn btn-primary">{t("documents.save")}</button>
          </div>
        </ActionForm>
      </Card>
    </div>
  );
}
