import type { OpenAPIHono, RouteConfig, RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import { createShare, getShare, listShares, revoke } from "./shares.service.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { getCookie } from "hono/cookie";
import { clientAddress } from "../../../platform/identity/public.ts";
import { servePublic } from "./public.service.ts";
import { proofCookieName } from "./tokens.lib.ts";
import * as R from "./shares.routes.ts";

type H<T extends RouteConfig> = RouteHandler<T, AppEnv>;

export const create: H<typeof R.createShareRoute> = async (c) => {
  const body = c.req.valid("json");
  return c.json(
    await c.var.scope((tx) => createShare(actorOf(c, tx), body)),
    201,
  );
};

export const list: H<typeof R.listSharesRoute> = async (c) => {
  const { targetType, targetId } = c.req.valid("query");
  return c.json(
    await c.var.scope((tx) => listShares(actorOf(c, tx), { type: targetType, id: targetId })),
    200,
  );
};

export const get: H<typeof R.getShareRoute> = async (c) =>
  c.json(await c.var.scope((tx) => getShare(actorOf(c, tx), c.req.valid("param").id)), 200);

export const remove: H<typeof R.revokeShareRoute> = async (c) => {
  await c.var.scope((tx) => revoke(actorOf(c, tx), c.req.valid("param").id));
  return c.body(null, 204);
};

export const publicShare: H<typeof R.publicShareRoute> = async (c) => {
  const { token } = c.req.valid("param");
  const q = c.req.valid("query");
  const { db, bus } = c.var.platform;
  const out = await servePublic({ sql: db.sql, bus }, {
    token,
    proof: getCookie(c, await proofCookieName(token)),
    address: clientAddress(c),
    request: c.req.raw,
    password: c.req.valid("header")["x-share-password"],
    fileId: q.fileId,
    folderId: q.folderId,
    bytes: q.download ? "download" : q.inline ? "inline" : undefined,
  });
  if (out.response) return out.response as never;
  const { folderId: _f, shareFolderId: _s, ...view } = out.view!;
  return c.json(view, 200);
};

/** Mounts shares of files and folders, and the public link. */
export const mountShares = (app: OpenAPIHono<AppEnv>) => {
  app
    .openapi(R.createShareRoute, create)
    .openapi(R.listSharesRoute, list)
    .openapi(R.getShareRoute, get)
    .openapi(R.revokeShareRoute, remove)
    .openapi(R.publicShareRoute, publicShare);
};
