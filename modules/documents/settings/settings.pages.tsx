import { actorOf } from "../../../shared/http/actor.ts";
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
import { tr } from "../../../ui/kit.ts";
import { docsPage } from "../common/page.view.tsx";
import { moduleCrumb } from "../common/common.view.tsx";
import { SettingsPanel } from "./settings.view.tsx";
import { changeSettings, loadSettings, usedBytes } from "./settings.service.ts";

async function renderSettings(c: C, flash?: Flash, status: Status = 200) {
  const { sql, locale: l } = c.var;
  return await docsPage(
    c,
    t(l, "page.settings"),
    <SettingsPanel
      settings={await loadSettings({ sql })}
      usedBytes={await usedBytes({ sql })}
      flash={flash}
    />,
    { status, crumbs: [moduleCrumb(tr(c))] },
  );
}

/** The form's fields: name, label, bounds. */
const FIELDS = {
  quotaMiB: ["documents.settingsQuota", 0, 2 ** 33],
  maxFileMiB: ["documents.settingsMaxFile", 1, 2 ** 33],
  versionLimit: ["documents.settingsVersions", 1, 1000],
  retentionDays: ["documents.settingsRetention", 1, 3650],
} as const;

/** A whole number from a settings form field, or a 400 naming the field by its label. */
function wholeNumber(c: C, form: Form, name: keyof typeof FIELDS) {
  const [label, min, max] = FIELDS[name];
  const raw = String(field(form, name)).trim();
  const n = /^\d{1,15}$/.test(raw) ? Number(raw) : NaN;
  if (!(n >= min && n <= max)) {
    const l = c.var.locale;
    throw problems.badRequest(t(l, "documents.wholeNumber", { field: t(l, label), min, max }));
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
        await changeSettings(actorOf(c), {
          quotaBytes: wholeNumber(c, form, "quotaMiB") * MiB,
          maxFileBytes: wholeNumber(c, form, "maxFileMiB") * MiB,
          versionLimit: wholeNumber(c, form, "versionLimit"),
          retentionDays: wholeNumber(c, form, "retentionDays"),
          notifyOnAccess: field(form, "notifyOnAccess") === "true",
        });
      }, (_b, f, s) => renderSettings(c, f, s)));
};
