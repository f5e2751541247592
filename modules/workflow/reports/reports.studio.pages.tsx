/**
 * The report studio (/workflow/admin/reports): build a report from a source, fields, filters,
 * grouping, aggregates and a chart, preview it live (htmx), save it to the catalog with the
 * roles that may view it and an archive schedule. Standard reports are copied in (?from=key).
 */
import type { Hono } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import {
  type C,
  type Flash,
  problemFlash,
  readForm,
  redirectAfterPost,
} from "../../../shared/http/pages.ts";
import { Problem, problems } from "../../../shared/http/problem.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { textFor } from "../../../shared/i18n/i18n.ts";
import { listRoles } from "../../../platform/identity/public.ts";
import { Button, Card, html, page, Toast, tr } from "../../../ui/kit.ts";
import { REPORT_WRITE } from "./reports.routes.ts";
import {
  createReport,
  listReports,
  loadReport,
  removeReport,
  replaceReport,
  runSource,
} from "./reports.service.ts";
import { formOf, inputOf, type StudioForm as FormValue } from "./reports.form.lib.ts";
import { ReportInput } from "./reports.schemas.ts";
import { standardChart } from "./reports.standard.lib.ts";
import { CATALOG, ReportCatalog, ReportResult, STUDIO } from "./reports.view.tsx";
import { PreviewBox, StudioForm } from "./reports.studio.view.tsx";
import { queryChoices } from "../queries/queries.catalog.service.ts";
import "./reports.messages.ts";

const BLANK = formOf({
  name: "",
  description: "",
  source: { kind: "adhoc", source: "instances", definition: {} },
  chart: { type: "bar" },
  roles: [],
  schedule: "none",
});

/** A refusal naming the parts to fix in the reader's words, not the schema's paths. */
function refusal(c: C, paths: string[]) {
  const t = tr(c);
  const parts = [...new Set(paths.map((p) => p.split(".")[0]))];
  return problems.badRequest(t("workflow.reports.invalid", {
    fields: parts.map((f) =>
      textFor(c.var.locale, `workflow.reports.field.${f}`) ?? `workflow.reports.field.${f}`
    ).join(", "),
  }));
}

/** The form's input checked by the API's schema. */
function parsed(c: C, form: Record<string, string | string[]>) {
  const result = ReportInput.safeParse(inputOf(form));
  if (result.success) return result.data;
  throw refusal(c, result.error.issues.map((i) => String(i.path[0] ?? "")));
}

/** Runs a studio action; the service's field errors come back as a refusal in words. */
async function studio<T>(c: C, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof Problem && err.errors?.length) {
      throw refusal(c, err.errors.map((e) => e.path));
    }
    throw err;
  }
}

async function roleChoices(c: C) {
  return (await listRoles(c.var.sql)).map((r) => ({
    key: r.key,
    name: r.builtin ? textFor(c.var.locale, `role.${r.key}`) ?? `role.${r.key}` : r.name,
  }));
}

async function studioPage(
  c: C,
  opts: { id?: string; value: FormValue; title: string; flash?: Flash; status?: number },
) {
  const t = tr(c);
  return await page(
    c,
    opts.title,
    <>
      {opts.flash && <Toast flash={opts.flash} />}
      <Card>
        <StudioForm
          id={opts.id}
          value={opts.value}
          roles={await roleChoices(c)}
          choices={await queryChoices(actorOf(c), {
            source: opts.value.source,
            modelKey: opts.value.model || null,
            locale: c.var.locale,
          })}
        />
      </Card>
      <Card title={t("workflow.reports.previewTitle")}>
        <PreviewBox />
      </Card>
    </>,
    {
      status: (opts.status ?? 200) as 200,
      crumbs: [
        { label: t("module.workflow"), href: "/workflow" },
        { label: t("page.reportStudio"), href: STUDIO },
      ],
      actions: opts.id
        ? (
          <form
            method="post"
            action={`${STUDIO}/${opts.id}/delete`}
            class="inline"
            hx-post={`${STUDIO}/${opts.id}/delete`}
            hx-confirm={t("workflow.reports.deleteConfirm", { name: opts.value.name })}
          >
            <Button type="submit" variant="danger" icon="trash-2">
              {t("workflow.reports.delete")}
            </Button>
          </form>
        )
        : undefined,
    },
  );
}

/** The form's values again after a failed save (what the person typed stays). */
const typed = (form: Record<string, string | string[]>): FormValue => {
  const input = inputOf(form);
  return formOf({
    ...input,
    chart: { ...input.chart, type: input.chart.type as "bar" },
    schedule: input.schedule as "none",
  });
};

export function mountReportStudioPages(app: Hono<AppEnv>) {
  const write = requirePermission(REPORT_WRITE);
  app.get("/admin/reports", write, async (c) => {
    const t = tr(c);
    const { items } = await listReports(actorOf(c), c.var.locale);
    return await page(
      c,
      t("page.reportStudio"),
      (
        <ReportCatalog reports={items} canWrite />
      ),
      {
        crumbs: [{ label: t("module.workflow"), href: "/workflow" }],
        description: t("workflow.reports.studioDescription"),
        actions: <Button icon="plus" href={`${STUDIO}/new`}>{t("workflow.reports.new")}</Button>,
      },
    );
  });
  app.post("/admin/reports/preview", write, async (c) => {
    const t = tr(c);
    try {
      // A preview needs no name yet: a blank new report previews without complaint.
      const form = await readForm(c);
      const input = parsed(c, { ...form, name: String(form.name ?? "").trim() || "-" });
      const result = await runSource(actorOf(c), { source: input.source, l: c.var.locale });
      return html(
        c,
        <ReportResult
          title={input.name === "-" ? t("workflow.reports.previewTitle") : input.name}
          result={result}
          chart={input.chart}
          id="preview-rows"
        />,
      );
    } catch (err) {
      // The preview answers 200 so htmx swaps the message in.
      return html(c, <Toast flash={problemFlash(err).flash} />);
    }
  });
  app.get("/admin/reports/new", write, async (c) => {
    const t = tr(c);
    const from = c.req.query("from");
    let value = BLANK;
    if (from) {
      const r = await loadReport(actorOf(c), { id: from, l: c.var.locale });
      value = formOf({
        ...r,
        name: t("workflow.reports.copyOf", { name: r.name }),
        chart: r.source.kind === "standard" ? standardChart(r.source.key) : r.chart,
      });
    }
    return await studioPage(c, { value, title: t("workflow.reports.new") });
  });
  app.post("/admin/reports", write, async (c) => {
    const form = await readForm(c);
    try {
      const saved = await studio(c, () => createReport(actorOf(c), parsed(c, form)));
      return redirectAfterPost(c, `${CATALOG}/${saved.id}`);
    } catch (err) {
      const { flash, status } = problemFlash(err);
      return await studioPage(c, {
        value: typed(form),
        title: tr(c)("workflow.reports.new"),
        flash,
        status,
      });
    }
  });
  app.get("/admin/reports/:id/edit", write, async (c) => {
    const r = await loadReport(actorOf(c), { id: c.req.param("id"), l: c.var.locale });
    if (r.standard) throw problems.notFound("No such report.");
    return await studioPage(c, { id: r.id, value: formOf(r), title: r.name });
  });
  app.post("/admin/reports/:id", write, async (c) => {
    const id = c.req.param("id");
    const form = await readForm(c);
    try {
      await studio(c, () => replaceReport(actorOf(c), { id, input: parsed(c, form) }));
      return redirectAfterPost(c, `${CATALOG}/${id}`);
    } catch (err) {
      const { flash, status } = problemFlash(err);
      if (status === 404) throw err;
      return await studioPage(c, {
        id,
        value: typed(form),
        title: String(form.name ?? ""),
        flash,
        status,
      });
    }
  });
  app.post("/admin/reports/:id/delete", write, async (c) => {
    await removeReport(actorOf(c), c.req.param("id"));
    return redirectAfterPost(c, STUDIO);
  });
}
