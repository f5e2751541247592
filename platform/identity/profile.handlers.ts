import type { RouteHandler } from "@hono/zod-openapi";
import type { OpenAPIHono } from "@hono/zod-openapi";
import * as routes from "./profile.routes.ts";
import type { AppEnv } from "../../shared/http/env.ts";
import { actorOf } from "../../shared/http/actor.ts";
import { changePassword, changeProfile } from "./profile.service.ts";
import { clientAddress } from "./authentication.middleware.ts";
import type { changePasswordRoute, updateProfileRoute } from "./profile.routes.ts";

export const updateProfileHandler: RouteHandler<typeof updateProfileRoute, AppEnv> = async (c) =>
  c.json(await changeProfile(actorOf(c), c.req.valid("json")), 200);

/** Runs without a request-wide transaction (app/app.tsx): see changePassword. */
export const changePasswordHandler: RouteHandler<typeof changePasswordRoute, AppEnv> = async (
  c,
) => {
  await changePassword(c.var.scope, c.var.session, clientAddress(c), c.req.valid("json"));
  return c.body(null, 204);
};

/** /api/auth: the caller's own profile and password. */
export function mountProfile(api: OpenAPIHono<AppEnv>) {
  api
    .openapi(routes.updateProfileRoute, updateProfileHandler)
    .openapi(routes.changePasswordRoute, changePasswordHandler);
}
