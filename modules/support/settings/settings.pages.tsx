import type { Hono } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { type C, formAction, readForm } from "../../../shared/http/pages.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { hasPermission, requirePermission } from "../../../shared/rbac/permissions.ts";
import { listRoles, RolesPanel } from "../../../platform/identity/public.ts";
import { tr } from "../../../ui/render.tsx";
import { SettingsPanel } from "./settings.view.tsx";
import { respond } from "../common/resource.pages.tsx";
import { SettingsUpdate } from "./settings.schemas.ts";
import { getSettings, updateSettings } from "./settings.service.ts";
import type { Flash } from "../common/ui.view.tsx";

async function panel(c: C, flash?: Flash) {
  return (
    <SettingsPanel
      l={c.var.locale}
      settings={await getSettings(c.var.sql)}
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
  // The core roles page inside the Support menu: the same panel, whose forms post to /admin/roles
  // and swap it in place.
  app.get("/roles", requirePermission("admin.role.read"), async (c) =>
    respond(
      c,
      tr(c)("page.roles"),
      <RolesPanel
        l={c.var.locale}
        roles={await listRoles(c.var.sql)}
        permissions={c.var.platform.permissions}
        canWrite={hasPermission(c.var.session.permissions, "admin.role.write")}
      />,
    ));
};
