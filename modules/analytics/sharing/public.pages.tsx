/**
 * Root pages without a session (the manifest's publicPaths):
 * - /p/analytics/:token — a public link's sheet (a password form first when it has one), one
 *   widget's body and, when the link allows it, a widget's CSV;
 * - /embed/analytics?token=… — a signed embed, framed only by the workspace's listed origins
 *   (its own CSP frame-ancestors; every other page keeps 'none'), and one widget's body.
 * Every request checks the link or token against the database again.
 */
import { Hono } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { renderToString } from "preact-render-to-string";
import type { AppEnv } from "../../../shared/http/env.ts";
import type { C } from "../../../shared/http/pages.ts";
import { field, readForm } from "../../../shared/http/pages.ts";
import { Problem } from "../../../shared/http/problem.ts";
import { t } from "../../../shared/i18n/i18n.ts";
import { html, shellLook } from "../../../ui/render.tsx";
import { ReaderContext } from "../../../ui/context.ts";
import { filterState } from "../dashboard/dashboard.filters.lib.ts";
import { WidgetBody } from "../dashboard/dashboard.view.tsx";
import { chartsReady } from "../dashboard/widgets.charts.lib.ts";
import { parseWhere, toCsv } from "../dashboard/widgets.rules.ts";
import { datasetCatalog } from "../query/query.datasets.lib.ts";
import type { Widget } from "../dashboard/widgets.schemas.ts";
import {
  embedOrigins,
  type Grant,
  openEmbed,
  openLink,
  type PublicContext,
  publicExport,
  publicSheet,
  publicWidget,
} from "./public.service.ts";
import {
  EMBED_PATH,
  embedCsp,
  embedWhere,
  LINK_TOKEN,
  PROOF_SECONDS,
  publicPath,
} from "./sharing.rules.ts";
import { makeProof, proofCookieName } from "./sharing.lib.ts";
import { EmbedSheetPage, PasswordPage, PublicSheetPage, RefusedPage } from "./public.view.tsx";

/** Public paths of this feature (the manifest's publicPaths). */
export const PUBLIC_SHARING_PATHS = [
  /^\/p\/analytics\/[A-Za-z0-9_-]+(\/widgets\/[^/]+(\/export\.csv)?)?$/,
  /^\/embed\/analytics(\/widgets\/[^/]+)?$/,
];

const NO_STORE = {
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex",
  "Referrer-Policy": "no-referrer",
};

const ctxOf = (c: C): PublicContext => ({
  db: c.var.platform.db,
  bus: c.var.platform.bus,
  poolSize: c.var.platform.config.DATABASE_POOL_SIZE,
  requestId: c.var.requestId,
});

const viewOf = (c: C, filters: ReturnType<typeof filterState>) => ({
  filters,
  locale: c.var.locale,
  lockedMessage: t(c.var.locale, "analytics.share.lockedMissing"),
});

/** The fields of the datasets the sheet's widgets use (the filter bar's choices). */
function fieldsOf(widgets: Widget[], locale: string) {
  const used = new Set(
    widgets.map((w) => (w.query.source.kind === "dataset" ? w.query.source.name : "")),
  );
  const fields = [
    ...new Map(
      datasetCatalog(locale).filter((d) => used.has(d.name))
        .flatMap((d) => d.fields.filter((x) => !x.key)).map((x) => [x.name, x]),
    ).values(),
  ];
  return { fields, dateFields: fields.filter((x) => x.type === "date" || x.type === "datetime") };
}

function refused(c: C, err: unknown) {
  if (!(err instanceof Problem) || err.status >= 500) throw err;
  const l = c.var.locale;
  const status = err.status === 401 || err.status === 403 ? err.status : 404;
  const [title, text] = status === 404
    ? [t(l, "analytics.share.goneTitle"), t(l, "analytics.share.gone")]
    : [t(l, "analytics.share.refusedTitle"), t(l, "analytics.share.refused")];
  const res = html(c, <RefusedPage theme={shellLook(c).theme} title={title} text={text} />, status);
  for (const [k, v] of Object.entries(NO_STORE)) res.headers.set(k, v);
  return res;
}

const paramsOf = (c: C) => new URL(c.req.url).searchParams;

async function linkPage(c: C, token: string, password?: string) {
  const path = publicPath(token);
  let grant;
  try {
    grant = await openLink(ctxOf(c), {
      token,
      password,
      proof: getCookie(c, await proofCookieName(token)),
    });
  } catch (err) {
    if (err instanceof Problem && err.status === 401) {
      const error = password !== undefined
        ? t(c.var.locale, "analytics.share.wrongPassword")
        : undefined;
      const res = html(
        c,
        <PasswordPage path={path} theme={shellLook(c).theme} error={error} />,
        error ? 422 : 401,
      );
      for (const [k, v] of Object.entries(NO_STORE)) res.headers.set(k, v);
      return res;
    }
    return refused(c, err);
  }
  if (password !== undefined && grant.passwordHash) {
    setCookie(c, await proofCookieName(token), await makeProof(grant.linkId, grant.passwordHash), {
      httpOnly: true,
      sameSite: "Lax",
      secure: new URL(c.req.url).protocol === "https:",
      path,
      maxAge: PROOF_SECONDS,
    });
    // After the form, a fresh GET (the cookie now proves the password).
    return c.redirect(path, 303);
  }
  const f = filterState(paramsOf(c));
  try {
    const { sheet, widgets } = await publicSheet(ctxOf(c), grant, viewOf(c, f));
    const { fields, dateFields } = fieldsOf(widgets.map((w) => w.widget), c.var.locale);
    // The page draws its charts on the server as it renders, with ECharts loaded by then.
    await chartsReady();
    const res = html(
      c,
      <PublicSheetPage
        path={path}
        name={sheet.name}
        theme={shellLook(c).theme}
        refresh={sheet.refreshSeconds}
        expiresAt={grant.expiresAt ?? null}
        allowCsv={grant.allowCsv}
        f={f}
        fields={fields}
        dateFields={dateFields}
        widgets={widgets}
      />,
    );
    for (const [k, v] of Object.entries(NO_STORE)) res.headers.set(k, v);
    return res;
  } catch (err) {
    return refused(c, err);
  }
}

/** The embed's filters: the token's locked values, the viewer's only where the token allows. */
function embedFilters(c: C, grant: Grant) {
  const claims = grant.claims!;
  const viewer = filterState(paramsOf(c));
  const q = new URLSearchParams();
  for (const w of embedWhere(claims, viewer.where)) q.append("where", w);
  return filterState(q);
}

async function widgetFragment(
  c: C,
  widget: Widget,
  body: Parameters<typeof WidgetBody>[0]["body"],
) {
  const width = Math.max(200, Math.min(2000, Number(c.req.query("width")) || widget.w * 100));
  const height = Math.max(120, Math.min(2000, Number(c.req.query("height")) || widget.h * 70 - 56));
  const reader = {
    locale: c.var.locale ?? "en",
    timeZone: c.var.timeZone ?? "UTC",
    now: Date.now(),
  };
  // The body draws its chart as it renders, with ECharts loaded by then.
  await chartsReady();
  return c.html(
    renderToString(
      <ReaderContext.Provider value={reader}>
        <WidgetBody widget={widget} body={body} width={width} height={height} />
      </ReaderContext.Provider>,
    ),
    200,
    NO_STORE,
  );
}

async function embedGrant(c: C) {
  return await openEmbed(ctxOf(c), c.req.query("token") ?? "");
}

export function publicSharingPages() {
  return new Hono<AppEnv>()
    .get("/p/analytics/:token", (c) => linkPage(c, c.req.param("token")))
    .post("/p/analytics/:token", async (c) => {
      const token = c.req.param("token");
      if (!LINK_TOKEN.test(token)) return refused(c, new Problem(404, "not-found", "", ""));
      return await linkPage(c, token, field(await readForm(c), "password") ?? "");
    })
    .get("/p/analytics/:token/widgets/:id", async (c) => {
      try {
        const grant = await openLink(ctxOf(c), {
          token: c.req.param("token"),
          proof: getCookie(c, await proofCookieName(c.req.param("token"))),
        });
        const f = filterState(paramsOf(c));
        const { widget, body } = await publicWidget(
          ctxOf(c),
          grant,
          c.req.param("id"),
          viewOf(c, f),
        );
        return await widgetFragment(c, widget, body);
      } catch (err) {
        if (!(err instanceof Problem) || err.status >= 500) throw err;
        return c.text(err.title || "Not found", err.status === 401 ? 401 : 404, NO_STORE);
      }
    })
    .get("/p/analytics/:token/widgets/:id/export.csv", async (c) => {
      try {
        const grant = await openLink(ctxOf(c), {
          token: c.req.param("token"),
          proof: getCookie(c, await proofCookieName(c.req.param("token"))),
        });
        const f = filterState(paramsOf(c));
        const { columns, rows } = await publicExport(
          ctxOf(c),
          grant,
          c.req.param("id"),
          viewOf(c, f),
        );
        return c.body(toCsv({ columns, rows }), 200, {
          ...NO_STORE,
          "Content-Type": "text/csv; charset=utf-8",
          "Content-Disposition": 'attachment; filename="widget.csv"',
        });
      } catch (err) {
        if (!(err instanceof Problem) || err.status >= 500) throw err;
        const status = err.status === 401 || err.status === 403 ? err.status : 404;
        return c.text(err.title || "Not found", status, NO_STORE);
      }
    })
    .get(EMBED_PATH, async (c) => {
      let grant: Grant;
      try {
        grant = await embedGrant(c);
      } catch (err) {
        return refused(c, err);
      }
      const origins = await embedOrigins(ctxOf(c), grant);
      const f = embedFilters(c, grant);
      try {
        const { sheet, widgets } = await publicSheet(ctxOf(c), grant, viewOf(c, f));
        const { fields } = fieldsOf(widgets.map((w) => w.widget), c.var.locale);
        const locked = grant.claims!.params;
        const own = parseWhere(f.where).slice(locked.length);
        await chartsReady();
        const res = html(
          c,
          <EmbedSheetPage
            name={sheet.name}
            theme={shellLook(c).theme}
            refresh={sheet.refreshSeconds}
            token={c.req.query("token") ?? ""}
            locked={locked}
            editable={grant.claims!.editable}
            own={own}
            fields={fields}
            widgets={widgets}
          />,
        );
        for (const [k, v] of Object.entries(NO_STORE)) res.headers.set(k, v);
        res.headers.set("Content-Security-Policy", embedCsp(origins));
        return res;
      } catch (err) {
        return refused(c, err);
      }
    })
    .get(`${EMBED_PATH}/widgets/:id`, async (c) => {
      try {
        const grant = await embedGrant(c);
        const f = embedFilters(c, grant);
        const { widget, body } = await publicWidget(
          ctxOf(c),
          grant,
          c.req.param("id"),
          viewOf(c, f),
        );
        return await widgetFragment(c, widget, body);
      } catch (err) {
        if (!(err instanceof Problem) || err.status >= 500) throw err;
        const status = err.status === 401 || err.status === 403 ? err.status : 404;
        return c.text(err.title || "Not found", status, NO_STORE);
      }
    });
}
