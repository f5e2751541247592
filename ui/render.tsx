import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import type { ComponentChildren, VNode } from "preact";
import { renderToString } from "preact-render-to-string";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppEnv } from "../shared/http/env.ts";
import { t } from "../shared/i18n/i18n.ts";
import { Layout, type ShellLook } from "./layout.tsx";
import { ReaderContext, type Translate } from "./context.ts";
import type { Crumb } from "./page-header.tsx";
import type { Theme } from "./document.tsx";

/** The reader (language, time zone) every component formats for. */
function reader(c: Context<AppEnv>, timeZone?: string) {
  return {
    locale: c.var.locale ?? "en",
    timeZone: timeZone ?? c.var.timeZone ?? "UTC",
    now: Date.now(),
  };
}

const utf8 = new TextEncoder();
const HTML = { "Content-Type": "text/html; charset=UTF-8" };

/**
 * The response of a rendered document, as UTF-8 bytes made at once. The renderer builds the
 * markup as thousands of joined pieces that all stay alive as long as the string does; the
 * request still commits after this (a round trip), so under load a young-generation collection
 * would find them alive and copy them into the old generation. Bytes live outside the heap.
 */
function htmlResponse(c: Context<AppEnv>, markup: string, status: ContentfulStatusCode) {
  return c.body(utf8.encode(markup), status, HTML);
}

/** Renders a document or an htmx fragment, with the reader set for every component. */
export function html(c: Context<AppEnv>, vnode: VNode, status: ContentfulStatusCode = 200) {
  const body = renderToString(
    <ReaderContext.Provider value={reader(c)}>{vnode}</ReaderContext.Provider>,
  );
  return htmlResponse(c, "<!doctype html>" + body, status);
}

export interface PageOptions {
  status?: ContentfulStatusCode;
  crumbs?: Crumb[];
  /** The page's primary action(s), right of the title. */
  actions?: ComponentChildren;
  description?: ComponentChildren;
}

const THEMES: Theme[] = ["system", "light", "dark"];

/** The reader's theme and sidebar choice, remembered in cookies by ui/assets/app.js. */
export function shellLook(c: Context): ShellLook {
  const theme = getCookie(c, "theme") as Theme;
  return {
    theme: THEMES.includes(theme) ? theme : "system",
    collapsed: getCookie(c, "sidebar") === "collapsed",
  };
}

/**
 * Renders a page inside the shell: top bar, sidebar, page header (breadcrumbs, title,
 * primary action) and content. The 4th argument is the status or the page options.
 *
 * Usage: `return page(c, t("tickets.title"), <TicketList … />, { actions: <Dialog …/> });`
 */
export async function page(
  c: Context<AppEnv>,
  title: string,
  children: ComponentChildren,
  options: ContentfulStatusCode | PageOptions = {},
) {
  const opts = typeof options === "number" ? { status: options } : options;
  const shell = await c.var.platform.shell(c);
  const vnode = (
    <Layout
      shell={shell}
      look={shellLook(c)}
      title={title}
      crumbs={opts.crumbs}
      actions={opts.actions}
      description={opts.description}
    >
      {children}
    </Layout>
  );
  const body = renderToString(
    <ReaderContext.Provider value={reader(c, shell.tenant?.timeZone)}>
      {vnode}
    </ReaderContext.Provider>,
  );
  return htmlResponse(c, "<!doctype html>" + body, opts.status ?? 200);
}

/** A translator bound to the request's language. */
export const tr = (c: Context<AppEnv>): Translate => (key, vars) => t(c.var.locale, key, vars);
