import type { Hono } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { type C, field, formAction, readForm } from "../../../shared/http/pages.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { hasPermission, requirePermission } from "../../../shared/rbac/permissions.ts";
import { tr } from "../../../ui/render.tsx";
import type { Flash } from "../../../ui/toast.tsx";
import { appOrigin } from "../../../platform/identity/public.ts";
import { respond, supportCrumbs } from "../common/resource.pages.tsx";
import { PortalSettingsPanel } from "./portal.settings.view.tsx";
import { portalSsoCallback } from "./portal.sso.service.ts";
import { PortalSettingsUpdate } from "./portal.schemas.ts";
import { getPortalSettings, updatePortalSettings } from "./portal.settings.service.ts";

async function panel(c: C, flash?: Flash) {
  const settings = await getPortalSettings(actorOf(c));
  const origin = appOrigin(c.req.url, (n) => c.req.header(n), c.var.platform.config);
  return (
    <PortalSettingsPanel
      settings={settings}
      portalUrl={new URL(settings.portalPath, origin).toString()}
      ssoCallbackUrl={portalSsoCallback(origin, c.var.session.tenantSlug)}
      canWrite={hasPermission(c.var.session.permissions, "support.settings.write")}
      flash={flash}
    />
  );
}

const crumbs = (c: C) =>
  supportCrumbs(c, { label: tr(c)("page.settings"), href: "/support/settings" });

/** /support/settings/portal: the customer portal's settings (as the other Support settings). */
export const mountPortalSettingsPages = (app: Hono<AppEnv>) => {
  app.get(
    "/settings/portal",
    requirePermission("support.settings.read"),
    async (c) => respond(c, tr(c)("portal.settings.title"), await panel(c), { crumbs: crumbs(c) }),
  );
  app.post("/settings/portal", requirePermission("support.settings.write"), async (c) => {
    const form = await readForm(c);
    const days = field(form, "reopenDays")?.trim() ?? "";
    const input = {
      enabled: form.enabled === "true",
      allowPriority: form.allowPriority === "true",
      showAssigneeNames: form.showAssigneeNames === "true",
      reopenDays: /^\d{1,3}$/.test(days) ? Number(days) : days,
    };
    const { flash, status } = await formAction(PortalSettingsUpdate, input, async (data) => {
      await updatePortalSettings(actorOf(c), data);
      return { kind: "ok", text: tr(c)("portal.settings.saved") };
    });
    return respond(c, tr(c)("portal.settings.title"), await panel(c, flash), {
      status,
      crumbs: crumbs(c),
    });
  });
};
