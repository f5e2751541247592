/**
 * /analytics/sources: the list (create, edit, test, delete) and a source's page with its schema
 * browser and the raw SQL box (htmx swaps the result table in).
 */
import type { z } from "@hono/zod-openapi";
import type { Hono } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { t } from "../../../shared/i18n/i18n.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import {
  type C,
  type Flash,
  type Form,
  one,
  pathId,
  problemFlash,
  readForm,
  redirectAfterPost,
  zodIssuesText,
} from "../../../shared/http/pages.ts";
import { problems } from "../../../shared/http/problem.ts";
import { hasPermission, requirePermission } from "../../../shared/rbac/permissions.ts";
import { Card, FlashMessage, html, page, Toast } from "../../../ui/kit.ts";
import { useSourcesConfig } from "./sources.config.lib.ts";
import { SOURCE_READ, SOURCE_WRITE } from "./sources.routes.ts";
import { introspect, runRawSql } from "./sources.run.service.ts";
import { SourceInput, SourcePatch } from "./sources.schemas.ts";
import {
  createSource,
  getSource,
  listSources,
  patchSource,
  removeSource,
  testSource,
} from "./sources.service.ts";
import {
  BASE,
  SchemaBrowser,
  SourceActions,
  SourceDialog,
  SourcesTable,
  SqlResultTable,
  StatusBadge,
} from "./sources.view.tsx";

function act(c: C) {
  useSourcesConfig(c.var.platform.config);
  return actorOf(c);
}

const canWrite = (c: C) => hasPermission(c.var.session.permissions, SOURCE_WRITE);

async function listPage(c: C, flash?: Flash, status = 200) {
  const { items } = await listSources(act(c));
  return await page(
    c,
    t(c.var.locale, "page.dataSources"),
    <>
      {flash && <Toast flash={flash} />}
      <SourcesTable rows={items} canWrite={canWrite(c)} />
    </>,
    {
      status: status as 200,
      crumbs: [{ label: t(c.var.locale, "module.analytics"), href: "/analytics" }],
      description: t(c.var.locale, "analytics.sources.description"),
      actions: canWrite(c) ? <SourceDialog /> : undefined,
    },
  );
}

async function sourcePage(c: C, id: string, flash?: Flash, status = 200) {
  const actor = act(c);
  const source = await getSource(actor, id);
  let tree;
  let treeFlash: Flash | undefined;
  try {
    tree = await introspect(actor, id);
  } catch (err) {
    treeFlash = problemFlash(err).flash;
  }
  return await page(
    c,
    source.name,
    <>
      {flash && <Toast flash={flash} />}
      <Card title={t(c.var.locale, "analytics.sources.details")}>
        <p>
          <StatusBadge status={source.status} />{" "}
          {t(c.var.locale, `analytics.sources.engine.${source.engine}`)}{" "}
          <span class="muted">
            {`${source.host}:${source.port} / ${source.database} · ${source.username}`}
          </span>
        </p>
        {source.statusDetail && <p class="muted">{source.statusDetail}</p>}
      </Card>
      {canWrite(c) && (
        <Card title={t(c.var.locale, "analytics.sources.sql")}>
          <form
            class="form"
            method="post"
            action={`${BASE}/${id}` + "/sql"}
            hx-post={`${BASE}/${id}` + "/sql"}
            hx-target="#sql-out"
            hx-swap="innerHTML"
          >
            <label class="field">
              <span>{t(c.var.locale, "analytics.sources.sqlField")}</span>
              <textarea name="sql" rows={5} required maxLength={20000} spellcheck={false}>
                {c.req.query("sql") ?? ""}
              </textarea>
              <span class="field-hint">{t(c.var.locale, "analytics.sources.sqlHint")}</span>
            </label>
            <button type="submit" class="btn btn-primary">
              {t(c.var.locale, "analytics.sources.run")}
            </button>
          </form>
          <div id="sql-out" aria-live="polite"></div>
        </Card>
      )}
      <Card title={t(c.var.locale, "analytics.sources.schema")}>
        {treeFlash ? <FlashMessage flash={treeFlash} /> : <SchemaBrowser tree={tree!} />}
      </Card>
    </>,
    {
      status: status as 200,
      crumbs: [
        { label: t(c.var.locale, "module.analytics"), href: "/analytics" },
        { label: t(c.var.locale, "page.dataSources"), href: BASE },
      ],
      actions: canWrite(c) ? <SourceActions s={source} /> : undefined,
    },
  );
}

const num = (v: string) => (v === "" ? undefined : Number(v));

function options(form: Form) {
  return {
    statementTimeoutMs: num(one(form.statementTimeoutMs)),
    rowCap: num(one(form.rowCap)),
    ssl: one(form.ssl) === "1",
  };
}

function parsed<T>(r: z.ZodSafeParseResult<T>): T {
  if (!r.success) throw problems.validation([], zodIssuesText(r.error.issues));
  return r.data;
}

export function mountSourcesPages(app: Hono<AppEnv>) {
  app.get("/sources", requirePermission(SOURCE_READ), (c) => listPage(c));
  app.post("/sources", requirePermission(SOURCE_WRITE), async (c) => {
    try {
      const form = await readForm(c);
      const input = parsed(SourceInput.safeParse({
        name: one(form.name),
        engine: one(form.engine),
        host: one(form.host),
        port: num(one(form.port)),
        database: one(form.database),
        username: one(form.username),
        password: typeof form.password === "string" ? form.password : "",
        options: options(form),
      }));
      const s = await createSource(act(c), input);
      return redirectAfterPost(c, `${BASE}/${s.id}`);
    } catch (err) {
      const { flash, status } = problemFlash(err);
      return await listPage(c, flash, status);
    }
  });
  app.get("/sources/:id", requirePermission(SOURCE_READ), (c) => sourcePage(c, pathId(c)));
  app.post("/sources/:id", requirePermission(SOURCE_WRITE), async (c) => {
    const id = pathId(c);
    try {
      const form = await readForm(c);
      const password = typeof form.password === "string" ? form.password : "";
      await patchSource(act(c), {
        id,
        patch: parsed(SourcePatch.safeParse({
          name: one(form.name),
          host: one(form.host),
          port: num(one(form.port)),
          database: one(form.database),
          username: one(form.username),
          // An empty field keeps the stored password (the form never shows it).
          password: password === "" ? undefined : password,
          options: options(form),
        })),
      });
    } catch (err) {
      const { flash, status } = problemFlash(err);
      return await sourcePage(c, id, flash, status);
    }
    return redirectAfterPost(c, `${BASE}/${id}`);
  });
  app.post("/sources/:id/test", requirePermission(SOURCE_WRITE), async (c) => {
    const id = pathId(c);
    const r = await testSource(act(c), id);
    const text = [
      t(c.var.locale, "analytics.sources.tested", {
        status: t(c.var.locale, `analytics.sources.status.${r.status}`),
      }),
      r.detail,
    ].filter(Boolean).join(" ");
    return await sourcePage(c, id, { kind: r.status === "ok" ? "ok" : "error", text });
  });
  app.post("/sources/:id/delete", requirePermission(SOURCE_WRITE), async (c) => {
    await removeSource(act(c), pathId(c));
    return redirectAfterPost(c, BASE);
  });
  app.post("/sources/:id/sql", requirePermission(SOURCE_WRITE), async (c) => {
    const id = pathId(c);
    try {
      const text = one((await readForm(c)).sql);
      if (!text) throw problems.validation([{ path: "sql", message: "Enter a statement." }]);
      const result = await runRawSql(actorOf(c), { sourceId: id, statement: text });
      return html(c, <SqlResultTable result={result} />);
    } catch (err) {
      // 200, so htmx swaps the message in where the table would be.
      return html(c, <FlashMessage flash={problemFlash(err).flash} />);
    }
  });
}
