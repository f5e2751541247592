import { Card, Field, SubmitRow, useT } from "../../../ui/kit.ts";
import { MAX_TTL_DAYS } from "./cleanup.rules.ts";
import type { WorkflowSettings } from "./cleanup.schemas.ts";

/** The settings form: the history time to live default, with what it means now. */
export function SettingsForm(
  { s, canWrite, action }: { s: WorkflowSettings; canWrite: boolean; action: string },
) {
  const t = useT();
  const days = s.historyTimeToLiveDays;
  return (
    <form method="post" action={action} class="stack">
      <Card title={t("workflow.settings.history")}>
        <div class="form-grid">
          <Field
            label={t("workflow.settings.historyTtl")}
            hint={t("workflow.settings.historyTtl.hint")}
            wide
          >
            <input
              type="number"
              name="historyTimeToLiveDays"
              value={days === null ? "" : String(days)}
              min={0}
              max={MAX_TTL_DAYS}
              step={1}
              inputMode="numeric"
              disabled={!canWrite}
            />
          </Field>
        </div>
        <p class="muted">
          {days === null
            ? t("workflow.settings.keepForever")
            : t("workflow.settings.keepDays", { days: String(days) })}{" "}
          <a href="/workflow/admin/audit?category=cleanup">{t("workflow.settings.audit")}</a>
        </p>
      </Card>
      {canWrite && <SubmitRow icon="check">{t("ui.save")}</SubmitRow>}
    </form>
  );
}
