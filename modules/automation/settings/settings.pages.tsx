import type { Hono } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import {
  attempt,
  type C,
  type Flash,
  many,
  one,
  readForm,
  type Status,
} from "../../../shared/http/pages.ts";
import { problems } from "../../../shared/http/problem.ts";
import { hasPermission, requirePermission } from "../../../shared/rbac/permissions.ts";
import { directory } from "../../../platform/identity/public.ts";
import { Card, Field, page, Toast, tr, type Translate, useT } from "../../../ui/kit.ts";
import type { AutomationSettings } from "../common/common.schemas.ts";
import { changeSettings, readSettings } from "./settings.service.ts";
import type { SettingsUpdate } from "./settings.schemas.ts";

const NUMBERS = {
  limits: [
    ["concurrency", 1, 64],
    ["defaultTimeoutSeconds", 1, 3600],
    ["memoryMb", 32, 4096],
    ["logCapKb", 1, 10240],
  ],
  failures: [
    ["failureThreshold", 1, 100],
    ["backlogThreshold", 1, 100000],
    ["minIntervalSeconds", 0, 86400],
  ],
  retention: [
    ["logRetentionDays", 1, 3650],
    ["historyRetentionDays", 1, 3650],
  ],
} as const;
/** A numeric setting: its label and hint are `automation.settings.<name>[.hint]`. */
type NumberSetting = typeof NUMBERS[keyof typeof NUMBERS][number][0];

function NumberFields(
  { s, rows, disabled }: {
    s: AutomationSettings;
    rows: readonly (readonly [NumberSetting, number, number])[];
    disabled: boolean;
  },
) {
  const t = useT();
  return (
    <>
      {rows.map(([name, min, max]) => (
        <Field
          label={t(`automation.settings.${name}`)}
          hint={t(`automation.settings.${name}.hint`)}
        >
          <input
            type="number"
            name={name}
            value={String(s[name])}
            min={min}
            max={max}
            step={1}
            required
            disabled={disabled}
          />
        </Field>
      ))}
    </>
  );
}

async function settingsPage(c: C, flash?: Flash, status: Status = 200, draft?: AutomationSettings) {
  const t: Translate = tr(c);
  const s = draft ?? await readSettings(actorOf(c));
  const members = await directory(c.var.sql, { keep: s.recipients });
  const disabled = !hasPermission(c.var.session.permissions, "automation.settings.write");
  return await page(
    c,
    t("page.settings"),
    <form method="post" action="/automation/settings" class="stack">
      <Toast flash={flash} id="settings-flash" />
      <Card title={t("automation.settings.limits")}>
        <div class="form-grid">
          <NumberFields s={s} rows={NUMBERS.limits} disabled={disabled} />
        </div>
      </Card>
      <Card title={t("automation.settings.network")}>
        <div class="form-grid">
          <Field
            label={t("automation.settings.allowlist")}
            hint={t("automation.settings.allowlist.hint")}
            wide
          >
            <textarea name="allowlist" rows={6} disabled={disabled} spellcheck={false}>
              {s.allowlist.join("\n")}
            </textarea>
          </Field>
        </div>
      </Card>
      <Card title={t("automation.settings.failures")}>
        <div class="form-grid">
          <NumberFields s={s} rows={NUMBERS.failures} disabled={disabled} />
        </div>
      </Card>
      <Card title={t("automation.settings.notifications")}>
        <div class="form-grid">
          <label class="field-wide">
            <input
              type="checkbox"
              name="notifyEmail"
              value="true"
              checked={s.notifyEmail}
              disabled={disabled}
            />{" "}
            {t("automation.settings.notifyEmail")}
          </label>
          <fieldset class="field-wide">
            <legend>{t("automation.settings.recipients")}</legend>
            <p class="muted">{t("automation.settings.recipients.hint")}</p>
            <div class="checks">
              {members.map((m) => (
                <label>
                  <input
                    type="checkbox"
                    name="recipients"
                    value={m.userId}
                    checked={s.recipients.includes(m.userId)}
                    disabled={disabled}
                  />
                  {m.name}
                </label>
              ))}
            </div>
          </fieldset>
        </div>
      </Card>
      <Card title={t("automation.settings.retention")}>
        <div class="form-grid">
          <NumberFields s={s} rows={NUMBERS.retention} disabled={disabled} />
        </div>
      </Card>
      {!disabled && (
        <div class="form-actions">
          <button type="submit" class="btn btn-primary">{t("ui.save")}</button>
        </div>
      )}
    </form>,
    {
      status,
      crumbs: [{ label: t("module.automation"), href: "/automation" }],
      description: t("automation.settings.description"),
    },
  );
}

/** The form as a full settings change (every number, the lists, the switch). */
function readSettingsForm(form: Record<string, string | string[]>): SettingsUpdate {
  const out: Record<string, unknown> = {};
  for (const [name] of [...NUMBERS.limits, ...NUMBERS.failures, ...NUMBERS.retention]) {
    const raw = one(form[name]);
    const n = Number(raw);
    if (raw === "" || !Number.isInteger(n)) {
      throw problems.validation([{ path: name, message: "A whole number is required" }]);
    }
    out[name] = n;
  }
  const allow = typeof form.allowlist === "string" ? form.allowlist : "";
  out.allowlist = allow.split(/[\r\n,]+/).map((l) => l.trim()).filter(Boolean);
  out.recipients = many(form.recipients);
  out.notifyEmail = one(form.notifyEmail) === "true";
  return out as SettingsUpdate;
}

export function mountSettingsPages(app: Hono<AppEnv>) {
  app.get("/settings", requirePermission("automation.settings.read"), (c) => settingsPage(c));
  app.post("/settings", requirePermission("automation.settings.write"), async (c) => {
    const t: Translate = tr(c);
    const form = await readForm(c);
    let draft: AutomationSettings | undefined;
    const done = await attempt(async () => {
      const input = readSettingsForm(form);
      draft = { ...(await readSettings(actorOf(c))), ...input } as AutomationSettings;
      return await changeSettings(actorOf(c), input);
    });
    if (!done.ok) return await settingsPage(c, done.flash, done.status, draft);
    return await settingsPage(c, { kind: "ok", text: t("automation.settings.saved") });
  });
}
