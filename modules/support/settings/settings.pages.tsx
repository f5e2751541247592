import type { Hono } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { type C, formAction, readForm } from "../../../shared/http/pages.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { hasPermission, requirePermission } from "../../../shared/rbac/permissions.ts";
import { tr } from "../../../ui/render.tsx";
import { SettingsPanel } from "./settings.view.tsx";
import { respond } from "../common/resource.pages.tsx";
import { SettingsUpdate } from "./settings.schemas.ts";
import { getSettings, updateSettings } from "./settings.service.ts";
import type { Flash } from "../common/ui.view.tsx";

async function panel(c: C, flash?: Flash) {
  return (
    <SettingsPanel
      settings={await getSettings(actorOf(c))}
      canWrite={hasPermission(c.var.session.permissions, "support.settings.write")}
      flash={flash}
    />
  );
}

export const mountSettingsPages = (app: Hono<AppEnv>) => {
  app.get(
    "/settings",
    requirePermission("support.settings.read"),
    async (c) => respond(c, tr(c)("page.settings"), await panel(c)),
  );
  app.post("/settings", requirePermission("support.settings.write"), async (c) => {
    const form = await readForm(c);
    const input = { ...form, customerEmails: form.customerEmails === "true" };
    const { flash, status } = await formAction(SettingsUpdate, input, async (data) => {
      await updateSettings(actorOf(c), data);
      return { kind: "ok", text: tr(c)("support.saved") };
    });
    return respond(c, tr(c)("page.settings"), await panel(c, flash), status);
  });
  // Roles are one page for the whole workspace now, under administration.
  app.get("/roles", (c) => c.redirect("/admin/roles", 302));
};
