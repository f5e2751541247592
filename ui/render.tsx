import type { Context } from "hono";
import type { ComponentChildren, VNode } from "preact";
import { renderToString } from "preact-render-to-string";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppEnv } from "../shared/http/env.ts";
import { t } from "../shared/i18n/i18n.ts";
import { Layout, type ShellData } from "./layout.tsx";
import { workspacesOfUser } from "../platform/identity/users.repo.ts";
import { unreadCount } from "../platform/notifications/notifications.repo.ts";

export function html(c: Context, vnode: VNode, status: ContentfulStatusCode = 200) {
  return c.html("<!doctype html>" + renderToString(vnode), status);
}

/** What every shell page needs: the caller, their tenants and the visible menu. */
export async function shellData(c: Context<AppEnv>): Promise<ShellData> {
  const session = c.var.session;
  const { tenants, invitations } = await workspacesOfUser(c.var.sql, session.userId);
  const unread = await unreadCount(c.var.sql, session.userId);
  return {
    session,
    tenants,
    invitations,
    unread,
    locale: c.var.locale,
    modules: c.var.platform.modules,
    path: c.req.path,
  };
}

/** Renders a page inside the shell (top bar, menu, content). */
export async function page(
  c: Context<AppEnv>,
  title: string,
  children: ComponentChildren,
  status: ContentfulStatusCode = 200,
) {
  const shell = await shellData(c);
  return html(c, <Layout shell={shell} title={title}>{children}</Layout>, status);
}

/** A translator bound to the request's language. */
export const tr = (c: Context<AppEnv>) => (key: string, vars?: Record<string, string | number>) =>
  t(c.var.locale, key, vars);
