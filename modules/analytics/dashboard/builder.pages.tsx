/**
 * The widget builder's page routes under /analytics/apps/{appId}/sheets/{sheetId}/builder: the
 * fields fragment the source choice swaps in, the preview, creating a widget, and editing one
 * (a fragment for the edit dialog, a whole page without script). Editors of the sheet only.
 */
import type { Hono } from "hono";
import { renderToString } from "preact-render-to-string";
import type { VNode } from "preact";
import type { AppEnv } from "../../../shared/http/env.ts";
import { t } from "../../../shared/i18n/i18n.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { type C, isHtmx, readForm, redirectAfterPost } from "../../../shared/http/pages.ts";
import { Problem, problems } from "../../../shared/http/problem.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { Card } from "../../../ui/kit.ts";
import { ReaderContext } from "../../../ui/context.ts";
import { requireSheet } from "../apps/access.service.ts";
import { appFrame } from "../apps/apps.pages.tsx";
import { loadWidget } from "./widgets.service.ts";
import type { Body } from "./dashboard.view.tsx";
import { chartsReady } from "./widgets.charts.lib.ts";
import { type BuilderState, type SourceDetail, stateOf, stateOfWidget } from "./builder.lib.ts";
import {
  builderSources,
  builtOf,
  previewBuilt,
  saveBuilt,
  sourceDetail,
} from "./builder.service.ts";
import {
  BuilderFields,
  BuilderForm,
  type BuilderFormProps,
  BuilderPreview,
} from "./builder.view.tsx";

const SHEET_READ = "analytics.sheet.read";
const sheetPath = (appId: string, sheetId: string) => `/analytics/apps/${appId}/sheets/${sheetId}`;

/** A fragment in the reader's language (htmx swaps it in). */
function fragment(c: C, vnode: VNode, status: 200 | 400 | 403 | 404 | 422 = 200) {
  const reader = {
    locale: c.var.locale ?? "en",
    timeZone: c.var.timeZone ?? "UTC",
    now: Date.now(),
  };
  return c.html(
    renderToString(<ReaderContext.Provider value={reader}>{vnode}</ReaderContext.Provider>),
    status,
  );
}

/** The sheet (edit level) of this app: another app's sheet or another tenant's is not found. */
async function editableSheet(c: C) {
  const { appId, sheetId } = c.req.param() as { appId: string; sheetId: string };
  const { sheet } = await requireSheet(actorOf(c), { sheetId, level: "edit" });
  if (sheet.appId !== appId) throw problems.notFound("No such sheet.");
  return { appId, sheetId };
}

export function builderUrls(appId: string, sheetId: string, widgetId?: string) {
  const base = `${sheetPath(appId, sheetId)}/builder`;
  return {
    action: widgetId ? `${base}/${widgetId}` : base,
    fields: `${base}/fields`,
    preview: `${base}/preview`,
  };
}

/** The add dialog's form as the sheet first shows it (the first dataset chosen). */
export async function newBuilderForm(
  c: C,
  { appId, sheetId }: { appId: string; sheetId: string },
): Promise<BuilderFormProps> {
  const actor = actorOf(c);
  const groups = await builderSources(actor, c.var.locale);
  const state = stateOf({ chartType: "bar", source: groups.datasets[0]?.value ?? "" });
  const detail = state.source
    ? await sourceDetail(actor, { ...state, locale: c.var.locale })
    : null;
  return { id: "dash-add-form", urls: builderUrls(appId, sheetId), groups, state, detail };
}

/** A refusal in the reader's words: the form shows it above its fields. */
function messageOf(c: C, err: Problem): string {
  if (err.status === 403) return t(c.var.locale, "analytics.builder.forbidden");
  if (err.status === 404) return t(c.var.locale, "analytics.builder.notFound");
  if (err.status === 400) return t(c.var.locale, "analytics.builder.fix");
  const detail = err.errors?.map((e) => e.message).join(" ") || err.detail || err.title;
  return t(c.var.locale, "analytics.builder.failed", { detail });
}

/** A form error in the reader's words, by the field it belongs to. */
function localError(c: C, path: string, message: string): string {
  const key = `analytics.builder.err.${path.replace(/^filter\d+/, "filter")}`;
  const text = t(c.var.locale, key as Parameters<typeof t>[1]);
  return text === key ? message : text;
}

const statusOf = (err: Problem) =>
  ([400, 403, 404, 422] as const).find((s) => s === err.status) ?? 400;

/** The source's detail, or null when the choice cannot be read (the form then says why). */
async function detailOrNull(c: C, state: BuilderState): Promise<SourceDetail | null> {
  try {
    return await sourceDetail(actorOf(c), { ...state, locale: c.var.locale });
  } catch (err) {
    if (err instanceof Problem && err.status < 500) return null;
    throw err;
  }
}

/** POST of the form: create or change, or the form again with its errors (status kept). */
async function save(c: C, widgetId?: string) {
  const { appId, sheetId } = await editableSheet(c);
  const actor = actorOf(c);
  const state = stateOf(await readForm(c));
  try {
    const { built } = await builtOf(actor, { state, locale: c.var.locale });
    await saveBuilt(actor, { sheetId, widgetId, built });
  } catch (err) {
    if (!(err instanceof Problem) || err.status >= 500) throw err;
    const form: BuilderFormProps = {
      id: widgetId ? "dash-edit-form" : "dash-add-form",
      urls: builderUrls(appId, sheetId, widgetId),
      groups: await builderSources(actor, c.var.locale),
      state,
      detail: await detailOrNull(c, state),
      errors: err.errors ?? [],
      message: messageOf(c, err),
      editing: !!widgetId,
    };
    if (isHtmx(c)) return fragment(c, <BuilderForm {...form} />, statusOf(err));
    return await appFrame(c, appId, {
      sheetId,
      status: statusOf(err),
      body: <Card>{<BuilderForm {...form} />}</Card>,
    });
  }
  return redirectAfterPost(c, sheetPath(appId, sheetId));
}

export function mountBuilderPages(app: Hono<AppEnv>) {
  const read = requirePermission(SHEET_READ);
  const base = "/apps/:appId/sheets/:sheetId/builder";

  // The fields part for the form's current state (source, table, group, measure, filters).
  app.get(`${base}/fields`, read, async (c) => {
    const { appId, sheetId } = await editableSheet(c);
    const params = Object.fromEntries(new URL(c.req.url).searchParams);
    const state = stateOf(params);
    const formId = params.formId === "dash-edit-form" ? "dash-edit-form" : "dash-add-form";
    try {
      const detail = await sourceDetail(actorOf(c), { ...state, locale: c.var.locale });
      return fragment(
        c,
        <BuilderFields
          state={state}
          detail={detail}
          refresh={builderUrls(appId, sheetId).fields}
          formId={formId}
        />,
      );
    } catch (err) {
      if (!(err instanceof Problem) || err.status >= 500) throw err;
      return fragment(
        c,
        <p class="field-message" role="alert">{messageOf(c, err)}</p>,
        statusOf(err),
      );
    }
  });

  // The result as the widget would draw it, before saving.
  app.post(`${base}/preview`, read, async (c) => {
    const { sheetId } = await editableSheet(c);
    const actor = actorOf(c);
    const state = stateOf(await readForm(c));
    try {
      const { built } = await builtOf(actor, { state, locale: c.var.locale });
      const { result, option, value } = await previewBuilt(actor, {
        sheetId,
        built,
        locale: c.var.locale,
      });
      const body: Body = built.chartType === "kpi"
        ? { kind: "kpi", kpi: { value: Number(value ?? 0), previous: null, change: null } }
        : built.chartType === "table"
        ? { kind: "table", columns: result.columns, rows: result.rows }
        : { kind: "chart", option, rows: result.rows, keys: [] };
      // The preview draws the chart as it renders, with ECharts loaded by then.
      await chartsReady();
      return fragment(
        c,
        <BuilderPreview title={built.title} chartType={built.chartType} body={body} />,
      );
    } catch (err) {
      if (!(err instanceof Problem) || err.status >= 500) throw err;
      const detail = err.status === 400 && err.errors?.length
        ? err.errors.map((e) => localError(c, e.path, e.message)).join(" ")
        : messageOf(c, err);
      return fragment(c, <p class="field-message" role="alert">{detail}</p>, statusOf(err));
    }
  });

  // Without script: the add form as a page (the dialog's trigger falls back to it).
  app.get(base, read, async (c) => {
    const ids = await editableSheet(c);
    const form = await newBuilderForm(c, ids);
    return await appFrame(c, ids.appId, {
      sheetId: ids.sheetId,
      body: <Card title={t(c.var.locale, "analytics.dash.add")}>{<BuilderForm {...form} />}</Card>,
    });
  });
  app.post(base, read, (c) => save(c));

  // A widget's form, filled in: the edit dialog's body (htmx) or a page.
  app.get(`${base}/:widgetId`, read, async (c) => {
    const { appId, sheetId } = await editableSheet(c);
    const actor = actorOf(c);
    const { widget } = await loadWidget(actor, { id: c.req.param("widgetId"), level: "edit" });
    if (widget.sheetId !== sheetId) throw problems.notFound("No such widget.");
    const state = stateOfWidget(widget);
    const form: BuilderFormProps = {
      id: "dash-edit-form",
      urls: builderUrls(appId, sheetId, widget.id),
      groups: await builderSources(actor, c.var.locale),
      state,
      detail: await detailOrNull(c, state),
      editing: true,
    };
    if (isHtmx(c)) return fragment(c, <BuilderForm {...form} />);
    return await appFrame(c, appId, {
      sheetId,
      body: (
        <Card title={t(c.var.locale, "analytics.builder.editOf", { name: widget.title })}>
          <BuilderForm {...form} />
        </Card>
      ),
    });
  });
  app.post(`${base}/:widgetId`, read, (c) => save(c, c.req.param("widgetId")));
}
