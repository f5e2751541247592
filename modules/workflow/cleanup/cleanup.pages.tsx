/** /workflow/admin/settings: the workspace's workflow settings (history cleanup default). */
import type { Hono } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { type C, type Flash, one, problemFlash, readForm } from "../../../shared/http/pages.ts";
import { problems } from "../../../shared/http/problem.ts";
import { hasPermission, requirePermission } from "../../../shared/rbac/permissions.ts";
import { page, Toast, tr } from "../../../ui/kit.ts";
import { SETTINGS_READ, SETTINGS_WRITE } from "./cleanup.routes.ts";
import { WorkflowSettingsUpdate } from "./cleanup.schemas.ts";
import { changeSettings, readSettings } from "./cleanup.service.ts";
import { SettingsForm } from "./cleanup.view.tsx";
import "./cleanup.messages.ts";

const BASE = "/workflow/admin/settings";

async function settingsPage(c: C, flash?: Flash, status = 200) {
  const t = tr(c);
  const s = await readSettings(actorOf(c));
  return await page(
    c,
    t("page.settings"),
    <>
      {flash && <Toast flash={flash} />}
      <SettingsForm
        s={s}
        canWrite={hasPermission(c.var.session.permissions, SETTINGS_WRITE)}
        action={BASE}
      />
    </>,
    {
      status: status as 200,
      crumbs: [{ label: t("module.workflow"), href: "/workflow" }],
      description: t("workflow.settings.description"),
    },
  );
}

/** The form's days as the API's input (empty: keep forever), checked by the API's schema. */
function readDays(raw: string) {
  const text = raw.trim();
  const parsed = WorkflowSettingsUpdate.safeParse({
    historyTimeToLiveDays: text === "" ? null : Number(text),
  });
  if (!parsed.success) {
    throw problems.validation([{
      path: "historyTimeToLiveDays",
      message: "A whole number of days from 0 to 36500, or empty",
    }]);
  }
  return parsed.data;
}

export function mountCleanupPages(app: Hono<AppEnv>) {
  app.get("/admin/settings", requirePermission(SETTINGS_READ), (c) => settingsPage(c));
  app.post("/admin/settings", requirePermission(SETTINGS_WRITE), async (c) => {
    try {
      const form = await readForm(c);
      await changeSettings(actorOf(c), readDays(one(form.historyTimeToLiveDays)));
    } catch (err) {
      const { flash, status } = problemFlash(err);
      return await settingsPage(c, flash, status);
    }
    return await settingsPage(c, { kind: "ok", text: tr(c)("workflow.settings.saved") });
  });
}
