import type { Context } from "hono";
import type { ComponentChildren, VNode } from "preact";
import { renderToString } from "preact-render-to-string";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppEnv } from "../shared/http/env.ts";
import { t } from "../shared/i18n/i18n.ts";
import { Layout } from "./layout.tsx";

export function html(c: Context, vnode: VNode, status: ContentfulStatusCode = 200) {
  return c.html("<!doctype html>" + renderToString(vnode), status);
}

/** Renders a page inside the shell (top bar, menu, content). */
export async function page(
  c: Context<AppEnv>,
  title: string,
  children: ComponentChildren,
  status: ContentfulStatusCode = 200,
) {
  const shell = await c.var.platform.shell(c);
  return html(c, <Layout shell={shell} title={title}>{children}</Layout>, status);
}

/** A translator bound to the request's language. */
export const tr = (c: Context<AppEnv>) => (key: string, vars?: Record<string, string | number>) =>
  t(c.var.locale, key, vars);
