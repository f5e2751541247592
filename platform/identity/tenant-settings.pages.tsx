import { Hono } from "hono";
import type { AppEnv } from "../../shared/http/env.ts";
import { actorOf } from "../../shared/http/actor.ts";
import { type C, isHtmx, redirectAfterPost } from "../../shared/http/pages.ts";
import { problems } from "../../shared/http/problem.ts";
import { requirePermission } from "../../shared/rbac/permissions.ts";
import { Card, html, page, Toast, tr } from "../../ui/kit.ts";
import { changeTenantSettings, tenantSettings } from "./tenants.service.ts";
import { clientAddress } from "./authentication.middleware.ts";
import { twoFactorPolicyOf } from "./two-factor.service.ts";
import { PolicyCard } from "./two-factor.view.tsx";
import { TENANT_WRITE, type TenantSettings, UpdateTenantSettingsBody } from "./tenants.schemas.ts";
import { logoProblem, timeZoneNames, uploadAsDataUrl } from "./tenants.rules.ts";
import {
  type SettingsErrors,
  type SettingsValues,
  TenantSettingsForm,
} from "./tenant-settings.view.tsx";
import "./tenant-settings.messages.ts";

// Built once: Intl's zone list does not change while the process runs.
let zones: string[] | undefined;
const zoneList = () => (zones ??= timeZoneNames());

const valuesOf = (s: TenantSettings): SettingsValues => ({
  name: s.name,
  locale: s.locale,
  timeZone: s.timeZone,
  accentColor: s.accentColor,
});

/** The form inside the page, or alone for htmx (with its errors). */
async function answer(
  c: C,
  form: { values: SettingsValues; logo: string | null; errors?: SettingsErrors; saved?: boolean },
  status: 200 | 400 = 200,
) {
  const t = tr(c);
  const body = (
    <TenantSettingsForm
      values={form.values}
      logo={form.logo}
      zones={zoneList()}
      errors={form.errors}
    />
  );
  if (isHtmx(c)) return html(c, body, status);
  return await page(
    c,
    t("nav.tenant"),
    <>
      <Toast
        flash={form.saved ? { kind: "ok", text: t("tenantSettings.saved") } : undefined}
        id="tenant-settings-flash"
      />
      <Card>{body}</Card>
      <PolicyCard policy={await twoFactorPolicyOf(actorOf(c))} />
    </>,
    { status, crumbs: [{ label: t("nav.admin") }], description: t("tenantSettings.description") },
  );
}

const text = (v: unknown) => (typeof v === "string" ? v.trim() : "");

/** The submitted form as the API's patch: a ticked box clears the colour or the logo. */
async function readSettingsForm(c: C) {
  let form: Record<string, string | File | (string | File)[]>;
  try {
    form = await c.req.parseBody();
  } catch {
    throw problems.badRequest("The form could not be read.");
  }
  const file = form.logo instanceof File && form.logo.size > 0 ? form.logo : null;
  const logo = form.removeLogo
    ? null
    : file
    ? uploadAsDataUrl(new Uint8Array(await file.arrayBuffer()), file.type)
    : undefined;
  return {
    name: text(form.name),
    locale: text(form.locale),
    timeZone: text(form.timeZone),
    accentColor: form.accentDefault ? null : text(form.accentColor),
    ...(logo !== undefined ? { logo } : {}),
  };
}

async function save(c: C) {
  const t = tr(c);
  const input = await readSettingsForm(c);
  const parsed = UpdateTenantSettingsBody.safeParse(input);
  if (!parsed.success) {
    const errors: SettingsErrors = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? "") as keyof SettingsErrors;
      if (!["name", "locale", "timeZone", "accentColor", "logo"].includes(field)) continue;
      errors[field] ??= field === "logo"
        ? t(`tenantSettings.error.logo.${logoProblem(input.logo ?? "") ?? "size"}`)
        : t(`tenantSettings.error.${field}`);
    }
    const stored = await tenantSettings(actorOf(c));
    const values = { ...input, accentColor: input.accentColor || stored.accentColor };
    return await answer(c, { values, logo: stored.logo, errors }, 400);
  }
  await changeTenantSettings(actorOf(c), parsed.data, clientAddress(c));
  // A full reload: the shell around every page shows the new name, colour and logo.
  return redirectAfterPost(c, "/admin/tenant?saved=1");
}

/** /admin/tenant: the signed-in tenant's settings, for its admins. */
export const tenantSettingsPages = new Hono<AppEnv>()
  .get("/tenant", requirePermission(TENANT_WRITE), async (c) => {
    const settings = await tenantSettings(actorOf(c));
    return await answer(c, {
      values: valuesOf(settings),
      logo: settings.logo,
      saved: c.req.query("saved") === "1",
    });
  })
  .post("/tenant", requirePermission(TENANT_WRITE), save);
