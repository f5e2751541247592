import { Hono } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { hasPermission, requirePermission } from "../../../shared/rbac/permissions.ts";
import { t } from "../../../shared/i18n/i18n.ts";
import { Card, page, Toast } from "../../../ui/kit.ts";
import {
  attempt,
  type C,
  type Flash,
  one,
  pathId,
  readForm,
  redirectAfterPost,
} from "../../../shared/http/pages.ts";
import { isTenantAdmin } from "../access/access.rules.ts";
import { todayIn } from "../recurrence/recurrence.rules.ts";
import { CreateTemplateBody, FromTemplateBody } from "./templates.schemas.ts";
import {
  listTemplates,
  projectFromTemplate,
  removeTemplate,
  saveTemplate,
} from "./templates.service.ts";
import { FromTemplateFields, TemplatesTable } from "./templates.view.tsx";

const READ = requirePermission("projects.project.read");
const WRITE = requirePermission("projects.project.write");

/** Today in the reader's zone: the start date a new project from a template proposes. */
const readerToday = (c: C) => todayIn(c.var.timeZone ?? "UTC");

async function listPage(
  c: C,
  flash?: Flash,
  status: 200 | 400 | 403 | 404 | 409 | 413 | 415 | 422 = 200,
) {
  const l = c.var.locale;
  const { items } = await listTemplates(actorOf(c));
  const session = c.var.session;
  return page(
    c,
    t(l, "page.projectTemplates"),
    (
      <>
        {flash && <Toast flash={flash} />}
        <TemplatesTable
          items={items}
          canCreate={hasPermission(session.permissions, "projects.project.write")}
          canDelete={(r) =>
            hasPermission(session.permissions, "projects.project.write") &&
            (r.createdBy === session.userId || isTenantAdmin(session))}
          today={readerToday(c)}
        />
      </>
    ),
    {
      status,
      crumbs: [{ label: t(l, "page.projects"), href: "/projects/projects" }],
    },
  );
}

const templatePages = new Hono<AppEnv>()
  .get("/", READ, (c) => listPage(c))
  .post("/", WRITE, async (c) => {
    const l = c.var.locale;
    const f = await readForm(c);
    const projectId = one(f.projectId);
    const parsed = CreateTemplateBody.safeParse({
      projectId,
      name: one(f.name),
      description: one(f.description) || undefined,
    });
    const r = parsed.success ? await attempt(() => saveTemplate(actorOf(c), parsed.data)) : {
      ok: false as const,
      flash: {
        kind: "error" as const,
        text: t(l, "projects.checkFields", { fields: t(l, "projects.templates.name") }),
      },
      status: 400 as const,
    };
    if (r.ok) return redirectAfterPost(c, "/projects/templates");
    return await listPage(c, r.flash, r.status);
  })
  .post("/new", WRITE, async (c) => {
    const l = c.var.locale;
    const f = await readForm(c);
    const id = one(f.templateId);
    const parsed = FromTemplateBody.safeParse({
      name: one(f.name),
      startDate: one(f.startDate),
    });
    const r = parsed.success && /^[0-9a-f-]{36}$/i.test(id)
      ? await attempt(() => projectFromTemplate(actorOf(c), { id, body: parsed.data, locale: l }))
      : {
        ok: false as const,
        flash: {
          kind: "error" as const,
          text: t(l, "projects.checkFields", {
            fields: [t(l, "projects.name"), t(l, "projects.templates.startDate")].join(", "),
          }),
        },
        status: 400 as const,
      };
    if (r.ok) return redirectAfterPost(c, `/projects/projects/${r.value.id}`);
    const { items } = await listTemplates(actorOf(c));
    return page(
      c,
      t(l, "projects.templates.fromTemplate"),
      (
        <Card>
          <FromTemplateFields
            templates={items.filter((x) => x.id === id).length
              ? items.filter((x) => x.id === id)
              : items}
            today={one(f.startDate) || readerToday(c)}
            idPrefix="tpl-retry"
            flash={r.flash}
          />
        </Card>
      ),
      {
        status: r.status,
        crumbs: [{ label: t(l, "page.projectTemplates"), href: "/projects/templates" }],
      },
    );
  })
  .post("/:id/delete", WRITE, async (c) => {
    const r = await attempt(() => removeTemplate(actorOf(c), pathId(c)));
    if (r.ok) return redirectAfterPost(c, "/projects/templates");
    return await listPage(c, r.flash, r.status);
  });

/** The templates page and its forms, at /projects/templates. */
export function mountTemplatePages(app: Hono<AppEnv>) {
  app.route("/templates", templatePages);
}
