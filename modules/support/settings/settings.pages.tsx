import type { Hono } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { readForm } from "../../../shared/http/form.ts";
import { hasPermission, requirePermission } from "../../../shared/rbac/permissions.ts";
import { recordActivity } from "../../../platform/activity/activity.service.ts";
import { listRoles } from "../../../platform/identity/roles.repo.ts";
import { tr } from "../../../ui/render.tsx";
import { RolesPanel } from "../../../platform/identity/roles.view.tsx";
import { SettingsPanel } from "./settings.view.tsx";
import { act, type C, respond } from "../common/resource.pages.tsx";
import { SettingsUpdate } from "./settings.schemas.ts";
import { readSettings, writeSettings } from "./settings.repo.ts";
import type { Flash } from "../common/ui.view.tsx";

async function panel(c: C, flash?: Flash) {
  return (
    <SettingsPanel
      l={c.var.locale}
      settings={await readSettings(c.var.sql)}
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
    const { flash, status } = await act(SettingsUpdate, input, async (data) => {
      const before = await readSettings(c.var.sql);
      const after = await writeSettings(c.var.sql, data);
      await recordActivity(c.var.sql, {
        module: "support",
        entityType: "settings",
        entityId: "support",
        action: "updated",
        summary: "Updated Support settings",
        before: { ...before },
        after: { ...after },
      });
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
