/**
 * /analytics/apps: the applications list, an application with its sheet tabs (and, for
 * editors, the sheet list) and its access page. The dashboard of one sheet lives at
 * /analytics/apps/{id}/sheets/{sheetId} (the dashboard feature), drawn inside appFrame.
 */
import type { ComponentChildren } from "preact";
import type { Hono } from "hono";
import type { z } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import { t } from "../../../shared/i18n/i18n.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import {
  attempt,
  type C,
  type Flash,
  type Form,
  one,
  pathId,
  readForm,
  redirectAfterPost,
  type Status,
} from "../../../shared/http/pages.ts";
import { problems } from "../../../shared/http/problem.ts";
import { hasPermission, requirePermission } from "../../../shared/rbac/permissions.ts";
import { Button, Card, page, Toast } from "../../../ui/kit.ts";
import { APP_READ, APP_WRITE, atLeast } from "./access.rules.ts";
import { AccessInput as AccessInputSchema, AppInput, SheetInput } from "./apps.schemas.ts";
import {
  createApp,
  getAccess,
  getApp,
  grantablePrincipals,
  listApps,
  patchApp,
  putAccess,
  removeApp,
} from "./apps.service.ts";
import { createSheet, listSheets, moveSheet, patchSheet, removeSheet } from "./sheets.service.ts";
import { AppCards, AppDialog, BASE, DeleteAppButton } from "./apps.view.tsx";
import { SheetDialog, SheetTable, SheetTabs } from "./sheets.view.tsx";
import { GrantForm, GrantTable, principalOf } from "./access.view.tsx";

/** Form input checked by the API's schema: the same rules, a 400 with the same messages. */
function parsed<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const r = schema.safeParse(input);
  if (!r.success) {
    throw problems.validation(
      r.error.issues.map((i) => ({ path: i.path.map(String).join("."), message: i.message })),
    );
  }
  return r.data;
}

const sheetForm = (form: Form) => ({
  name: one(form.name),
  refreshSeconds: Number(one(form.refreshSeconds)) || null,
});

async function appsPage(c: C, flash?: Flash, status: Status = 200) {
  const canCreate = hasPermission(c.var.session.permissions, APP_WRITE);
  const { items } = await listApps(actorOf(c));
  return await page(
    c,
    t(c.var.locale, "page.applications"),
    <>
      {flash && <Toast flash={flash} />}
      <AppCards apps={items} canCreate={canCreate} />
    </>,
    {
      status,
      crumbs: [{ label: t(c.var.locale, "module.analytics") }],
      description: t(c.var.locale, "analytics.apps.description"),
      actions: canCreate ? <AppDialog /> : undefined,
    },
  );
}

/**
 * An application's page frame: header with its actions, the sheet tabs (`sheetId` marks the
 * open one) and `body`. The dashboard feature renders a sheet's dashboard through it.
 */
export async function appFrame(
  c: C,
  appId: string,
  opts: { sheetId?: string; body?: ComponentChildren; flash?: Flash; status?: Status } = {},
) {
  const actor = actorOf(c);
  const app = await getApp(actor, appId);
  const { items: sheets, level } = await listSheets(actor, appId);
  const manage = atLeast(level, "manage");
  return await page(
    c,
    app.name,
    <>
      {opts.flash && <Toast flash={opts.flash} />}
      <SheetTabs app={app} sheets={sheets} current={opts.sheetId} />
      {opts.body}
    </>,
    {
      status: opts.status ?? 200,
      crumbs: [{ label: t(c.var.locale, "module.analytics") }, {
        label: t(c.var.locale, "page.applications"),
        href: BASE,
      }],
      description: app.description || undefined,
      actions: manage
        ? (
          <>
            <Button href={`${BASE}/${app.id}/access`} variant="secondary" icon="users">
              {t(c.var.locale, "analytics.apps.access")}
            </Button>
            <AppDialog value={app} />
            <DeleteAppButton app={app} />
          </>
        )
        : undefined,
    },
  );
}

async function appPage(c: C, appId: string, flash?: Flash, status: Status = 200) {
  const { items: sheets, level } = await listSheets(actorOf(c), appId);
  const body = atLeast(level, "edit")
    ? (
      <Card
        title={t(c.var.locale, "analytics.apps.sheets")}
        actions={<SheetDialog appId={appId} />}
        flush
      >
        <p class="muted card-pad">{t(c.var.locale, "analytics.builder.dragHint")}</p>
        <div
          data-sheet-order={appId}
          data-saved-text={t(c.var.locale, "analytics.builder.orderSaved")}
          data-failed-text={t(c.var.locale, "analytics.builder.orderFailed")}
        >
          <SheetTable appId={appId} sheets={sheets} />
          <p class="sr-only" role="status" data-order-status=""></p>
        </div>
        <link rel="stylesheet" href="/assets/analytics-builder.css" />
        <script src="/assets/sortable.min.js" defer></script>
        <script src="/assets/analytics-sheets.js" defer></script>
      </Card>
    )
    : (
      <Card>
        <p class="muted">
          {t(
            c.var.locale,
            sheets.length ? "analytics.apps.sheet.pick" : "analytics.apps.sheet.empty",
          )}
        </p>
      </Card>
    );
  return await appFrame(c, appId, { body, flash, status });
}

async function accessPage(c: C, appId: string, flash?: Flash, status: Status = 200) {
  const actor = actorOf(c);
  const app = await getApp(actor, appId);
  const access = await getAccess(actor, appId);
  const { people, roles } = await grantablePrincipals(actor, appId);
  return await page(
    c,
    t(c.var.locale, "analytics.apps.accessOf", { name: app.name }),
    <>
      {flash && <Toast flash={flash} />}
      <Card flush>
        <GrantTable appId={appId} grants={access.grants} />
      </Card>
      <Card title={t(c.var.locale, "analytics.apps.grant.add")}>
        <GrantForm appId={appId} people={people} roles={roles} />
      </Card>
    </>,
    {
      status,
      crumbs: [
        { label: t(c.var.locale, "module.analytics") },
        { label: t(c.var.locale, "page.applications"), href: BASE },
        { label: app.name, href: `${BASE}/${appId}` },
      ],
      description: t(c.var.locale, "analytics.apps.accessDescription"),
    },
  );
}

/** The grants as they are, with one principal changed (level) or removed (null). */
async function changedGrants(c: C, appId: string, principal: string, level: string | null) {
  const { grants } = await getAccess(actorOf(c), appId);
  const kept = grants.filter((g) => principalOf(g) !== principal)
    .map((g) => ({ userId: g.userId ?? undefined, role: g.role ?? undefined, level: g.level }));
  if (level === null) return kept;
  const [kind, id] = [principal.slice(0, 2), principal.slice(2)];
  if (kind !== "u:" && kind !== "r:") {
    throw problems.validation([{ path: "principal", message: "Choose a person or a role" }]);
  }
  return [...kept, kind === "u:" ? { userId: id, level } : { role: id, level }];
}

export function mountAppPages(app: Hono<AppEnv>) {
  const read = requirePermission(APP_READ);
  /** A form post on an app page: redirect on success, the page again with the message else. */
  const post = (
    path: string,
    run: (c: C, form: Form, id: string) => Promise<string>,
    render: (c: C, id: string, flash: Flash, status: Status) => Promise<Response>,
  ) =>
    app.post(path, read, async (c) => {
      const id = c.req.param("id") ? pathId(c) : "";
      const form = await readForm(c);
      const done = await attempt(() => run(c, form, id));
      return done.ok
        ? redirectAfterPost(c, done.value)
        : await render(c, id, done.flash, done.status);
    });

  app.get("/apps", read, (c) => appsPage(c));
  post("/apps", async (c, form) => {
    const created = await createApp(
      actorOf(c),
      parsed(AppInput, { name: one(form.name), description: one(form.description) }),
    );
    return `${BASE}/${created.id}`;
  }, (c, _id, flash, status) => appsPage(c, flash, status));

  app.get("/apps/:id", read, (c) => appPage(c, pathId(c)));
  post("/apps/:id", async (c, form, id) => {
    await patchApp(actorOf(c), {
      id,
      patch: parsed(AppInput, { name: one(form.name), description: one(form.description) }),
    });
    return `${BASE}/${id}`;
  }, appPage);
  post("/apps/:id/delete", async (c, _form, id) => {
    await removeApp(actorOf(c), id);
    return BASE;
  }, appPage);

  post("/apps/:id/sheets", async (c, form, id) => {
    await createSheet(actorOf(c), { appId: id, input: parsed(SheetInput, sheetForm(form)) });
    return `${BASE}/${id}`;
  }, appPage);
  post("/apps/:id/sheets/:sheetId/edit", async (c, form, id) => {
    const input = parsed(SheetInput.omit({ filters: true }), sheetForm(form));
    await patchSheet(actorOf(c), { appId: id, sheetId: pathId(c, "sheetId"), patch: input });
    return `${BASE}/${id}`;
  }, appPage);
  post("/apps/:id/sheets/:sheetId/move", async (c, form, id) => {
    await moveSheet(actorOf(c), {
      appId: id,
      sheetId: pathId(c, "sheetId"),
      by: one(form.dir) === "left" ? -1 : 1,
    });
    return `${BASE}/${id}`;
  }, appPage);
  post("/apps/:id/sheets/:sheetId/delete", async (c, _form, id) => {
    await removeSheet(actorOf(c), { appId: id, sheetId: pathId(c, "sheetId") });
    return `${BASE}/${id}`;
  }, appPage);

  app.get("/apps/:id/access", read, (c) => accessPage(c, pathId(c)));
  post("/apps/:id/access", async (c, form, id) => {
    const grants = await changedGrants(c, id, one(form.principal), one(form.level));
    await putAccess(actorOf(c), { id, access: parsed(AccessInputSchema, { grants }) });
    return `${BASE}/${id}/access`;
  }, accessPage);
  post("/apps/:id/access/remove", async (c, form, id) => {
    const grants = await changedGrants(c, id, one(form.principal), null);
    await putAccess(actorOf(c), { id, access: parsed(AccessInputSchema, { grants }) });
    return `${BASE}/${id}/access`;
  }, accessPage);
}
