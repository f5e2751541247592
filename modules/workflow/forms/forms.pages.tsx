/** /workflow/admin/forms: the tenant's forms, and the form-js editor for a new or saved form. */
import type { Hono } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { type C, type Flash, problemFlash, redirectAfterPost } from "../../../shared/http/pages.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { Button, page, Toast, tr } from "../../../ui/kit.ts";
import { FORMS_WRITE } from "./forms.routes.ts";
import { getForm, listForms, removeForm } from "./forms.service.ts";
import { FormEditorView, FORMS_BASE, FormsTable, VersionsCard } from "./forms.view.tsx";
import "./forms.messages.ts";

const crumbs = (c: C, more: { label: string; href: string }[] = []) => [
  { label: tr(c)("module.workflow"), href: "/workflow" },
  ...more,
];

async function listPage(c: C, flash?: Flash, status = 200) {
  const t = tr(c);
  const { items } = await listForms(actorOf(c));
  return await page(
    c,
    t("page.forms"),
    <>
      {flash && <Toast flash={flash} />}
      <FormsTable rows={items} />
    </>,
    {
      status: status as 200,
      crumbs: crumbs(c),
      description: t("workflow.forms.description"),
      actions: <Button href={`${FORMS_BASE}/new`} icon="plus">{t("workflow.forms.new")}</Button>,
    },
  );
}

async function editPage(c: C) {
  const t = tr(c);
  const wanted = Number(c.req.query("version"));
  const version = Number.isSafeInteger(wanted) && wanted > 0 ? wanted : undefined;
  const form = await getForm(actorOf(c), { key: c.req.param("key") ?? "", version });
  const saved = Number(c.req.query("saved"));
  const latest = form.versions[0]?.version;
  return await page(
    c,
    form.name,
    <>
      {saved > 0 && (
        <Toast flash={{ kind: "ok", text: t("workflow.forms.savedVersion", { version: saved }) }} />
      )}
      {form.version !== latest && (
        <p class="muted">{t("workflow.forms.showing", { version: form.version })}</p>
      )}
      <FormEditorView form={form} />
      <VersionsCard form={form} />
    </>,
    { crumbs: crumbs(c, [{ label: t("page.forms"), href: FORMS_BASE }]) },
  );
}

export function mountFormsPages(app: Hono<AppEnv>) {
  const write = requirePermission(FORMS_WRITE);
  app.get("/admin/forms", write, (c) => listPage(c));
  app.get("/admin/forms/new", write, async (c) => {
    const t = tr(c);
    return await page(c, t("workflow.forms.newTitle"), <FormEditorView />, {
      crumbs: crumbs(c, [{ label: t("page.forms"), href: FORMS_BASE }]),
    });
  });
  app.get("/admin/forms/:key", write, editPage);
  app.post("/admin/forms/:key/delete", write, async (c) => {
    try {
      await removeForm(actorOf(c), c.req.param("key"));
    } catch (err) {
      const { flash, status } = problemFlash(err);
      return await listPage(c, flash, status);
    }
    return redirectAfterPost(c, FORMS_BASE);
  });
}
