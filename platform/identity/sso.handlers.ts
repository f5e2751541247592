import type { Context } from "hono";
import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../shared/http/env.ts";
import { actorOf } from "../../shared/http/actor.ts";
import * as routes from "./sso.routes.ts";
import { currentSsoSettings, removeSsoSettings, saveSsoSettings } from "./sso.service.ts";
import { callbackUrl } from "./sso.rules.ts";
import { appOrigin } from "./links.lib.ts";
import { clientAddress } from "./authentication.middleware.ts";

/** The callback address: at PUBLIC_URL when set, else as the caller reaches the app. */
export const redirectUriOf = (c: Context<AppEnv>) =>
  callbackUrl(appOrigin(c.req.url, (name) => c.req.header(name), c.var.platform.config));

const getSso: RouteHandler<typeof routes.getSsoRoute, AppEnv> = async (c) =>
  c.json(await currentSsoSettings(actorOf(c), { redirectUri: redirectUriOf(c) }), 200);

const putSso: RouteHandler<typeof routes.putSsoRoute, AppEnv> = async (c) =>
  c.json(
    await saveSsoSettings(actorOf(c), {
      settings: c.req.valid("json"),
      redirectUri: redirectUriOf(c),
      address: clientAddress(c),
      allowPrivateIssuers: c.var.platform.config.SSO_ALLOW_PRIVATE_ISSUERS,
      catalog: c.var.platform.permissions,
    }),
    200,
  );

const deleteSso: RouteHandler<typeof routes.deleteSsoRoute, AppEnv> = async (c) => {
  await removeSsoSettings(actorOf(c), { address: clientAddress(c) });
  return c.body(null, 204);
};

/** /api/admin/sso: the workspace's single sign-on settings. */
export function mountSso(api: OpenAPIHono<AppEnv>) {
  api
    .openapi(routes.getSsoRoute, getSso)
    .openapi(routes.putSsoRoute, putSso)
    .openapi(routes.deleteSsoRoute, deleteSso);
}
