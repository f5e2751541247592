import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import { streamSSE } from "hono/streaming";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { problems } from "../../../shared/http/problem.ts";
import { acquireStream } from "../../../shared/realtime/stream-limits.ts";
import { requireSheet } from "../apps/access.service.ts";
import {
  createWidgetRoute,
  deleteWidgetRoute,
  listWidgetsRoute,
  patchWidgetRoute,
  putLayoutRoute,
  sheetEventsRoute,
  widgetCsvRoute,
  widgetDataRoute,
  widgetRowsRoute,
  widgetSvgRoute,
} from "./widgets.routes.ts";
import {
  createWidget,
  listWidgets,
  patchWidget,
  putLayout,
  removeWidget,
  widgetData,
  widgetExport,
  widgetRows,
} from "./widgets.service.ts";
import { toCsv } from "./widgets.rules.ts";
import { wantsRefresh } from "../cache/cache.schemas.ts";
import { chartsReady, renderSvg } from "./widgets.charts.lib.ts";
import { LIVE_CHANNEL, type LiveMessage } from "./widgets.live.lib.ts";

const KEEPALIVE_MS = 25_000;

/** A file name from a title: letters, digits and dashes only. */
const fileName = (title: string, ext: string) =>
  `${
    title.normalize("NFKD").replace(/[^A-Za-z0-9]+/g, "-").replace(/^-|-$/g, "") || "widget"
  }.${ext}`;

const list: RouteHandler<typeof listWidgetsRoute, AppEnv> = async (c) =>
  c.json(await listWidgets(actorOf(c), c.req.valid("param").sheetId), 200);
const create: RouteHandler<typeof createWidgetRoute, AppEnv> = async (c) =>
  c.json(
    await createWidget(actorOf(c), {
      sheetId: c.req.valid("param").sheetId,
      input: c.req.valid("json"),
    }),
    201,
  );
const patch: RouteHandler<typeof patchWidgetRoute, AppEnv> = async (c) =>
  c.json(
    await patchWidget(actorOf(c), { id: c.req.valid("param").id, patch: c.req.valid("json") }),
    200,
  );
const remove: RouteHandler<typeof deleteWidgetRoute, AppEnv> = async (c) => {
  await removeWidget(actorOf(c), c.req.valid("param").id);
  return c.body(null, 204);
};
const layout: RouteHandler<typeof putLayoutRoute, AppEnv> = async (c) =>
  c.json(
    await putLayout(actorOf(c), {
      sheetId: c.req.valid("param").sheetId,
      layout: c.req.valid("json"),
    }),
    200,
  );
const data: RouteHandler<typeof widgetDataRoute, AppEnv> = async (c) => {
  const { refresh, ...filters } = c.req.valid("query");
  const { widget: _w, ...out } = await widgetData(actorOf(c), {
    id: c.req.valid("param").id,
    filters,
    locale: c.var.locale,
    cache: { refresh: wantsRefresh({ refresh }) },
  });
  c.header("X-Cache", out.cache.hit ? "hit" : "miss");
  return c.json(out, 200);
};
const rows: RouteHandler<typeof widgetRowsRoute, AppEnv> = async (c) => {
  const { columns, rows, truncated } = await widgetRows(actorOf(c), {
    id: c.req.valid("param").id,
    query: c.req.valid("query"),
    locale: c.var.locale,
  });
  return c.json({ columns, rows, truncated }, 200);
};
const csv: RouteHandler<typeof widgetCsvRoute, AppEnv> = async (c) => {
  const out = await widgetExport(actorOf(c), {
    id: c.req.valid("param").id,
    filters: c.req.valid("query"),
    locale: c.var.locale,
  });
  return c.body(toCsv(out), 200, {
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="${fileName(out.widget.title, "csv")}"`,
  });
};
const svg: RouteHandler<typeof widgetSvgRoute, AppEnv> = async (c) => {
  const out = await widgetData(actorOf(c), {
    id: c.req.valid("param").id,
    filters: c.req.valid("query"),
    locale: c.var.locale,
  });
  if (!out.option) throw problems.unprocessable("Tables and KPI numbers have no chart image.");
  await chartsReady();
  return c.body(renderSvg({ ...out.option, title: { text: out.widget.title } }, 900, 450), 200, {
    "Content-Type": "image/svg+xml",
    "Content-Disposition": `attachment; filename="${fileName(out.widget.title, "svg")}"`,
  });
};

/**
 * The live stream of a sheet. It holds no transaction while open (a streaming path): the
 * access check runs in a short scoped transaction first.
 */
const events: RouteHandler<typeof sheetEventsRoute, AppEnv> = async (c) => {
  const { platform } = c.var;
  const { tenantId, userId, exp } = c.var.session;
  const sheetId = c.req.valid("param").sheetId;
  await c.var.scope((tx) => requireSheet(actorOf(c, tx), { sheetId: sheetId, level: "view" }));
  const release = acquireStream(userId, {
    perUser: platform.config.SSE_MAX_PER_USER,
    perInstance: platform.config.SSE_MAX_PER_INSTANCE,
  });
  c.header("Cache-Control", "no-store");
  c.header("X-Accel-Buffering", "no");
  return streamSSE(c, async (stream) => {
    let ended = false;
    const expiry = setTimeout(() => {
      ended = true;
      stream.abort();
    }, Math.max(0, exp * 1000 - Date.now()));
    const unsubscribe = await platform.bus.subscribe(LIVE_CHANNEL, (payload) => {
      const m = payload as unknown as LiveMessage;
      if (m.tenantId !== tenantId) return;
      stream.writeSSE({ event: "refresh", data: JSON.stringify(m.datasets) }).catch(() => {});
    });
    const done = () => {
      clearTimeout(expiry);
      unsubscribe();
      release();
    };
    stream.onAbort(done);
    await stream.writeSSE({ event: "ready", data: "[]" });
    while (!ended && !stream.aborted && !stream.closed) {
      await stream.sleep(KEEPALIVE_MS);
      if (!stream.aborted) await stream.write(": keepalive\n\n").catch(() => {});
    }
    done();
  }) as never;
};

/** /api/analytics/sheets/{id}/widgets, /widgets/{id}…, the sheet's layout and live stream. */
export function mountWidgets(app: OpenAPIHono<AppEnv>) {
  app.openapi(listWidgetsRoute, list);
  app.openapi(createWidgetRoute, create);
  app.openapi(patchWidgetRoute, patch);
  app.openapi(deleteWidgetRoute, remove);
  app.openapi(putLayoutRoute, layout);
  app.openapi(widgetDataRoute, data);
  app.openapi(widgetRowsRoute, rows);
  app.openapi(widgetCsvRoute, csv);
  app.openapi(widgetSvgRoute, svg);
  app.openapi(sheetEventsRoute, events);
}

/** No request-wide transaction for the live stream (it stays open). */
export const WIDGET_STREAM_PATHS = [/^\/api\/analytics\/sheets\/[^/]+\/events$/];
