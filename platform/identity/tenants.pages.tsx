import { Hono } from "hono";
import type { AppEnv } from "../../shared/http/env.ts";
import { actorOf } from "../../shared/http/actor.ts";
import { type C, isHtmx, readForm, redirectAfterPost } from "../../shared/http/pages.ts";
import { ID_PARAM } from "../../shared/http/ids.ts";
import { decodeCursor, toPage } from "../../shared/http/paging.ts";
import { Problem, problems } from "../../shared/http/problem.ts";
import { requireOperator } from "../../shared/rbac/permissions.ts";
import type { MessageKey } from "../../shared/i18n/i18n.ts";
import { Card, html, page, Toast, tr } from "../../ui/kit.ts";
import {
  createTenant,
  findTenantForOperator,
  listTenants,
  reactivateTenant,
  suspendTenant,
} from "./tenants.service.ts";
import { CreateTenantForm as CreateTenantInput, TENANT_STATUSES } from "./tenants.schemas.ts";
import {
  CreateTenantDialog,
  CreateTenantForm,
  type FormErrors,
  StatusConfirmForm,
  TenantCreated,
  TenantFilters,
  TenantsTable,
} from "./tenants.view.tsx";
import "./tenants.messages.ts";

const PAGE_SIZE = 25;

const crumbs = (c: C) => [{ label: tr(c)("nav.admin") }];

/** The operators' list: filters, the table with suspend/reactivate, and the create dialog. */
async function listPage(c: C) {
  const t = tr(c);
  const q = (c.req.query("q") ?? "").trim().slice(0, 200);
  const wanted = c.req.query("status") ?? "";
  const status = TENANT_STATUSES.find((s) => s === wanted);
  const after = decodeCursor(c.req.query("cursor"), ["uuid"])?.[0] as string | undefined;
  const rows = await listTenants(actorOf(c), { limit: PAGE_SIZE, after, q, status });
  const { items, nextCursor } = toPage(rows, PAGE_SIZE, (r) => [r.id]);
  const next = nextCursor
    ? "/admin/tenants?" +
      new URLSearchParams({ q, status: status ?? "", cursor: nextCursor }).toString()
    : undefined;
  return await page(
    c,
    t("nav.tenants"),
    <>
      <Toast flash={await outcome(c)} id="tenants-flash" />
      <TenantFilters q={q} status={status ?? ""} />
      <TenantsTable rows={items} currentTenantId={c.var.session.tenantId} more={next} />
    </>,
    {
      crumbs: crumbs(c),
      description: t("tenants.description"),
      actions: <CreateTenantDialog />,
    },
  );
}

/** The toast after a suspend or reactivate redirect (`?suspended=<id>` / `?reactivated=<id>`). */
async function outcome(c: C) {
  for (const kind of ["suspended", "reactivated"] as const) {
    const id = c.req.query(kind);
    const tenant = id ? await findTenantForOperator(actorOf(c), id) : undefined;
    if (tenant) {
      return { kind: "ok" as const, text: tr(c)(`tenants.${kind}Flash`, { name: tenant.name }) };
    }
  }
  return undefined;
}

/** The create form alone: a fragment for htmx, else a page (no script, or a plain post). */
async function formAnswer(c: C, body: preact.JSX.Element, status: 200 | 400 | 409 = 200) {
  if (isHtmx(c)) return html(c, body, status);
  const t = tr(c);
  return await page(c, t("tenants.new"), <Card>{body}</Card>, {
    status,
    crumbs: [...crumbs(c), { label: t("nav.tenants"), href: "/admin/tenants" }],
  });
}

/** Zod issue paths of the create input → the form's fields. */
const FIELD_OF: Record<string, keyof FormErrors> = {
  slug: "slug",
  name: "name",
  "owner.email": "email",
  "owner.name": "ownerName",
  "owner.password": "password",
};
const ERROR_KEY: Record<keyof FormErrors, MessageKey> = {
  slug: "tenants.error.slug",
  name: "tenants.error.name",
  email: "tenants.error.email",
  ownerName: "tenants.error.name",
  password: "tenants.error.password",
};

async function create(c: C) {
  const t = tr(c);
  const form = await readForm(c);
  const values = Object.fromEntries(
    Object.entries(form).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]),
  ) as Record<string, string>;
  const parsed = CreateTenantInput.safeParse({
    slug: values.slug ?? "",
    name: values.name ?? "",
    owner: {
      email: values.ownerEmail ?? "",
      name: values.ownerName ?? "",
      password: values.ownerPassword || undefined,
    },
  });
  if (!parsed.success) {
    const errors: FormErrors = {};
    for (const issue of parsed.error.issues) {
      const field = FIELD_OF[issue.path.map(String).join(".")];
      if (field) errors[field] ??= t(ERROR_KEY[field]);
    }
    return await formAnswer(c, <CreateTenantForm values={values} errors={errors} />, 400);
  }
  try {
    const { tenant, generatedPassword } = await createTenant(actorOf(c), {
      ...parsed.data,
      roles: c.var.platform.roles,
    });
    return await formAnswer(
      c,
      <TenantCreated tenant={tenant} password={generatedPassword} />,
    );
  } catch (err) {
    if (!(err instanceof Problem) || err.status !== 409) throw err;
    const errors = { slug: t("tenants.error.slugTaken") };
    return await formAnswer(c, <CreateTenantForm values={values} errors={errors} />, 409);
  }
}

/** The confirmation on its own page, for browsers without script (the dialog's fallback). */
async function confirmPage(c: C) {
  const tenant = await findTenantForOperator(actorOf(c), c.req.param("id")!);
  if (!tenant) throw problems.notFound();
  const t = tr(c);
  const verb = tenant.status === "active" ? "suspend" : "reactivate";
  return await page(
    c,
    t(`tenants.${verb}.title`, { name: tenant.name }),
    <Card>
      <StatusConfirmForm tenant={tenant} />
    </Card>,
    { crumbs: [...crumbs(c), { label: t("nav.tenants"), href: "/admin/tenants" }] },
  );
}

/** /admin/tenants: platform operators only. */
export const tenantsPages = new Hono<AppEnv>()
  .use("/tenants", requireOperator)
  .use("/tenants/*", requireOperator)
  .get("/tenants", listPage)
  .get("/tenants/new", (c) => formAnswer(c, <CreateTenantForm />))
  .post("/tenants", create)
  .get(`/tenants/${ID_PARAM}/suspend`, confirmPage)
  .get(`/tenants/${ID_PARAM}/reactivate`, confirmPage)
  .post(`/tenants/${ID_PARAM}/suspend`, async (c) => {
    const id = c.req.param("id");
    await suspendTenant(actorOf(c), id);
    return redirectAfterPost(c, `/admin/tenants?suspended=${id}`);
  })
  .post(`/tenants/${ID_PARAM}/reactivate`, async (c) => {
    const id = c.req.param("id");
    await reactivateTenant(actorOf(c), id);
    return redirectAfterPost(c, `/admin/tenants?reactivated=${id}`);
  });
