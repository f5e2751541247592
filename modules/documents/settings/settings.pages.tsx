import type { Hono } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import {
  act,
  type C,
  field,
  type Flash,
  type Form,
  type Status,
} from "../../../shared/http/pages.ts";
import { problems } from "../../../shared/http/problem.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { t } from "../../../shared/i18n/i18n.ts";
import { page } from "../../../ui/render.tsx";
import { SettingsPanel } from "./settings.view.tsx";
import { changeSettings, loadSettings, usedBytes } from "./settings.service.ts";

async function renderSettings(c: C, flash?: Flash, status: Status = 200) {
  const { sql, locale: l } = c.var;
  return await page(
    c,
    t(l, "page.settings"),
    <SettingsPanel
      l={l}
      settings={await loadSettings(sql)}
      usedBytes={await usedBytes(sql)}
      flash={flash}
    />,
    status,
  );
}

/** A whole number from a settings form field, or a 400 naming the field. */
function wholeNumber(form: Form, name: string, min: number, max: number) {
  const raw = String(field(form, name)).trim();
  const n = /^\d{1,15}$/.test(raw) ? Number(raw) : NaN;
  if (!(n >= min && n <= max)) {
    throw problems.badRequest(`${name} must be a whole number from ${min} to ${max}.`);
  }
  return n;
}

const MiB = 1024 * 1024;

/** The tenant's storage limits. */
export const mountSettingsPages = (app: Hono<AppEnv>) => {
  const sw = requirePermission("documents.settings.write");
  app
    .get("/settings", sw, (c) => renderSettings(c))
    .post("/settings", sw, (c) =>
      act(c, "/documents", "/documents/settings", async (form) => {
        await changeSettings(c.var.sql, {
          quotaBytes: wholeNumber(form, "quotaMiB", 0, 2 ** 33) * MiB,
          maxFileBytes: wholeNumber(form, "maxFileMiB", 1, 2 ** 33) * MiB,
          versionLimit: wholeNumber(form, "versionLimit", 1, 1000),
          retentionDays: wholeNumber(form, "retentionDays", 1, 3650),
          notifyOnAccess: field(form, "notifyOnAccess") === "true",
        });
      }, (_b, f, s) => renderSettings(c, f, s)));
};
