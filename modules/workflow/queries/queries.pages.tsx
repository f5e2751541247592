/**
 * /workflow/admin/data-queries: the saved queries, and the builder (new and /{key}) with a
 * "Run" preview the page fills through htmx.
 */
import type { Hono } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { type C, type Flash, readForm, redirectAfterPost } from "../../../shared/http/pages.ts";
import { Problem } from "../../../shared/http/problem.ts";
import { hasPermission, requirePermission } from "../../../shared/rbac/permissions.ts";
import { FlashMessage, html, page, Toast, tr } from "../../../ui/kit.ts";
import { QUERIES_READ, QUERIES_WRITE } from "./queries.routes.ts";
import {
  builderChoices,
  changeQuery,
  createQuery,
  getQuery,
  listQueries,
  peopleIn,
  removeQuery,
} from "./queries.crud.service.ts";
import { runAdHocQuery } from "./queries.service.ts";
import { type BuilderValue, sourceOf, valueOf } from "./queries.form.lib.ts";
import { DataQueryCreate, DataQueryUpdate } from "./queries.schemas.ts";
import { ADMIN, QueriesTable, ResultTable } from "./queries.view.tsx";
import { Builder } from "./queries.builder.view.tsx";
import "./queries.messages.ts";

/** A refusal as people read it: the messages only, never paths or codes. */
function flashOf(
  t: ReturnType<typeof tr>,
  err: unknown,
): { flash: Flash; status: 400 | 403 | 404 | 409 | 422 } {
  if (!(err instanceof Problem) || err.status >= 500) throw err;
  const text = err.errors?.length
    ? err.errors.map((e) => e.message).join(" ")
    : err.detail ?? t("workflow.queries.failed");
  return { flash: { kind: "error", text }, status: err.status as 422 };
}

async function listPage(c: C, flash?: Flash, status = 200) {
  const t = tr(c);
  const canWrite = hasPermission(c.var.session.permissions, QUERIES_WRITE);
  const { items } = await listQueries(actorOf(c));
  return await page(
    c,
    t("workflow.queries.title"),
    <>
      {flash && <Toast flash={flash} />}
      <QueriesTable rows={items} canWrite={canWrite} />
    </>,
    {
      status: status as 200,
      crumbs: [{ label: t("module.workflow"), href: "/workflow" }],
      description: t("workflow.queries.description"),
      actions: canWrite
        ? <a class="btn btn-primary" href={`${ADMIN}/new`}>{t("workflow.queries.new")}</a>
        : undefined,
    },
  );
}

async function builderPage(
  c: C,
  value: BuilderValue,
  isNew: boolean,
  flash?: Flash,
  status = 200,
) {
  const t = tr(c);
  const choices = await builderChoices(actorOf(c), {
    source: value.source,
    modelKey: value.model,
    locale: c.var.locale,
  });
  return await page(
    c,
    isNew ? t("workflow.queries.new") : t("workflow.queries.editNamed", { name: value.name }),
    <>
      {flash && <Toast flash={flash} />}
      <Builder value={value} choices={choices} isNew={isNew} />
    </>,
    {
      status: status as 200,
      crumbs: [
        { label: t("module.workflow"), href: "/workflow" },
        { label: t("workflow.queries.title"), href: ADMIN },
      ],
    },
  );
}

const blank = (c: C): BuilderValue => ({
  key: "",
  name: "",
  description: "",
  source: sourceOf(c.req.query("source") ?? ""),
  model: c.req.query("model") ?? "",
  definition: {},
  params: [],
  test: {},
});

function inputOf(v: BuilderValue) {
  return {
    name: v.name,
    description: v.description,
    source: v.source,
    model: v.source === "records" ? v.model || null : null,
    definition: v.definition,
    params: v.params,
  };
}

export function mountQueryPages(app: Hono<AppEnv>) {
  app.get("/admin/data-queries", requirePermission(QUERIES_WRITE), (c) => listPage(c));
  app.get(
    "/admin/data-queries/new",
    requirePermission(QUERIES_WRITE),
    (c) => builderPage(c, blank(c), true),
  );
  app.post("/admin/data-queries", requirePermission(QUERIES_WRITE), async (c) => {
    const value = valueOf(await readForm(c));
    const parsed = DataQueryCreate.safeParse({ key: value.key, ...inputOf(value) });
    if (!parsed.success) {
      const text = tr(c)("workflow.queries.invalid");
      return await builderPage(c, value, true, { kind: "error", text }, 400);
    }
    try {
      await createQuery(actorOf(c), parsed.data);
    } catch (err) {
      const { flash, status } = flashOf(tr(c), err);
      return await builderPage(c, value, true, flash, status);
    }
    return redirectAfterPost(c, `${ADMIN}/${value.key}`);
  });
  app.post("/admin/data-queries/preview", requirePermission(QUERIES_READ), async (c) => {
    const t = tr(c);
    const v = valueOf(await readForm(c));
    try {
      const result = await runAdHocQuery(actorOf(c), {
        query: { source: v.source, model: v.model || undefined, definition: v.definition },
        params: v.test,
        opts: { locale: c.var.locale, paramDefs: v.params, limit: 50 },
      });
      const names = await peopleIn(actorOf(c), result);
      return html(c, <ResultTable result={result} names={names} />);
    } catch (err) {
      const { flash } = flashOf(t, err);
      // 200, so htmx swaps the message in where the table would be.
      return html(c, <FlashMessage flash={flash} />);
    }
  });
  app.get("/admin/data-queries/:key", requirePermission(QUERIES_WRITE), async (c) => {
    const q = await getQuery(actorOf(c), c.req.param("key"));
    const source = c.req.query("source");
    const changed = source !== undefined && (source !== q.source ||
      (c.req.query("model") ?? "") !== (q.model ?? ""));
    // Another source or model: its fields differ, so the definition starts afresh.
    const value: BuilderValue = {
      key: q.key,
      name: q.name,
      description: q.description,
      source: changed ? sourceOf(source!) : q.source,
      model: changed ? c.req.query("model") ?? "" : q.model ?? "",
      definition: changed ? {} : q.definition as BuilderValue["definition"],
      params: q.params,
      test: {},
    };
    return await builderPage(c, value, false);
  });
  app.post("/admin/data-queries/:key", requirePermission(QUERIES_WRITE), async (c) => {
    const key = c.req.param("key");
    const value = { ...valueOf(await readForm(c)), key };
    const parsed = DataQueryUpdate.safeParse(inputOf(value));
    if (!parsed.success || !value.name) {
      const text = tr(c)("workflow.queries.invalid");
      return await builderPage(c, value, false, { kind: "error", text }, 400);
    }
    try {
      await changeQuery(actorOf(c), { key, input: parsed.data });
    } catch (err) {
      const { flash, status } = flashOf(tr(c), err);
      return await builderPage(c, value, false, flash, status);
    }
    return redirectAfterPost(c, ADMIN);
  });
  app.post("/admin/data-queries/:key/delete", requirePermission(QUERIES_WRITE), async (c) => {
    try {
      await removeQuery(actorOf(c), c.req.param("key"));
    } catch (err) {
      const { flash, status } = flashOf(tr(c), err);
      return await listPage(c, flash, status);
    }
    return redirectAfterPost(c, ADMIN);
  });
}
